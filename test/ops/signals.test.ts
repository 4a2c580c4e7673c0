// SIGTERM and SIGINT reach the server however it is started. `npm start` runs its script through
// `sh -c`, which does not pass signals on; the script execs the server, so the signal npm forwards
// lands on it: a stream in flight finishes (drain), then the server and npm exit 0.
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { childrenOf } from "../helpers/tollgate.ts";

let env: RelayEnv | undefined;
let server = 0;
afterEach(async () => {
  await env?.stop();
  env = undefined;
  // Should npm ever leave the server behind again, this test does not leave it running.
  if (server && alive(server)) process.kill(server, "SIGKILL");
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("signals to npm start", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`${signal} drains a stream in flight, then the server and npm exit`, async () => {
      // --ignore-scripts skips only the prestart (the console build); the start script itself runs.
      env = await startRelayEnv({ delayMs: 250, env: { TOLLGATE_DRAIN_MS: "20000" }, command: ["npm", "start", "--ignore-scripts", "--silent"] });
      const npm = env.tollgate.pid;
      // The primary names itself in its log line; whether it is npm's child or a shell's, it must end.
      server = Number(/"pid":(\d+),"event":"server.listening"/.exec(env.tollgate.output())![1]);
      expect(childrenOf(npm), "npm's child is the server itself (exec), not a shell").toEqual([server]);

      const key = await env.key("claude-smart", `signal-${signal}`);
      const response = await fetch(`${env.tollgate.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
        body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: "a long answer" }] }),
      });
      const reader = response.body!.getReader();
      let text = new TextDecoder().decode((await reader.read()).value);
      const sent = performance.now();
      process.kill(npm, signal);
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
      expect(text).toContain("event: message_stop");
      expect(text).not.toContain("event: error");

      for (let waited = 0; (alive(npm) || alive(server)) && waited < 10_000; waited += 100) await new Promise((done) => setTimeout(done, 100));
      expect(alive(server)).toBe(false);
      expect(alive(npm)).toBe(false);
      expect(performance.now() - sent).toBeLessThan(15_000);
      expect(env.tollgate.output()).not.toMatch(/\n\s+at /);
    });
  }
});

describe("SIGTERM while no worker is alive", () => {
  it("writes the calls already settled before the server exits", async () => {
    // Settlements wait in the primary (a long flush time makes that certain), and its one worker has
    // crashed and waits out its restart: no worker is left whose exit would end the stop.
    env = await startRelayEnv({ env: { TOLLGATE_LEDGER_FLUSH_MS: "120000", TOLLGATE_DRAIN_MS: "2000" } });
    const key = await env.key("gpt-trial", "settled-before-stop");
    const response = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-5", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    await new Promise((done) => setTimeout(done, 200)); // the worker's 10 ms settlement batch reaches the primary
    for (const worker of childrenOf(env.tollgate.pid)) process.kill(worker, "SIGKILL");
    await new Promise((done) => setTimeout(done, 150));
    process.kill(env.tollgate.pid, "SIGTERM");
    for (let waited = 0; env.tollgate.alive() && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
    expect(env.tollgate.alive()).toBe(false);

    const db = new DatabaseSync(join(env.tollgate.dataDir, "tollgate.db"), { readOnly: true });
    const written = db.prepare("SELECT r.status, r.cost FROM usage_records r JOIN api_keys k ON k.id = r.key_id WHERE k.name = ?").all("settled-before-stop");
    db.close();
    expect(written).toEqual([{ status: "ok", cost: expect.any(Number) }]);
    expect(Number((written[0] as { cost: number }).cost)).toBeGreaterThan(0);
  });
});
