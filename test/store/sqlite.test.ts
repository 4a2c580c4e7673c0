import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { isConflict, openSqlite } from "../../server/store/db.ts";
import { openStore } from "../../server/store/store.ts";
import { runRepositoryTests } from "./repositories.suite.ts";

runRepositoryTests("SQLite", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tollgate-store-"));
  const store = openStore({ dataDir });
  return {
    store,
    dispose: async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

describe("SQLite held by another process's writer", () => {
  it("a transaction that cannot begin (busy past the timeout) fails as a conflict, and the store goes on", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tollgate-busy-"));
    const path = join(dataDir, "busy.db");
    const db = openSqlite(path);
    const other = new DatabaseSync(path);
    try {
      await db.run("CREATE TABLE t (n INTEGER)");
      other.exec("BEGIN IMMEDIATE"); // a backup, the sqlite3 shell: the write lock held past busy_timeout (5 s)
      const refused = await db.transaction((tx) => tx.run("INSERT INTO t VALUES (1)")).catch((error: unknown) => error);
      expect(isConflict(refused)).toBe(true);
      other.exec("ROLLBACK");
      // Before, the failed BEGIN left the store waiting for a transaction that never ran.
      await db.transaction((tx) => tx.run("INSERT INTO t VALUES (2)"));
      expect(await db.all("SELECT n FROM t")).toEqual([{ n: 2 }]);
    } finally {
      other.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 20_000);
});
