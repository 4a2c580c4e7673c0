// Loud where the formats do not allow: each caller-format request field that the canonical form has
// no slot for is refused with a 400 in the caller's format naming the field — on every upstream the
// caller can be translated to — never dropped silently, never sent upstream, never charged. And an
// upstream's 429 keeps its status and says so in the caller's format.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { call, optIn, pairs } from "./pairs.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
  await optIn(env);
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

/** Per caller format: [the field as the caller names it, the top-level fields that send a value that matters]. */
const unrepresentable: Record<string, [string, Record<string, unknown>][]> = {
  messages: [
    ["mcp_servers", { mcp_servers: [{ type: "url", url: "https://mcp.example.com/sse", name: "example" }] }],
    ["container", { container: "container_011CPR5CNjB747bTd36fQLFk" }],
    // (context_management is ignored by design: Claude Code sends it; see server/translate/messages/index.ts.)
    ["inference_geo", { inference_geo: "us" }],
    ["tools[0]", { tools: [{ type: "web_search_20250305", name: "web_search", max_uses: 3 }] }],
  ],
  chat: [
    ["n", { n: 2 }],
    ["logprobs", { logprobs: true, top_logprobs: 2 }],
    ["logit_bias", { logit_bias: { "50256": -100 } }],
    ["modalities", { modalities: ["text", "audio"], audio: { voice: "alloy", format: "wav" } }],
    ["prediction", { prediction: { type: "content", content: "the same file, edited" } }],
    ["web_search_options", { web_search_options: { search_context_size: "low" } }],
  ],
  responses: [
    ["previous_response_id", { previous_response_id: "resp_0123456789" }],
    ["conversation", { conversation: "conv_0123456789" }],
    ["background", { background: true }],
    ["prompt", { prompt: { id: "pmpt_0123", version: "2" } }],
    // A hosted tool (web_search) is left out upstream; one the client runs in OpenAI's shapes, or forcing a hosted one, is refused.
    ["tools[0]", { tools: [{ type: "local_shell" }] }],
    ["tool_choice", { tools: [{ type: "web_search" }], tool_choice: { type: "web_search_preview" } }],
    ["top_logprobs", { top_logprobs: 3 }],
  ],
  "generate-content": [
    ["generationConfig.candidateCount", { generationConfig: { candidateCount: 2 } }],
    ["generationConfig.responseLogprobs", { generationConfig: { responseLogprobs: true } }],
    ["cachedContent", { cachedContent: "cachedContents/abc123" }],
    ["tools[0]", { tools: [{ googleSearch: {} }] }],
    ["generationConfig.responseModalities", { generationConfig: { responseModalities: ["AUDIO"] } }],
  ],
};

const cases = pairs.flatMap((pair) => unrepresentable[pair.caller.format].map(([field, extra]) => ({ name: `${pair.name}: ${field}`, pair, field, extra })));

describe.each(cases)("$name", ({ pair, field, extra }) => {
  it("is refused, naming the field, before any upstream call and charge", async () => {
    const keyName = unique("refusal");
    const key = await env.key(pair.upstream.group, keyName);
    const exchange = await call(env, pair, key, { messages: [{ role: "user", text: "Hi." }], extra }, false);
    expect(exchange.status, exchange.raw.slice(0, 400)).toBe(400);
    expect(pair.caller.errorMessage(exchange.json, 400)).toContain(field);
    expect(exchange.received, "the upstream was called").toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { data } = await env.operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } });
    expect((data?.data ?? []).filter((record) => record.key_name === keyName && record.cost !== 0)).toEqual([]);
  });
});

describe.each(pairs)("$name", (pair) => {
  it("an upstream 429 is answered 429 in the caller's format", async () => {
    const key = await env.key(pair.upstream.group, unique("limited"));
    const exchange = await call(env, pair, key, { messages: [{ role: "user", text: "Hi." }] }, true, "error-429");
    expect(exchange.received).not.toBeNull();
    expect(exchange.status, exchange.raw.slice(0, 400)).toBe(429);
    expect(pair.caller.errorMessage(exchange.json, 429).length).toBeGreaterThan(0);
  });
});
