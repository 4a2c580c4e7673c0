// Three replicas (separate processes, two workers each) on one PostgreSQL database and one Redis,
// with requests spread round robin: they keep one budget, one circuit view, and lose no money
// when a replica is killed mid-stream or Redis restarts empty.
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worstCaseCost } from "../../server/domain/worst-case.ts";
import { createKey, createTenant, unique } from "../helpers/fixtures.ts";
import { type Replicas, replicaPrerequisites, startReplicas } from "../helpers/replicas.ts";
import { upstreamKeys } from "../helpers/relay-env.ts";
import { startScriptedUpstream } from "../helpers/scripted-upstream.ts";
import { startOpenAIMock } from "../mock-upstreams/openai.ts";
import { type Scenario, sleep } from "../mock-upstreams/server.ts";

const prompt = "Please answer with a short greeting for the billing test ok.";
const streamBody = { model: "claude-sonnet-4-6", max_tokens: 200, stream: true, messages: [{ role: "user", content: prompt }] };

describe.skipIf(replicaPrerequisites !== null)(`three replicas on PostgreSQL and Redis${replicaPrerequisites ? ` (skipped: ${replicaPrerequisites})` : ""}`, () => {
  let r: Replicas;
  beforeAll(async () => {
    // Streams take about a second (events 120 ms apart), so concurrent calls overlap.
    // The circuits open at 90 %: the fault mix of the 1,000 calls fails about a fifth of them, and at
    // 50 % a replica's first ten or so calls of it can cross the threshold by chance (seen in CI; in
    // three local runs a replica's window reached 45 %). The circuit test below fails every call.
    r = await startReplicas(3, {
      delayMs: 120,
      env: { TOLLGATE_CIRCUIT_MIN_CALLS: "10", TOLLGATE_CIRCUIT_FAILURE_PERCENT: "90", TOLLGATE_CIRCUIT_COOLDOWN_MS: "5000" },
    });
  }, 120_000);
  afterAll(async () => {
    await r?.stop();
  });

  const call = (key: string, body: object, url = r.next(), signal?: AbortSignal) =>
    fetch(`${url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify(body),
      signal,
    });

  /** A funded organization with a key; its stored balance and ledger sum, straight from PostgreSQL. */
  async function funded(amount: number) {
    const tenant = await createTenant(r.nodes[0].url, r.operator);
    const key = await createKey(tenant.owner, r.groups.get("claude-smart")!.id, unique("rk"));
    await r.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount } });
    await r.knowEverywhere(key);
    const books = async () => {
      const db = new pg.Client({ connectionString: r.databaseUrl });
      await db.connect();
      try {
        const balance = Number((await db.query("SELECT balance FROM organizations WHERE id = $1", [tenant.organizationId])).rows[0].balance);
        // The ledger's calls, and apart from them the gateway's refusals the request log also holds (cost 0).
        const ledger = (await db.query("SELECT COUNT(*) AS n, COALESCE(SUM(cost), 0) AS cost FROM usage_records WHERE organization_id = $1 AND error_code IS NULL", [tenant.organizationId])).rows[0];
        const refused = (await db.query("SELECT COUNT(*) AS n, COALESCE(SUM(cost), 0) AS cost FROM usage_records WHERE organization_id = $1 AND error_code IS NOT NULL", [tenant.organizationId])).rows[0];
        return { balance, records: Number(ledger.n), cost: Number(ledger.cost), refusals: Number(refused.n), refusedCost: Number(refused.cost) };
      } finally {
        await db.end();
      }
    };
    return { tenant, key, books };
  }

  /** Nothing held on any replica, nothing waiting to be written, and — after the idle time — no lease left in Redis. */
  async function settledEverywhere(organizationId: string) {
    for (const [i, node] of r.nodes.entries()) {
      if (!node.alive()) continue;
      await expect
        .poll(async () => (await r.operators[i].GET("/api/admin/call-state")).data, { timeout: 15_000, interval: 200 })
        .toMatchObject({ holding_calls: 0, unwritten: 0, queued_records: 0 });
    }
    const redis = new Redis(r.redis.url);
    try {
      await expect.poll(async () => Number(await redis.hget(`tg:acct:org:${organizationId}`, "leased")), { timeout: 15_000, interval: 250 }).toBe(0);
    } finally {
      redis.disconnect();
    }
  }

  it("a balance for 10 calls and 50 concurrent calls over the replicas: exactly 10 admitted, never below zero, balance = opening − ledger sum", async () => {
    const group = r.groups.get("claude-smart")!;
    const model = group.models.find((candidate) => candidate.model_id === "claude-sonnet-4-6")!;
    const worst = worstCaseCost("messages", streamBody, Buffer.byteLength(JSON.stringify(streamBody)), { cache_read: 0, cache_write: 0, ...model.prices }, group.multiplier_milli);
    const { tenant, key, books } = await funded(worst * 10);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => call(key, streamBody).then(async (response) => (await response.text(), response.status))));
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    await settledEverywhere(tenant.organizationId);
    const { balance, records, cost, refusals, refusedCost } = await books();
    expect(records).toBe(10);
    expect([refusals, refusedCost]).toEqual([40, 0]);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(worst * 10 - balance).toBe(cost);
  }, 60_000);

  it("1,000 calls with upstream faults and client aborts over the replicas: the ledger is exact and no hold is left", async () => {
    const opening = 5_000_000_000;
    const { tenant, key, books } = await funded(opening);
    // Two upstream faults in ten (and a request fault): far below the suite's 90 % threshold, which each
    // replica judges over the calls it sees, so the channel stays in use throughout.
    const faults: Scenario[] = ["ok", "ok", "ok", "cached", "error-500", "ok", "ok", "break-mid-stream", "error-400", "ok"];
    const one = async (i: number) => {
      r.anthropic.next(faults[i % faults.length]);
      const controller = new AbortController();
      if (i % 7 === 0) setTimeout(() => controller.abort(), 20 + (i % 5) * 60);
      const body = { model: "claude-sonnet-4-6", max_tokens: 64, stream: i % 2 === 0, messages: [{ role: "user", content: `${prompt} ${i}` }] };
      await call(key, body, r.next(), controller.signal)
        .then((response) => response.text())
        .catch(() => {});
    };
    for (let next = 0; next < 1000; ) await Promise.all(Array.from({ length: 30 }, () => one(next++)));
    // Calls aborted before they reached the mock leave their scenarios queued; later tests must not get them.
    r.anthropic.dropQueued();
    await settledEverywhere(tenant.organizationId);
    const { balance, records, cost } = await books();
    expect(records).toBeGreaterThan(900);
    expect(cost).toBeGreaterThan(0);
    expect(opening - balance).toBe(cost);
  }, 240_000);

  /** A GPT group served by `primary` before `backup`, and a funded key of it known to every replica. */
  async function gptWithBackup(prefix: string, primary: string, backup: string) {
    const identifier = unique(prefix).toLowerCase();
    const group = await r.operator.POST("/api/admin/groups", {
      body: { name: `GPT ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public", models: [{ model_id: "gpt-4o", prices: { input: 1, output: 1 } }] },
    });
    const channelIds: string[] = [];
    for (const [index, url] of [primary, backup].entries()) {
      const channel = await r.operator.POST("/api/admin/channels", {
        body: { name: `${identifier}-${index}`, kind: "openai", base_url: `${url}/v1`, credentials: [upstreamKeys.openai], group_ids: [group.data!.id], priority: 2 - index },
      });
      channelIds.push(channel.data!.id);
    }
    const key = await createKey(r.tenant.owner, group.data!.id);
    await r.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: r.tenant.organizationId } }, body: { amount: 1_000_000_000 } });
    await r.knowEverywhere(key);
    return { key, channelIds };
  }

  it("the circuit opens on every replica once the failure rate crosses the threshold", async () => {
    const failing = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    const backup = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    failing.setDefault("error-500");
    try {
      const { key, channelIds } = await gptWithBackup("gpt-rep", failing.url, backup.url);
      const ask = (url: string) =>
        fetch(`${url}/v1/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
          body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }),
        });
      // The failures all reach one replica; every replica then stops sending to the channel.
      for (let i = 0; i < 10; i++) expect((await ask(r.nodes[0].url)).status).toBe(200);
      expect(failing.requests).toHaveLength(10);
      // Each replica's owner hears of the open circuit through Redis and tells its workers at once.
      for (const operator of r.operators) {
        const state = async () => (await operator.GET("/api/admin/channels")).data!.data.find((channel) => channel.id === channelIds[0])!.health.state;
        await expect.poll(state, { timeout: 10_000, interval: 100 }).toBe("open");
      }
      await sleep(50);
      const answers = await Promise.all(Array.from({ length: 30 }, () => ask(r.next()).then(async (response) => `${response.status} ${response.status === 200 ? "" : await response.text()}`)));
      expect(answers.filter((answer) => !answer.startsWith("200"))).toEqual([]);
      expect(failing.requests).toHaveLength(10);
    } finally {
      await failing.close();
      await backup.close();
    }
  }, 60_000);

  it("a circuit that an upstream's Retry-After: 120 holds open is held so on every replica, not for the cool-down", async () => {
    const limited = await startScriptedUpstream();
    limited.play({ status: 429, headers: { "retry-after": "120" }, events: [JSON.stringify({ error: { message: "Rate limit reached for requests per min.", type: "requests", param: null, code: "rate_limit_exceeded" } })] });
    const backup = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    try {
      const { key, channelIds } = await gptWithBackup("gpt-rest", limited.url, backup.url);
      const ask = () =>
        fetch(`${r.nodes[0].url}/v1/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
          body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }),
        });
      // The rate limits all reach one replica, whose circuit opens; the others adopt its rest.
      for (let i = 0; i < 10; i++) expect((await ask()).status).toBe(200);
      expect(limited.served()).toBe(10);
      for (const operator of r.operators) {
        const health = async () => (await operator.GET("/api/admin/channels")).data!.data.find((channel) => channel.id === channelIds[0])!.health;
        await expect.poll(async () => (await health()).state, { timeout: 10_000, interval: 100 }).toBe("open");
        expect(Date.parse((await health()).retry_at!) - Date.now()).toBeGreaterThan(100_000);
      }
    } finally {
      limited.close();
      await backup.close();
    }
  }, 60_000);

  /** A funded organization's key with rate limits, known to every replica. */
  async function limitedKey(rateLimits: { rpm?: number; tpm?: number }) {
    const tenant = await createTenant(r.nodes[0].url, r.operator);
    await r.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 1_000_000_000 } });
    const { data } = await tenant.owner.POST("/api/keys", { body: { name: unique("rl"), group_id: r.groups.get("claude-smart")!.id, rate_limits: rateLimits } });
    await r.knowEverywhere(data!.secret);
    return { tenant, key: data!.secret };
  }
  const quick = { model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user", content: "hi" }] };

  it("an RPM limit of 30 on a key: 100 calls over the replicas within the minute admit exactly 30, the others get 429 with the headers", async () => {
    const { key } = await limitedKey({ rpm: 30 });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call(key, quick).then(async (response) => ({ status: response.status, headers: response.headers, text: await response.text() }))),
    );
    // Anything but a success or a rate-limit refusal is shown whole, so that a failure says what it was.
    expect(answers.filter((answer) => answer.status !== 200 && !(answer.status === 429 && answer.text.includes("30 requests per minute"))).map((answer) => `${answer.status} ${answer.text}`)).toEqual([]);
    const ok = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(ok).toHaveLength(30);
    expect(limited).toHaveLength(70);
    expect(ok.map((answer) => Number(answer.headers.get("anthropic-ratelimit-requests-remaining"))).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (const answer of limited) {
      expect(answer.headers.get("anthropic-ratelimit-requests-limit")).toBe("30");
      expect(answer.headers.get("x-ratelimit-remaining-requests")).toBe("0");
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(JSON.parse(answer.text)).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
    }
  }, 60_000);

  it("a TPM limit is enforced on metered tokens over the replicas", async () => {
    // Each call meters 1 input + 7 output tokens at the mock: a limit of 20 admits three calls, then refuses.
    const { key } = await limitedKey({ tpm: 20 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call(key, quick)).status);
      await sleep(300); // a call's tokens reach the shared counters with its worker's next message
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  }, 60_000);

  it("a replica killed with SIGKILL mid-stream: its leases return within seconds, the others keep serving, no money created", async () => {
    const opening = 100_000_000;
    const { tenant, key, books } = await funded(opening);
    const victim = r.nodes[2];
    const streams = Array.from({ length: 4 }, () => call(key, streamBody, victim.url).then((response) => response.text()).catch(() => "broken"));
    await sleep(400); // under way
    victim.kill();
    await Promise.all(streams);
    // The survivors serve on.
    for (const node of r.nodes.slice(0, 2)) expect((await call(key, { ...streamBody, stream: false }, node.url)).status).toBe(200);
    const redis = new Redis(r.redis.url);
    try {
      // The dead node's heartbeat lapses (3 s) and the sweep returns its leases.
      await expect.poll(async () => (await redis.smembers("tg:nodes")).length, { timeout: 10_000, interval: 250 }).toBe(2);
    } finally {
      redis.disconnect();
    }
    await settledEverywhere(tenant.organizationId);
    const { balance, cost } = await books();
    expect(opening - balance).toBe(cost);
  }, 60_000);

  it("Redis restarted empty: no money created or lost, and calls go on once the replicas re-register", async () => {
    const opening = 100_000_000;
    const { tenant, key, books } = await funded(opening);
    const live = r.nodes.filter((node) => node.alive());
    for (const node of live) expect((await call(key, { ...streamBody, stream: false }, node.url)).status).toBe(200);
    // Written before Redis goes: a charge committed within the 50 ms clock-skew margin before an
    // account is rebuilt is subtracted again by design (less money, never more), and exactness
    // below is asserted for the rebuild itself, not for that window.
    await settledEverywhere(tenant.organizationId);
    await r.redis.restart();
    // Calls admitted again after the grace period, from balances rebuilt from PostgreSQL.
    await expect.poll(async () => (await call(key, { ...streamBody, stream: false }, live[0].url)).status, { timeout: 15_000, interval: 500 }).toBe(200);
    for (const node of live) expect((await call(key, { ...streamBody, stream: false }, node.url)).status).toBe(200);
    await settledEverywhere(tenant.organizationId);
    const { balance, cost } = await books();
    expect(opening - balance).toBe(cost);
    const redis = new Redis(r.redis.url);
    try {
      // The account was rebuilt in the new Redis (re-registered or reloaded) with exactly the stored balance.
      await expect.poll(() => redis.hget(`tg:acct:org:${tenant.organizationId}`, "durable"), { timeout: 10_000 }).toBe(String(balance));
    } finally {
      redis.disconnect();
    }
    // Rate limits recover: counted afresh in the new Redis, exactly across the live replicas.
    const limited = await limitedKey({ rpm: 5 });
    const statuses = await Promise.all(Array.from({ length: 12 }, () => call(limited.key, quick, live[Math.floor(Math.random() * live.length)].url).then((response) => response.status)));
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  }, 60_000);
});
