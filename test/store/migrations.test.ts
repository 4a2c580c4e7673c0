// Schema safety: a build refuses a database migrated by a newer build (SQLite and PostgreSQL), and
// replicas that start together on a fresh PostgreSQL database migrate it once, without errors.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openPostgres, openSqlite } from "../../server/store/db.ts";
import { latestVersion, migrate, migrations, schemaStatus } from "../../server/store/migrations.ts";
import { freshDatabase } from "../helpers/postgres.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const all = migrations.map((migration) => migration.version);

describe("migrations on SQLite", () => {
  it("apply once, then report nothing pending", async () => {
    const db = openSqlite(join(mkdtempSync(join(tmpdir(), "tollgate-migrate-")), "tollgate.db"));
    try {
      expect(await schemaStatus(db)).toEqual({ applied: [], pending: all, latest: latestVersion });
      expect(await migrate(db)).toEqual(all);
      expect(await migrate(db)).toEqual([]);
      expect(await schemaStatus(db)).toEqual({ applied: all, pending: [], latest: latestVersion });
    } finally {
      await db.close();
    }
  });

  it("a database migrated by a newer build is refused, and left as it was", async () => {
    const db = openSqlite(join(mkdtempSync(join(tmpdir(), "tollgate-migrate-")), "tollgate.db"));
    try {
      await migrate(db);
      await db.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from the future', 0)`, [latestVersion + 1]);
      const refusal = `the database was migrated by a newer Tollgate (schema version ${latestVersion + 1}; this build knows up to ${latestVersion})`;
      await expect(migrate(db)).rejects.toThrow(refusal);
      await expect(schemaStatus(db)).rejects.toThrow(refusal);
      expect((await db.all(`SELECT version FROM schema_migrations`)).length).toBe(all.length + 1);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(!adminUrl)(`migrations on PostgreSQL${adminUrl ? "" : " (skipped: needs TEST_DATABASE_URL)"}`, () => {
  it("replicas starting together on a fresh database: one migrates, the others wait and find nothing to do", async () => {
    const database = await freshDatabase(adminUrl!);
    // Separate pools, as separate replicas have.
    const replicas = Array.from({ length: 4 }, () => openPostgres(database.url, 2));
    try {
      const results = await Promise.all(replicas.map((db) => migrate(db)));
      expect(results.filter((ran) => ran.length > 0)).toEqual([all]);
      expect(results.filter((ran) => ran.length === 0)).toHaveLength(3);
      const rows = await replicas[0].all<{ version: number }>(`SELECT version FROM schema_migrations ORDER BY version`);
      expect(rows.map((row) => Number(row.version))).toEqual(all);
    } finally {
      await Promise.all(replicas.map((db) => db.close()));
      await database.drop();
    }
  });

  it("a database migrated by a newer build is refused", async () => {
    const database = await freshDatabase(adminUrl!);
    const db = openPostgres(database.url, 2);
    try {
      await migrate(db);
      await db.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from the future', 0)`, [latestVersion + 3]);
      await expect(migrate(db)).rejects.toThrow(`schema version ${latestVersion + 3}; this build knows up to ${latestVersion}`);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
