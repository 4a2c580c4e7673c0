// The model capability catalog end to end: what the operator sees and changes in the admin API,
// what callers see (Marketplace, Call Guide, the model lists' limit fields), and what reaches the
// upstream: an output limit past the model's clamped in place on passthrough (the rest of the
// client's bytes unchanged), the operator's own limit obeyed, and a User-Agent naming Tollgate.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient } from "../../client/index.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

const groupNamed = async (identifier: string) => {
  const { data } = await env.operator.GET("/api/admin/groups");
  return data!.data.find((group) => group.identifier === identifier)!;
};

async function post(path: string, key: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${env.tollgate.url}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers }, body });
}

describe("what the operator sees and changes", () => {
  it("shows each model's effective capabilities and where they came from: the catalog's entry, or the defaults for an id it does not know", async () => {
    const deepseek = await groupNamed("deepseek-trial");
    const chat = deepseek.models.find((model) => model.model_id === "deepseek-chat")!;
    expect(chat.capabilities).toBeUndefined();
    expect(chat.effective_capabilities).toMatchObject({ source: "catalog", max_output_tokens: 8_192, context_window: 128_000, stop_sequences: 16 });
    const gpt = await groupNamed("gpt-trial");
    expect(gpt.models.find((model) => model.model_id === "gpt-4o-mini")!.effective_capabilities).toMatchObject({ source: "catalog", max_output_tokens: 16_384, reasoning: null });
    expect(gpt.models.find((model) => model.model_id === "gpt-5")!.effective_capabilities!.reasoning).toEqual({ efforts: ["minimal", "low", "medium", "high"], budget: null, can_disable: false });
  });

  it("takes the operator's changes field by field, keeps them across a read, and refuses an inverted range naming the field", async () => {
    const qwen = await groupNamed("qwen-trial");
    const models = [
      ...qwen.models.map(({ effective_capabilities: _, ...model }) => model),
      { model_id: "local-llm", prices: { input: 1, output: 1 }, capabilities: { max_output_tokens: 2_048, reasoning: { efforts: ["low", "high"] as ("low" | "high")[], budget: null, can_disable: true } } },
    ];
    const { data, error } = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: qwen.id } }, body: { models } });
    expect(error).toBeUndefined();
    const local = data!.models.find((model) => model.model_id === "local-llm")!;
    expect(local.capabilities).toEqual({ max_output_tokens: 2_048, reasoning: { efforts: ["low", "high"], budget: null, can_disable: true } });
    // The rest is the defaults' (an id the catalog does not know), which the operator sees.
    expect(local.effective_capabilities).toMatchObject({ source: "operator", max_output_tokens: 2_048, context_window: 128_000, tools: true });

    const inverted = await env.operator.PATCH("/api/admin/groups/{id}", {
      params: { path: { id: qwen.id } },
      body: { models: [{ model_id: "local-llm", prices: { input: 1, output: 1 }, capabilities: { temperature: { min: 1.5, max: 0.5 } } }] },
    });
    expect(inverted.response.status).toBe(400);
    expect(JSON.stringify(inverted.error)).toContain("models[0].capabilities.temperature");
    const zero = await env.operator.PATCH("/api/admin/groups/{id}", {
      params: { path: { id: qwen.id } },
      body: { models: [{ model_id: "local-llm", prices: { input: 1, output: 1 }, capabilities: { max_output_tokens: 0 } }] },
    });
    expect(zero.response.status).toBe(400);
    expect(JSON.stringify(zero.error)).toContain("max_output_tokens");
  });
});

describe("what callers see", () => {
  it("the Marketplace and the Call Guide give each model's context window, output limit and whether it reasons", async () => {
    const { data } = await consoleClient({ baseUrl: env.tollgate.url }).GET("/api/marketplace");
    const deepseek = data!.groups.find((group) => group.identifier === "deepseek-trial")!;
    expect(deepseek.models.find((model) => model.model_id === "deepseek-chat")!.limits).toEqual({ context_window: 128_000, max_output_tokens: 8_192, reasons: true });
    const guide = await env.tenant.owner.GET("/api/call-guide");
    const gpt = guide.data!.groups.find((group) => group.identifier === "gpt-trial")!;
    expect(gpt.models.find((model) => model.model_id === "gpt-4o-mini")!.limits).toEqual({ context_window: 128_000, max_output_tokens: 16_384, reasons: false });
  });

  it("/v1/models/{id} reports the limits where the format has fields for them: Anthropic's max_input_tokens and max_tokens, Gemini's token limits", async () => {
    const claudeKey = await env.key("claude-smart");
    const anthropic = await fetch(`${env.tollgate.url}/v1/models/claude-opus-4-6`, { headers: { "x-api-key": claudeKey, "anthropic-version": "2023-06-01" } });
    expect(await anthropic.json()).toMatchObject({ id: "claude-opus-4-6", max_input_tokens: 200_000, max_tokens: 128_000 });
    const geminiKey = await env.key("gemini-official");
    const gemini = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-pro`, { headers: { "x-goog-api-key": geminiKey } });
    expect(await gemini.json()).toMatchObject({ name: "models/gemini-2.5-pro", inputTokenLimit: 1_048_576, outputTokenLimit: 65_536, thinking: true });
  });
});

describe("what reaches the upstream on passthrough", () => {
  it("an output limit past the model's is sent as the model's maximum, in place: the rest of the caller's bytes arrive as sent", async () => {
    const key = await env.key("deepseek-trial");
    const body = `{"model":"deepseek-chat","max_tokens":32000,"messages":[{"role":"user","content":"Say hello \\u00e9 1e2."}]}`;
    const from = env.mocks.openai.requests.length;
    const answer = await post("/v1/chat/completions", key, body);
    expect(answer.status).toBe(200);
    const [sent] = env.mocks.openai.requests.slice(from);
    expect(sent.raw).toBe(body.replace('"max_tokens":32000', '"max_tokens":8192'));
    expect(sent.headers["user-agent"]).toBe(`Tollgate/${version}`);
  });

  it("a limit within the model's goes untouched, byte for byte", async () => {
    const key = await env.key("deepseek-trial");
    const body = `{"model":"deepseek-chat","max_tokens":8192,"messages":[{"role":"user","content":"Hi"}]}`;
    const from = env.mocks.openai.requests.length;
    expect((await post("/v1/chat/completions", key, body)).status).toBe(200);
    expect(env.mocks.openai.requests[from].raw).toBe(body);
  });

  it("each format's own field: Anthropic's max_tokens (and a thinking budget that no longer fits under it), Responses' max_output_tokens, Gemini's generationConfig.maxOutputTokens", async () => {
    const claude = await env.key("claude-smart");
    let from = env.mocks.anthropic.requests.length;
    const thinking = await post(
      "/v1/messages",
      claude,
      JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 100_000, thinking: { type: "enabled", budget_tokens: 80_000 }, messages: [{ role: "user", content: "Hi" }] }),
      { "anthropic-version": "2023-06-01" },
    );
    expect(thinking.status, await thinking.clone().text()).toBe(200);
    const toAnthropic = env.mocks.anthropic.requests[from].body;
    expect(toAnthropic.max_tokens).toBe(64_000);
    expect(toAnthropic.thinking).toEqual({ type: "enabled", budget_tokens: 51_200 }); // its 80% share of the caller's max_tokens

    const gpt = await env.key("gpt-trial");
    from = env.mocks.openai.requests.length;
    const responses = await post("/v1/responses", gpt, JSON.stringify({ model: "gpt-4o-mini", max_output_tokens: 32_000, input: "Hi" }));
    expect(responses.status, await responses.clone().text()).toBe(200);
    expect(env.mocks.openai.requests[from].body.max_output_tokens).toBe(16_384);

    const gemini = await env.key("gemini-official");
    from = env.mocks.gemini.requests.length;
    const generated = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": gemini },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }], generationConfig: { maxOutputTokens: 100_000, temperature: 0.5 } }),
    });
    expect(generated.status, await generated.clone().text()).toBe(200);
    expect(env.mocks.gemini.requests[from].body.generationConfig).toEqual({ maxOutputTokens: 65_536, temperature: 0.5 });
  });

  it("the operator's limit is the one obeyed", async () => {
    const deepseek = await groupNamed("deepseek-trial");
    const models = deepseek.models.map(({ effective_capabilities: _, ...model }) => (model.model_id === "deepseek-chat" ? { ...model, capabilities: { max_output_tokens: 1_000 } } : model));
    const { error } = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: deepseek.id } }, body: { models } });
    expect(error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
    const key = await env.key("deepseek-trial");
    const from = env.mocks.openai.requests.length;
    const answer = await post("/v1/chat/completions", key, JSON.stringify({ model: "deepseek-chat", max_tokens: 4_000, messages: [{ role: "user", content: "Hi" }] }));
    expect(answer.status).toBe(200);
    expect(env.mocks.openai.requests[from].body.max_tokens).toBe(1_000);
  });
});

describe("a custom OpenAI-compatible channel, strict as servers that refuse unknown fields", () => {
  it("gets chat's common core from a translated Claude Code-style call (no user, parallel_tool_calls or reasoning_effort), and answers it", async () => {
    const identifier = `strict-${Date.now().toString(36)}`;
    const group = await env.operator.POST("/api/admin/groups", {
      body: { name: "Local Models", identifier, family: "compatible", translated_interfaces: ["messages"], multiplier_milli: 1000, visibility: "public", models: [{ model_id: "strict/local-model", prices: { input: 1, output: 1 } }] },
    });
    expect(group.error).toBeUndefined();
    const channel = await env.operator.POST("/api/admin/channels", {
      body: { name: identifier, kind: "openai-compatible", preset: "custom", base_url: `${env.mocks.openai.url}/v1`, credentials: [upstreamKeys.openai], group_ids: [group.data!.id] },
    });
    expect(channel.error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
    const key = (await env.tenant.owner.POST("/api/keys", { body: { name: `strict-${Date.now()}`, group_id: group.data!.id } })).data!.secret;
    const from = env.mocks.openai.requests.length;
    const answer = await post(
      "/v1/messages",
      key,
      JSON.stringify({
        model: "strict/local-model",
        max_tokens: 32_000,
        thinking: { type: "adaptive" },
        output_config: { effort: "high" },
        metadata: { user_id: "user_abc_account_def_session_ghi" },
        tools: [{ name: "Read", description: "Read a file.", input_schema: { type: "object", properties: { path: { type: "string" } } } }],
        tool_choice: { type: "auto", disable_parallel_tool_use: false },
        messages: [{ role: "user", content: "Hi" }],
      }),
      { "anthropic-version": "2023-06-01" },
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    const sent = env.mocks.openai.requests[from].body;
    expect(Object.keys(sent).sort()).toEqual(["max_tokens", "messages", "model", "stream", "stream_options", "tool_choice", "tools"]);
    // The model is one the catalog does not know: its defaults are shown to the operator, and bind only once set.
    expect(sent.max_tokens).toBe(32_000);
  });
});
