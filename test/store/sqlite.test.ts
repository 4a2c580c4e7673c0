import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
