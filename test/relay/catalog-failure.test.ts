// A row the store cannot read (an integer beyond 2^53, written around the application as older
// versions allowed) must not fail silently: the catalog logs each failed reload with its error and
// keeps serving its last good snapshot, and a worker that cannot load its catalog at start is
// re-forked with a growing back-off instead of in a tight loop — until the row is repaired.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createKey, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let secret: string;
let poisonedKeyId: string;

beforeAll(async () => {
  tollgate = await startTollgate({ TOLLGATE_WORKERS: "1" });
  const operator = await signInOperator(tollgate.url);
  const groups = await groupsByIdentifier(operator);
  const tenant = await createTenant(tollgate.url, operator);
  secret = await createKey(tenant.owner, groups.get("gpt-trial")!.id);
  const { data } = await tenant.owner.POST("/api/keys", { body: { name: "poisoned", group_id: null } });
  poisonedKeyId = data!.id;
});
afterAll(async () => {
  await tollgate?.stop();
});

function sql(statement: string, params: (string | null)[] = []) {
  const db = new DatabaseSync(join(tollgate.dataDir, "tollgate.db"));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare(statement).run(...params);
    db.prepare(`UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'revision'`).run();
  } finally {
    db.close();
  }
}

const events = (name: string) =>
  tollgate
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.event === name);

/** The primary's worker processes, from /proc. */
function workerPids(): number[] {
  const parentOf = (pid: string) => {
    try {
      return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
    } catch {
      return undefined;
    }
  };
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name) && parentOf(name) === tollgate.pid)
    .map(Number);
}

const listModels = () => fetch(`${tollgate.url}/v1/models`, { headers: { authorization: `Bearer ${secret}` } }).then((response) => response.status);

it("a failed reload is logged and retried while the last snapshot serves; crashing workers back off; a repair recovers", { timeout: 60_000 }, async () => {
  expect(await listModels()).toBe(200);

  sql(`UPDATE api_keys SET spend_cap = 1152921504606846976 WHERE id = ?`, [poisonedKeyId]);
  await expect.poll(() => events("catalog.reload_failed").length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
  const [failure] = events("catalog.reload_failed");
  expect(failure.error).toContain('Column "spend_cap" holds 1152921504606846976');
  expect(failure.retry_in_ms).toBeGreaterThan(0);
  expect(await listModels()).toBe(200);

  // The running worker dies; its replacements cannot load the catalog and exit at start.
  const [worker] = workerPids();
  process.kill(worker, "SIGKILL");
  await expect.poll(() => events("worker.exited").length, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(3);
  const exits = events("worker.exited");
  const delays = exits.map((exit) => exit.restart_in_ms);
  expect(delays.slice(0, 3)).toEqual([500, 1000, 2000]);
  // Each replacement waited its delay: not 18–20 exits in 10 s.
  const spanMs = Date.parse(exits[2].time) - Date.parse(exits[0].time);
  expect(spanMs).toBeGreaterThanOrEqual(1500);
  expect(events("worker.start_failed")[0].error).toContain('Column "spend_cap" holds 1152921504606846976');

  sql(`UPDATE api_keys SET spend_cap = NULL WHERE id = ?`, [poisonedKeyId]);
  await expect.poll(listModels, { timeout: 20_000, interval: 250 }).toBe(200);
});
