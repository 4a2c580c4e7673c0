// Schema safety: a build refuses a database migrated by a newer build (SQLite and PostgreSQL), and
// replicas that start together on a fresh PostgreSQL database migrate it once, without errors.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Db, openPostgres, openSqlite } from "../../server/store/db.ts";
import { groupRepository } from "../../server/store/groups.ts";
import { ledgerRepository } from "../../server/store/ledger.ts";
import { latestVersion, migrate, migrations, schemaStatus, statementsOf } from "../../server/store/migrations.ts";
import { freshDatabase } from "../helpers/postgres.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const all = migrations.map((migration) => migration.version);

/** Applies the migrations up to `version` only, as a build of that time did. */
async function migrateUpTo(db: Db, version: number) {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  for (const migration of migrations.filter((candidate) => candidate.version <= version)) {
    for (const statement of statementsOf(migration, db.dialect)) await db.run(statement);
    await db.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)`, [migration.version, migration.name]);
  }
}

/**
 * Migration 12 on a database in use: a model priced before it has no 1-hour price (its 1-hour writes
 * cost cache_write), a call recorded before it wrote nothing to a 1-hour cache; both still read, and
 * both kinds of row take the new values afterwards.
 */
async function oneHourCacheColumnsOnRowsInUse(db: Db) {
  await migrateUpTo(db, 11);
  await db.run(`INSERT INTO model_groups (id, name, identifier, family, multiplier_milli, visibility, created_at) VALUES ('grp_1', 'Claude Old', 'claude-old', 'A', 1000, 'public', 0)`);
  await db.run(
    `INSERT INTO group_models (group_id, model_id, display_name, position, price_input, price_output, price_cache_read, price_cache_write) VALUES ('grp_1', 'claude-x', 'X', 0, 3000000, 15000000, 300000, 3750000)`,
  );
  await db.run(
    `INSERT INTO usage_records (id, request_id, created_at, organization_id, user_id, key_id, group_id, model_id, call_name, interface, stream, status, http_status,
       input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, reasoning_tokens, multiplier_milli, cost, latency_ms)
     VALUES ('rec_1', 'req_old', 1, 'org', 'usr', 'key', 'grp_1', 'claude-x', 'claude-x', 'messages', 0, 'ok', 200, 10, 5, 0, 40, 0, 1000, 300, 12)`,
  );
  expect(await migrate(db)).toEqual(all.filter((version) => version >= 12));

  const groups = groupRepository(db);
  expect((await groups.get("grp_1"))!.models[0].prices).toEqual({ input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 });
  expect(await groups.update("grp_1", { models: [{ modelId: "claude-x", displayName: "X", prices: { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000, cache_write_1h: 6_000_000 } }] })).toBe(true);
  expect((await groups.get("grp_1"))!.models[0].prices.cache_write_1h).toBe(6_000_000);
  // Migration 13: a model stored before it has no capability changes (the catalog's alone), and takes them after.
  expect((await groups.get("grp_1"))!.models[0].capabilities).toBeUndefined();
  const prices = { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 };
  await groups.update("grp_1", { models: [{ modelId: "claude-x", displayName: "X", prices, capabilities: { maxOutputTokens: 4_096, reasoning: null } }] });
  expect((await groups.get("grp_1"))!.models[0].capabilities).toEqual({ maxOutputTokens: 4_096, reasoning: null });

  expect(await ledgerRepository(db).byRequestId("req_old")).toMatchObject({ cacheWriteTokens: 40, cacheWrite1hTokens: 0, cost: 300 });
}

/** Migration 18 on a database in use: the channels and their groups survive, and a cloud kind is taken. */
async function cloudKindsOnChannelsInUse(db: Db) {
  await migrateUpTo(db, 17);
  await db.run(`INSERT INTO model_groups (id, name, identifier, family, multiplier_milli, visibility, created_at) VALUES ('grp_1', 'Claude Old', 'claude-old', 'A', 1000, 'public', 0)`);
  const insertChannel = (id: string, kind: string) =>
    db.run(
      `INSERT INTO channels (id, name, kind, base_url, credentials_sealed, credential_hints, models, model_mapping, timeout_ms, created_at, region) VALUES (?, ?, ?, 'https://upstream.test', 'sealed', '[]', '[]', '{}', 60000, 0, ?)`,
      [id, `channel ${id}`, kind, kind === "bedrock" ? "us-east-1" : null],
    );
  await insertChannel("chn_1", "anthropic");
  await db.run(`INSERT INTO channel_groups (channel_id, group_id) VALUES ('chn_1', 'grp_1')`);
  await expect(insertChannel("chn_early", "bedrock")).rejects.toThrow(/check/i);
  expect(await migrate(db)).toEqual(all.filter((version) => version >= 18));
  expect(await db.all(`SELECT channel_id, group_id FROM channel_groups`)).toEqual([{ channel_id: "chn_1", group_id: "grp_1" }]);
  expect(await db.all(`SELECT id, kind, timeout_ms FROM channels`)).toEqual([{ id: "chn_1", kind: "anthropic", timeout_ms: 60000 }]);
  for (const [index, kind] of ["bedrock", "vertex", "azure-openai"].entries()) await insertChannel(`chn_cloud_${index}`, kind);
  await expect(insertChannel("chn_other", "no-such-kind")).rejects.toThrow(/check/i);
  // The foreign key still holds: a channel's groups go with it.
  await db.run(`DELETE FROM channels WHERE id = 'chn_1'`);
  expect(await db.all(`SELECT channel_id FROM channel_groups`)).toEqual([]);
}

describe("migrations on SQLite", () => {
  it("migration 18 lets channels be of the cloud kinds, keeping the channels and groups stored", async () => {
    const db = openSqlite(join(mkdtempSync(join(tmpdir(), "tollgate-migrate-")), "tollgate.db"));
    try {
      await cloudKindsOnChannelsInUse(db);
    } finally {
      await db.close();
    }
  });

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

  it("migrations 12 and 13 give prices and calls already stored no 1-hour price, no 1-hour writes and no capability changes", async () => {
    const db = openSqlite(join(mkdtempSync(join(tmpdir(), "tollgate-migrate-")), "tollgate.db"));
    try {
      await oneHourCacheColumnsOnRowsInUse(db);
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

  it("migrations 12 and 13 give prices and calls already stored no 1-hour price, no 1-hour writes and no capability changes", async () => {
    const database = await freshDatabase(adminUrl!);
    const db = openPostgres(database.url, 2);
    try {
      await oneHourCacheColumnsOnRowsInUse(db);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it("migration 18 lets channels be of the cloud kinds, keeping the channels and groups stored", async () => {
    const database = await freshDatabase(adminUrl!);
    const db = openPostgres(database.url, 2);
    try {
      await cloudKindsOnChannelsInUse(db);
    } finally {
      await db.close();
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
