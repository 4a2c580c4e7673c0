// A start that cannot succeed ends within 10 s with one line on stderr naming the cause and a
// non-zero exit: never a hang, a stack trace, a re-fork loop or a printed operator password.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSqlite } from "../../server/store/db.ts";
import { latestVersion, migrate } from "../../server/store/migrations.ts";
import { freePort } from "../helpers/tollgate.ts";

const main = resolve(import.meta.dirname, "../../server/main.ts");
const databaseUrl = process.env.TEST_DATABASE_URL;

type Ended = { code: number | null; stdout: string; stderr: string; ms: number };

async function start(env: Record<string, string>): Promise<Ended> {
  const dataDir = mkdtempSync(join(tmpdir(), "tollgate-fault-"));
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: String(await freePort()), TOLLGATE_WORKERS: "1", TOLLGATE_DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  const code = await new Promise<number | null>((done) => child.once("exit", (exitCode) => done(exitCode)));
  clearTimeout(timer);
  return { code, stdout, stderr, ms: performance.now() - started };
}

function expectOneLine(ended: Ended, pattern: RegExp): void {
  expect(ended.code, ended.stderr + ended.stdout).toBe(1);
  expect(ended.ms).toBeLessThan(10_000);
  const lines = ended.stderr.trimEnd().split("\n");
  expect(lines, ended.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Tollgate cannot start: /);
  expect(lines[0]).toMatch(pattern);
  expect(ended.stderr + ended.stdout).not.toMatch(/\n\s+at /);
  expect(ended.stdout).not.toContain("password");
}

describe("start-up faults", () => {
  let busy: Server;
  let busyPort: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((done) => busy.listen(0, "127.0.0.1", done));
    busyPort = (busy.address() as { port: number }).port;
  });
  afterAll(() => void busy.close());

  it("a port in use", async () => {
    expectOneLine(await start({ PORT: String(busyPort) }), new RegExp(`port ${busyPort} on 127\\.0\\.0\\.1 is already in use`));
  });

  it("an address not on this machine", async () => {
    expectOneLine(await start({ HOST: "192.0.2.1" }), /192\.0\.2\.1 is not an address of this machine/);
  });

  it("a data directory that cannot be written", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "tollgate-fault-")), "a-file");
    writeFileSync(file, "");
    expectOneLine(await start({ TOLLGATE_DATA_DIR: join(file, "data") }), /the data directory .*a-file\/data is not writable \(.*ENOTDIR.*\); set TOLLGATE_DATA_DIR/);
  });

  it("a database migrated by a newer build", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tollgate-fault-"));
    const db = openSqlite(join(dataDir, "tollgate.db"));
    await migrate(db);
    await db.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from the future', 0)`, [latestVersion + 1]);
    await db.close();
    expectOneLine(await start({ TOLLGATE_DATA_DIR: dataDir }), new RegExp(`^Tollgate cannot start: the database was migrated by a newer Tollgate \\(schema version ${latestVersion + 1}; this build knows up to ${latestVersion}\\)`));
  });

  it("a bad environment value", async () => {
    expectOneLine(await start({ TOLLGATE_WORKERS: "many" }), /TOLLGATE_WORKERS must be an integer ≥ 1, got "many"/);
    expectOneLine(await start({ TOLLGATE_CORS_ORIGINS: "example.com" }), /TOLLGATE_CORS_ORIGINS/);
  });

  it("an unreachable database, without its password in the message", async () => {
    const closed = await freePort();
    const ended = await start({ DATABASE_URL: `postgres://someone:hunter2-secret@127.0.0.1:${closed}/tollgate`, TOLLGATE_SECRET_KEY: "a-secret-key-of-16+-chars" });
    expectOneLine(ended, new RegExp(`the database at 127\\.0\\.0\\.1:${closed}/tollgate cannot be used \\(.*ECONNREFUSED.*\\); check DATABASE_URL`));
    expect(ended.stderr).not.toContain("hunter2");
  });

  it.skipIf(!databaseUrl)(`a database that refuses the password${databaseUrl ? "" : " (skipped: needs TEST_DATABASE_URL)"}`, async () => {
    const url = new URL(databaseUrl!);
    url.password = "not-the-password";
    const ended = await start({ DATABASE_URL: url.toString(), TOLLGATE_SECRET_KEY: "a-secret-key-of-16+-chars" });
    expectOneLine(ended, /the database at .* cannot be used \(password authentication failed for user .*\); check DATABASE_URL/);
    expect(ended.stderr).not.toContain("not-the-password");
  });

  it.skipIf(!databaseUrl)(`an unreachable Redis${databaseUrl ? "" : " (skipped: needs TEST_DATABASE_URL)"}`, async () => {
    const closed = await freePort();
    const ended = await start({ DATABASE_URL: databaseUrl!, REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${closed}`, TOLLGATE_SECRET_KEY: "a-secret-key-of-16+-chars" });
    expectOneLine(ended, new RegExp(`Redis at 127\\.0\\.0\\.1:${closed} cannot be used .*; check REDIS_URL`));
    expect(ended.stderr).not.toContain("hunter2");
  });
});
