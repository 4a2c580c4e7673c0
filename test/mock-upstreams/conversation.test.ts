// The mocks as strict as the vendors (validate.ts) and able to hold a conversation with tools and
// reasoning (conversation.ts): the official SDKs drive two-turn tool loops against each one, and
// what a vendor would refuse is refused in its format, naming the field.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAnthropicMock } from "./anthropic.ts";
import { REASONING_TEXT, SECOND_TOOL_ARGUMENT, TOOL_ARGUMENT, toolReply } from "./conversation.ts";
import { startGeminiMock } from "./gemini.ts";
import { startOpenAIMock } from "./openai.ts";
import type { Mock } from "./server.ts";

const schema = { type: "object", properties: { path: { type: "string" }, lines: { type: "integer" } }, required: ["path"] };
const RESULT = "# Tollgate: a model gateway";
let anthropic: Mock, openai: Mock, gemini: Mock;
beforeAll(async () => {
  [anthropic, openai, gemini] = await Promise.all([
    startAnthropicMock({ apiKey: "a" }),
    startOpenAIMock({ apiKey: "o" }),
    startGeminiMock({ apiKey: "g" }),
  ]);
});
afterAll(() => Promise.all([anthropic.close(), openai.close(), gemini.close()]));

const post = async (url: string, headers: Record<string, string>, body: unknown) => {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as any };
};

describe("Anthropic mock conversation", () => {
  const client = () => new Anthropic({ apiKey: "a", baseURL: anthropic.url, maxRetries: 0 });
  const tools = [{ name: "read_file", description: "Reads a file", input_schema: schema as any }, { name: "other", input_schema: { type: "object" as const } }];
  const base = { model: "claude-test", max_tokens: 2048, tools };
  const refuse = async (body: unknown, message: RegExp) => {
    const { status, json } = await post(`${anthropic.url}/v1/messages`, { "x-api-key": "a" }, body);
    expect(status).toBe(400);
    expect(json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(json.error.message).toMatch(message);
  };

  it("refuses what the API refuses, naming the field", async () => {
    const user = [{ role: "user", content: "hi" }];
    await refuse({ ...base, messages: user, frequency_penalty: 1 }, /^frequency_penalty: Extra inputs/);
    await refuse({ ...base, messages: [...user, { role: "assistant", content: [] }, ...user] }, /messages\.1: all messages must have non-empty content/);
    await refuse({ ...base, messages: [{ role: "user", content: [{ type: "text", text: "" }] }] }, /messages\.0\.content\.0\.text: text content blocks must be non-empty/);
    await refuse({ ...base, messages: [{ role: "system", content: "be terse" }, ...user] }, /messages\.0\.role: Unexpected role "system"/);
    await refuse({ ...base, messages: user, temperature: 1.5 }, /^temperature:/);
    await refuse({ ...base, messages: user, thinking: { type: "enabled", budget_tokens: 4096 } }, /max_tokens/);
    await refuse({ ...base, messages: [...user, { role: "assistant", content: "ok" }, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_x", content: "r" }] }] }, /messages\.2\.content\.0: unexpected `tool_use_id`/);
    const forged = [...user, { role: "assistant", content: [{ type: "thinking", thinking: "t", signature: "forged" }, { type: "text", text: "x" }] }, ...user];
    await refuse({ ...base, messages: forged }, /messages\.1\.content\.0: Invalid `signature`/);
    const unanswered = [...user, { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "read_file", input: {} }] }, ...user];
    await refuse({ ...base, messages: unanswered }, /tool_use` ids were found without `tool_result`.*toolu_1/);
    const loop = [...user, { role: "assistant", content: [{ type: "tool_use", id: "toolu_2", name: "read_file", input: {} }] }, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_2", content: "r" }] }];
    await refuse({ ...base, messages: loop, thinking: { type: "enabled", budget_tokens: 1024 } }, /messages\.1\.content\.0\.type: Expected `thinking`/);
  });

  it("refuses the sampling settings Anthropic refuses: beside thinking, and temperature with top_p on Claude 4.5 and later", async () => {
    const user = [{ role: "user", content: "hi" }];
    const thinking = { type: "enabled", budget_tokens: 1024 };
    await refuse({ ...base, messages: user, thinking, temperature: 0 }, /^`temperature` may only be set to 1 when thinking is enabled or in adaptive mode/);
    await refuse({ ...base, messages: user, thinking: { type: "adaptive" }, temperature: 1, top_k: 64 }, /^`top_k` must be unset when thinking/);
    await refuse({ ...base, messages: user, thinking, top_p: 0.9 }, /^`top_p` must be greater than or equal to 0.95/);
    const tools = [{ name: "read_file", input_schema: { type: "object", properties: {} } }];
    for (const tool_choice of [{ type: "any" }, { type: "tool", name: "read_file" }]) {
      for (const on of [thinking, { type: "adaptive" }]) await refuse({ ...base, messages: user, tools, tool_choice, thinking: on }, /^Thinking may not be enabled when tool_choice forces tool use\.$/);
    }
    for (const model of ["claude-sonnet-4-5-20250929", "claude-haiku-4-5", "claude-sonnet-4-6", "claude-opus-5"]) {
      await refuse({ ...base, model, messages: user, temperature: 0.5, top_p: 0.9 }, /^`temperature` and `top_p` cannot both be specified for this model/);
    }
    anthropic.next("ok", "ok", "ok", "ok", "ok", "ok");
    const allowed = [
      { ...base, model: "claude-sonnet-4-6", messages: user, tools, tool_choice: { type: "auto" }, thinking },
      { ...base, model: "claude-sonnet-4-6", messages: user, tools, tool_choice: { type: "any" }, thinking: { type: "disabled" } },
      { ...base, model: "claude-sonnet-4-20250514", messages: user, temperature: 0.5, top_p: 0.9 },
      { ...base, model: "claude-sonnet-4-6", messages: user, thinking, temperature: 1 },
      { ...base, model: "claude-sonnet-4-6", messages: user, thinking, top_p: 0.95 },
      { ...base, model: "claude-sonnet-4-6", messages: user, temperature: 0, top_k: 5 },
    ];
    for (const body of allowed) {
      const answer = await post(`${anthropic.url}/v1/messages`, { "x-api-key": "a" }, body);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    }
  });

  it("thinking-tool: a signed thinking block and a tool_use, streamed; the signature must come back byte-exact", async () => {
    anthropic.next("thinking-tool", "thinking-tool", "thinking-tool");
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Read the readme." }];
    const first = await client().messages.stream({ ...base, messages }).finalMessage();
    expect(first.stop_reason).toBe("tool_use");
    expect(first.content.map((block) => block.type)).toEqual(["thinking", "tool_use"]);
    const [thinking, use] = first.content as [Anthropic.ThinkingBlock, Anthropic.ToolUseBlock];
    expect(thinking.signature.length).toBeGreaterThan(20);
    expect(use).toMatchObject({ name: "read_file", input: { path: TOOL_ARGUMENT } });

    const result: Anthropic.MessageParam = { role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: RESULT }] };
    const second = await client().messages.create({ ...base, messages: [...messages, { role: "assistant", content: first.content }, result] });
    expect(second.content.at(-1)).toMatchObject({ type: "text", text: toolReply(RESULT) });
    const tampered = [{ ...thinking, signature: thinking.signature.slice(0, -1) }, use];
    await expect(client().messages.create({ ...base, messages: [...messages, { role: "assistant", content: tampered }, result] })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });

  it("tool: a non-stream tool_use of the first declared tool", async () => {
    anthropic.next("tool");
    const message = await client().messages.create({ ...base, messages: [{ role: "user", content: "Read it." }] });
    expect(message).toMatchObject({ stop_reason: "tool_use", content: [{ type: "tool_use", name: "read_file", input: { path: TOOL_ARGUMENT } }] });
  });
});

describe("OpenAI mock conversation", () => {
  const client = () => new OpenAI({ apiKey: "o", baseURL: `${openai.url}/v1`, maxRetries: 0 });
  const chatTools = [{ type: "function" as const, function: { name: "read_file", parameters: schema } }];
  const responsesTools = [{ type: "function" as const, name: "read_file", parameters: schema, strict: false }];

  it("chat refuses unknown roles, fields and unanswered or unoffered tool calls", async () => {
    const refuse = async (body: unknown, param: string | null, message: RegExp) => {
      const { status, json } = await post(`${openai.url}/v1/chat/completions`, { authorization: "Bearer o" }, { model: "m", ...(body as object) });
      expect(status).toBe(400);
      expect(json.error).toMatchObject({ type: "invalid_request_error", param });
      expect(json.error.message).toMatch(message);
    };
    await refuse({ messages: [{ role: "model", content: "x" }] }, "messages[0].role", /Invalid value: 'model'/);
    await refuse({ messages: [{ role: "user", content: "x" }, { role: "assistant", content: null }, { role: "user", content: "y" }] }, "messages.[1].content", /expected a string, got null/);
    await refuse({ messages: [{ role: "user", content: "x" }], top_k: 3 }, null, /Unrecognized request argument supplied: top_k/);
    const qwen = await post(`${openai.url}/v1/chat/completions`, { authorization: "Bearer o" }, { model: "qwen3-max", messages: [{ role: "user", content: "x" }], top_k: 3 });
    expect(qwen.status, "DashScope takes top_k").toBe(200);
    await refuse({ messages: [{ role: "user", content: "x" }], temperature: 2.5 }, "temperature", /<= 2/);
    await refuse({ messages: [{ role: "user", content: "x" }, { role: "tool", tool_call_id: "call_9", content: "r" }] }, "messages.[1].role", /must be a response to a preceeding message/);
    const call = { id: "call_1", type: "function", function: { name: "read_file", arguments: "{}" } };
    await refuse({ messages: [{ role: "user", content: "x" }, { role: "assistant", tool_calls: [call] }, { role: "user", content: "y" }] }, "messages.[1].role", /did not have response messages: call_1/);
  });

  it("refuses an end-user id past 64 characters, and sampling settings on a reasoning model, as OpenAI words it", async () => {
    const refuse = async (path: string, body: object, param: string, code: string, message: RegExp) => {
      const { status, json } = await post(`${openai.url}/v1/${path}`, { authorization: "Bearer o" }, body);
      expect(status).toBe(400);
      expect(json.error).toMatchObject({ type: "invalid_request_error", param, code });
      expect(json.error.message).toMatch(message);
    };
    const long = "x".repeat(150);
    const messages = [{ role: "user", content: "x" }];
    await refuse("chat/completions", { model: "gpt-4o", messages, user: long }, "user", "string_above_max_length", /^Invalid 'user': string too long\. Expected a string with maximum length 64, but got a string with length 150 instead\.$/);
    await refuse("responses", { model: "gpt-4o", input: "x", safety_identifier: long }, "safety_identifier", "string_above_max_length", /^Invalid 'safety_identifier': string too long/);
    await refuse("responses", { model: "gpt-5", input: "x", temperature: 0.2 }, "temperature", "unsupported_parameter", /^Unsupported parameter: 'temperature' is not supported with this model\.$/);
    await refuse("responses", { model: "o3", input: "x", top_p: 0.9 }, "top_p", "unsupported_parameter", /^Unsupported parameter: 'top_p'/);
    await refuse("chat/completions", { model: "gpt-5-mini", messages, temperature: 0 }, "temperature", "unsupported_value", /^Unsupported value: 'temperature' does not support 0 with this model/);
    openai.next("ok", "ok");
    expect((await post(`${openai.url}/v1/responses`, { authorization: "Bearer o" }, { model: "gpt-4.1", input: "x", temperature: 0.2, top_p: 0.9, safety_identifier: "x".repeat(64) })).status).toBe(200);
    expect((await post(`${openai.url}/v1/chat/completions`, { authorization: "Bearer o" }, { model: "gpt-5-chat-latest", messages, temperature: 0.2 })).status).toBe(200);
  });

  it("chat thinking-tool: reasoning_content and a streamed tool call, then an answer quoting the result", async () => {
    openai.next("thinking-tool", "tool");
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "Read the readme." }];
    const stream = client().chat.completions.stream({ model: "m", messages, tools: chatTools });
    let reasoning = "";
    stream.on("chunk", (chunk) => (reasoning += (chunk.choices[0]?.delta as any)?.reasoning_content ?? ""));
    const first = await stream.finalChatCompletion();
    const choice = first.choices[0];
    expect(choice.finish_reason).toBe("tool_calls");
    expect(reasoning).toBe(REASONING_TEXT);
    const [call] = choice.message.tool_calls! as OpenAI.ChatCompletionMessageFunctionToolCall[];
    expect(JSON.parse(call.function.arguments)).toEqual({ path: TOOL_ARGUMENT });
    const second = await client().chat.completions.create({
      model: "m",
      tools: chatTools,
      messages: [...messages, { role: "assistant", content: null, tool_calls: [call] }, { role: "tool", tool_call_id: call.id, content: RESULT }],
    });
    expect(second.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: toolReply(RESULT) } });
  });

  it("responses: function_call_output needs its call; reasoning items need the encrypted content the mock issued", async () => {
    const refuse = async (body: unknown, message: RegExp) => {
      const { status, json } = await post(`${openai.url}/v1/responses`, { authorization: "Bearer o" }, { model: "m", ...(body as object) });
      expect(status).toBe(400);
      expect(json.error.message).toMatch(message);
    };
    await refuse({ input: "x", max_tokens: 3 }, /Unknown parameter: 'max_tokens'/);
    await refuse({ input: "x", tools: [{ type: "function", name: "f", parameters: schema }] }, /Invalid schema for function 'f'.*additionalProperties/);
    await refuse({ input: [{ type: "function_call_output", call_id: "call_7", output: "r" }] }, /No tool call found for function call output with call_id call_7/);
    await refuse({ input: [{ type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAAA-forged" }, { type: "message", role: "assistant", content: "x" }] }, /could not be verified/);

    openai.next("thinking-tool", "thinking-tool", "thinking-tool");
    const input: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "Read the readme." }];
    const ask = { model: "m", tools: responsesTools, store: false, include: ["reasoning.encrypted_content" as const] };
    const first = await client().responses.stream({ ...ask, input }).finalResponse();
    expect(first.output.map((item) => item.type)).toEqual(["reasoning", "function_call"]);
    const [reasoning, call] = first.output as [OpenAI.Responses.ResponseReasoningItem, OpenAI.Responses.ResponseFunctionToolCall];
    expect(reasoning.summary).toEqual([{ type: "summary_text", text: REASONING_TEXT }]);
    expect(reasoning.encrypted_content).toMatch(/^gAAAAAB/);
    expect(JSON.parse(call.arguments)).toEqual({ path: TOOL_ARGUMENT });
    const output = { type: "function_call_output" as const, call_id: call.call_id, output: RESULT };
    const second = await client().responses.create({ ...ask, input: [...input, ...(first.output as any[]), output] });
    expect(second.output_text).toBe(toolReply(RESULT));
    const tampered = { ...reasoning, encrypted_content: reasoning.encrypted_content + "A" };
    await expect(client().responses.create({ ...ask, input: [...input, tampered, call, output] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });

  it("responses thinking without include: a summary but no encrypted content", async () => {
    openai.next("thinking");
    const response = await client().responses.create({ model: "m", input: "hi" });
    expect(response.output[0]).toMatchObject({ type: "reasoning", summary: [{ text: REASONING_TEXT }] });
    expect(response.output[0]).not.toHaveProperty("encrypted_content");
  });
});

describe("Gemini mock conversation", () => {
  const ai = () => new GoogleGenAI({ apiKey: "g", httpOptions: { baseUrl: gemini.url } });
  const config = { tools: [{ functionDeclarations: [{ name: "read_file", parametersJsonSchema: schema }] }] };

  it("refuses other roles, nameless function responses, unknown fields", async () => {
    const refuse = async (body: unknown, message: RegExp) => {
      const { status, json } = await post(`${gemini.url}/v1beta/models/m:generateContent`, { "x-goog-api-key": "g" }, body);
      expect(status).toBe(400);
      expect(json.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
      expect(json.error.message).toMatch(message);
    };
    const user = { role: "user", parts: [{ text: "hi" }] };
    await refuse({ contents: [{ role: "assistant", parts: [{ text: "x" }] }] }, /valid role: user, model/);
    await refuse({ contents: [user], max_tokens: 3 }, /Unknown name "max_tokens"/);
    await refuse({ contents: [user, { role: "model", parts: [] }, user] }, /contents\[1\]\.parts: contents\.parts must not be empty/);
    await refuse({ contents: [user], generationConfig: { max_output_tokens: 1, stop: ["x"] } }, /Unknown name "stop" at 'generation_config'/);
    await refuse({ contents: [user, { role: "model", parts: [{ functionCall: { name: "f", args: {} }, thoughtSignature: "skip_thought_signature_validator" }] }, { role: "user", parts: [{ functionResponse: { response: { r: 1 } } }] }] }, /function_response\.name: Name cannot be empty/);
  });

  it("refuses a thinking level on Gemini 2.x, a budget beside a level, budgets outside the model's range, any thinkingConfig on a model that does not think, and what Gemini 3 Pro lacks", async () => {
    const refuse = async (model: string, thinkingConfig: object, message: RegExp) => {
      const body = { contents: [{ role: "user", parts: [{ text: "hi" }] }], generationConfig: { thinkingConfig } };
      const { status, json } = await post(`${gemini.url}/v1beta/models/${model}:streamGenerateContent?alt=sse`, { "x-goog-api-key": "g" }, body);
      expect(status).toBe(400);
      expect(json.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
      expect(json.error.message).toMatch(message);
    };
    await refuse("gemini-2.5-flash", { thinkingLevel: "MEDIUM" }, /^Thinking level is not supported for this model\.$/);
    await refuse("gemini-3-pro-preview", { thinkingLevel: "HIGH", thinkingBudget: 8192 }, /thinking_budget and thinking_level are not supported together/);
    await refuse("gemini-2.5-pro", { thinkingBudget: 0 }, /^Budget 0 is invalid\. This model only works in thinking mode\.$/);
    await refuse("gemini-2.5-flash", { thinkingBudget: 32000 }, /^The thinking budget \(32000\) is invalid\.$/);
    await refuse("gemini-2.5-flash-lite", { thinking_budget: 100 }, /^The thinking budget \(100\) is invalid\.$/);
    // Models that do not think take no thinkingConfig at all; Gemini 3 Pro cannot stop thinking and has no MEDIUM.
    await refuse("gemini-2.0-flash", { includeThoughts: true }, /^Thinking is not enabled for models\/gemini-2\.0-flash$/);
    await refuse("gemini-2.0-flash-lite", { thinkingBudget: 0 }, /^Thinking is not enabled for models\/gemini-2\.0-flash-lite$/);
    await refuse("gemini-2.5-flash-image", { thinkingBudget: 1024 }, /^Thinking is not enabled for models\/gemini-2\.5-flash-image$/);
    await refuse("gemini-3-pro-preview", { thinkingBudget: 0 }, /^Budget 0 is invalid\. This model only works in thinking mode\.$/);
    for (const level of ["MINIMAL", "MEDIUM"]) await refuse("gemini-3-pro-preview", { thinkingLevel: level }, new RegExp(`^Thinking level ${level} is not supported for this model`));
    for (const [model, thinkingConfig] of [["gemini-3-flash-preview", { thinkingLevel: "LOW" }], ["gemini-2.5-pro", { thinkingBudget: 32768 }], ["gemini-2.5-flash", { thinkingBudget: -1 }], ["gemini-3-flash-preview", { thinkingLevel: "MINIMAL" }], ["gemini-3-pro-preview", { thinkingLevel: "LOW" }], ["gemini-2.0-flash", undefined]] as const) {
      await expect(ai().models.generateContent({ model, contents: "x", config: { thinkingConfig: thinkingConfig as any } })).resolves.toBeTruthy();
    }
  });

  it("thinking-tool: a thought and a signed functionCall; without the signature the next turn is refused", async () => {
    gemini.next("thinking-tool", "thinking-tool", "thinking-tool");
    const contents = [{ role: "user", parts: [{ text: "Read the readme." }] }];
    const chunks = [];
    for await (const chunk of await ai().models.generateContentStream({ model: "m", contents, config })) chunks.push(chunk);
    const parts = chunks.flatMap((chunk) => chunk.candidates?.[0].content?.parts ?? []);
    expect(parts[0].thought).toBe(true);
    expect(parts.filter((part) => part.thought).map((part) => part.text).join("")).toBe(REASONING_TEXT);
    const call = parts.find((part) => part.functionCall)!;
    expect(call.functionCall).toMatchObject({ name: "read_file", args: { path: TOOL_ARGUMENT } });
    expect(call.thoughtSignature).toBeTruthy();
    expect(chunks.at(-1)!.candidates![0].finishReason).toBe("STOP");

    const response = { role: "user", parts: [{ functionResponse: { name: "read_file", response: { content: RESULT } } }] };
    const second = await ai().models.generateContent({ model: "m", contents: [...contents, { role: "model", parts }, response], config });
    expect(second.text).toBe(toolReply(RESULT));
    const unsigned = parts.map(({ thoughtSignature: _, ...part }) => part);
    const refused = await ai().models.generateContent({ model: "m", contents: [...contents, { role: "model", parts: unsigned }, response], config }).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain("missing a thought_signature");
  });
});

describe("parallel-tool and max-tokens, each vendor", () => {
  const args = [{ path: TOOL_ARGUMENT }, { path: SECOND_TOOL_ARGUMENT }];
  it("Anthropic: two tool_use blocks; max_tokens", async () => {
    const client = new Anthropic({ apiKey: "a", baseURL: anthropic.url, maxRetries: 0 });
    const base = { model: "m", max_tokens: 64, messages: [{ role: "user" as const, content: "x" }] };
    anthropic.next("parallel-tool", "max-tokens");
    const calls = await client.messages.stream({ ...base, tools: [{ name: "read_file", input_schema: schema as any }] }).finalMessage();
    expect(calls.content.map((b: any) => b.input)).toEqual(args);
    expect((await client.messages.create(base)).stop_reason).toBe("max_tokens");
  });
  it("Chat: two tool_calls by index; length", async () => {
    const client = new OpenAI({ apiKey: "o", baseURL: `${openai.url}/v1`, maxRetries: 0 });
    openai.next("parallel-tool", "max-tokens");
    const tools = [{ type: "function" as const, function: { name: "read_file", parameters: schema } }];
    const final = await client.chat.completions.stream({ model: "m", messages: [{ role: "user", content: "x" }], tools }).finalChatCompletion();
    expect(final.choices[0].message.tool_calls!.map((c: any) => JSON.parse(c.function.arguments))).toEqual(args);
    expect((await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] })).choices[0].finish_reason).toBe("length");
  });
  it("Responses: two function_call items; incomplete", async () => {
    const client = new OpenAI({ apiKey: "o", baseURL: `${openai.url}/v1`, maxRetries: 0 });
    openai.next("parallel-tool", "max-tokens");
    const final = await client.responses.stream({ model: "m", input: "x", tools: [{ type: "function", name: "read_file", parameters: schema, strict: false }] }).finalResponse();
    expect(final.output.map((item: any) => JSON.parse(item.arguments))).toEqual(args);
    const cut = await client.responses.create({ model: "m", input: "x" });
    expect(cut).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } });
  });
  it("Gemini: two functionCall parts, the first signed; MAX_TOKENS", async () => {
    const ai = new GoogleGenAI({ apiKey: "g", httpOptions: { baseUrl: gemini.url } });
    gemini.next("parallel-tool", "max-tokens");
    const response = await ai.models.generateContent({ model: "m", contents: "x", config: { tools: [{ functionDeclarations: [{ name: "read_file", parametersJsonSchema: schema }] }] } });
    const parts = response.candidates![0].content!.parts!;
    expect(parts.map((p) => p.functionCall!.args)).toEqual(args);
    expect(parts.map((p) => Boolean(p.thoughtSignature))).toEqual([true, false]);
    expect((await ai.models.generateContent({ model: "m", contents: "x" })).candidates![0].finishReason).toBe("MAX_TOKENS");
  });
});
