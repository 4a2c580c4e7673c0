// Opens the configured database, applies migrations, and exposes one repository per aggregate.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { auditRepository } from "./audit.ts";
import { budgetRepository } from "./budgets.ts";
import { channelRepository } from "./channels.ts";
import { consoleTokenRepository } from "./console-tokens.ts";
import { type Db, openPostgres, openSqlite } from "./db.ts";
import { groupRepository } from "./groups.ts";
import { identityProviderRepository } from "./identity-providers.ts";
import { keyRepository } from "./keys.ts";
import { ledgerRepository } from "./ledger.ts";
import { invitationRepository } from "./invitations.ts";
import { mailTokenRepository } from "./mail-tokens.ts";
import { migrate, schemaStatus } from "./migrations.ts";
import { organizationRepository } from "./organizations.ts";
import { requestLog } from "./request-log.ts";
import { revisionRepository } from "./revision.ts";
import { alertRepository } from "./alerts.ts";
import { type SecretBox, loadSecretKey, secretBox } from "./secret-box.ts";
import { sessionRepository } from "./sessions.ts";
import { signInAttemptRepository } from "./sign-in-attempts.ts";
import { signUpRepository } from "./sign-ups.ts";
import { userRepository } from "./users.ts";

export type StoreLocation = { databaseUrl?: string; dataDir: string; secretKey?: string };

export function storeOver(db: Db, box: SecretBox) {
  return {
    db,
    audit: auditRepository(db),
    alerts: alertRepository(db, box),
    channels: channelRepository(db, box),
    budgets: budgetRepository(db),
    ledger: ledgerRepository(db),
    requestLog: requestLog(db),
    organizations: organizationRepository(db),
    users: userRepository(db),
    groups: groupRepository(db),
    keys: keyRepository(db),
    sessions: sessionRepository(db),
    consoleTokens: consoleTokenRepository(db),
    signInAttempts: signInAttemptRepository(db),
    mailTokens: mailTokenRepository(db),
    identityProviders: identityProviderRepository(db, box),
    invitations: invitationRepository(db),
    signUps: signUpRepository(db),
    revision: revisionRepository(db),
    migrate: () => migrate(db),
    schemaStatus: () => schemaStatus(db),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof storeOver>;

/** chmod, except where the file is not ours to change (a directory mounted from elsewhere). */
function restrict(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
  }
}

/**
 * The data directory holds credential-equivalent files (the database with its WAL, the key file),
 * so only the owner may enter it (0700) or read them (0600), also when an older version made them.
 * The database file is created here with 0600 first: SQLite gives its -wal and -shm files the
 * database file's permissions.
 */
function privateDataDir(dataDir: string, files: string[]): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrict(dataDir, 0o700);
  for (const name of files) {
    const path = join(dataDir, name);
    if (name === "tollgate.db") closeSync(openSync(path, "a", 0o600));
    if (existsSync(path)) restrict(path, 0o600);
  }
}

export function openStore(location: StoreLocation): Store {
  const files = [...(location.secretKey ? [] : ["secret.key"]), ...(location.databaseUrl ? [] : ["tollgate.db", "tollgate.db-wal", "tollgate.db-shm"])];
  if (files.length > 0) privateDataDir(location.dataDir, files);
  const box = secretBox(loadSecretKey(location));
  if (location.databaseUrl) return storeOver(openPostgres(location.databaseUrl), box);
  return storeOver(openSqlite(join(location.dataDir, "tollgate.db")), box);
}
