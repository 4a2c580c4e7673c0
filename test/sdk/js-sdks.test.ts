// The official JS SDKs call the gateway with only base URL and key changed, non-streamed and
// streamed (including the SDK stream helpers), and the usage they report equals the ledger's.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { ANTHROPIC_OUTPUT_TOKENS, ANTHROPIC_REPLY } from "../mock-upstreams/anthropic.ts";
import { GEMINI_OUTPUT_TOKENS, GEMINI_REPLY } from "../mock-upstreams/gemini.ts";
import { OPENAI_OUTPUT_TOKENS, OPENAI_REPLY } from "../mock-upstreams/openai.ts";
import { CACHE_READ_TOKENS, CACHE_WRITE_TOKENS, THINKING_TOKENS, expectedInputTokens } from "../mock-upstreams/server.ts";

let env: RelayEnv;
const prompt = "Hello there, gateway: please greet me.";

beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

async function keyed(identifier: string) {
  const name = unique(identifier);
  return { name, key: await env.key(identifier, name) };
}

describe("Family A SDK (@anthropic-ai/sdk)", () => {
  const client = (key: string) => new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 });

  it("non-streamed: the reply, its usage, and the same usage in the ledger; vendor fields pass through", async () => {
    const { name, key } = await keyed("claude-smart");
    const message = await client(key).messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 100,
      messages: [{ role: "user", content: prompt }],
      metadata: { user_id: "user-42" },
    });
    expect(message.content[0]).toMatchObject({ type: "text", text: ANTHROPIC_REPLY });
    expect(message.usage.input_tokens).toBe(expectedInputTokens(prompt));
    expect(message.usage.output_tokens).toBe(ANTHROPIC_OUTPUT_TOKENS);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "ok", input_tokens: message.usage.input_tokens, output_tokens: message.usage.output_tokens });
    const upstream = env.mocks.anthropic.requests.at(-1)!;
    expect(upstream.body.metadata).toEqual({ user_id: "user-42" });
    expect(upstream.headers["x-api-key"]).toBe(upstreamKeys.anthropic);
    expect(upstream.headers.authorization).toBeUndefined();
  });

  it("messages.stream() gives the final message, and the ledger has its usage", async () => {
    const { name, key } = await keyed("claude-smart");
    const stream = client(key).messages.stream({ model: "claude-haiku-4-5", max_tokens: 100, messages: [{ role: "user", content: prompt }] });
    const texts: string[] = [];
    stream.on("text", (text) => texts.push(text));
    const final = await stream.finalMessage();
    expect(texts.join("")).toBe(ANTHROPIC_REPLY);
    expect(final.usage.output_tokens).toBe(ANTHROPIC_OUTPUT_TOKENS);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "ok", input_tokens: final.usage.input_tokens, output_tokens: final.usage.output_tokens, model_id: "claude-haiku-4-5" });
  });

  it("cache reads and writes are metered apart", async () => {
    const { name, key } = await keyed("claude-smart");
    env.mocks.anthropic.next("cached");
    const message = await client(key).messages.create({ model: "claude-sonnet-4-6", max_tokens: 50, messages: [{ role: "user", content: prompt }] });
    const [call] = await env.ledger(name);
    expect(call.cache_read_tokens).toBe(CACHE_READ_TOKENS);
    expect(call.cache_write_tokens).toBe(CACHE_WRITE_TOKENS);
    expect(call.input_tokens).toBe(message.usage.input_tokens);
  });

  it("an upstream 400 reaches the SDK as its BadRequestError and is not charged", async () => {
    const { name, key } = await keyed("claude-smart");
    env.mocks.anthropic.next("error-400");
    await expect(client(key).messages.create({ model: "claude-sonnet-4-6", max_tokens: 50, messages: [{ role: "user", content: prompt }] })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError,
    );
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "upstream_error", http_status: 400, cost: 0 });
  });
});

describe("OpenAI SDK (openai): chat completions", () => {
  const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });

  it("non-streamed", async () => {
    const { name, key } = await keyed("gpt-trial");
    const completion = await client(key).chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: prompt }] });
    expect(completion.choices[0].message.content).toBe(OPENAI_REPLY);
    expect(completion.usage?.prompt_tokens).toBe(expectedInputTokens(prompt));
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ input_tokens: completion.usage!.prompt_tokens, output_tokens: completion.usage!.completion_tokens });
  });

  it("streamed with include_usage: the usage chunk arrives and matches the ledger", async () => {
    const { name, key } = await keyed("gpt-trial");
    const stream = await client(key).chat.completions.create({
      model: "gpt-5",
      messages: [{ role: "user", content: prompt }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(OPENAI_REPLY);
    expect(usage?.completion_tokens).toBe(OPENAI_OUTPUT_TOKENS);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ input_tokens: usage!.prompt_tokens, output_tokens: usage!.completion_tokens });
  });

  it("streamed without include_usage: usage is forced upstream, metered, and stripped for the client", async () => {
    const { name, key } = await keyed("gpt-trial");
    const stream = await client(key).chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: prompt }], stream: true });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.every((chunk) => !chunk.usage)).toBe(true);
    expect(chunks.every((chunk) => chunk.choices.length > 0)).toBe(true);
    expect(env.mocks.openai.requests.at(-1)!.body.stream_options).toEqual({ include_usage: true });
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ input_tokens: expectedInputTokens(prompt), output_tokens: OPENAI_OUTPUT_TOKENS });
  });

  it("reasoning tokens are recorded beside output", async () => {
    const { name, key } = await keyed("gpt-trial");
    env.mocks.openai.next("thinking");
    const completion = await client(key).chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: prompt }] });
    const [call] = await env.ledger(name);
    expect(call.output_tokens).toBe(completion.usage!.completion_tokens);
    expect(call.reasoning_tokens).toBe(THINKING_TOKENS);
  });

  it("a domestic model id containing / reaches its OpenAI-compatible channel unchanged", async () => {
    const { name, key } = await keyed("qwen-trial");
    const completion = await client(key).chat.completions.create({ model: "Qwen/Qwen3-235B-A22B", messages: [{ role: "user", content: prompt }] });
    expect(completion.choices[0].message.content).toBe(OPENAI_REPLY);
    expect(env.mocks.openai.requests.at(-1)!.body.model).toBe("Qwen/Qwen3-235B-A22B");
    expect((await env.ledger(name))[0].group_name).toBe("Qwen Trial");
  });

  it("a group-qualified name is sent upstream as the plain model id", async () => {
    const { name, key } = await keyed("deepseek-trial");
    await client(key).chat.completions.create({ model: "qwen-trial/qwen3-max", messages: [{ role: "user", content: prompt }] });
    expect(env.mocks.openai.requests.at(-1)!.body.model).toBe("qwen3-max");
    expect((await env.ledger(name))[0].group_name).toBe("Qwen Trial");
  });
});

describe("OpenAI SDK (openai): responses", () => {
  const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });

  it("without stream: a complete response object with output_text, assembled from an upstream stream", async () => {
    const { name, key } = await keyed("gpt-trial");
    const response = await client(key).responses.create({ model: "gpt-5", input: prompt });
    expect(response.object).toBe("response");
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe(OPENAI_REPLY);
    expect(env.mocks.openai.requests.at(-1)!.body.stream).toBe(true);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ input_tokens: response.usage!.input_tokens, output_tokens: response.usage!.output_tokens });
  });

  it("responses.stream() gives the final response with output_text", async () => {
    const { name, key } = await keyed("gpt-trial-plus");
    const stream = client(key).responses.stream({ model: "gpt-4.1", input: prompt });
    const deltas: string[] = [];
    stream.on("response.output_text.delta", (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(final.output_text).toBe(OPENAI_REPLY);
    expect(deltas.join("")).toBe(OPENAI_REPLY);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ input_tokens: final.usage!.input_tokens, output_tokens: final.usage!.output_tokens, multiplier_milli: 5000 });
  });
});

describe("Family C SDK (@google/genai)", () => {
  const client = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: env.tollgate.url } });

  it("generateContent", async () => {
    const { name, key } = await keyed("gemini-official");
    const response = await client(key).models.generateContent({ model: "gemini-2.5-flash", contents: prompt });
    expect(response.text).toBe(GEMINI_REPLY);
    expect(response.usageMetadata?.candidatesTokenCount).toBe(GEMINI_OUTPUT_TOKENS);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ input_tokens: response.usageMetadata!.promptTokenCount, output_tokens: GEMINI_OUTPUT_TOKENS });
    expect(env.mocks.gemini.requests.at(-1)!.headers["x-goog-api-key"]).toBe(upstreamKeys.gemini);
  });

  it("generateContentStream, with thoughts billed as output", async () => {
    const { name, key } = await keyed("gemini-official");
    env.mocks.gemini.next("thinking");
    let text = "";
    let last: { promptTokenCount?: number; candidatesTokenCount?: number; thoughtsTokenCount?: number } | undefined;
    for await (const chunk of await client(key).models.generateContentStream({ model: "gemini-2.5-pro", contents: prompt })) {
      text += chunk.text ?? "";
      last = chunk.usageMetadata ?? last;
    }
    expect(text).toBe(GEMINI_REPLY);
    const [call] = await env.ledger(name);
    expect(call.output_tokens).toBe(last!.candidatesTokenCount! + last!.thoughtsTokenCount!);
    expect(call.reasoning_tokens).toBe(THINKING_TOKENS);
    expect(call.input_tokens).toBe(last!.promptTokenCount);
  });

  it("calls a group-qualified model whose id has a slash as the Call Guide names it (the SDK sends three path segments)", async () => {
    const identifier = unique("gemini-slash").toLowerCase();
    const group = await env.operator.POST("/api/admin/groups", {
      body: { name: identifier, identifier, family: "C", multiplier_milli: 1000, visibility: "public", models: [{ model_id: "google/gemini-2.5-flash", prices: { input: 1, output: 1 } }] },
    });
    const channel = await env.operator.POST("/api/admin/channels", {
      body: { name: identifier, kind: "gemini", base_url: env.mocks.gemini.url, credentials: [upstreamKeys.gemini], group_ids: [group.data!.id], model_mapping: { "google/gemini-2.5-flash": "gemini-2.5-flash" }, priority: 0 },
    });
    expect(channel.response.status).toBe(201);
    await new Promise((settle) => setTimeout(settle, 500)); // the catalog reloads
    const guide = (await env.tenant.owner.GET("/api/call-guide")).data!;
    const model = guide.groups.find((listed) => listed.identifier === identifier)!.models[0].qualified_call_name;
    expect(model).toBe(`${identifier}/google/gemini-2.5-flash`);
    // A key of another group: the qualified name routes the call.
    const { name, key } = await keyed("gemini-official");
    const ai = client(key);
    const response = await ai.models.generateContent({ model, contents: prompt });
    expect(response.text).toBe(GEMINI_REPLY);
    expect(env.mocks.gemini.requests.at(-1)!.path).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    let text = "";
    for await (const chunk of await ai.models.generateContentStream({ model, contents: prompt })) text += chunk.text ?? "";
    expect(text).toBe(GEMINI_REPLY);
    expect((await ai.models.countTokens({ model, contents: prompt })).totalTokens).toBeGreaterThan(0);
    expect((await ai.models.get({ model })).name).toBe(`models/${model}`);
    const calls = await env.ledger(name, 2);
    expect(calls.map((call) => [call.model_id, call.call_name])).toEqual([
      ["google/gemini-2.5-flash", model],
      ["google/gemini-2.5-flash", model],
    ]);
  });
});

describe("channels", () => {
  it("map public model ids to upstream ids and never show their credentials", async () => {
    const groupId = env.groups.get("gpt-trial-plus")!.id;
    const created = await env.operator.POST("/api/admin/channels", {
      body: {
        name: "mapped-openai",
        kind: "openai",
        base_url: `${env.mocks.openai.url}/v1`,
        credentials: [upstreamKeys.openai],
        group_ids: [groupId],
        model_mapping: { "gpt-5": "gpt-5-2025-08-07" },
        priority: 10,
      },
    });
    expect(created.response.status).toBe(201);
    expect(JSON.stringify(created.data)).not.toContain(upstreamKeys.openai);
    expect(created.data!.credentials.hints).toEqual([`…${upstreamKeys.openai.slice(-4)}`]);
    const { key } = await keyed("gpt-trial-plus");
    const client = new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: "gpt-5", messages: [{ role: "user", content: prompt }] });
    expect(env.mocks.openai.requests.at(-1)!.body.model).toBe("gpt-5-2025-08-07");
    const listed = await env.operator.GET("/api/admin/channels");
    expect(JSON.stringify(listed.data)).not.toContain(upstreamKeys.openai);
    const tested = await env.operator.POST("/api/admin/channels/{id}/test", { params: { path: { id: created.data!.id } } });
    expect(tested.data).toMatchObject({ ok: true, status: 200 });
  });
});
