// Runs the repository suite on PostgreSQL: each test gets a database of its own.
// TEST_DATABASE_URL points at a server whose role may create databases (.ci/run sets it up).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, it } from "vitest";
import { openStore } from "../../server/store/store.ts";
import { runRepositoryTests } from "./repositories.suite.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describe("repositories on PostgreSQL", () => {
    it.skip("needs TEST_DATABASE_URL (reason: no PostgreSQL server configured; .ci/run starts one)", () => {});
  });
} else {
  runRepositoryTests("PostgreSQL", async () => {
    const name = `tollgate_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const store = openStore({ databaseUrl: url.toString(), dataDir: "", secretKey: "repository-suite-secret-key" });
    return {
      store,
      dispose: async () => {
        await store.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    };
  });
}
