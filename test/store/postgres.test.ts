// Runs the repository suite on PostgreSQL: each test gets a database of its own.
// TEST_DATABASE_URL points at a server whose role may create databases (.ci/run sets it up).
import { describe, it } from "vitest";
import { openStore } from "../../server/store/store.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { runRepositoryTests } from "./repositories.suite.ts";

const adminUrl = process.env.TEST_DATABASE_URL;

if (!adminUrl) {
  describe("repositories on PostgreSQL", () => {
    it.skip("needs TEST_DATABASE_URL (reason: no PostgreSQL server configured; .ci/run starts one)", () => {});
  });
} else {
  runRepositoryTests("PostgreSQL", async () => {
    const database = await freshDatabase(adminUrl);
    const store = openStore({ databaseUrl: database.url, dataDir: "", secretKey: "repository-suite-secret-key" });
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  });
}
