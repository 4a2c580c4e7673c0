import { modelCapabilities } from "../../domain/model-capabilities.ts";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { carry } from "../carry.ts";
import type { CanonicalRequest } from "../canonical.ts";
import { freeformParameters } from "../freeform-tools.ts";
import { codecs } from "../codecs.ts";
import { responsesCodec } from "../responses/index.ts";
import { chatCodec } from "./index.ts";
import { refusalOf } from "../../../test/helpers/translation.ts";

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const read = (body: Record<string, any>) => chatCodec.readRequest(body, { stream: true, model: body.model ?? "m" });
const base = (extra: Partial<CanonicalRequest> = {}): CanonicalRequest => ({ model: "deepseek-chat", system: [], turns: [], tools: [], stream: true, ...extra });


describe("chat request: same-format round trip", () => {
  it("gives back the recorded body, minus fields at their defaults", () => {
    const body = fixture("request-rich.json");
    const { n, logprobs, store, ...expected } = body;
    expect([n, logprobs, store]).toEqual([1, false, false]);
    expect(chatCodec.writeRequest(read(body))).toEqual(expected);
  });

  it("reads the recorded body into the canonical form", () => {
    const request = read(fixture("request-rich.json"));
    expect(request.system).toEqual([
      { type: "text", text: "You are a travel assistant." },
      { type: "text", text: "Answer in English." },
    ]);
    expect(request.turns.map((turn) => [turn.role, turn.parts.map((part) => part.type)])).toEqual([
      ["user", ["text", "image", "image", "document"]],
      ["assistant", ["reasoning", "text", "tool_call", "tool_call"]],
      ["user", ["tool_result", "tool_result"]],
      ["system", ["text"]],
      ["assistant", ["refusal"]],
      ["user", ["text"]],
    ]);
    expect(request.turns[0].parts[1]).toEqual({ type: "image", source: { kind: "base64", mediaType: "image/png", data: expect.stringMatching(/^iVBOR/) }, detail: "high" });
    expect(request.turns[0].parts[3]).toEqual({ type: "document", source: { kind: "base64", mediaType: "application/pdf", data: "JVBERi0xLjQKJcfsj6IK" }, filename: "itinerary.pdf" });
    expect(request.turns[1].parts[0]).toEqual({
      type: "reasoning",
      text: "The image shows the Eiffel Tower, so the city is Paris. I should call get_weather.",
      opaque: { origin: "chat", value: { reasoning_content: "The image shows the Eiffel Tower, so the city is Paris. I should call get_weather." } },
    });
    expect(request.turns[2].parts[1]).toEqual({ type: "tool_result", callId: "call_1_9b1c", name: "get_time", content: [{ type: "text", text: "14:05" }, { type: "text", text: "CEST" }] });
    expect(request).toMatchObject({ maxOutputTokens: 1024, stop: ["\n\nUser:", "END"], toolChoice: { type: "auto" }, reasoning: { effort: "medium" }, user: "user-1234" });
  });

  it("normalizes what chat says two ways", () => {
    const body = {
      model: "deepseek-chat",
      messages: [
        { role: "developer", content: [{ type: "text", text: "Be brief." }] },
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: "" },
        { role: "developer", content: "later" },
      ],
      tools: [{ type: "function", function: { name: "noop" } }],
      tool_choice: { type: "function", function: { name: "noop" } },
      stop: "END",
      max_completion_tokens: 50,
      safety_identifier: "u-1",
      top_k: 20,
    };
    const request = read(body);
    expect(request.topK).toBe(20);
    expect(request.turns.map((t) => t.role)).toEqual(["user", "assistant", "system"]);
    // No channel named: top_k is left out (which presets take it is tested below).
    expect(chatCodec.writeRequest(request)).toEqual({
      model: "deepseek-chat",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "hi" },
        { role: "assistant", content: "" },
        { role: "system", content: "later" },
      ],
      tools: [{ type: "function", function: { name: "noop", parameters: { type: "object", properties: {} } } }],
      tool_choice: { type: "function", function: { name: "noop" } },
      stop: ["END"],
      max_tokens: 50,
      user: "u-1",
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(chatCodec.writeRequest({ ...request, model: "gpt-5-mini" })).toMatchObject({ max_completion_tokens: 50 });
    expect(chatCodec.writeRequest({ ...request, model: "gpt-5-mini" })).not.toHaveProperty("max_tokens");
  });
});

describe("chat request: custom tools (freeform text)", () => {
  const patch = "*** Begin Patch\n*** Add File: a.txt\n+say \"hi\" \\ 🎉\n*** End Patch\n";
  const body = {
    model: "m",
    messages: [
      { role: "user", content: "patch it" },
      { role: "assistant", content: null, tool_calls: [{ id: "call_p", type: "custom", custom: { name: "apply_patch", input: patch } }] },
      { role: "tool", tool_call_id: "call_p", content: "Done!" },
    ],
    tools: [
      { type: "custom", custom: { name: "apply_patch", description: "Edit files.", format: { type: "grammar", grammar: { syntax: "lark", definition: "start: /.+/" } } } },
      { type: "custom", custom: { name: "note" } },
      { type: "function", function: { name: "ls", parameters: { type: "object", properties: {} } } },
    ],
    tool_choice: { type: "custom", custom: { name: "apply_patch" } },
  };

  it("reads custom tools as functions of one string, their calls with that string as `input`, and their results", () => {
    const request = read(body);
    expect(request.tools[0]).toEqual({
      name: "apply_patch",
      description: "Edit files.",
      parameters: freeformParameters({ type: "grammar", syntax: "lark", definition: "start: /.+/" }),
      freeform: { format: { type: "grammar", syntax: "lark", definition: "start: /.+/" } },
    });
    expect((request.tools[0].parameters as any).properties.input.description).toContain("start: /.+/");
    expect(request.tools[1]).toEqual({ name: "note", parameters: freeformParameters(undefined), freeform: {} });
    expect(request.tools[2].freeform).toBeUndefined();
    expect(request.toolChoice).toEqual({ type: "tool", name: "apply_patch" });
    expect(request.turns[1].parts).toEqual([{ type: "tool_call", id: "call_p", name: "apply_patch", arguments: JSON.stringify({ input: patch }) }]);
    expect(request.turns[2].parts).toEqual([{ type: "tool_result", callId: "call_p", name: "apply_patch", content: [{ type: "text", text: "Done!" }] }]);
  });

  it("goes to a Responses upstream as the custom tool it is, its calls as custom_tool_call items and their results as custom_tool_call_output", () => {
    const written: any = responsesCodec.writeRequest(read(body));
    expect(written.tools.slice(0, 2)).toEqual([
      { type: "custom", name: "apply_patch", description: "Edit files.", format: { type: "grammar", syntax: "lark", definition: "start: /.+/" } },
      { type: "custom", name: "note" },
    ]);
    expect(written.tools[2]).toMatchObject({ type: "function", name: "ls" });
    expect(written.tool_choice).toEqual({ type: "custom", name: "apply_patch" });
    expect(written.input.slice(1)).toEqual([
      { type: "custom_tool_call", call_id: "call_p", name: "apply_patch", input: patch },
      { type: "custom_tool_call_output", call_id: "call_p", output: "Done!" },
    ]);
  });

  it("goes to a chat upstream as that function, its calls with the input as JSON arguments", () => {
    const written: any = chatCodec.writeRequest(read(body));
    expect(written.tools[0]).toEqual({ type: "function", function: { name: "apply_patch", description: "Edit files.", parameters: freeformParameters({ type: "grammar", syntax: "lark", definition: "start: /.+/" }) } });
    expect(written.tool_choice).toEqual({ type: "function", function: { name: "apply_patch" } });
    expect(JSON.parse(written.messages[1].tool_calls[0].function.arguments)).toEqual({ input: patch });
  });
});

describe("chat request reader: refusals name the field", () => {
  const user = { role: "user", content: "hi" };
  const cases: [string, Record<string, any>, string][] = [
    ["n > 1", { n: 2 }, "n"],
    ["logprobs", { logprobs: true }, "logprobs"],
    ["logit_bias", { logit_bias: { "50256": -100 } }, "logit_bias"],
    ["audio output", { modalities: ["text", "audio"] }, "modalities"],
    ["web search", { web_search_options: {} }, "web_search_options"],
    ["legacy functions", { functions: [{ name: "f" }] }, "functions"],
    ["an unknown field", { enable_thinking: true }, "enable_thinking"],
    ["a custom tool named \"\"", { tools: [{ type: "custom", custom: { name: "" } }] }, "tools[0].custom.name"],
    ["a custom tool's unknown grammar", { tools: [{ type: "custom", custom: { name: "x", format: { type: "grammar", grammar: { syntax: "ebnf", definition: "a" } } } }] }, "tools[0].custom.format"],
    ["a custom tool's flat (Responses) grammar", { tools: [{ type: "custom", custom: { name: "x", format: { type: "grammar", syntax: "lark", definition: "a" } } }] }, "tools[0].custom.format"],
    ["an unknown field of a custom tool", { tools: [{ type: "custom", custom: { name: "x", defer_loading: true } }] }, "tools[0].custom.defer_loading"],
    ["a custom tool call without input", { messages: [user, { role: "assistant", content: null, tool_calls: [{ id: "c", type: "custom", custom: { name: "x" } }] }] }, "messages[1].tool_calls[0].custom.input"],
    ["both output limits, different", { max_tokens: 10, max_completion_tokens: 20 }, "max_tokens"],
    ["audio input", { messages: [{ role: "user", content: [{ type: "input_audio", input_audio: { data: "AAA", format: "wav" } }] }] }, "messages[0].content[0].type"],
    ["an uploaded file", { messages: [{ role: "user", content: [{ type: "file", file: { file_id: "file-abc" } }] }] }, "messages[0].content[0].file.file_id"],
    ["a file that is not a data URL", { messages: [{ role: "user", content: [{ type: "file", file: { file_data: "JVBERi0x", filename: "a.pdf" } }] }] }, "messages[0].content[0].file.file_data"],
    ["an ftp image", { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "ftp://x/y.png" } }] }] }, "messages[0].content[0].image_url.url"],
    ["a message name", { messages: [{ role: "user", content: "hi", name: "alice" }] }, "messages[0].name"],
    ["a cache_control that is not Anthropic's", { messages: [{ role: "user", content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral", scope: "org" } }] }] }, "messages[0].content[0].cache_control.scope"],
    ["a function message", { messages: [user, { role: "function", name: "f", content: "x" }] }, "messages[1].role"],
    ["a legacy function_call", { messages: [user, { role: "assistant", content: null, function_call: { name: "f", arguments: "{}" } }] }, "messages[1].function_call"],
    ["an image in a tool message", { messages: [user, { role: "tool", tool_call_id: "c", content: [{ type: "image_url", image_url: { url: "https://x/y.png" } }] }] }, "messages[1].content[0].type"],
    ["a built-in tool call", { messages: [user, { role: "assistant", content: null, tool_calls: [{ id: "c", type: "web_search", web_search: {} }] }] }, "messages[1].tool_calls[0].type"],
    ["a function tool named \"\"", { tools: [{ type: "function", function: { name: "", parameters: {} } }] }, "tools[0].function.name"],
  ];
  it.each(cases)("%s", (_, extra, field) => {
    expect(refusalOf(() => read({ model: "m", messages: [user], ...extra })).field).toBe(field);
  });

  it("takes fields at their defaults and nulls as absent", () => {
    const body = { model: "m", messages: [user, { role: "assistant", content: "ok", refusal: null, audio: null, function_call: null, annotations: [], tool_calls: null }], n: 1, logprobs: false, top_logprobs: 0, logit_bias: {}, modalities: ["text"], store: false, service_tier: "auto", audio: null, metadata: { a: "b" }, prompt_cache_key: "k", temperature: null };
    expect(read(body).turns[1].parts).toEqual([{ type: "text", text: "ok" }]);
  });

  it("folds consecutive tool messages into one user turn, names from the calls", () => {
    const request = read({
      model: "m",
      messages: [
        user,
        { role: "assistant", content: null, tool_calls: [{ id: "a", type: "function", function: { name: "fa", arguments: "{}" } }, { id: "b", type: "function", function: { name: "fb", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "a", content: "1" },
        { role: "tool", tool_call_id: "b", content: "2" },
        { role: "user", content: "and?" },
      ],
    });
    expect(request.turns.slice(2)).toEqual([
      { role: "user", parts: [{ type: "tool_result", callId: "a", name: "fa", content: [{ type: "text", text: "1" }] }, { type: "tool_result", callId: "b", name: "fb", content: [{ type: "text", text: "2" }] }] },
      { role: "user", parts: [{ type: "text", text: "and?" }] },
    ]);
  });
});

describe("chat request writer", () => {
  const turn = (role: "user" | "assistant", parts: any[]) => ({ role, parts });

  it("sends top_k only to a channel whose vendor takes it; elsewhere the hint is left out and the call goes through", () => {
    // Gemini CLI's defaults on every call: temperature 1, topP 0.95, topK 64.
    const geminiCliDefaults = { temperature: 1, topP: 0.95, topK: 64 };
    const sampling = (preset: string | null | undefined, model = "deepseek-chat") => {
      const body = chatCodec.writeRequest(base({ ...geminiCliDefaults, model }), preset === undefined ? undefined : { preset }) as Record<string, unknown>;
      return { temperature: body.temperature, top_p: body.top_p, top_k: body.top_k };
    };
    // OpenAI refuses unknown fields; DeepSeek, GLM, Kimi and MiniMax document no top_k; a custom channel may be any of them.
    for (const preset of [null, "deepseek", "glm", "kimi", "minimax", "custom"]) expect(sampling(preset), String(preset)).toEqual({ temperature: 1, top_p: 0.95, top_k: undefined });
    expect(sampling(undefined, "gpt-4.1")).toEqual({ temperature: 1, top_p: 0.95, top_k: undefined });
    // DashScope's compatible mode documents top_k; vLLM, SGLang and llama-server take it.
    expect(sampling("qwen", "qwen-plus")).toEqual({ temperature: 1, top_p: 0.95, top_k: 64 });
    expect(sampling("self-hosted", "Qwen/Qwen3-8B")).toEqual({ temperature: 1, top_p: 0.95, top_k: 64 });
  });

  it("refuses what chat upstreams cannot carry, naming the canonical key", () => {
    expect(refusalOf(() => chatCodec.writeRequest(base({ temperature: 2.5 }))).field).toBe("temperature");
    expect(chatCodec.writeRequest(base({ temperature: 2 }))).toMatchObject({ temperature: 2 });
    const urlDocument = { type: "document", source: { kind: "url", url: "https://x/a.pdf" } };
    expect(refusalOf(() => chatCodec.writeRequest(base({ turns: [turn("user", [urlDocument])] }))).field).toBe("part:document");
    const image = { type: "image", source: { kind: "url", url: "https://x/a.png" } };
    expect(refusalOf(() => chatCodec.writeRequest(base({ turns: [turn("assistant", [image])] }))).field).toBe("part:image");
    const urlResult = { type: "tool_result", callId: "c", content: [urlDocument] };
    expect(refusalOf(() => chatCodec.writeRequest(base({ turns: [turn("user", [urlResult])] }))).field).toBe("part:tool_result.document");
  });

  it("moves a tool result's images to a user message after the tool messages; errors say so", () => {
    const png = { kind: "base64", mediaType: "image/png", data: "iVBORw0KGgo=" };
    const body: any = chatCodec.writeRequest(
      base({
        turns: [
          turn("user", [
            { type: "tool_result", callId: "call_1", content: [{ type: "text", text: "screenshot taken" }, { type: "image", source: png }] },
            { type: "tool_result", callId: "call_2", content: [{ type: "text", text: "no such file" }], isError: true },
            { type: "tool_result", callId: "call_3", content: [{ type: "image", source: png }] },
            { type: "text", text: "Go on." },
          ]),
        ],
      }),
    );
    expect(body.messages).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "screenshot taken" },
      { role: "tool", tool_call_id: "call_2", content: "Error: no such file" },
      { role: "tool", tool_call_id: "call_3", content: "(the result's content follows in the next user message)" },
      {
        role: "user",
        content: [
          { type: "text", text: "Content of tool result call_1:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
          { type: "text", text: "Content of tool result call_3:" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
          { type: "text", text: "Go on." },
        ],
      },
    ]);
  });

  it("sends chat's own reasoning back as it was and drops another vendor's", () => {
    const entry = { type: "reasoning.encrypted", data: "gAAAAB…", id: "rs_1", format: "openai-responses-v1", index: 0 };
    const body: any = chatCodec.writeRequest(
      base({
        turns: [
          turn("user", [{ type: "text", text: "q" }]),
          turn("assistant", [
            { type: "reasoning", text: "thought", opaque: { origin: "messages", value: { type: "thinking", thinking: "thought", signature: "sig" } } },
            { type: "reasoning", text: "mine", opaque: { origin: "chat", value: { reasoning_content: "mine" } } },
            { type: "reasoning", opaque: { origin: "chat", value: entry } },
            { type: "reasoning", text: "no opaque" },
            { type: "text", text: "a" },
          ]),
        ],
      }),
    );
    expect(body.messages[1]).toEqual({ role: "assistant", content: "a", reasoning_content: "mine", reasoning_details: [entry] });
    expect(body.messages[1].reasoning_details[0]).toBe(entry);
  });

  it("maps a reasoning budget onto reasoning_effort", () => {
    const effort = (budgetTokens: number) => chatCodec.writeRequest(base({ reasoning: { budgetTokens, includeThoughts: true } })).reasoning_effort;
    expect([effort(0), effort(1024), effort(8192), effort(32000), effort(-1)]).toEqual(["none", "low", "medium", "high", undefined]);
    expect(chatCodec.writeRequest(base({ reasoning: { effort: "xhigh", budgetTokens: 100 } })).reasoning_effort).toBe("xhigh");
  });

  it("sends no temperature or top_p to an OpenAI reasoning model (also behind a router's openai/ prefix)", () => {
    for (const model of ["o3", "gpt-5", "openai/gpt-5-mini"]) {
      const written = chatCodec.writeRequest(base({ model, temperature: 0, topP: 0.9 }));
      expect(written, model).not.toHaveProperty("temperature");
      expect(written, model).not.toHaveProperty("top_p");
    }
    expect(chatCodec.writeRequest(base({ model: "deepseek-chat", temperature: 0, topP: 0.9 }))).toMatchObject({ temperature: 0, top_p: 0.9 });
  });

  it("sends no stop to the OpenAI reasoning models that refuse it (o3, o4-mini, GPT-5 and later), and stop to the rest", () => {
    const stopOf = (model: string) => chatCodec.writeRequest(base({ model, stop: ["END"] })).stop;
    for (const model of ["o3", "o4-mini", "o4-mini-2025-04-16", "gpt-5", "gpt-5.2", "openai/gpt-5-mini", "codex-mini-latest"]) expect(stopOf(model), model).toBeUndefined();
    for (const model of ["o1", "o1-2024-12-17", "o3-mini", "gpt-5-chat-latest", "gpt-4.1", "deepseek-chat"]) expect(stopOf(model), model).toEqual(["END"]);
  });

  it("sends a custom compatible channel the common core: no user or parallel_tool_calls, and reasoning_effort only where the model's capabilities name efforts", () => {
    const tools = [{ name: "f", parameters: { type: "object", properties: {} } }];
    const request = base({ model: "local-model", tools, parallelToolCalls: true, user: "user-1234", reasoning: { effort: "high" } });
    const plain = chatCodec.writeRequest(request, { preset: "custom", capabilities: modelCapabilities("local-model") });
    for (const field of ["user", "parallel_tool_calls", "reasoning_effort"]) expect(plain, field).not.toHaveProperty(field);
    const reasons = modelCapabilities("local-model", { reasoning: { efforts: ["low", "high"], budget: null, canDisable: true } });
    expect(chatCodec.writeRequest(request, { preset: "custom", capabilities: reasons }).reasoning_effort).toBe("high");
  });

  it("sends an end-user id longer than 64 characters as its SHA-256 hex digest", () => {
    const long = `{"device_id":"${"f".repeat(64)}","account_uuid":"","session_id":"s"}`;
    expect(chatCodec.writeRequest(base({ user: long })).user).toBe(createHash("sha256").update(long).digest("hex"));
    expect(chatCodec.writeRequest(base({ user: "user-1234" })).user).toBe("user-1234");
  });

  it("sends a DeepSeek channel only fields DeepSeek has: no parallel_tool_calls, and reasoning effort none as thinking disabled", () => {
    const tools = [{ name: "f", parameters: { type: "object", properties: {} } }];
    const write = (preset: string | null, reasoning: object) => chatCodec.writeRequest(base({ tools, toolChoice: { type: "auto" }, parallelToolCalls: true, reasoning }), { preset }) as Record<string, unknown>;
    const deepseek = write("deepseek", { effort: "none" });
    expect(deepseek).toMatchObject({ tool_choice: "auto", thinking: { type: "disabled" } });
    expect(deepseek).not.toHaveProperty("parallel_tool_calls");
    expect(deepseek).not.toHaveProperty("reasoning_effort");
    // A zero thinking budget (Gemini, Anthropic) is effort none too.
    expect(chatCodec.writeRequest(base({ reasoning: { budgetTokens: 0 } }), { preset: "deepseek" })).toMatchObject({ thinking: { type: "disabled" } });
    // Elsewhere both go as OpenAI has them.
    for (const preset of [null, "qwen"]) expect(write(preset, { effort: "none" }), String(preset)).toMatchObject({ parallel_tool_calls: true, reasoning_effort: "none" });
    // A custom compatible server gets the common core: neither OpenAI extra (channel-presets.ts commonCore).
    expect(write("custom", { effort: "none" })).not.toHaveProperty("parallel_tool_calls");
    expect(write("custom", { effort: "none" })).not.toHaveProperty("reasoning_effort");
  });

  it("switches DeepSeek's thinking on when the caller asks for reasoning: reasoning_effort alone leaves deepseek-chat not thinking", () => {
    const write = (reasoning: object) => chatCodec.writeRequest(base({ model: "deepseek-chat", reasoning }), { preset: "deepseek" });
    for (const effort of ["minimal", "low", "medium", "high", "xhigh"]) expect(write({ effort }), effort).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: effort });
    // A thinking budget (Anthropic, Gemini) is read as an effort, so it switches thinking on too.
    expect(write({ budgetTokens: 10000 })).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: "high" });
    // Reasoning asked without a size (Anthropic adaptive thinking, Claude Code's default; Gemini's
    // dynamic budget; a Responses summary): thinking on at DeepSeek's default effort.
    for (const reasoning of [{}, { budgetTokens: -1 }, { includeThoughts: true }, { summary: "auto" }]) {
      const body = write(reasoning);
      expect(body, JSON.stringify(reasoning)).toMatchObject({ thinking: { type: "enabled" } });
      expect(body).not.toHaveProperty("reasoning_effort");
    }
    // No reasoning asked: DeepSeek's model decides, nothing is sent.
    const plain = chatCodec.writeRequest(base({ model: "deepseek-chat" }), { preset: "deepseek" });
    expect(plain).not.toHaveProperty("thinking");
    expect(plain).not.toHaveProperty("reasoning_effort");
    // DeepSeek's switch goes to DeepSeek only.
    expect(chatCodec.writeRequest(base({ reasoning: { effort: "high" } }), { preset: "qwen" })).not.toHaveProperty("thinking");
  });

  it("sends a GLM channel GLM's fields: thinking switched by thinking.type alone, no reasoning_effort or parallel_tool_calls", () => {
    const tools = [{ name: "f", parameters: { type: "object", properties: {} } }];
    const write = (reasoning: object) => chatCodec.writeRequest(base({ model: "glm-4.6", tools, parallelToolCalls: true, reasoning }), { preset: "glm" }) as Record<string, unknown>;
    // GLM's request schema (docs.z.ai/openapi.json) has `thinking` and neither reasoning_effort nor parallel_tool_calls.
    for (const [reasoning, type] of [
      [{ effort: "none" }, "disabled"],
      [{ budgetTokens: 0 }, "disabled"],
      [{ effort: "low" }, "enabled"],
      [{ effort: "xhigh" }, "enabled"],
      [{ budgetTokens: 10000 }, "enabled"],
    ] as const) {
      const body = write(reasoning);
      expect(body.thinking, JSON.stringify(reasoning)).toEqual({ type });
      expect(body).not.toHaveProperty("reasoning_effort");
      expect(body).not.toHaveProperty("parallel_tool_calls");
    }
    // Reasoning asked without a size switches it on too; no reasoning asked, and GLM's model decides.
    expect(write({ budgetTokens: -1 }).thinking).toEqual({ type: "enabled" });
    expect(chatCodec.writeRequest(base({ model: "glm-4.6" }), { preset: "glm" })).not.toHaveProperty("thinking");
  });

  it("sends GLM-5.2 and later reasoning_effort beside the switch; GLM-5.3 only low, high or max, and never thinking off", () => {
    const write = (model: string, reasoning: object) => chatCodec.writeRequest(base({ model, reasoning }), { preset: "glm" }) as Record<string, unknown>;
    const sent = (model: string, reasoning: object) => [write(model, reasoning).thinking, write(model, reasoning).reasoning_effort];
    // GLM-5.2 takes OpenAI's efforts as they are; effort none is the switch's.
    expect(sent("glm-5.2", { effort: "medium" })).toEqual([{ type: "enabled" }, "medium"]);
    expect(sent("glm-5.2", { budgetTokens: 1024 })).toEqual([{ type: "enabled" }, "low"]);
    expect(sent("glm-5.2", { effort: "none" })).toEqual([{ type: "disabled" }, undefined]);
    // GLM-5.3 (and its Flash, and later models) takes low, high and max alone, and thinks always.
    for (const model of ["glm-5.3", "GLM-5.3-Flash", "glm-5.4"]) {
      for (const [reasoning, effort] of [
        [{ effort: "none" }, "low"],
        [{ budgetTokens: 0 }, "low"],
        [{ effort: "minimal" }, "low"],
        [{ effort: "low" }, "low"],
        [{ effort: "medium" }, "high"],
        [{ budgetTokens: 10000 }, "high"],
        [{ effort: "xhigh" }, "max"],
      ] as const) {
        expect(sent(model, reasoning), `${model} ${JSON.stringify(reasoning)}`).toEqual([{ type: "enabled" }, effort]);
      }
    }
    // Before GLM-5.2, and to other presets' models, as before.
    expect(sent("glm-5.1", { effort: "high" })).toEqual([{ type: "enabled" }, undefined]);
    expect(chatCodec.writeRequest(base({ model: "glm-5.3", reasoning: { effort: "xhigh" } }), { preset: null }).reasoning_effort).toBe("xhigh");
  });

  it("names the end user to GLM as user_id, of 6 to 128 characters (outside that, its SHA-256 hex digest), never user", () => {
    const write = (user: string) => chatCodec.writeRequest(base({ model: "glm-4.6", user }), { preset: "glm" }) as Record<string, unknown>;
    const digest = (id: string) => createHash("sha256").update(id).digest("hex");
    const claudeCode = `{"device_id":"${"f".repeat(64)}","account_uuid":"","session_id":"s"}`; // past OpenAI's 64, within GLM's 128
    for (const [user, sent] of [
      ["user-1234", "user-1234"],
      [claudeCode, claudeCode],
      ["u-1", digest("u-1")],
      ["x".repeat(129), digest("x".repeat(129))],
    ] as const) {
      const body = write(user);
      expect(body.user_id, user).toBe(sent);
      expect(body).not.toHaveProperty("user");
    }
    // Everyone else still gets `user`.
    for (const preset of [null, "deepseek", "qwen", "kimi", "minimax"]) expect(chatCodec.writeRequest(base({ user: "u-1" }), { preset }), String(preset)).toMatchObject({ user: "u-1" });
  });

  it("switches Kimi's thinking with thinking.type, beside the effort it sizes, and keeps OpenAI's other fields", () => {
    const tools = [{ name: "f", parameters: { type: "object", properties: {} } }];
    const write = (reasoning: object) => chatCodec.writeRequest(base({ model: "kimi-k2.6", tools, parallelToolCalls: true, reasoning }), { preset: "kimi" }) as Record<string, unknown>;
    const off = write({ effort: "none" });
    expect(off).toMatchObject({ thinking: { type: "disabled" }, parallel_tool_calls: true });
    expect(off).not.toHaveProperty("reasoning_effort");
    expect(write({ effort: "high" })).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: "high", parallel_tool_calls: true });
    // MiniMax documents no switch it takes on chat: OpenAI's fields, as before.
    const minimax = chatCodec.writeRequest(base({ model: "MiniMax-M2.7", tools, parallelToolCalls: true, reasoning: { effort: "none" } }), { preset: "minimax" });
    expect(minimax).toMatchObject({ reasoning_effort: "none", parallel_tool_calls: true });
    expect(minimax).not.toHaveProperty("thinking");
  });

  it("writes tool_choice and parallel_tool_calls only with tools", () => {
    expect(chatCodec.writeRequest(base({ toolChoice: { type: "none" }, parallelToolCalls: false }))).not.toHaveProperty("tool_choice");
  });
});

describe("carried reasoning read back from a chat caller", () => {
  it("restores another vendor's reasoning byte-exact, before the call it preceded", () => {
    const thinking = { origin: "messages" as const, value: { type: "thinking", thinking: "Let me see.", signature: "EqQBCkgIBRABGAIiQL+/sig==" } };
    const signature = { origin: "generate-content" as const, value: { thoughtSignature: "CiQB0e2Kb+abc/def==" } };
    const message = {
      role: "assistant",
      content: "Checking.",
      reasoning_content: "Let me see.",
      reasoning_details: [
        { type: "reasoning.encrypted", data: carry(thinking), format: "tollgate-carry", index: 0 },
        { type: "reasoning.encrypted", data: carry(signature, true), format: "tollgate-carry", index: 1, id: "call_9" },
      ],
      tool_calls: [{ id: "call_9", type: "function", function: { name: "f", arguments: "{}" } }],
    };
    const request = read({ model: "m", messages: [{ role: "user", content: "q" }, message] });
    expect(request.turns[1].parts).toEqual([
      { type: "reasoning", text: "Let me see.", opaque: thinking },
      { type: "text", text: "Checking." },
      { type: "reasoning", opaque: signature, attachesToNext: true },
      { type: "tool_call", id: "call_9", name: "f", arguments: "{}" },
    ]);
  });
});

describe("chat request: tool_choice allowed_tools", () => {
  const tools = [
    { type: "function", function: { name: "read_file", parameters: { type: "object", properties: {} } } },
    { type: "function", function: { name: "write_file", parameters: { type: "object", properties: {} } } },
    { type: "custom", custom: { name: "apply_patch" } },
    { type: "function", function: { name: "search", parameters: { type: "object", properties: {} } } },
  ];
  const allowed = (mode: string, entries: unknown[]) => ({ type: "allowed_tools", allowed_tools: { mode, tools: entries } });
  const fn = (name: string) => ({ type: "function", function: { name } });
  // tool_choice before tools: the names are checked against tools wherever they stand in the body.
  const body = (choice: unknown) => ({ model: "m", tool_choice: choice, messages: [{ role: "user", content: "hi" }], tools });

  it("reads the allowed tools, functions and custom, as the canonical allowed choice", () => {
    expect(read(body(allowed("required", [fn("search"), { type: "custom", custom: { name: "apply_patch" } }, fn("search")]))).toolChoice).toEqual({
      type: "allowed",
      names: ["search", "apply_patch"],
      required: true,
    });
    expect(read(body(allowed("auto", [fn("read_file")]))).toolChoice).toEqual({ type: "allowed", names: ["read_file"], required: false });
    // Nothing allowed with auto: nothing may be called.
    expect(read(body(allowed("auto", []))).toolChoice).toEqual({ type: "none" });
  });

  it.each([
    ["a tool not declared", allowed("auto", [fn("read_file"), fn("delete_file")]), "tool_choice.allowed_tools.tools[1]", /function tool "delete_file" is not declared in tools/],
    ["a custom tool named as a function", allowed("auto", [fn("apply_patch")]), "tool_choice.allowed_tools.tools[0]", /not declared/],
    ["an entry of another kind", allowed("auto", [{ type: "web_search" }]), "tool_choice.allowed_tools.tools[0]", /allow only tools declared in tools/],
    ["mode required with nothing allowed", allowed("required", []), "tool_choice.allowed_tools.tools", /at least one tool/],
    ["an unknown mode", allowed("any", [fn("read_file")]), "tool_choice.allowed_tools.mode", /auto.*required/],
  ])("refuses %s, naming it", (_, choice, field, reason) => {
    const refusal = refusalOf(() => read(body(choice)));
    expect(refusal.field).toBe(field);
    expect(refusal.reason).toMatch(reason);
  });

  const canonical = (model: string, required: boolean) => ({ ...read(body(allowed(required ? "required" : "auto", [fn("search"), fn("read_file")]))), model });

  it("an OpenAI model gets chat's own allowed_tools, every tool still declared", () => {
    const written: any = chatCodec.writeRequest(canonical("gpt-4.1", true));
    expect(written.tools.map((tool: any) => tool.function.name)).toEqual(["read_file", "write_file", "apply_patch", "search"]);
    expect(written.tool_choice).toEqual({ type: "allowed_tools", allowed_tools: { mode: "required", tools: [fn("search"), fn("read_file")] } });
  });

  it("another vendor gets only the allowed tools, in their declared order, and required or auto", () => {
    for (const required of [true, false]) {
      const written: any = chatCodec.writeRequest(canonical("deepseek-chat", required), { preset: "deepseek" });
      expect(written.tools.map((tool: any) => tool.function.name)).toEqual(["read_file", "search"]);
      expect(written.tool_choice).toBe(required ? "required" : "auto");
    }
  });
});

describe("chat request: Anthropic's cache_control on messages and parts (OpenRouter's convention, OpenCode's compatible provider)", () => {
  const body = {
    model: "m",
    messages: [
      { role: "system", content: "You are terse.", cache_control: { type: "ephemeral" } },
      { role: "user", content: [{ type: "text", text: "Long context." }, { type: "text", text: "Question?", cache_control: { type: "ephemeral", ttl: "1h" } }] },
      { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "call_1", content: "result", cache_control: { type: "ephemeral" } },
    ],
    tools: [{ type: "function", function: { name: "f", parameters: { type: "object", properties: {} } } }],
  };

  it("reaches an Anthropic upstream where the caller set it, and no breakpoint of the gateway's own", () => {
    const written = codecs.messages.writeRequest({ ...read(body), model: "claude-sonnet-4-6", promptCache: { ttl: "5m" } }) as Record<string, any>;
    expect(written.system).toEqual([{ type: "text", text: "You are terse.", cache_control: { type: "ephemeral" } }]);
    expect(written.messages[0].content).toEqual([{ type: "text", text: "Long context." }, { type: "text", text: "Question?", cache_control: { type: "ephemeral", ttl: "1h" } }]);
    expect(written.messages[2].content[0]).toMatchObject({ type: "tool_result", tool_use_id: "call_1", cache_control: { type: "ephemeral" } });
    expect(written.tools[0].cache_control).toBeUndefined();
    expect(JSON.stringify(written).match(/cache_control/g)).toHaveLength(3);
  });

  it("keeps the last four of more (Anthropic takes four), and leaves it out for the other formats", () => {
    const many = { model: "m", messages: Array.from({ length: 6 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `turn ${i}`, cache_control: { type: "ephemeral" } })) };
    const written = codecs.messages.writeRequest({ ...read(many), model: "claude-sonnet-4-6" }) as Record<string, any>;
    expect(written.messages.map((message: any) => message.content[0].cache_control !== undefined)).toEqual([false, false, true, true, true, true]);
    for (const format of ["responses", "generate-content"] as const) expect(JSON.stringify(codecs[format].writeRequest({ ...read(body), model: "m" }))).not.toContain("cache");
  });

  it("refuses a breakpoint that is not Anthropic's, naming the field", () => {
    expect(refusalOf(() => read({ model: "m", messages: [{ role: "user", content: "Hi", cache_control: { type: "persistent" } }] }))).toMatchObject({ field: "messages[0].cache_control.type" });
    expect(refusalOf(() => read({ model: "m", messages: [{ role: "user", content: [{ type: "text", text: "Hi", cache_control: { type: "ephemeral", ttl: "2h" } }] }] }))).toMatchObject({ field: "messages[0].content[0].cache_control.ttl" });
  });
});
