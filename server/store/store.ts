// Opens the configured database, applies migrations, and exposes one repository per aggregate.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Db, openPostgres, openSqlite } from "./db.ts";
import { groupRepository } from "./groups.ts";
import { keyRepository } from "./keys.ts";
import { migrate } from "./migrations.ts";
import { organizationRepository } from "./organizations.ts";
import { revisionRepository } from "./revision.ts";
import { sessionRepository } from "./sessions.ts";
import { userRepository } from "./users.ts";

export type StoreLocation = { databaseUrl?: string; dataDir: string };

export function storeOver(db: Db) {
  return {
    db,
    organizations: organizationRepository(db),
    users: userRepository(db),
    groups: groupRepository(db),
    keys: keyRepository(db),
    sessions: sessionRepository(db),
    revision: revisionRepository(db),
    migrate: () => migrate(db),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof storeOver>;

export function openStore(location: StoreLocation): Store {
  if (location.databaseUrl) return storeOver(openPostgres(location.databaseUrl));
  mkdirSync(location.dataDir, { recursive: true });
  return storeOver(openSqlite(join(location.dataDir, "tollgate.db")));
}
