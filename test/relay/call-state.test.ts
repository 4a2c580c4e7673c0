// One owner for per-call state, over two workers: budget leases admit exactly what a balance
// affords, settle to the unit under faults and aborts, outlive every timer, and return within
// seconds when a worker is killed; a channel's circuit opens for every worker at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worstCaseCost } from "../../server/domain/worst-case.ts";
import { createKey, createTenant, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { childrenOf } from "../helpers/tollgate.ts";
import { ANTHROPIC_OUTPUT_TOKENS } from "../mock-upstreams/anthropic.ts";
import { startOpenAIMock } from "../mock-upstreams/openai.ts";
import { type Mock, type Scenario, sleep } from "../mock-upstreams/server.ts";
import { startScriptedUpstream } from "../helpers/scripted-upstream.ts";

const prompt = "Please answer with a short greeting for the billing test ok.";

/** A fresh organization funded with `amount`, and a key of it bound to Claude Smart Preferred. */
async function fundedKey(env: RelayEnv, amount: number) {
  const tenant = await createTenant(env.tollgate.url, env.operator);
  const keyName = unique("cs");
  const key = await createKey(tenant.owner, env.groups.get("claude-smart")!.id, keyName);
  await env.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount } });
  const balance = async () => (await env.operator.GET("/api/admin/organizations")).data!.data.find((org) => org.id === tenant.organizationId)!.balance;
  await catalogReachedEveryWorker();
  const spent = async () => {
    const { data } = await env.operator.GET("/api/usage/summary", { params: { query: { organization_id: tenant.organizationId, group_by: "model" } } });
    return { cost: data!.totals.cost, requests: data!.totals.requests };
  };
  return { tenant, key, keyName, balance, spent };
}

const messages = (env: RelayEnv, key: string, body: object, signal?: AbortSignal) =>
  fetch(`${env.tollgate.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
    body: JSON.stringify(body),
    signal,
  });

/** A key or channel made through one worker reaches the others' catalogs at their next poll (250 ms). */
const catalogReachedEveryWorker = () => sleep(600);

/** Waits until nothing is held or queued at the owner. */
async function settled(env: RelayEnv) {
  await expect
    .poll(async () => (await env.operator.GET("/api/admin/call-state")).data, { timeout: 10_000, interval: 100 })
    .toMatchObject({ holding_calls: 0, held: { organization: 0, member: 0, key: 0 }, unwritten: 0, queued_records: 0 });
}

describe("budget leases over two workers", () => {
  let env: RelayEnv;
  beforeAll(async () => {
    // Streams take about a second (events 120 ms apart), so concurrent calls overlap.
    // The fault mix below fails about 44% of upstream calls: a circuit that opened at 50% would
    // refuse a varying share of them before admission (two runs: 302 and 474 records of 1,000).
    // Circuits have their own tests; here every call should reach the budget.
    env = await startRelayEnv({
      delayMs: 120,
      env: { TOLLGATE_WORKERS: "2", TOLLGATE_LEDGER_FLUSH_MS: "100", TOLLGATE_CIRCUIT_COOLDOWN_MS: "200", TOLLGATE_CIRCUIT_FAILURE_PERCENT: "90" },
    });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("50 concurrent calls against a balance that affords exactly 10 admit exactly 10", async () => {
    const body = { model: "claude-sonnet-4-6", max_tokens: 200, stream: true, messages: [{ role: "user", content: prompt }] };
    const group = env.groups.get("claude-smart")!;
    const model = group.models.find((candidate) => candidate.model_id === "claude-sonnet-4-6")!;
    const worst = worstCaseCost("messages", body, Buffer.byteLength(JSON.stringify(body)), { cache_read: 0, cache_write: 0, ...model.prices }, group.multiplier_milli);
    const { key, balance, spent } = await fundedKey(env, worst * 10);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => messages(env, key, body).then(async (response) => (await response.text(), response.status))));
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
    await settled(env);
    const left = await balance();
    expect(left).toBeGreaterThanOrEqual(0);
    expect(worst * 10 - left).toBe((await spent()).cost);
  });

  it("1,000 calls with upstream faults and client aborts leave the balance equal to opening minus the ledger sum, nothing held", async () => {
    const funded = 5_000_000_000;
    const { key, balance, spent } = await fundedKey(env, funded);
    const faults: Scenario[] = ["ok", "ok", "ok", "error-500", "error-429", "break-mid-stream", "empty-stream", "error-400", "cached"];
    let aborted = 0;
    const one = async (i: number) => {
      env.mocks.anthropic.next(faults[i % faults.length]);
      const controller = new AbortController();
      if (i % 7 === 0) {
        aborted++;
        setTimeout(() => controller.abort(), 20 + (i % 5) * 60);
      }
      const body = { model: "claude-sonnet-4-6", max_tokens: 64, stream: i % 2 === 0, messages: [{ role: "user", content: `${prompt} ${i}` }] };
      await messages(env, key, body, controller.signal)
        .then((response) => response.text())
        .catch(() => {});
    };
    for (let next = 0; next < 1000; ) await Promise.all(Array.from({ length: 25 }, () => one(next++)));
    expect(aborted).toBeGreaterThan(100);
    await settled(env);
    const { cost, requests } = await spent();
    expect(requests).toBeGreaterThan(950); // every admitted call has its record (a client may abort a few before admission)
    expect(cost).toBeGreaterThan(0);
    expect(funded - (await balance())).toBe(cost);
  }, 120_000);

  it("a worker killed with calls in flight gives its leases back within seconds and no call is charged twice", async () => {
    const funded = 100_000_000;
    const { key, balance, spent } = await fundedKey(env, funded);
    const body = { model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: prompt }] };
    const calls = Array.from({ length: 8 }, () => messages(env, key, body).then((response) => response.text()).catch(() => "broken"));
    await expect.poll(async () => (await env.operator.GET("/api/admin/call-state")).data!.holding_calls, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(6);
    const [victim] = childrenOf(env.tollgate.pid);
    process.kill(victim, "SIGKILL");
    // The dead worker's holds are gone at once; the survivor's calls finish and settle.
    // (A console connection kept alive to the dead worker fails once: the poll tries again.)
    await expect
      .poll(async () => (await env.operator.GET("/api/admin/call-state").catch(() => ({ data: { holding_calls: 8 } }))).data!.holding_calls, { timeout: 3_000, interval: 50 })
      .toBeLessThan(8);
    await Promise.all(calls);
    // A new worker takes the dead one's place (and connections kept alive to the dead one are gone by then).
    await expect.poll(() => childrenOf(env.tollgate.pid).length, { timeout: 10_000 }).toBe(2);
    await settled(env);
    const { cost, requests } = await spent();
    expect(requests).toBeLessThanOrEqual(8);
    expect(funded - (await balance())).toBe(cost);
    expect((await messages(env, key, { ...body, stream: false })).status).toBe(200);
  });
});

describe("a call that outlives every timer", () => {
  let env: RelayEnv;
  beforeAll(async () => {
    // Every timer of the call state far shorter than the call: lease idling, ledger batches, circuit windows, probe deadlines.
    env = await startRelayEnv({
      delayMs: 400,
      env: {
        TOLLGATE_WORKERS: "2",
        TOLLGATE_LEASE_IDLE_MS: "50",
        TOLLGATE_LEDGER_FLUSH_MS: "50",
        TOLLGATE_CIRCUIT_WINDOW_MS: "100",
        TOLLGATE_CIRCUIT_PROBE_DEADLINE_MS: "100",
      },
    });
  });
  afterAll(async () => {
    await env?.stop();
  });

  it("is charged in full", async () => {
    const { key, balance, spent } = await fundedKey(env, 10_000_000);
    const started = Date.now();
    const response = await messages(env, key, { model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: prompt }] });
    expect(await response.text()).toContain("message_stop");
    expect(Date.now() - started).toBeGreaterThan(2_500);
    await settled(env);
    // claude-sonnet-4-6 in the 2.5x group: 15 input tokens at 3 micros, 7 output tokens at 15.
    const full = (15 * 3 + ANTHROPIC_OUTPUT_TOKENS * 15) * 2.5;
    expect(await spent()).toEqual({ cost: full, requests: 1 });
    expect(await balance()).toBe(10_000_000 - full);
  });
});

describe("one circuit view over two workers", () => {
  let env: RelayEnv;
  let backup: Mock;
  beforeAll(async () => {
    env = await startRelayEnv({
      env: { TOLLGATE_WORKERS: "2", TOLLGATE_CIRCUIT_MIN_CALLS: "4", TOLLGATE_CIRCUIT_FAILURE_PERCENT: "50", TOLLGATE_CIRCUIT_COOLDOWN_MS: "1500" },
    });
    backup = await startOpenAIMock({ apiKey: upstreamKeys.openai });
  });
  afterAll(async () => {
    await backup?.close();
    await env?.stop();
  });

  async function groupServedBy(urls: string[]) {
    const identifier = unique("gpt-cs").toLowerCase();
    const group = await env.operator.POST("/api/admin/groups", {
      body: { name: `GPT ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public", models: [{ model_id: "gpt-4o", prices: { input: 1, output: 1 } }] },
    });
    const channelIds: string[] = [];
    for (const [index, url] of urls.entries()) {
      const created = await env.operator.POST("/api/admin/channels", {
        body: { name: `${identifier}-${index}`, kind: "openai", base_url: `${url}/v1`, credentials: [upstreamKeys.openai], group_ids: [group.data!.id], priority: urls.length - index },
      });
      channelIds.push(created.data!.id);
    }
    const key = await createKey(env.tenant.owner, group.data!.id);
    await catalogReachedEveryWorker();
    const ask = () =>
      fetch(`${env.tollgate.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] }),
      });
    const health = async (index = 0) => (await env.operator.GET("/api/admin/channels")).data!.data.find((channel) => channel.id === channelIds[index])!.health;
    return { ask, health };
  }

  it("opens for every worker once the failure rate crosses the threshold, and the console shows what the relay acts on", async () => {
    const failing = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    failing.setDefault("error-500");
    try {
      const { ask, health } = await groupServedBy([failing.url, backup.url]);
      for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(200); // failed over to the backup
      expect(failing.requests).toHaveLength(4);
      // The owner's verdict reaches every worker (and so the console) within a moment.
      await expect.poll(() => health()).toMatchObject({ state: "open", window_failures: 4, window_calls: 4, last_error: expect.stringContaining("500") });
      // Both workers (connections spread over them) now skip the failing channel.
      const answers = await Promise.all(Array.from({ length: 20 }, () => ask().then((response) => response.status)));
      expect(answers.every((status) => status === 200)).toBe(true);
      expect(failing.requests).toHaveLength(4);
    } finally {
      await failing.close();
    }
  });

  it("a channel whose only channel is open answers 503 with Retry-After for the remaining cool-down", async () => {
    const failing = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    failing.setDefault("error-500");
    try {
      const { ask } = await groupServedBy([failing.url]);
      for (let i = 0; i < 4; i++) expect((await ask()).status).toBe(503);
      const refused = await ask();
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(2);
      expect(failing.requests).toHaveLength(4);
    } finally {
      await failing.close();
    }
  });

  it("a channel whose upstream answered 429 with Retry-After: 120 rests that long, not the cool-down: no worker calls it again", async () => {
    // OpenAI's rate limit, with the wait it asks for; the circuit's thresholds are as ever (4 calls, half failed).
    const limited = await startScriptedUpstream();
    const rateLimit = { error: { message: "Rate limit reached for requests per min.", type: "requests", param: null, code: "rate_limit_exceeded" } };
    limited.play({ status: 429, headers: { "retry-after": "120" }, events: [JSON.stringify(rateLimit)] });
    try {
      const withBackup = await groupServedBy([limited.url, backup.url]);
      const alone = await groupServedBy([limited.url]);
      for (let i = 0; i < 4; i++) {
        expect((await withBackup.ask()).status).toBe(200); // failed over to the backup
        const refused = await alone.ask();
        expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "120"]);
      }
      expect(limited.served()).toBe(8);
      for (const group of [withBackup, alone]) await expect.poll(async () => (await group.health()).state).toBe("open");
      await sleep(1_600); // the cool-down (1.5 s) is over; the upstream's wait is not
      const answers = await Promise.all(Array.from({ length: 10 }, () => withBackup.ask().then((response) => response.status)));
      expect(answers.every((status) => status === 200)).toBe(true);
      const refused = await alone.ask();
      expect(limited.served()).toBe(8);
      // Alone, the channel is the caller's 503 for the rest of the upstream's wait.
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(100);
      for (const group of [withBackup, alone]) expect(Date.parse((await group.health()).retry_at!) - Date.now()).toBeGreaterThan(100_000);
    } finally {
      limited.close();
    }
  });

  it("so does a 503's Retry-After, and Gemini's RetryInfo in a rate limit its stream opens with", async () => {
    const overloaded = await startScriptedUpstream();
    overloaded.play({ status: 503, headers: { "retry-after": "120" }, events: [JSON.stringify({ error: { message: "The server is overloaded.", type: "server_error", param: null, code: null } })] });
    const gemini = await startScriptedUpstream();
    const retryInfo = { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "120s" };
    gemini.play([`data: ${JSON.stringify({ error: { code: 429, message: "You exceeded your current quota.", status: "RESOURCE_EXHAUSTED", details: [retryInfo] } })}\r\n\r\n`]);
    try {
      const openai = await groupServedBy([overloaded.url]);
      // A Family C group whose one channel is the Gemini upstream.
      const identifier = unique("gemini-cs").toLowerCase();
      const group = await env.operator.POST("/api/admin/groups", {
        body: { name: identifier, identifier, family: "C", multiplier_milli: 1000, visibility: "public", models: [{ model_id: "gemini-2.5-flash", prices: { input: 1, output: 1 } }] },
      });
      await env.operator.POST("/api/admin/channels", {
        body: { name: identifier, kind: "gemini", base_url: gemini.url, credentials: [upstreamKeys.gemini], group_ids: [group.data!.id], priority: 0 },
      });
      const key = await createKey(env.tenant.owner, group.data!.id);
      await catalogReachedEveryWorker();
      const askGemini = () =>
        fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": key },
          body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
        });
      for (let i = 0; i < 4; i++) {
        expect((await openai.ask()).status).toBe(503);
        const limited = await askGemini();
        expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "120"]);
      }
      await expect.poll(async () => (await openai.health()).state).toBe("open");
      await sleep(1_600); // the cool-down (1.5 s) is over; the upstreams' waits are not
      for (const refused of [await openai.ask(), await askGemini()]) {
        expect(refused.status).toBe(503);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(100);
      }
      expect([overloaded.served(), gemini.served()]).toEqual([4, 4]);
    } finally {
      overloaded.close();
      gemini.close();
    }
  });

  it("a request's own faults (upstream 400) never open the circuit", async () => {
    const picky = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    picky.setDefault("error-400");
    try {
      const { ask, health } = await groupServedBy([picky.url, backup.url]);
      for (let i = 0; i < 12; i++) expect((await ask()).status).toBe(400);
      expect(await health()).toMatchObject({ state: "closed", window_failures: 0 });
      picky.setDefault("ok");
      expect((await ask()).status).toBe(200);
      expect(picky.requests).toHaveLength(13);
    } finally {
      await picky.close();
    }
  });

  it("a probe that ends by the request's own fault is released, and the next call probes", async () => {
    const flaky = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    flaky.setDefault("error-500");
    try {
      const { ask, health } = await groupServedBy([flaky.url, backup.url]);
      for (let i = 0; i < 4; i++) await ask();
      await expect.poll(async () => (await health()).state).toBe("open");
      await sleep(1_600); // the cool-down is over: the next call probes
      flaky.next("error-400");
      expect((await ask()).status).toBe(400); // the probe's answer is the request's fault: no verdict
      await expect.poll(async () => (await health()).state).toBe("open");
      flaky.setDefault("ok");
      expect((await ask()).status).toBe(200); // probed again at once, and it closes the circuit
      expect(flaky.requests).toHaveLength(6);
      await expect.poll(async () => (await health()).state).toBe("closed");
    } finally {
      await flaky.close();
    }
  });
});
