// Bodies shaped to slip past admission: a gzip body whose compressed size hides its real size from
// the quota hold, a small image whose header claims a size that costs far more than its bytes, and
// a body nested deep enough to overflow the stack of whatever recurses over it.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { costMicros } from "../../server/domain/pricing.ts";
import { formatMicros, mediaAllowanceTokens, worstCaseCost } from "../../server/domain/worst-case.ts";
import { createKey, createTenant, unique } from "../helpers/fixtures.ts";
import { base64, png } from "../helpers/images.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv({ balance: 20_000, env: { TOLLGATE_MAX_JSON_DEPTH: "32" } });
  // Unmodelled fields on purpose; the strict mocks accept these.
  for (const mock of Object.values(env.mocks)) mock.allowFields("metadata_extra", "vendor_extra", "vendorExtra");
});
afterAll(async () => {
  await env?.stop();
});

const familyA = (key: string, extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  "x-api-key": key,
  "anthropic-version": "2023-06-01",
  ...extra,
});

describe("a compressed body is held at its decoded size", () => {
  it("a 400 KB prompt sent as a 1 KB gzip body is refused against a balance that cannot cover its worst case", async () => {
    const name = unique("gzip-big");
    const key = await env.key("claude-smart", name);
    const body = { model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Tell me more. ".repeat(30_000) }] };
    const json = JSON.stringify(body);
    const compressed = gzipSync(json);
    expect(compressed.length).toBeLessThan(2_000);

    const before = env.mocks.anthropic.requests.length;
    const response = await fetch(`${env.tollgate.url}/v1/messages`, {
      method: "POST",
      headers: familyA(key, { "content-encoding": "gzip" }),
      body: compressed,
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("x-should-retry")).toBe("false");
    // The hold named in the refusal is the worst case of the decoded body, byte for byte.
    const group = env.groups.get("claude-smart")!;
    const model = group.models.find((candidate) => candidate.model_id === "claude-sonnet-4-6")!;
    const worst = worstCaseCost("messages", body, Buffer.byteLength(json), { cache_read: 0, cache_write: 0, ...model.prices }, group.multiplier_milli);
    expect((await response.json()).error.message).toContain(formatMicros(worst));
    expect(env.mocks.anthropic.requests.length).toBe(before);
    expect(await env.held()).toEqual({ reservations: 0, keyReserved: 0, memberReserved: 0 });
  });

  it("a small gzip body is inflated, relayed and billed like the same body sent plain", async () => {
    const costs: number[] = [];
    for (const encoding of ["gzip", "identity"]) {
      const name = unique(`gzip-${encoding}`);
      const key = await env.key("claude-smart", name);
      const json = JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user", content: "Say hello in one word." }] });
      const response = await fetch(`${env.tollgate.url}/v1/messages`, {
        method: "POST",
        headers: familyA(key, encoding === "gzip" ? { "content-encoding": "gzip" } : {}),
        body: encoding === "gzip" ? gzipSync(json) : json,
      });
      expect(response.status).toBe(200);
      costs.push((await env.ledger(name))[0].cost);
    }
    expect(costs[0]).toBeGreaterThan(0);
    expect(costs[0]).toBe(costs[1]);
  });
});

describe("an image is held at what its size costs", () => {
  it("a small body whose PNG header says 8000 × 8000 is held at Gemini's 121 tiles for it, not the media allowance, and refused against a balance the allowance fits", async () => {
    const key = await env.key("gemini-official", unique("huge-image"));
    const data = base64(png(8000, 8000));
    const body = { contents: [{ role: "user", parts: [{ inlineData: { mimeType: "image/png", data } }, { text: "Describe it." }] }], generationConfig: { maxOutputTokens: 16 } };
    const json = JSON.stringify(body);
    const group = env.groups.get("gemini-official")!;
    const model = group.models.find((candidate) => candidate.model_id === "gemini-2.5-flash")!;
    // The worst case: the text at a token a byte, the image at `imageTokens`, and the 16 output tokens asked for.
    const held = (imageTokens: number) =>
      costMicros({ input: Buffer.byteLength(json) - data.length + imageTokens, output: 16, cache_read: 0, cache_write: 0 }, { cache_read: 0, cache_write: 0, ...model.prices }, group.multiplier_milli);
    // The balance (20,000 micros) covers the image at the 8,192-token allowance, not at 121 × 258 tokens.
    expect(held(mediaAllowanceTokens)).toBeLessThan(18_000);
    expect(held(121 * 258)).toBeGreaterThan(20_000);

    const before = env.mocks.gemini.requests.length;
    const response = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:generateContent`, { method: "POST", headers: { "content-type": "application/json", "x-goog-api-key": key }, body: json });
    expect(response.status).toBe(429);
    expect((await response.json()).error.message).toContain(formatMicros(held(121 * 258)));
    expect(env.mocks.gemini.requests.length).toBe(before);
    expect(await env.held()).toEqual({ reservations: 0, keyReserved: 0, memberReserved: 0 });
  });
});

describe("bodies that are not JSON, or not in an encoding the gateway reads", () => {
  it("a body of only whitespace is refused as not JSON, whatever the Content-Type's parameters or framing", async () => {
    const key = await env.key("claude-smart", unique("blank"));
    for (const [contentType, body] of [
      ["application/json", "   "],
      ["application/json", "\n"],
      ["application/json; charset=utf-8; x=1", "   "],
    ] as const) {
      const response = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers: familyA(key, { "content-type": contentType }), body });
      expect(response.status, `${contentType} ${JSON.stringify(body)}`).toBe(400);
      expect((await response.json()).error.message).toMatch(/not valid JSON/);
    }
  });

  it("an unsupported Content-Encoding is named as such", async () => {
    const key = await env.key("claude-smart", unique("compress"));
    const response = await fetch(`${env.tollgate.url}/v1/messages`, { method: "POST", headers: familyA(key, { "content-encoding": "compress" }), body: "{}" });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect((await response.json()).error.message).toMatch(/Content-Encoding.*gzip, deflate or br/);
  });
});

describe("nesting depth is bounded at parse time (TOLLGATE_MAX_JSON_DEPTH=32 here)", () => {
  const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;
  let keys: Record<string, string>;

  beforeAll(async () => {
    const tenant = await createTenant(env.tollgate.url, env.operator);
    await env.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 100_000_000 } });
    keys = {};
    for (const identifier of ["claude-smart", "gpt-trial", "gemini-official"]) keys[identifier] = await createKey(tenant.owner, env.groups.get(identifier)!.id);
  });

  type Call = { name: string; url: string; headers: Record<string, string>; body: (x: string) => string; error: (json: any) => void };
  const calls = (): Call[] => [
    {
      name: "Family A messages",
      url: "/v1/messages",
      headers: familyA(keys["claude-smart"]),
      body: (x: string) => `{"model":"claude-sonnet-4-6","max_tokens":16,"messages":[{"role":"user","content":"Hi"}],"metadata_extra":${x}}`,
      error: (json: any) => expect(json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } }),
    },
    {
      name: "chat completions",
      url: "/v1/chat/completions",
      headers: { "content-type": "application/json", authorization: `Bearer ${keys["gpt-trial"]}` },
      body: (x: string) => `{"model":"gpt-5","messages":[{"role":"user","content":"Hi"}],"vendor_extra":${x}}`,
      error: (json: any) => expect(json.error).toMatchObject({ type: "invalid_request_error", param: "vendor_extra" }),
    },
    {
      name: "responses",
      url: "/v1/responses",
      headers: { "content-type": "application/json", authorization: `Bearer ${keys["gpt-trial"]}` },
      body: (x: string) => `{"model":"gpt-5","input":"Hi","vendor_extra":${x}}`,
      error: (json: any) => expect(json.error).toMatchObject({ type: "invalid_request_error", param: "vendor_extra" }),
    },
    {
      name: "Family C generateContent",
      url: "/v1beta/models/gemini-2.5-flash:generateContent",
      headers: { "content-type": "application/json", "x-goog-api-key": keys["gemini-official"] },
      body: (x: string) => `{"contents":[{"role":"user","parts":[{"text":"Hi"}]}],"vendorExtra":${x}}`,
      error: (json: any) => expect(json.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" }),
    },
  ];

  it("20,000 nested arrays in an unmodelled field get a 400 in each interface's shape, and the next call is served", async () => {
    for (const call of calls()) {
      const response = await fetch(`${env.tollgate.url}${call.url}`, { method: "POST", headers: call.headers, body: call.body(nested(20_000)) });
      expect(response.status, call.name).toBe(400);
      const json = await response.json();
      call.error(json);
      expect(JSON.stringify(json), call.name).toContain("nests deeper than 32 levels");
      expect(JSON.stringify(json), call.name).toContain("TOLLGATE_MAX_JSON_DEPTH");

      const next = await fetch(`${env.tollgate.url}${call.url}`, { method: "POST", headers: call.headers, body: call.body("[]") });
      expect(next.status, `${call.name} after the deep body`).toBe(200);
    }
  });

  it("the limit counts levels: 31 nested arrays under the body pass, 32 do not", async () => {
    const [messages] = calls();
    const at = async (levels: number) => (await fetch(`${env.tollgate.url}${messages.url}`, { method: "POST", headers: messages.headers, body: messages.body(nested(levels)) })).status;
    expect(await at(31)).toBe(200);
    expect(await at(32)).toBe(400);
  });
});
