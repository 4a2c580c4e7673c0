// responses.compact is made as a POST /v1/responses call over loopback (loopback.ts). That inner
// call, on a gateway of two workers (it may land on the other one), is logged as the compaction the
// caller made, and takes the few bytes the trigger item adds to a body that was within the limit.
// What it is trusted with needs the node's loopback secret: a client that sends the same headers
// from this very machine gets neither.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { sleep } from "../mock-upstreams/server.ts";

const maxBodyBytes = 4096;
let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_MAX_BODY_BYTES: String(maxBodyBytes), TOLLGATE_WORKERS: "2" } });
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

/** A JSON body of exactly `bytes` bytes: `fields` with a string input padded to fit. */
function bodyOf(bytes: number, fields: Record<string, unknown>): string {
  const bare = JSON.stringify({ ...fields, input: "" });
  const body = JSON.stringify({ ...fields, input: "x".repeat(bytes - Buffer.byteLength(bare)) });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
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
    // The request counter counts each compaction once, as itself, with its route's labels (the
    // loopback call inside is no second `responses` request), summed over both workers.
    const metrics = await (await fetch(`${env.tollgate.url}/metrics`)).text();
    const okRequests = metrics.split("\n").filter((line) => line.startsWith("tollgate_requests_total{") && line.includes('status="200"'));
    const sum = (lines: string[]) => lines.reduce((total, line) => total + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
    const compactLines = okRequests.filter((line) => line.includes('interface="responses/compact"'));
    expect(sum(compactLines)).toBe(compactions);
    for (const line of compactLines) expect(line).toContain('group="gpt-trial",model="gpt-4o-mini"');
    expect(sum(okRequests.filter((line) => line.includes('interface="responses"')))).toBe(1);
  });

  it("answers a body of exactly the size limit, which the trigger item takes past it, instead of a 413", async () => {
    const key = await keyOnEveryWorker(unique("compact-at-limit"));
    for (const fields of [{ model: "gpt-4o-mini" }, { model: "gpt-4o-mini", instructions: "Keep the file names." }]) {
      const answer = await post("/v1/responses/compact", key, bodyOf(maxBodyBytes, fields));
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect((await answer.json()).output.at(-1).type).toBe("compaction");
    }
    expect(env.mocks.openai.requests.at(-1)!.body.input.at(-1)).toEqual({ type: "compaction_trigger" });
    // The caller's bytes go on as they were written, the trigger after its items: numbers that a
    // parse and serialize would rewrite (an integer past 2^53) or lengthen past the allowance (1e20
    // written out is 21 digits; 100 of them are 1,700 bytes more), in a tool's schema, are neither.
    const numbers = `[${Array(100).fill("1e20").join(",")}]`;
    const tool = `{"type":"function","name":"pick","strict":false,"parameters":{"type":"object","properties":{"n":{"type":"number","maximum":12345678901234567890,"enum":${numbers}}}}}`;
    const fields = `"model":"gpt-4o-mini","tools":[${tool}]`;
    const padded = `{${fields},"input":"${"x".repeat(maxBodyBytes - Buffer.byteLength(`{${fields},"input":""}`))}"}`;
    expect(Buffer.byteLength(padded)).toBe(maxBodyBytes);
    const answer = await post("/v1/responses/compact", key, padded);
    expect(answer.status, await answer.clone().text()).toBe(200);
    const received = env.mocks.openai.requests.at(-1)!.raw;
    expect(received).toContain(`"tools":[${tool}]`);
    expect(env.mocks.openai.requests.at(-1)!.body.input.at(-1)).toEqual({ type: "compaction_trigger" });
    // The caller's own body is held to the limit as any.
    const over = await post("/v1/responses/compact", key, bodyOf(maxBodyBytes + 1, { model: "gpt-4o-mini" }));
    expect(over.status).toBe(413);
    expect((await over.json()).error.message).toMatch(/larger than this gateway accepts/);
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

  it("gets no allowance over the size limit", async () => {
    const key = await keyOnEveryWorker(unique("forged-size"));
    const answer = await post("/v1/responses", key, bodyOf(maxBodyBytes + 16, { model: "gpt-4o-mini" }), forged);
    expect(answer.status).toBe(413);
  });
});
