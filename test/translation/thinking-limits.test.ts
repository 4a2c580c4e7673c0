// Reasoning an upstream model cannot take as the caller asked for it, by translation, with the
// official SDKs as clients: Gemini 2.0 does not think, Gemini 3 Pro cannot stop thinking, and
// Anthropic refuses thinking beside a forced tool. The mocks refuse each as the vendor does, so a
// call that reaches them in a refused form fails here with the vendor's words.
import Anthropic from "@anthropic-ai/sdk";
import { FunctionCallingConfigMode, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import type { RecordedRequest } from "../mock-upstreams/server.ts";
import { TOOL } from "./sdk-helpers.ts";

const GEMINI_MODELS = ["gemini-2.0-flash", "gemini-2.0-flash-lite", "gemini-3-pro-preview", "gemini-3-flash-preview"];

let env: RelayEnv;
let geminiKey: string;
beforeAll(async () => {
  env = await startRelayEnv();
  // A Gemini group serving the models at issue, taking the other vendors' interfaces by translation.
  const identifier = unique("gemini-thinking").toLowerCase();
  const group = await env.operator.POST("/api/admin/groups", {
    body: {
      name: identifier,
      identifier,
      family: "C",
      translated_interfaces: ["messages", "chat", "responses"],
      multiplier_milli: 1000,
      visibility: "public",
      models: GEMINI_MODELS.map((model_id) => ({ model_id, prices: { input: 1, output: 1 } })),
    },
  });
  if (group.error) throw new Error(JSON.stringify(group.error));
  const channel = await env.operator.POST("/api/admin/channels", {
    body: { name: identifier, kind: "gemini", base_url: env.mocks.gemini.url, credentials: [upstreamKeys.gemini], group_ids: [group.data!.id], priority: 0 },
  });
  if (channel.error) throw new Error(JSON.stringify(channel.error));
  geminiKey = await createKey(env.tenant.owner, group.data!.id);
  const claude = env.groups.get("claude-smart")!;
  const patched = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: claude.id } }, body: { translated_interfaces: ["chat", "responses", "generate-content"] } });
  if (patched.error) throw new Error(JSON.stringify(patched.error));
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
const anthropic = (key: string) => new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 });
const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: env.tollgate.url } });

/** Runs `call` and returns the one request it made of `mock`. */
async function upstreamOf(mock: "gemini" | "anthropic", call: () => Promise<unknown>): Promise<RecordedRequest> {
  const before = env.mocks[mock].requests.length;
  await call();
  const made = env.mocks[mock].requests.slice(before);
  expect(made).toHaveLength(1);
  return made[0];
}

/** One call per caller format asking for reasoning (effort or budget, as the format says it). */
const askingReasoning: [string, (model: string) => Promise<unknown>][] = [
  ["chat reasoning_effort high", (model) => openai(geminiKey).chat.completions.create({ model, messages: [{ role: "user", content: "Hi." }], reasoning_effort: "high" })],
  ["Responses reasoning effort low with a summary", (model) => openai(geminiKey).responses.create({ model, input: "Hi.", reasoning: { effort: "low", summary: "auto" } })],
  ["Anthropic thinking enabled", (model) => anthropic(geminiKey).messages.create({ model, max_tokens: 4096, messages: [{ role: "user", content: "Hi." }], thinking: { type: "enabled", budget_tokens: 2048 } })],
];

describe("Gemini 2.0 does not think", () => {
  describe.each(["gemini-2.0-flash", "gemini-2.0-flash-lite"])("%s", (model) => {
    it.each(askingReasoning)("%s: the model gets no thinkingConfig and answers", async (_, call) => {
      const upstream = await upstreamOf("gemini", () => call(model));
      expect(upstream.body.generationConfig?.thinkingConfig).toBeUndefined();
    });
  });
});

describe("Gemini 3 takes the level nearest the caller's effort that the model has", () => {
  const level = async (model: string, call: (model: string) => Promise<unknown>) => {
    const thinking = (await upstreamOf("gemini", () => call(model))).body.generationConfig?.thinkingConfig;
    expect(thinking).not.toHaveProperty("thinkingBudget");
    return thinking?.thinkingLevel;
  };
  const chatEffort = (effort: "none" | "minimal" | "medium") => (model: string) => openai(geminiKey).chat.completions.create({ model, messages: [{ role: "user", content: "Hi." }], reasoning_effort: effort });

  // Gemini 3 Pro cannot stop thinking (its least is LOW) and has no MEDIUM; 3 Flash takes MINIMAL.
  it.each([
    { name: "chat reasoning_effort none", call: chatEffort("none"), pro: "LOW", flash: "MINIMAL" },
    { name: "chat reasoning_effort minimal", call: chatEffort("minimal"), pro: "LOW", flash: "MINIMAL" },
    { name: "chat reasoning_effort medium", call: chatEffort("medium"), pro: "HIGH", flash: "MEDIUM" },
    { name: "Responses reasoning effort none", call: (model: string) => openai(geminiKey).responses.create({ model, input: "Hi.", reasoning: { effort: "none" } }), pro: "LOW", flash: "MINIMAL" },
    {
      name: "Anthropic thinking disabled",
      call: (model: string) => anthropic(geminiKey).messages.create({ model, max_tokens: 1024, messages: [{ role: "user", content: "Hi." }], thinking: { type: "disabled" } }),
      pro: "LOW",
      flash: "MINIMAL",
    },
  ])("$name: 3 Pro gets $pro, 3 Flash $flash", async ({ call, pro, flash }) => {
    expect(await level("gemini-3-pro-preview", call)).toBe(pro);
    expect(await level("gemini-3-flash-preview", call)).toBe(flash);
  });
});

describe("Anthropic: a forced tool choice with reasoning asked for keeps the tool choice and leaves thinking off", () => {
  const chatTool: OpenAI.Chat.ChatCompletionTool = { type: "function", function: TOOL };
  const claudeKey = () => env.key("claude-smart", unique("forced"));
  const forced = async (call: (key: string) => Promise<unknown>) => {
    env.mocks.anthropic.next("tool");
    return (await upstreamOf("anthropic", async () => call(await claudeKey()))).body;
  };

  it("chat tool_choice required with reasoning_effort high: tool_choice any, thinking disabled, the call made", async () => {
    let completion: OpenAI.Chat.ChatCompletion | undefined;
    const body = await forced(async (key) => {
      completion = await openai(key).chat.completions.create({ model: "claude-sonnet-4-6", messages: [{ role: "user", content: "Read the readme." }], tools: [chatTool], tool_choice: "required", reasoning_effort: "high" });
    });
    expect(body).toMatchObject({ tool_choice: { type: "any" }, thinking: { type: "disabled" } });
    expect(completion!.choices[0].finish_reason).toBe("tool_calls");
    expect(completion!.choices[0].message.tool_calls?.[0]).toMatchObject({ function: { name: TOOL.name } });
  });

  it("chat naming a function with reasoning_effort low: tool_choice tool, thinking disabled, the effort kept", async () => {
    const body = await forced((key) =>
      openai(key).chat.completions.create({
        model: "claude-sonnet-4-6",
        messages: [{ role: "user", content: "Read the readme." }],
        tools: [chatTool],
        tool_choice: { type: "function", function: { name: TOOL.name } },
        reasoning_effort: "low",
      }),
    );
    expect(body).toMatchObject({ tool_choice: { type: "tool", name: TOOL.name }, thinking: { type: "disabled" }, output_config: { effort: "low" } });
  });

  it("Responses tool_choice required with reasoning: tool_choice any, thinking disabled", async () => {
    const body = await forced((key) =>
      openai(key).responses.create({
        model: "claude-sonnet-4-6",
        input: "Read the readme.",
        tools: [{ type: "function", name: TOOL.name, description: TOOL.description, parameters: TOOL.parameters, strict: false }],
        tool_choice: "required",
        reasoning: { effort: "medium", summary: "auto" },
      }),
    );
    expect(body).toMatchObject({ tool_choice: { type: "any" }, thinking: { type: "disabled" } });
  });

  it("Gemini functionCallingConfig ANY with a thinking budget: tool_choice any, thinking disabled", async () => {
    const body = await forced((key) =>
      genai(key).models.generateContent({
        model: "claude-sonnet-4-6",
        contents: "Read the readme.",
        config: {
          tools: [{ functionDeclarations: [{ name: TOOL.name, description: TOOL.description, parametersJsonSchema: TOOL.parameters }] }],
          toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } },
          thinkingConfig: { thinkingBudget: 4096, includeThoughts: true },
        },
      }),
    );
    expect(body).toMatchObject({ tool_choice: { type: "any" }, thinking: { type: "disabled" } });
  });

  it("tool_choice auto with reasoning still thinks", async () => {
    const body = await forced((key) =>
      openai(key).chat.completions.create({ model: "claude-sonnet-4-6", messages: [{ role: "user", content: "Read the readme." }], tools: [chatTool], tool_choice: "auto", reasoning_effort: "high" }),
    );
    expect(body).toMatchObject({ tool_choice: { type: "auto" }, thinking: { type: "adaptive" } });
  });
});
