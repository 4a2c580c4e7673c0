// The data directory holds the database (hashes, sealed credentials, balances) and the key that
// opens the credentials: only the account that runs Tollgate may enter it (0700) or read its files
// (0600) — on a fresh start, and after an older version left them world-readable.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTollgate } from "../helpers/tollgate.ts";

const root = mkdtempSync(join(tmpdir(), "tollgate-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

async function modesWhileRunning(dataDir: string) {
  const tollgate = await startTollgate({ TOLLGATE_DATA_DIR: dataDir });
  try {
    // The WAL and its index exist while the database is open.
    const files = ["tollgate.db", "tollgate.db-wal", "tollgate.db-shm", "secret.key"];
    return { dir: modeOf(dataDir), ...Object.fromEntries(files.map((name) => [name, modeOf(join(dataDir, name))])) };
  } finally {
    await tollgate.stop();
  }
}

const privateModes = { dir: "700", "tollgate.db": "600", "tollgate.db-wal": "600", "tollgate.db-shm": "600", "secret.key": "600" };

describe("files at rest", () => {
  it("a new data directory is 0700 and the database, WAL, shared memory and key files are 0600", async () => {
    const previous = process.umask(0o022);
    try {
      expect(await modesWhileRunning(join(root, "fresh", "data"))).toEqual(privateModes);
    } finally {
      process.umask(previous);
    }
  });

  it("a data directory an older version left readable is made private at start", async () => {
    const dataDir = join(root, "legacy");
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, "tollgate.db"), "");
    writeFileSync(join(dataDir, "secret.key"), Buffer.alloc(32, 7).toString("base64"));
    for (const name of ["tollgate.db", "secret.key"]) chmodSync(join(dataDir, name), 0o644);
    expect(await modesWhileRunning(dataDir)).toEqual(privateModes);
  });
});
