// Opens the configured database, applies migrations, and exposes one repository per aggregate.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { budgetRepository } from "./budgets.ts";
import { channelRepository } from "./channels.ts";
import { consoleTokenRepository } from "./console-tokens.ts";
import { type Db, openPostgres, openSqlite } from "./db.ts";
import { groupRepository } from "./groups.ts";
import { keyRepository } from "./keys.ts";
import { ledgerRepository } from "./ledger.ts";
import { migrate } from "./migrations.ts";
import { organizationRepository } from "./organizations.ts";
import { revisionRepository } from "./revision.ts";
import { type SecretBox, loadSecretKey, secretBox } from "./secret-box.ts";
import { sessionRepository } from "./sessions.ts";
import { signInAttemptRepository } from "./sign-in-attempts.ts";
import { userRepository } from "./users.ts";

export type StoreLocation = { databaseUrl?: string; dataDir: string; secretKey?: string };

export function storeOver(db: Db, box: SecretBox) {
  return {
    db,
    channels: channelRepository(db, box),
    budgets: budgetRepository(db),
    ledger: ledgerRepository(db),
    organizations: organizationRepository(db),
    users: userRepository(db),
    groups: groupRepository(db),
    keys: keyRepository(db),
    sessions: sessionRepository(db),
    consoleTokens: consoleTokenRepository(db),
    signInAttempts: signInAttemptRepository(db),
    revision: revisionRepository(db),
    migrate: () => migrate(db),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof storeOver>;

export function openStore(location: StoreLocation): Store {
  const box = secretBox(loadSecretKey(location));
  if (location.databaseUrl) return storeOver(openPostgres(location.databaseUrl), box);
  mkdirSync(location.dataDir, { recursive: true });
  return storeOver(openSqlite(join(location.dataDir, "tollgate.db")), box);
}
