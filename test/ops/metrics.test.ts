// GET /metrics on a node with two workers: calls spread over both (a new connection each, which the
// cluster hands out in turn), and any worker's scrape shows their sum. Also the bearer token,
// /healthz and /readyz.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
let key: string;
const metricsToken = "metrics-scrape-secret";
const calls = 6;

/** One request on its own connection (no keep-alive), so the cluster spreads them over the workers. */
function call(path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(path, env.tollgate.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: body ? "POST" : "GET", agent: false, headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, text }));
    });
    req.on("error", reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const scrape = async () => (await call("/metrics", { authorization: `Bearer ${metricsToken}` })).text;
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_WORKERS: "2", TOLLGATE_METRICS_TOKEN: metricsToken } });
  key = await env.key("claude-smart", "metrics-key");
  // The other worker learns of the new key at its catalog's next poll (every 250 ms).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const headers = { "x-api-key": key, "anthropic-version": "2023-06-01" };
  const body = { model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] };
  for (let i = 0; i < calls - 1; i++) expect((await call("/v1/messages", headers, body)).status).toBe(200);
  const streamed = await call("/v1/messages", headers, { ...body, stream: true });
  expect(streamed.text).toContain("message_stop");
  expect((await call("/v1/messages", { ...headers, "x-api-key": "tg-unknown-key-000000000000" }, body)).status).toBe(401);
  await env.ledger("metrics-key", calls);
});
afterAll(() => env?.stop());

describe("GET /metrics over two workers", () => {
  it("sums both workers' counters, whichever worker answers the scrape", async () => {
    for (let scrapeNo = 0; scrapeNo < 2; scrapeNo++) {
      const text = await scrape();
      expect(sample(text, "tollgate_workers_reporting")).toBe(2);
      expect(sample(text, "tollgate_requests_total", { interface: "messages", group: "claude-smart", model: "claude-sonnet-4-6", status: "200" })).toBe(calls);
      expect(sample(text, "tollgate_requests_total", { interface: "messages", group: "", status: "401" })).toBe(1);
      expect(sample(text, "tollgate_request_duration_seconds_count", { interface: "messages" })).toBe(calls + 1);
      expect(sample(text, "tollgate_time_to_first_byte_seconds_count", { interface: "messages" })).toBe(calls);
      expect(sample(text, "tollgate_upstream_attempts_total")).toBe(calls);
      expect(sample(text, "tollgate_tokens_total", { group: "claude-smart", model: "claude-sonnet-4-6", kind: "output" })).toBeGreaterThan(0);
      expect(sample(text, "tollgate_cost_micros_total", { group: "claude-smart", model: "claude-sonnet-4-6" })).toBeGreaterThan(0);
      expect(sample(text, "tollgate_circuit_state")).toBe(0);
      expect(sample(text, "tollgate_ledger_records_written_total")).toBe(calls);
      expect(sample(text, "tollgate_ledger_write_seconds_count")).toBeGreaterThan(0);
      expect(sample(text, "tollgate_ledger_queue_depth")).toBe(0);
      expect(sample(text, "tollgate_catalog_age_seconds")).toBeLessThan(5);
    }
  });

  it("matches the ledger's tokens and cost", async () => {
    const ledger = await env.ledger("metrics-key", calls);
    const text = await scrape();
    const labels = { group: "claude-smart", model: "claude-sonnet-4-6" };
    expect(sample(text, "tollgate_tokens_total", { ...labels, kind: "output" })).toBe(ledger.reduce((sum, row) => sum + row.output_tokens, 0));
    expect(sample(text, "tollgate_cost_micros_total", labels)).toBe(ledger.reduce((sum, row) => sum + row.cost, 0));
  });

  it("requires the bearer token when TOLLGATE_METRICS_TOKEN is set", async () => {
    expect((await call("/metrics", {})).status).toBe(401);
    expect((await call("/metrics", { authorization: "Bearer wrong" })).status).toBe(401);
  });
});

describe("tokens by kind", () => {
  it("counts Anthropic's 1-hour cache writes as cache_write_1h, a part of cache_write, as the ledger does", async () => {
    const cacheKey = await env.key("claude-smart", "cache-1h-key");
    await new Promise((resolve) => setTimeout(resolve, 1000));
    env.mocks.anthropic.next("cached");
    const body = {
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      system: [{ type: "text", text: "Long instructions", cache_control: { type: "ephemeral", ttl: "1h" } }],
      messages: [{ role: "user", content: "Hello" }],
    };
    expect((await call("/v1/messages", { "x-api-key": cacheKey, "anthropic-version": "2023-06-01" }, body)).status).toBe(200);
    const [row] = await env.ledger("cache-1h-key", 1);
    expect(row.cache_write_1h_tokens).toBeGreaterThan(0);
    const text = await scrape();
    const labels = { group: "claude-smart", model: "claude-sonnet-4-6" };
    // The suite's other calls wrote no cache, so these totals are this call's.
    expect(sample(text, "tollgate_tokens_total", { ...labels, kind: "cache_write_1h" })).toBe(row.cache_write_1h_tokens);
    expect(sample(text, "tollgate_tokens_total", { ...labels, kind: "cache_write" })).toBe(row.cache_write_tokens);
  });
});

describe("health probes", () => {
  it("/healthz answers while the process lives; /readyz reports each check", async () => {
    expect(JSON.parse((await call("/healthz", {})).text)).toEqual({ status: "ok" });
    const ready = await call("/readyz", {});
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.text)).toMatchObject({ status: "ready", checks: { database: { ok: true }, catalog: { ok: true }, workers: { ok: true, up: 2, expected: 2 } } });
  });
});
