// The request log (issue 22): calls filtered by time, key, member, model, group, status and request
// id, paged by cursor without repeats, one call in detail (channel, tokens by kind, base cost ×
// multiplier = cost, latency, first byte, outcome), and CSV export; a sub-user finds only its own
// calls, a developer none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, type UsageCall, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
let sub: Console;
let subKeyName: string;
const calls: { keyName: string; requestId: string }[] = [];

async function call(secret: string, model: string): Promise<string> {
  const response = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }] }),
  });
  await response.arrayBuffer();
  return response.headers.get("x-request-id")!;
}

type Page = { data: UsageCall[]; next_cursor: string | null };
const list = async (client: Console, query: Record<string, unknown>) => {
  const { data, response } = await client.GET("/api/usage/calls", { params: { query: query as never } });
  return { ...(data as Page), status: response.status };
};

beforeAll(async () => {
  env = await startRelayEnv();
  const gpt = env.groups.get("gpt-trial")!;
  const qwen = env.groups.get("qwen-trial")!;
  const keyA = unique("log-a");
  const keyB = unique("log-b");
  const a = await env.key("gpt-trial", keyA);
  const b = await env.key("qwen-trial", keyB);
  for (let i = 0; i < 4; i++) calls.push({ keyName: keyA, requestId: await call(a, gpt.models[0].model_id) });
  for (let i = 0; i < 2; i++) calls.push({ keyName: keyB, requestId: await call(b, qwen.models[0].model_id) });
  // A sub-user with a key of its own.
  const email = `${unique("sub")}@example.test`;
  await env.tenant.owner.POST("/api/members", { body: { email, name: "Sub", password: "sub-password-1", role: "sub-user", group_ids: [gpt.id] } });
  sub = await signIn(env.tollgate.url, email, "sub-password-1");
  subKeyName = unique("log-sub");
  const subKey = (await sub.POST("/api/keys", { body: { name: subKeyName, group_id: gpt.id } })).data!.secret;
  calls.push({ keyName: subKeyName, requestId: await call(subKey, gpt.models[0].model_id) });
  await env.ledger(keyA, 4);
  await env.ledger(keyB, 2);
  await env.ledger(subKeyName, 1);
});
afterAll(async () => {
  await env?.stop();
});

describe("GET /api/usage/calls: filters and paging", () => {
  it("filters by key, group, model, status and time range", async () => {
    const [first] = await env.ledger(calls[0].keyName);
    const byKey = await list(env.tenant.owner, { key_id: first.key_id });
    expect(byKey.data.length).toBe(4);
    expect(byKey.data.every((row) => row.key_id === first.key_id)).toBe(true);
    const qwen = env.groups.get("qwen-trial")!;
    expect((await list(env.operator, { group_id: qwen.id })).data.map((row) => row.key_name)).toEqual([calls[5].keyName, calls[4].keyName]);
    expect((await list(env.operator, { model: qwen.models[0].model_id })).data.length).toBe(2);
    expect((await list(env.operator, { status: "ok" })).data.length).toBe(7);
    expect((await list(env.operator, { status: "failed" })).data.length).toBe(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(env.operator, { from: future })).data.length).toBe(0);
    expect((await list(env.operator, { to: future, from: new Date(Date.now() - 600_000).toISOString() })).data.length).toBe(7);
    const bad = await env.operator.GET("/api/usage/calls", { params: { query: { from: future, to: new Date(0).toISOString() } } });
    expect(bad.response.status).toBe(400);
  });

  it("finds a call by its request id, and filters by member", async () => {
    const found = await list(env.tenant.owner, { request_id: calls[2].requestId });
    expect(found.data.map((row) => row.request_id)).toEqual([calls[2].requestId]);
    const [subCall] = await env.ledger(subKeyName);
    expect((await list(env.tenant.owner, { member_id: subCall.member_id })).data.map((row) => row.key_name)).toEqual([subKeyName]);
  });

  it("pages newest first by cursor, without repeats or gaps", async () => {
    const all = (await list(env.operator, { limit: 100 })).data.map((row) => row.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(env.operator, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.data.map((row) => row.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    expect((await list(env.operator, { cursor: "garbage" })).status).toBe(400);
  });

  it("a sub-user finds only its own calls, even by request id or another member's key; a developer none", async () => {
    expect((await list(sub, {})).data.map((row) => row.key_name)).toEqual([subKeyName]);
    expect((await list(sub, { request_id: calls[0].requestId })).data).toEqual([]);
    const devEmail = `${unique("dev")}@example.test`;
    await env.tenant.owner.POST("/api/members", { body: { email: devEmail, name: "Dev", password: "dev-password-1", role: "developer", group_ids: [] } });
    const developer = await signIn(env.tollgate.url, devEmail, "dev-password-1");
    expect((await list(developer, {})).status).toBe(403);
  });
});

describe("GET /api/usage/calls/{id}", () => {
  it("shows the channel, tokens, base cost × multiplier = cost, latency and the outcome", async () => {
    const [row] = (await list(env.tenant.owner, { request_id: calls[0].requestId })).data;
    const { data, response } = await env.tenant.owner.GET("/api/usage/calls/{id}", { params: { path: { id: row.id } } });
    expect(response.status).toBe(200);
    expect(data!.channel_name).toBe("env:openai");
    expect(data!.input_tokens).toBeGreaterThan(0);
    expect(data!.cost).toBe(Math.round((data!.base_cost * data!.multiplier_milli) / 1000));
    expect(data!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(data!.outcome).toMatch(/Answered/);
    // Another organization's member, or a sub-user, cannot open it.
    expect((await sub.GET("/api/usage/calls/{id}", { params: { path: { id: row.id } } })).response.status).toBe(404);
  });
});

describe("GET /api/usage/calls.csv", () => {
  it("exports the filtered calls, a header and one line each", async () => {
    const qwen = env.groups.get("qwen-trial")!;
    const response = await fetch(`${env.tollgate.url}/api/usage/calls.csv?group_id=${qwen.id}`, { headers: { authorization: `Bearer ${await tokenOf(env.operator)}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="tollgate-calls-/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0].split(",").slice(0, 3)).toEqual(["created_at", "request_id", "organization_id"]);
    expect(lines.length).toBe(3);
    expect(lines[1]).toContain(calls[5].requestId);
    expect(lines[1]).toContain(calls[5].keyName);
  });
});

/** An automation token of the client's account, for a plain fetch (a script's way to export). */
async function tokenOf(client: Console): Promise<string> {
  const { data } = await client.POST("/api/tokens", { body: { name: unique("csv"), expires_at: new Date(Date.now() + 86_400_000).toISOString() } });
  return data!.secret;
}
