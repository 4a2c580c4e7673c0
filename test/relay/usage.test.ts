// The usage API the console's charts read: totals by day, model, group, key and member agree with
// the ledger, and each role sees what it should.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
const names = { trial: unique("trial"), plus: unique("plus") };

beforeAll(async () => {
  env = await startRelayEnv();
  const ask = async (identifier: string, name: string, times: number) => {
    const client = new OpenAI({ apiKey: await env.key(identifier, name), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    for (let i = 0; i < times; i++) await client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: `call ${i}` }] });
  };
  await ask("gpt-trial", names.trial, 3);
  await ask("gpt-trial-plus", names.plus, 2);
  await env.ledger(names.trial, 3);
  await env.ledger(names.plus, 2);
});
afterAll(async () => {
  await env?.stop();
});

describe("usage summary", () => {
  it.each(["day", "model", "group", "key", "member"] as const)("by %s adds up to the ledger", async (groupBy) => {
    const { data } = await env.tenant.owner.GET("/api/usage/summary", { params: { query: { group_by: groupBy } } });
    const ledger = [...(await env.ledger(names.trial, 3)), ...(await env.ledger(names.plus, 2))];
    expect(data!.totals.requests).toBe(5);
    expect(data!.totals.cost).toBe(ledger.reduce((sum, call) => sum + call.cost, 0));
    expect(data!.rows.reduce((sum, row) => sum + row.requests, 0)).toBe(5);
    expect(data!.balance).toBe(await env.balance());
    if (groupBy === "group") expect(data!.rows.map((row) => row.label).sort()).toEqual(["GPT Trial", "GPT Trial Plus"]);
    if (groupBy === "key") expect(data!.rows.map((row) => row.label).sort()).toEqual([names.plus, names.trial].sort());
    if (groupBy === "day") expect(data!.rows[0].key).toBe(new Date().toISOString().slice(0, 10));
  });

  it("the 5x group costs five times the 1x group for the same calls", async () => {
    const { data } = await env.tenant.owner.GET("/api/usage/summary", { params: { query: { group_by: "group" } } });
    const byLabel = new Map(data!.rows.map((row) => [row.label, row]));
    const perCall = (label: string) => byLabel.get(label)!.cost / byLabel.get(label)!.requests;
    expect(perCall("GPT Trial Plus")).toBeGreaterThan(perCall("GPT Trial") * 4.9);
  });
});

describe("who sees what", () => {
  it("recent calls list status and latency, newest first", async () => {
    const { data } = await env.tenant.owner.GET("/api/usage/calls", { params: { query: { limit: 3 } } });
    expect(data!.data).toHaveLength(3);
    expect(data!.data[0]).toMatchObject({ status: "ok", http_status: 200, interface: "chat" });
    expect(data!.data[0].latency_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(data!.data[0].created_at)).toBeGreaterThanOrEqual(Date.parse(data!.data[2].created_at));
  });

  it("a sub-user sees only its own calls; a developer sees no billing", async () => {
    const trial = env.groups.get("gpt-trial")!.id;
    for (const role of ["sub-user", "developer"] as const) {
      const email = `${unique(role)}@example.test`;
      await env.tenant.owner.POST("/api/members", { body: { email, name: role, password: "member-password-1", role, group_ids: [trial] } });
    }
    const subEmail = (await env.tenant.owner.GET("/api/members")).data!.data.find((member) => member.role === "sub-user")!.email;
    const devEmail = (await env.tenant.owner.GET("/api/members")).data!.data.find((member) => member.role === "developer")!.email;
    const sub = await signIn(env.tollgate.url, subEmail, "member-password-1");
    expect((await sub.GET("/api/usage/summary")).data!.totals.requests).toBe(0);
    const client = new OpenAI({ apiKey: await createKey(sub, trial), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "mine" }] });
    await expect.poll(async () => (await sub.GET("/api/usage/summary")).data!.totals.requests).toBe(1);
    const developer = await signIn(env.tollgate.url, devEmail, "member-password-1");
    const refused = await developer.GET("/api/usage/summary");
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.message).toContain("no billing");
  });
});
