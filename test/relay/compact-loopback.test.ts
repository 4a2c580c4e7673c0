// responses.compact is made as a POST /v1/responses call over loopback (loopback.ts). That inner
// call, on a gateway of two workers (it may land on the other one), is logged as the compaction the
// caller made. What it is trusted with needs the node's loopback secret: a client that sends the
// same headers from this very machine does not get it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { sleep } from "../mock-upstreams/server.ts";

let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_WORKERS: "2" } });
});

afterAll(async () => {
  await env?.stop();
});

/** A fresh key, once every worker's catalog knows it (each polls every 250 ms). */
async function keyOnEveryWorker(name: string): Promise<string> {
  const key = await env.key("gpt-trial", name);
  await sleep(600);
  return key;
}

/** A call on a fresh connection each, so that calls (and the loopback calls they make) spread over both workers. */
const post = (path: string, key: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${env.tollgate.url}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}`, connection: "close", ...headers }, body });

describe("responses.compact over loopback", () => {
  it("is logged as /v1/responses/compact, and a plain response beside it as /v1/responses", async () => {
    const name = unique("compact-logged");
    const key = await keyOnEveryWorker(name);
    // At once, so that each worker opens several loopback connections, which the cluster spreads over both.
    const compactions = 8;
    const answers = await Promise.all(Array.from({ length: compactions }, (_, i) => post("/v1/responses/compact", key, JSON.stringify({ model: "gpt-4o-mini", input: `Compact me ${i}.` }))));
    for (const answer of answers) {
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect((await answer.json()).object).toBe("response.compaction");
    }
    expect((await post("/v1/responses", key, JSON.stringify({ model: "gpt-4o-mini", input: "Hi." }))).status).toBe(200);
    const calls = await env.ledger(name, compactions + 1);
    expect(calls.map((call) => call.interface)).toEqual(["responses", ...Array(compactions).fill("responses/compact")]);
  });
});

describe("a client that sends the loopback headers itself", () => {
  const forged = { "x-tollgate-loopback": "guessed-secret", "x-tollgate-logged-as": "responses/compact" };

  it("is logged as the call it made", async () => {
    const name = unique("forged-name");
    const key = await keyOnEveryWorker(name);
    expect((await post("/v1/responses", key, JSON.stringify({ model: "gpt-4o-mini", input: "Hi." }), forged)).status).toBe(200);
    const [call] = await env.ledger(name);
    expect(call.interface).toBe("responses");
  });
});
