// Proves the mocks speak each wire format faithfully: the official SDKs, pointed straight at them,
// parse their answers, streams, usage and errors.
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, FunctionCallingConfigMode, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANTHROPIC_OUTPUT_TOKENS, ANTHROPIC_REPLY, startAnthropicMock } from "./anthropic.ts";
import { GEMINI_OUTPUT_TOKENS, GEMINI_REPLY, startGeminiMock } from "./gemini.ts";
import { OPENAI_OUTPUT_TOKENS, OPENAI_REPLY, startOpenAIMock } from "./openai.ts";
import { REASONING_TEXT } from "./conversation.ts";
import { CACHE_READ_TOKENS, CACHE_WRITE_TOKENS, expectedInputTokens, type Mock, requestText, SLOW_FIRST_BYTE_MS, THINKING_TOKENS } from "./server.ts";

const PROMPT = "Say hello to the mock, please.";
const IN = expectedInputTokens(PROMPT);

describe("token rule", () => {
  it("counts visible text of every family's request shape", () => {
    expect(expectedInputTokens("")).toBe(1);
    expect(expectedInputTokens("abcde")).toBe(2);
    expect(requestText({ model: "m", system: [{ type: "text", text: "sys" }], messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] })).toBe("syshi");
    expect(requestText({ messages: [{ role: "system", content: "sys" }, { role: "user", content: "hi" }] })).toBe("syshi");
    expect(requestText({ instructions: "sys", input: [{ role: "user", content: [{ type: "input_text", text: "hi" }] }] })).toBe("syshi");
    expect(requestText({ systemInstruction: { parts: [{ text: "sys" }] }, contents: [{ role: "user", parts: [{ text: "hi" }] }] })).toBe("syshi");
  });
});

describe("Anthropic mock", () => {
  const apiKey = "sk-ant-mock";
  let mock: Mock;
  let client: Anthropic;
  beforeAll(async () => {
    mock = await startAnthropicMock({ apiKey });
    client = new Anthropic({ apiKey, baseURL: mock.url, maxRetries: 0 });
  });
  afterAll(() => mock.close());
  const params = { model: "claude-test-1", max_tokens: 64, messages: [{ role: "user" as const, content: PROMPT }] };

  it("answers a non-stream message with deterministic usage", async () => {
    const message = await client.messages.create({ ...params, system: "be terse" });
    expect(message.model).toBe("claude-test-1");
    expect(message.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage).toMatchObject({
      input_tokens: expectedInputTokens("be terse" + PROMPT),
      output_tokens: ANTHROPIC_OUTPUT_TOKENS,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    const recorded = mock.requests.at(-1)!;
    expect(recorded).toMatchObject({ method: "POST", path: "/v1/messages", body: { model: "claude-test-1" } });
    expect(recorded.headers.authorization).toBe(`Bearer ${apiKey}`);
  });

  it("streams with event: lines; finalMessage() accumulates text and cumulative usage", async () => {
    const message = await client.messages.stream(params).finalMessage();
    expect(message.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    expect(message.usage).toMatchObject({ input_tokens: IN, output_tokens: ANTHROPIC_OUTPUT_TOKENS });

    const types: string[] = [];
    for await (const event of await client.messages.create({ ...params, stream: true })) types.push(event.type);
    expect(types[0]).toBe("message_start");
    expect(types.filter((type) => type === "content_block_delta").length).toBeGreaterThan(2);
    expect(types.slice(-2)).toEqual(["message_delta", "message_stop"]);
  });

  it("reports cache and thinking scenarios", async () => {
    mock.next("cached", "thinking");
    const cached = await client.messages.stream(params).finalMessage();
    expect(cached.usage).toMatchObject({ input_tokens: IN, cache_read_input_tokens: CACHE_READ_TOKENS, cache_creation_input_tokens: CACHE_WRITE_TOKENS });
    const thinking = await client.messages.stream(params).finalMessage();
    expect(thinking.content.map((block) => block.type)).toEqual(["thinking", "text"]);
    expect(thinking.usage.output_tokens).toBe(ANTHROPIC_OUTPUT_TOKENS + THINKING_TOKENS);
  });

  it("splits cache writes by the lifetime the breakpoints ask for, in cache_creation", async () => {
    const system = (ttl?: "5m" | "1h") => [{ type: "text" as const, text: "be terse", cache_control: { type: "ephemeral" as const, ...(ttl ? { ttl } : {}) } }];
    mock.next("cached", "cached", "cached");
    const fiveMinutes = await client.messages.create({ ...params, system: system() });
    expect(fiveMinutes.usage.cache_creation).toEqual({ ephemeral_5m_input_tokens: CACHE_WRITE_TOKENS, ephemeral_1h_input_tokens: 0 });
    const oneHour = await client.messages.stream({ ...params, system: system("1h") }).finalMessage();
    expect(oneHour.usage).toMatchObject({ cache_creation_input_tokens: CACHE_WRITE_TOKENS, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: CACHE_WRITE_TOKENS } });
    const both = await client.messages.create({ ...params, system: [...system("1h"), ...system()] });
    expect(both.usage.cache_creation).toEqual({ ephemeral_5m_input_tokens: CACHE_WRITE_TOKENS / 2, ephemeral_1h_input_tokens: CACHE_WRITE_TOKENS / 2 });
  });

  it("prompt-cache: reads the prefix an earlier request marked, writes the rest up to its last breakpoint", async () => {
    const mark = { cache_control: { type: "ephemeral" as const } };
    const system = [{ type: "text" as const, text: "You are a terse assistant for the prompt cache test.", ...mark }];
    const ask = (text: string, marked: boolean) => ({ role: "user" as const, content: [{ type: "text" as const, text, ...(marked ? mark : {}) }] });
    const first = [ask("First question, a long one.", true)];
    const second = [ask("First question, a long one.", true), { role: "assistant" as const, content: "First answer." }, ask("Second question.", true)];
    const tokens = (...texts: string[]) => Math.ceil(texts.join("").length / 4);
    mock.next("prompt-cache", "prompt-cache", "prompt-cache", "prompt-cache");
    const one = await client.messages.create({ ...params, system, messages: first });
    expect(one.usage).toMatchObject({ input_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: tokens(system[0].text, "First question, a long one.") });
    const two = await client.messages.stream({ ...params, system, messages: second }).finalMessage();
    const read = tokens(system[0].text, "First question, a long one.");
    const all = tokens(system[0].text, "First question, a long one.", "First answer.", "Second question.");
    expect(two.usage).toMatchObject({ input_tokens: 0, cache_read_input_tokens: read, cache_creation_input_tokens: all - read, cache_creation: { ephemeral_5m_input_tokens: all - read, ephemeral_1h_input_tokens: 0 } });
    // The same prompt again: all read. Another model: its own cache.
    const three = await client.messages.create({ ...params, system, messages: second });
    expect(three.usage).toMatchObject({ input_tokens: 0, cache_read_input_tokens: all, cache_creation_input_tokens: 0 });
    const other = await client.messages.create({ ...params, model: "claude-test-2", system, messages: second });
    expect(other.usage).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: all });
    // Unmarked, nothing is cached.
    mock.next("prompt-cache");
    const unmarked = await client.messages.create({ ...params, messages: [ask("First question, a long one.", false)] });
    expect(unmarked.usage).toMatchObject({ input_tokens: tokens("First question, a long one."), cache_read_input_tokens: 0, cache_creation_input_tokens: 0 });
  });

  it("refuses more than 4 breakpoints, and one on a thinking block", async () => {
    const marked = (text: string) => ({ type: "text" as const, text, cache_control: { type: "ephemeral" as const } });
    const five = client.messages.create({ ...params, system: [marked("a"), marked("b"), marked("c"), marked("d")], messages: [{ role: "user", content: [marked("e")] }] });
    await expect(five).rejects.toMatchObject({ status: 400, message: expect.stringContaining("A maximum of 4 blocks with cache_control may be provided. Found 5.") });
    const thinking = { type: "thinking" as const, thinking: "t", signature: "sig", cache_control: { type: "ephemeral" as const } };
    const onThinking = client.messages.create({ ...params, messages: [...params.messages, { role: "assistant", content: [thinking as never, { type: "text", text: "ok" }] }, { role: "user", content: "more" }] });
    await expect(onThinking).rejects.toMatchObject({ status: 400, message: expect.stringContaining("messages.1.content.0.thinking.cache_control: Extra inputs are not permitted") });
  });

  it("refuses a tool name outside ^[a-zA-Z0-9_-]{1,128}$, as Anthropic does", async () => {
    const schema = { type: "object" as const, properties: {} };
    const dotted = client.messages.create({ ...params, tools: [{ name: "read_file", input_schema: schema }, { name: "files.read", input_schema: schema }] });
    await expect(dotted).rejects.toMatchObject({ status: 400, error: { type: "error", error: { type: "invalid_request_error", message: "tools.1.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'" } } });
    await expect(client.messages.create({ ...params, tools: [{ name: "x".repeat(129), input_schema: schema }] })).rejects.toMatchObject({ status: 400 });
    await expect(client.messages.create({ ...params, tools: [{ name: "x".repeat(128), input_schema: schema }] })).resolves.toMatchObject({ type: "message" });
  });

  it("accepts X-Api-Key, lists models and counts tokens", async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    expect(models.length).toBeGreaterThan(0);
    const count = await fetch(`${mock.url}/v1/messages/count_tokens`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: params.messages }),
    });
    expect(await count.json()).toEqual({ input_tokens: IN });
  });

  it("maps auth and error scenarios to typed SDK errors", async () => {
    const wrong = new Anthropic({ apiKey: "nope", baseURL: mock.url, maxRetries: 0 });
    await expect(wrong.messages.create(params)).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    mock.next("error-429", "error-400", "error-500");
    const limited = await client.messages.create(params).catch((error) => error);
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.error).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
    await expect(client.messages.create(params)).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(client.messages.create(params)).rejects.toBeInstanceOf(Anthropic.InternalServerError);
    await expect(client.messages.create({ ...params, max_tokens: undefined as unknown as number })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });

  it("breaks, empties, delays and hangs on request", async () => {
    mock.next("break-mid-stream", "break-mid-stream", "empty-stream");
    await expect(client.messages.stream(params).finalMessage()).rejects.toThrow(/terminated/);
    // The status was 200, so the SDK surfaces the body read failure itself (undici "terminated").
    await expect(client.messages.create(params)).rejects.toThrow(/terminated/);
    await expect(client.messages.stream(params).finalMessage()).rejects.toThrow(/without sending any chunks/);

    mock.next("slow-first-byte", "hang");
    const started = Date.now();
    await client.messages.create(params);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_FIRST_BYTE_MS - 100);
    const impatient = new Anthropic({ apiKey, baseURL: mock.url, maxRetries: 0, timeout: 300 });
    await expect(impatient.messages.create(params)).rejects.toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  it("paces events with delayMs and records a client that goes away", async () => {
    const slow = await startAnthropicMock({ apiKey, delayMs: 100 });
    try {
      const slowClient = new Anthropic({ apiKey, baseURL: slow.url, maxRetries: 0 });
      for await (const event of await slowClient.messages.create({ ...params, stream: true })) {
        if (event.type === "content_block_start") break; // leaving the loop aborts the request
      }
      await expect.poll(() => slow.requests[0].aborted).toBe(true);
    } finally {
      await slow.close();
    }
  });
});

describe("OpenAI mock", () => {
  const apiKey = "sk-openai-mock";
  let mock: Mock;
  let client: OpenAI;
  beforeAll(async () => {
    mock = await startOpenAIMock({ apiKey });
    client = new OpenAI({ apiKey, baseURL: `${mock.url}/v1`, maxRetries: 0 });
  });
  afterAll(() => mock.close());
  const chat = { model: "gpt-test", messages: [{ role: "user" as const, content: PROMPT }] };

  it("answers a non-stream chat completion with usage details", async () => {
    const completion = await client.chat.completions.create(chat);
    expect(completion.model).toBe("gpt-test");
    expect(completion.choices[0].message.content).toBe(OPENAI_REPLY);
    expect(completion.usage).toMatchObject({
      prompt_tokens: IN,
      completion_tokens: OPENAI_OUTPUT_TOKENS,
      total_tokens: IN + OPENAI_OUTPUT_TOKENS,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it("streams chat; the usage chunk comes only with include_usage", async () => {
    const plain = [];
    for await (const chunk of await client.chat.completions.create({ ...chat, stream: true })) plain.push(chunk);
    expect(plain.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe(OPENAI_REPLY);
    expect(plain.every((chunk) => chunk.choices.length === 1 && !("usage" in chunk))).toBe(true);

    const counted = [];
    for await (const chunk of await client.chat.completions.create({ ...chat, stream: true, stream_options: { include_usage: true } })) counted.push(chunk);
    const last = counted.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: IN, completion_tokens: OPENAI_OUTPUT_TOKENS });
    expect(counted.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);

    const raw = await (await fetch(`${mock.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ ...chat, stream: true }),
    })).text();
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(raw).not.toContain("event:");

    const final = await client.chat.completions.stream({ ...chat, stream_options: { include_usage: true } }).finalChatCompletion();
    expect(final.choices[0].message.content).toBe(OPENAI_REPLY);
  });

  it("reports cached and reasoning tokens", async () => {
    mock.next("cached", "thinking");
    const cached = await client.chat.completions.create(chat);
    expect(cached.usage).toMatchObject({ prompt_tokens: IN + CACHE_READ_TOKENS, prompt_tokens_details: { cached_tokens: CACHE_READ_TOKENS } });
    const thinking = await client.chat.completions.create(chat);
    expect(thinking.usage).toMatchObject({ completion_tokens: OPENAI_OUTPUT_TOKENS + THINKING_TOKENS, completion_tokens_details: { reasoning_tokens: THINKING_TOKENS } });
  });

  it("answers Responses non-stream and stream", async () => {
    const response = await client.responses.create({ model: "gpt-test", input: PROMPT, instructions: "be terse" });
    expect(response.object).toBe("response");
    expect(response.output_text).toBe(OPENAI_REPLY);
    expect(response.usage).toMatchObject({ input_tokens: expectedInputTokens("be terse" + PROMPT), output_tokens: OPENAI_OUTPUT_TOKENS });

    const stream = client.responses.stream({ model: "gpt-test", input: PROMPT });
    const sequence: number[] = [];
    stream.on("event", (event) => sequence.push(event.sequence_number));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe(OPENAI_REPLY);
    expect(final.usage).toMatchObject({ input_tokens: IN, output_tokens: OPENAI_OUTPUT_TOKENS, total_tokens: IN + OPENAI_OUTPUT_TOKENS });
    expect(sequence).toEqual(sequence.map((_, index) => index));
  });

  it("refuses a function name outside ^[a-zA-Z0-9_-]+$ or over 64 characters, declared or in the history, as OpenAI does", async () => {
    const fn = (name: string) => ({ type: "function" as const, function: { name, parameters: { type: "object", properties: {} } } });
    const coloned = await client.chat.completions.create({ ...chat, tools: [fn("github:create_issue")] }).catch((error) => error);
    expect(coloned).toBeInstanceOf(OpenAI.BadRequestError);
    expect(coloned).toMatchObject({
      param: "tools[0].function.name",
      code: "invalid_value",
      error: { message: "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.", type: "invalid_request_error" },
    });
    const long = await client.responses.create({ model: "gpt-test", input: PROMPT, tools: [{ type: "function", name: "x".repeat(65), parameters: {}, strict: false }] }).catch((error) => error);
    expect(long).toMatchObject({ status: 400, param: "tools[0].name", code: "string_above_max_length" });
    const history = [
      { role: "assistant" as const, tool_calls: [{ id: "c1", type: "function" as const, function: { name: "files.read", arguments: "{}" } }] },
      { role: "tool" as const, tool_call_id: "c1", content: "ok" },
    ];
    await expect(client.chat.completions.create({ ...chat, messages: [...chat.messages, ...history] })).rejects.toMatchObject({ status: 400, param: "messages[1].tool_calls[0].function.name" });
  });

  it("takes thinking from DeepSeek, GLM and Kimi models, and user_id of 6 to 128 characters from GLM ones, as those vendors document", async () => {
    const extra = (model: string, body: object) => client.chat.completions.create({ ...chat, model, ...body } as never).then(() => "ok", (error) => error);
    for (const model of ["deepseek-chat", "glm-4.6", "kimi-k2.6"]) expect(await extra(model, { thinking: { type: "disabled" } }), model).toBe("ok");
    expect(await extra("gpt-test", { thinking: { type: "disabled" } })).toMatchObject({ status: 400, message: expect.stringContaining("Unrecognized request argument supplied: thinking") });
    expect(await extra("glm-4.6", { user_id: "user-1234" })).toBe("ok");
    expect(await extra("glm-4.6", { user_id: "u-1" })).toMatchObject({ status: 400, param: "user_id" });
    expect(await extra("kimi-k2.6", { user_id: "user-1234" })).toMatchObject({ status: 400, message: expect.stringContaining("user_id") });
  });

  it("refuses from GLM models a temperature outside [0, 1], a top_p outside [0.01, 1] and more than one stop word, as docs.z.ai documents", async () => {
    const glm = (body: object) => client.chat.completions.create({ ...chat, model: "glm-4.6", ...body }).then(() => "ok", (error) => error);
    expect(await glm({ temperature: 1, top_p: 0.01, stop: ["END"] })).toBe("ok");
    expect(await glm({ temperature: 1.5 })).toMatchObject({ status: 400, param: "temperature" });
    expect(await glm({ top_p: 0 })).toMatchObject({ status: 400, param: "top_p" });
    expect(await glm({ stop: ["END", "STOP"] })).toMatchObject({ status: 400, param: "stop" });
    expect(await client.chat.completions.create({ ...chat, model: "gpt-test", temperature: 1.5, stop: ["END", "STOP"] }).then(() => "ok")).toBe("ok");
  });

  it("refuses from GLM-5.3 thinking switched off and a reasoning_effort but max, high or low, as docs.z.ai documents; GLM-5.2 takes them", async () => {
    const glm = (model: string, body: object) => client.chat.completions.create({ ...chat, model, ...body } as never).then(() => "ok", (error) => error);
    for (const reasoning_effort of ["max", "high", "low"]) expect(await glm("glm-5.3", { thinking: { type: "enabled" }, reasoning_effort }), reasoning_effort).toBe("ok");
    expect(await glm("glm-5.3-flash", { reasoning_effort: "medium" })).toMatchObject({ status: 400, param: "reasoning_effort" });
    expect(await glm("glm-5.3", { thinking: { type: "disabled" } })).toMatchObject({ status: 400, param: "thinking" });
    expect(await glm("glm-5.2", { thinking: { type: "disabled" } })).toBe("ok");
    expect(await glm("glm-5.2", { thinking: { type: "enabled" }, reasoning_effort: "medium" })).toBe("ok");
  });

  it("refuses stop from OpenAI's reasoning models from o3 and o4-mini on, as OpenAI does; o1, o3-mini and GPT-5's chat snapshot take it", async () => {
    const withStop = (model: string) => client.chat.completions.create({ ...chat, model, stop: ["END"] }).then(() => "ok", (error) => error);
    for (const model of ["o3", "o4-mini-2025-04-16", "gpt-5", "gpt-5.2"]) {
      expect(await withStop(model), model).toMatchObject({ status: 400, param: "stop", code: "unsupported_parameter", error: { message: "Unsupported parameter: 'stop' is not supported with this model.", type: "invalid_request_error" } });
    }
    for (const model of ["o1", "o3-mini", "gpt-5-chat-latest", "gpt-4.1"]) expect(await withStop(model), model).toBe("ok");
  });

  it("refuses from MiniMax models a temperature or top_p outside (0, 1], as MiniMax documents", async () => {
    const miniMax = (body: object) => client.chat.completions.create({ ...chat, model: "MiniMax-M2", ...body }).then(() => "ok", (error) => error);
    expect(await miniMax({ temperature: 1, top_p: 0.01 })).toBe("ok");
    expect(await miniMax({ temperature: 0 })).toMatchObject({ status: 400, param: "temperature" });
    expect(await miniMax({ temperature: 1.5 })).toMatchObject({ status: 400, param: "temperature" });
    expect(await miniMax({ top_p: 0 })).toMatchObject({ status: 400, param: "top_p" });
  });

  it("has a MiniMax model think inline, <think>…</think> in the content, unless reasoning_split asks for reasoning_details", async () => {
    const miniMax = { ...chat, model: "MiniMax-M2" };
    mock.next("thinking", "thinking", "thinking");
    const inline = await client.chat.completions.create(miniMax);
    expect(inline.choices[0].message.content).toBe(`<think>\n${REASONING_TEXT}\n</think>\n\n${OPENAI_REPLY}`);
    const split = await client.chat.completions.create({ ...miniMax, reasoning_split: true } as never);
    expect(split.choices[0].message).toMatchObject({ content: OPENAI_REPLY, reasoning_details: [{ type: "reasoning.text", text: REASONING_TEXT }] });
    let reasoning = "";
    let content = "";
    for await (const part of await client.chat.completions.create({ ...miniMax, reasoning_split: true, stream: true } as never) as unknown as AsyncIterable<any>) {
      for (const detail of part.choices[0]?.delta?.reasoning_details ?? []) reasoning += detail.text;
      content += part.choices[0]?.delta?.content ?? "";
    }
    expect([reasoning, content]).toEqual([REASONING_TEXT, OPENAI_REPLY]);
    expect(await client.chat.completions.create({ ...chat, reasoning_split: true } as never).catch((error) => error)).toMatchObject({ status: 400 });
  });

  it("maps auth and error scenarios to typed SDK errors", async () => {
    const wrong = new OpenAI({ apiKey: "nope", baseURL: `${mock.url}/v1`, maxRetries: 0 });
    await expect(wrong.chat.completions.create(chat)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    mock.next("error-429", "error-400", "error-500", "break-mid-stream", "empty-stream");
    const limited = await client.chat.completions.create(chat).catch((error) => error);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.code).toBe("rate_limit_exceeded");
    await expect(client.responses.create({ model: "gpt-test", input: PROMPT })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(client.chat.completions.create(chat)).rejects.toBeInstanceOf(OpenAI.InternalServerError);
    await expect(client.responses.stream({ model: "gpt-test", input: PROMPT }).finalResponse()).rejects.toThrow(/terminated/);
    await expect(client.responses.stream({ model: "gpt-test", input: PROMPT }).finalResponse()).rejects.toThrow(/without sending any events/);
    await expect(client.chat.completions.create({ ...chat, stream_options: { include_usage: true } })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });
});

describe("Gemini mock", () => {
  const apiKey = "gemini-mock-key";
  let mock: Mock;
  let ai: GoogleGenAI;
  beforeAll(async () => {
    mock = await startGeminiMock({ apiKey });
    ai = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: mock.url } });
  });
  afterAll(() => mock.close());
  const request = { model: "gemini-test", contents: PROMPT };

  it("answers generateContent with camelCase usage", async () => {
    const response = await ai.models.generateContent({ ...request, config: { systemInstruction: "be terse" } });
    expect(response.text).toBe(GEMINI_REPLY);
    expect(response.modelVersion).toBe("gemini-test");
    const prompt = expectedInputTokens("be terse" + PROMPT);
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: prompt, candidatesTokenCount: GEMINI_OUTPUT_TOKENS, totalTokenCount: prompt + GEMINI_OUTPUT_TOKENS });
    // @google/genai 3.x defaults to apiVersion "v1"; the mock serves /v1 and /v1beta alike.
    expect(mock.requests.at(-1)!.path).toBe("/v1/models/gemini-test:generateContent");
    const beta = new GoogleGenAI({ apiKey, httpOptions: { baseUrl: mock.url, apiVersion: "v1beta" } });
    expect((await beta.models.generateContent(request)).text).toBe(GEMINI_REPLY);
    expect(mock.requests.at(-1)!.path).toBe("/v1beta/models/gemini-test:generateContent");
  });

  it("streams with cumulative usage and finishReason on the last chunk", async () => {
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream(request)) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.text).join("")).toBe(GEMINI_REPLY);
    expect(chunks.map((chunk) => chunk.candidates?.[0].finishReason ?? null)).toEqual([...chunks.slice(1).map(() => null), "STOP"]);
    expect(chunks.at(-1)!.usageMetadata).toMatchObject({ promptTokenCount: IN, candidatesTokenCount: GEMINI_OUTPUT_TOKENS });
    expect(mock.requests.at(-1)!.query.alt).toBe("sse");

    const raw = await (await fetch(`${mock.url}/v1beta/models/gemini-test:streamGenerateContent?alt=sse&key=${apiKey}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: PROMPT }] }] }),
    })).text();
    expect(raw.split("\r\n\r\n").filter(Boolean).every((event) => event.startsWith("data: {"))).toBe(true);
  });

  it("reports thinking tokens", async () => {
    mock.next("thinking");
    const response = await ai.models.generateContent(request);
    expect(response.usageMetadata).toMatchObject({ thoughtsTokenCount: THINKING_TOKENS, totalTokenCount: IN + GEMINI_OUTPUT_TOKENS + THINKING_TOKENS });
  });

  it("refuses a function name that starts with a digit or runs past 64 characters, and takes dots and colons, as Gemini does", async () => {
    const declare = (name: string) => ({ ...request, config: { tools: [{ functionDeclarations: [{ name, parametersJsonSchema: { type: "object" } }] }] } });
    const digit = await ai.models.generateContent(declare("7zip")).catch((error) => error);
    expect(digit).toBeInstanceOf(ApiError);
    expect(digit.status).toBe(400);
    expect(digit.message).toContain("GenerateContentRequest.tools[0].function_declarations[0].name: Invalid function name. Must start with a letter or an underscore.");
    await expect(ai.models.generateContent(declare("x".repeat(65)))).rejects.toMatchObject({ status: 400 });
    await expect(ai.models.generateContent(declare("github:files.read"))).resolves.toBeTruthy();
  });

  it("refuses allowedFunctionNames beside mode AUTO, NONE or none, and takes them with ANY and VALIDATED, as Gemini does", async () => {
    const restrict = (mode: FunctionCallingConfigMode | undefined) => ({
      ...request,
      config: { tools: [{ functionDeclarations: [{ name: "read", parametersJsonSchema: { type: "object" } }] }], toolConfig: { functionCallingConfig: { mode, allowedFunctionNames: ["read"] } } },
    });
    for (const mode of [FunctionCallingConfigMode.AUTO, FunctionCallingConfigMode.NONE, undefined]) {
      const refused = await ai.models.generateContent(restrict(mode)).catch((error) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused.status).toBe(400);
      expect(refused.message).toContain("allowed_function_names can only be set when mode is ANY or VALIDATED");
    }
    for (const mode of [FunctionCallingConfigMode.ANY, FunctionCallingConfigMode.VALIDATED]) await expect(ai.models.generateContent(restrict(mode))).resolves.toBeTruthy();
  });

  it("maps auth and error scenarios to ApiError with the HTTP status", async () => {
    const wrong = new GoogleGenAI({ apiKey: "nope", httpOptions: { baseUrl: mock.url } });
    await expect(wrong.models.generateContent(request)).rejects.toMatchObject({ status: 400 });
    mock.next("error-429", "error-400", "error-500");
    const limited = await ai.models.generateContent(request).catch((error) => error);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited.status).toBe(429);
    expect(limited.message).toContain("RESOURCE_EXHAUSTED");
    await expect(ai.models.generateContent(request)).rejects.toMatchObject({ status: 400 });
    await expect(ai.models.generateContent(request)).rejects.toMatchObject({ status: 500 });
  });

  it("breaks a stream mid-way, or sends an empty one", async () => {
    mock.next("break-mid-stream", "empty-stream");
    const count = async () => {
      let chunks = 0;
      for await (const _ of await ai.models.generateContentStream(request)) chunks++;
      return chunks;
    };
    await expect(count()).rejects.toThrow(/terminated/);
    expect(await count()).toBe(0); // the SDK accepts an empty stream silently; a gateway must not
  });
});
