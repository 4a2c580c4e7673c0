// Rate limits over two workers: the call-state owner decides, so limits are exact whichever worker
// a call reaches. RPM, TPM on metered tokens, concurrency, organization and group limits; refused
// calls get 429 in the interface's own shape with Retry-After and the vendors' rate-limit headers,
// are never charged and leave no ledger record; the official SDKs raise their RateLimitError.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createTenant, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { OPENAI_OUTPUT_TOKENS } from "../mock-upstreams/openai.ts";
import { expectedInputTokens, sleep } from "../mock-upstreams/server.ts";

type Limits = { rpm?: number | null; tpm?: number | null; concurrent?: number | null };

/** A key or limit changed through one worker reaches the others' catalogs at their next poll (250 ms). */
const catalogReachedEveryWorker = () => sleep(600);

let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_WORKERS: "2", TOLLGATE_LEDGER_FLUSH_MS: "100" } });
});
afterAll(async () => {
  await env?.stop();
});

/** A fresh funded organization, so its balance and ledger tell only this test's story. */
async function freshTenant(funds = 1_000_000_000) {
  const tenant = await createTenant(env.tollgate.url, env.operator);
  await env.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: funds } });
  const balance = async () => (await env.operator.GET("/api/admin/organizations")).data!.data.find((org) => org.id === tenant.organizationId)!.balance;
  const spent = async () => {
    const { data } = await env.operator.GET("/api/usage/summary", { params: { query: { organization_id: tenant.organizationId, group_by: "key" } } });
    return data!.totals;
  };
  return { ...tenant, funds, balance, spent };
}

async function keyOf(owner: Console, identifier: string, rateLimits?: Limits) {
  const name = unique("rl");
  const { data, error } = await owner.POST("/api/keys", { body: { name, group_id: env.groups.get(identifier)!.id, ...(rateLimits ? { rate_limits: rateLimits } : {}) } });
  if (error) throw new Error(JSON.stringify(error));
  return { name, id: data.id, secret: data.secret, created: data };
}

const chat = (key: string, body: object = {}) =>
  fetch(`${env.tollgate.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: "gpt-5", messages: [{ role: "user", content: "Say hello for the rate-limit test." }], ...body }),
  });

const messages = (key: string) =>
  fetch(`${env.tollgate.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "hello" }] }),
  });

/** Waits until nothing is held or queued at the owner (every admitted call's record is written). */
async function settled() {
  await expect
    .poll(async () => (await env.operator.GET("/api/admin/call-state")).data, { timeout: 10_000, interval: 100 })
    .toMatchObject({ holding_calls: 0, unwritten: 0, queued_records: 0 });
}

const goDuration = /^(\d+h)?(\d+m)?\d+(\.\d+)?s$|^\d+ms$/;
const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe("requests per minute", () => {
  it("a key limited to 30 RPM admits exactly 30 of 100 calls over two workers; the other 70 get 429 with headers and Retry-After and are not charged", async () => {
    const tenant = await freshTenant();
    const key = await keyOf(tenant.owner, "gpt-trial", { rpm: 30 });
    expect(key.created.rate_limits).toEqual({ rpm: 30, tpm: null, concurrent: null });
    await catalogReachedEveryWorker();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await chat(key.secret);
        return { status: response.status, headers: response.headers, body: await response.json() };
      }),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(ok).toHaveLength(30);
    expect(refused).toHaveLength(70);
    // The owner counted each admission once: the 30 answers report every remaining figure 29…0 once.
    expect(ok.map((answer) => Number(answer.headers.get("x-ratelimit-remaining-requests"))).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (const answer of answers) {
      expect(answer.headers.get("x-ratelimit-limit-requests")).toBe("30");
      expect(answer.headers.get("anthropic-ratelimit-requests-limit")).toBe("30");
      expect(answer.headers.get("x-ratelimit-reset-requests")).toMatch(goDuration);
      const reset = answer.headers.get("anthropic-ratelimit-requests-reset")!;
      expect(reset).toMatch(rfc3339);
      expect(Date.parse(reset)).toBeGreaterThan(started);
      expect(Date.parse(reset)).toBeLessThanOrEqual(Date.now() + 61_000);
      // No TPM limit anywhere: no token figures.
      expect(answer.headers.get("x-ratelimit-limit-tokens")).toBeNull();
    }
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ error: { type: "rate_limit_exceeded", code: "rate_limit_exceeded" } });
      expect(answer.body.error.message).toContain("30 requests per minute");
      const retryAfter = Number(answer.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(answer.headers.get("x-ratelimit-remaining-requests")).toBe("0");
      expect(answer.headers.get("anthropic-ratelimit-requests-remaining")).toBe("0");
      expect(answer.headers.get("x-should-retry")).toBeNull();
    }
    await settled();
    const totals = await tenant.spent();
    expect(totals.requests).toBe(30);
    expect(totals.cost).toBeGreaterThan(0);
    expect(tenant.funds - (await tenant.balance())).toBe(totals.cost);
    const records = (await env.operator.GET("/api/usage/calls", { params: { query: { organization_id: tenant.organizationId, limit: 500 } } })).data!.data;
    // The 70 refusals are in the request log too, as the client saw them, and cost nothing (refusal-log.ts).
    const admitted = records.filter((record) => record.error_code === null);
    expect(admitted).toHaveLength(30);
    expect(admitted.every((record) => record.http_status === 200)).toBe(true);
    const refusals = records.filter((record) => record.error_code !== null);
    expect(refusals).toHaveLength(70);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: "rate_limited", http_status: 429, error_code: "rate_limited", cost: 0, channel_id: null });
      expect(refusal.error_message).toContain("30 requests per minute");
    }
  }, 60_000);

  it("a key without limits (anywhere) gets no rate-limit headers", async () => {
    const tenant = await freshTenant();
    const key = await keyOf(tenant.owner, "gpt-trial");
    await catalogReachedEveryWorker();
    const response = await chat(key.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-ratelimit-limit-requests")).toBeNull();
    expect(response.headers.get("anthropic-ratelimit-requests-limit")).toBeNull();
  });

  it("the official SDKs raise RateLimitError for the 429 (OpenAI and Family A shapes)", async () => {
    const tenant = await freshTenant();
    const gpt = await keyOf(tenant.owner, "gpt-trial", { rpm: 1 });
    const claude = await keyOf(tenant.owner, "claude-smart", { rpm: 1 });
    await catalogReachedEveryWorker();
    const openai = new OpenAI({ apiKey: gpt.secret, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const ask = () => openai.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: "hi" }] });
    await ask();
    const openaiError = await ask().catch((error) => error);
    expect(openaiError).toBeInstanceOf(OpenAI.RateLimitError);
    expect(openaiError.headers.get("retry-after")).toMatch(/^\d+$/);

    const anthropic = new Anthropic({ apiKey: claude.secret, baseURL: env.tollgate.url, maxRetries: 0 });
    const say = () => anthropic.messages.create({ model: "claude-sonnet-4-6", max_tokens: 32, messages: [{ role: "user", content: "hi" }] });
    const first = await say().withResponse();
    expect(first.response.headers.get("anthropic-ratelimit-requests-remaining")).toBe("0");
    const anthropicError = await say().catch((error) => error);
    expect(anthropicError).toBeInstanceOf(Anthropic.RateLimitError);
    expect(anthropicError.error).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });
});

describe("tokens per minute, on metered tokens", () => {
  it("admits calls while the window's metered tokens are under the limit and refuses once settled calls reach it", async () => {
    const tenant = await freshTenant();
    const prompt = "Count the tokens of this rate-limit prompt exactly.";
    const perCall = expectedInputTokens(prompt) + OPENAI_OUTPUT_TOKENS;
    const limit = Math.floor(perCall * 2.5);
    const key = await keyOf(tenant.owner, "gpt-trial", { tpm: limit });
    await catalogReachedEveryWorker();
    const remaining: number[] = [];
    for (const stream of [false, true, false]) {
      const response = await chat(key.secret, { messages: [{ role: "user", content: prompt }], stream, ...(stream ? { stream_options: { include_usage: true } } : {}) });
      expect(response.status).toBe(200);
      await response.text();
      remaining.push(Number(response.headers.get("x-ratelimit-remaining-tokens")));
      expect(response.headers.get("x-ratelimit-limit-tokens")).toBe(String(limit));
      expect(response.headers.get("anthropic-ratelimit-tokens-limit")).toBe(String(limit));
      await sleep(150); // the call's end reaches the owner in the next batch
    }
    // Each admission reports what the calls before it were metered (streamed usage included).
    expect(remaining).toEqual([limit, limit - perCall, limit - 2 * perCall]);
    const refused = await chat(key.secret, { messages: [{ role: "user", content: prompt }] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-remaining-tokens")).toBe("0");
    expect(refused.headers.get("x-ratelimit-reset-tokens")).toMatch(goDuration);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error.message).toContain(`${limit} tokens per minute`);
    await settled();
    const totals = await tenant.spent();
    expect(totals.requests).toBe(3);
    expect(totals.input_tokens + totals.output_tokens).toBe(3 * perCall);
    expect(tenant.funds - (await tenant.balance())).toBe(totals.cost);
  });
});

describe("concurrent calls", () => {
  it("a key limited to 2 calls at once refuses a third while two are in flight, and admits again when one ends", async () => {
    const tenant = await freshTenant();
    const key = await keyOf(tenant.owner, "gpt-trial", { concurrent: 2 });
    await catalogReachedEveryWorker();
    env.mocks.openai.next("slow-first-byte", "slow-first-byte");
    const slow = [chat(key.secret), chat(key.secret)];
    await expect.poll(async () => (await env.operator.GET("/api/admin/call-state")).data!.holding_calls, { timeout: 5_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const third = await chat(key.secret);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    expect((await third.json()).error.message).toContain("2 calls at once");
    for (const response of await Promise.all(slow)) expect(response.status).toBe(200);
    await sleep(50);
    expect((await chat(key.secret)).status).toBe(200);
    await settled();
    expect((await tenant.spent()).requests).toBe(3);
  });
});

describe("organization and group limits (operator)", () => {
  it("an organization's RPM limit holds over all its keys", async () => {
    const tenant = await freshTenant();
    const { data, error } = await env.operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: tenant.organizationId } }, body: { rate_limits: { rpm: 3 } } });
    expect(error).toBeUndefined();
    expect(data!.rate_limits).toEqual({ rpm: 3, tpm: null, concurrent: null });
    const a = await keyOf(tenant.owner, "gpt-trial");
    const b = await keyOf(tenant.owner, "claude-smart");
    await catalogReachedEveryWorker();
    const statuses = await Promise.all([...Array.from({ length: 3 }, () => chat(a.secret)), ...Array.from({ length: 3 }, () => messages(b.secret))].map(async (call) => {
      const response = await call;
      const body = await response.json();
      if (response.status === 429) expect(body.error.message).toContain("your organization allows 3 requests per minute");
      return response.status;
    }));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    // The Family A refusal is in Family A's shape.
    const refusedA = await messages(b.secret);
    expect(await refusedA.json()).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
  });

  it("a group's limit applies to each organization's calls through it", async () => {
    const qwen = env.groups.get("qwen-trial")!;
    const set = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: qwen.id } }, body: { rate_limits: { rpm: 2 } } });
    expect(set.data!.rate_limits).toEqual({ rpm: 2, tpm: null, concurrent: null });
    try {
      const tenants = [await freshTenant(), await freshTenant()];
      const keys = await Promise.all(tenants.map((tenant) => keyOf(tenant.owner, "qwen-trial")));
      await catalogReachedEveryWorker();
      for (const key of keys) {
        const statuses = await Promise.all(Array.from({ length: 4 }, () => chat(key.secret, { model: "qwen3-max" }).then(async (response) => (await response.text(), response.status))));
        expect(statuses.filter((status) => status === 200)).toHaveLength(2);
      }
      const refused = await chat(keys[0].secret, { model: "qwen3-max" });
      expect((await refused.json()).error.message).toContain(`group "${qwen.name}" allows each organization 2 requests per minute`);
    } finally {
      await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: qwen.id } }, body: { rate_limits: { rpm: null } } });
    }
  });
});

describe("who sets limits", () => {
  it("the owner and the operator set a key's limits; a developer may not; bounds are checked", async () => {
    const tenant = await freshTenant();
    const trial = env.groups.get("gpt-trial")!.id;
    const email = `${unique("dev")}@example.test`;
    await tenant.owner.POST("/api/members", { body: { email, name: "Dev", password: "member-password-1", role: "developer", group_ids: [trial] } });
    const developer = await signIn(env.tollgate.url, email, "member-password-1");
    const refused = await developer.POST("/api/keys", { body: { name: unique("dev-key"), group_id: trial, rate_limits: { rpm: 1_000 } } });
    expect(refused.response.status).toBe(403);
    expect(refused.error!.error.field).toBe("rate_limits");
    const own = await developer.POST("/api/keys", { body: { name: unique("dev-key"), group_id: trial } });
    expect(own.data!.rate_limits).toEqual({ rpm: null, tpm: null, concurrent: null });
    expect((await developer.PATCH("/api/keys/{id}", { params: { path: { id: own.data!.id } }, body: { rate_limits: { rpm: null } } })).response.status).toBe(403);

    // The owner limits the developer's key; the operator sees and changes it.
    const byOwner = await tenant.owner.PATCH("/api/keys/{id}", { params: { path: { id: own.data!.id } }, body: { rate_limits: { rpm: 10, concurrent: 3 } } });
    expect(byOwner.data!.rate_limits).toEqual({ rpm: 10, tpm: null, concurrent: 3 });
    const listed = await env.operator.GET("/api/admin/organizations/{id}/keys", { params: { path: { id: tenant.organizationId } } });
    expect(listed.data!.data.find((key) => key.id === own.data!.id)!.rate_limits).toEqual({ rpm: 10, tpm: null, concurrent: 3 });
    const byOperator = await env.operator.PATCH("/api/admin/keys/{id}", { params: { path: { id: own.data!.id } }, body: { rate_limits: { tpm: 50_000, concurrent: null } } });
    expect(byOperator.data!.rate_limits).toEqual({ rpm: 10, tpm: 50_000, concurrent: null });
    expect((await tenant.owner.PATCH("/api/admin/keys/{id}", { params: { path: { id: own.data!.id } }, body: { rate_limits: { rpm: null } } })).response.status).toBe(403);

    const outOfBounds = await tenant.owner.PATCH("/api/keys/{id}", { params: { path: { id: own.data!.id } }, body: { rate_limits: { rpm: 0 } } });
    expect(outOfBounds.response.status).toBe(400);
  });
});
