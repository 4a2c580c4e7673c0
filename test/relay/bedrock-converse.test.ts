// Bedrock's own catalog (Llama, Mistral, Nova) through its Converse API, for a compatible group's
// chat completions and, translated, its Anthropic Messages calls, against the Converse mock
// (test/mock-upstreams/clouds/bedrock-converse.ts), which checks SigV4 and Bedrock's body rules.
// What the gateway sends equals what AWS's own client (@aws-sdk/client-bedrock-runtime) sends for
// the same call; answers, streams (tool-call deltas included), errors and usage come back in chat's
// words, billed exactly; a ValidationException is the caller's 400 and is neither failed over nor
// charged; throttling fails over to the next channel; count_tokens answers with the estimate.
import Anthropic from "@anthropic-ai/sdk";
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from "@aws-sdk/client-bedrock-runtime";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { CONVERSE_OUTPUT_TOKENS, CONVERSE_REPLY, startBedrockConverseMock } from "../mock-upstreams/clouds/bedrock-converse.ts";
import { TOOL_ARGUMENT, toolReply } from "../mock-upstreams/conversation.ts";
import { type Mock, type RecordedRequest, expectedInputTokens } from "../mock-upstreams/server.ts";

const REGION = "us-west-2";
const AWS_KEY = { id: "AKIATOLLGATECONVERSE", secret: "tollgate/converse+secret/0000000000000000" };
const LLAMA = "us.meta.llama3-3-70b-instruct-v1:0";
const NOVA = "amazon.nova-pro-v1:0";
const MISTRAL = "mistral.mistral-large-2407-v1:0";
const MAPPING = { "llama-3.3-70b": LLAMA, "nova-pro": NOVA, "mistral-large": MISTRAL };
const PROMPT = "Say hello through Bedrock, please.";
const SYSTEM = "Be brief.";
/** Prices per million tokens: a token in costs 3 µ, a token out 15 µ, in a 1x group. */
const PRICES = { input: 3_000_000, output: 15_000_000 };
const costOf = (input: number, output: number) => input * 3 + output * 15;
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let env: RelayEnv;
let converse: Mock;
let backup: Mock;

beforeAll(async () => {
  env = await startRelayEnv();
  const keys = { [AWS_KEY.id]: { secretAccessKey: AWS_KEY.secret } };
  [converse, backup] = await Promise.all([startBedrockConverseMock({ region: REGION, keys }), startBedrockConverseMock({ region: REGION, keys })]);
});
afterAll(async () => {
  await Promise.all([converse?.close(), backup?.close()]);
  await env?.stop();
});

const channel = (mock: Mock) => ({ kind: "bedrock", base_url: mock.url, region: REGION, credentials: [`${AWS_KEY.id}:${AWS_KEY.secret}`], model_mapping: MAPPING });

/** A fresh compatible group of Bedrock's models served by channels on `mocks` (in priority order), accepting Anthropic calls translated, and a key bound to it. */
async function group(name: string, mocks: Mock[]) {
  const identifier = unique(name.toLowerCase().replace(/[^a-z0-9]+/g, "-")).toLowerCase();
  const created = await env.operator.POST("/api/admin/groups", {
    body: {
      name: `${name} ${identifier}`,
      identifier,
      family: "compatible",
      multiplier_milli: 1000,
      visibility: "public",
      translated_interfaces: ["messages"],
      models: Object.keys(MAPPING).map((model_id) => ({ model_id, prices: PRICES })),
    },
  });
  expect(created.error, JSON.stringify(created.error)).toBeUndefined();
  const channelIds: string[] = [];
  for (const [index, mock] of mocks.entries()) {
    const made = await env.operator.POST("/api/admin/channels", { body: { name: `${identifier}-${index}`, group_ids: [created.data!.id], priority: 100 - index, ...channel(mock) } as never });
    expect(made.error, JSON.stringify(made.error)).toBeUndefined();
    channelIds.push(made.data!.id);
  }
  const keyName = unique(`${identifier}-key`);
  const key = await createKey(env.tenant.owner, created.data!.id, keyName);
  return { channelIds, key, keyName, openai: new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 }), anthropic: new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 }) };
}

const since = (mock: Mock, from: number) => mock.requests.slice(from);
const IN = expectedInputTokens(SYSTEM + PROMPT);
const chatMessages = [
  { role: "system" as const, content: SYSTEM },
  { role: "user" as const, content: PROMPT },
];

async function lastCallDetail(keyName: string, count = 1) {
  const [newest] = await env.ledger(keyName, count);
  return (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: newest.id } } })).data!;
}

describe("chat completions on Bedrock's Converse API", () => {
  let open: Awaited<ReturnType<typeof group>>;
  beforeAll(async () => {
    open = await group("Bedrock Open Models", [converse]);
  });

  it("passes the console's channel test through Converse", async () => {
    const from = converse.requests.length;
    const tested = await env.operator.POST("/api/admin/channels/{id}/test", { params: { path: { id: open.channelIds[0] } } });
    expect(tested.data, JSON.stringify(tested.data)).toMatchObject({ ok: true, status: 200 });
    expect(since(converse, from)[0].path).toMatch(/\/converse$/);
  });

  it("in a group that also holds an Anthropic-compatible channel, native Messages calls go to that channel only, chat to Converse", async () => {
    const mixed = await group("Bedrock Mixed", [converse]);
    const groupId = (await env.operator.GET("/api/admin/channels")).data!.data.find((made) => made.id === mixed.channelIds[0])!.group_ids[0];
    const anthropicChannel = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("mixed-anthropic"), kind: "anthropic", base_url: env.mocks.anthropic.url, credentials: [upstreamKeys.anthropic], group_ids: [groupId], priority: -10 },
    });
    expect(anthropicChannel.error).toBeUndefined();
    const fromConverse = converse.requests.length;
    const fromAnthropic = env.mocks.anthropic.requests.length;
    const message = await mixed.anthropic.messages.create({ model: "llama-3.3-70b", max_tokens: 64, messages: [{ role: "user", content: PROMPT }] });
    expect(message.content[0]).toMatchObject({ type: "text" });
    expect(env.mocks.anthropic.requests.length).toBe(fromAnthropic + 1);
    expect(converse.requests.length).toBe(fromConverse);
    const chat = await mixed.openai.chat.completions.create({ model: "llama-3.3-70b", messages: chatMessages });
    expect(chat.choices[0].message.content).toBe(CONVERSE_REPLY);
    expect(converse.requests.length).toBe(fromConverse + 1);
  });

  it("sends what AWS's own client sends for the same call (path, body, signed scope), streamed and not", async () => {
    const aws = new BedrockRuntimeClient({ region: REGION, endpoint: converse.url, credentials: { accessKeyId: AWS_KEY.id, secretAccessKey: AWS_KEY.secret }, maxAttempts: 1, requestHandler: new NodeHttpHandler() });
    for (const stream of [false, true]) {
      const from = converse.requests.length;
      const input = { modelId: LLAMA, system: [{ text: SYSTEM }], messages: [{ role: "user" as const, content: [{ text: PROMPT }] }], inferenceConfig: { maxTokens: 64, temperature: 0.5 } };
      if (stream) {
        const direct = await aws.send(new ConverseStreamCommand(input));
        let text = "";
        for await (const event of direct.stream!) text += event.contentBlockDelta?.delta?.text ?? "";
        expect(text).toBe(CONVERSE_REPLY);
        const relayed = await open.openai.chat.completions.create({ model: "llama-3.3-70b", messages: chatMessages, max_tokens: 64, temperature: 0.5, stream: true });
        for await (const _ of relayed);
      } else {
        const direct = await aws.send(new ConverseCommand(input));
        expect(direct.output?.message?.content).toEqual([{ text: CONVERSE_REPLY }]);
        const relayed = await open.openai.chat.completions.create({ model: "llama-3.3-70b", messages: chatMessages, max_tokens: 64, temperature: 0.5 });
        expect(relayed.choices[0].message.content).toBe(CONVERSE_REPLY);
      }
      const [sdk, gateway] = since(converse, from);
      expect(decodeURIComponent(gateway.path)).toBe(decodeURIComponent(sdk.path));
      expect(decodeURIComponent(gateway.path)).toBe(`/model/${LLAMA}/${stream ? "converse-stream" : "converse"}`);
      expect(gateway.body).toEqual(sdk.body);
      const scope = (request: RecordedRequest) => String(request.headers.authorization).replace(/Credential=([^/]+)\/\d{8}\//, "Credential=$1/<date>/").replace(/, ?SignedHeaders=.*$/, "");
      expect(scope(gateway)).toBe(scope(sdk));
    }
  });

  it("answers a whole completion in chat's words, billed exactly from Converse's usage", async () => {
    const answer = await open.openai.chat.completions.create({ model: "nova-pro", messages: chatMessages });
    expect(answer).toMatchObject({
      object: "chat.completion",
      model: "nova-pro",
      choices: [{ index: 0, message: { role: "assistant", content: CONVERSE_REPLY }, finish_reason: "stop" }],
      usage: { prompt_tokens: IN, completion_tokens: CONVERSE_OUTPUT_TOKENS, total_tokens: IN + CONVERSE_OUTPUT_TOKENS },
    });
    expect(decodeURIComponent(converse.requests.at(-1)!.path)).toBe(`/model/${NOVA}/converse`);
    const [call] = await env.ledger(open.keyName);
    expect(call).toMatchObject({ status: "ok", input_tokens: IN, output_tokens: CONVERSE_OUTPUT_TOKENS, cost: costOf(IN, CONVERSE_OUTPUT_TOKENS) });
  });

  it("streams chat chunks, with the usage chunk only where the caller asked for it, billed exactly either way", async () => {
    const caller = await group("Bedrock Streams", [converse]);
    for (const includeUsage of [true, false]) {
      const stream = await caller.openai.chat.completions.create({
        model: "mistral-large",
        messages: chatMessages,
        stream: true,
        ...(includeUsage ? { stream_options: { include_usage: true } } : {}),
      });
      let text = "";
      let finish: string | null = null;
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? "";
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe(CONVERSE_REPLY);
      expect(finish).toBe("stop");
      if (includeUsage) expect(usage).toMatchObject({ prompt_tokens: IN, completion_tokens: CONVERSE_OUTPUT_TOKENS });
      else expect(usage).toBeUndefined();
    }
    const calls = await env.ledger(caller.keyName, 2);
    for (const call of calls) expect(call).toMatchObject({ status: "ok", stream: true, input_tokens: IN, output_tokens: CONVERSE_OUTPUT_TOKENS, cost: costOf(IN, CONVERSE_OUTPUT_TOKENS) });
  });

  it("round-trips a tool call over two turns, streamed then whole, the Converse bodies as Bedrock takes them", async () => {
    const caller = await group("Bedrock Tools", [converse]);
    const tools = [{ type: "function" as const, function: { name: "read_file", description: "Reads a file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } } }];
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: "user", content: "What does the readme say?" }];
    converse.next("tool", "tool");
    const from = converse.requests.length;
    const first = await caller.openai.chat.completions.create({ model: "llama-3.3-70b", messages, tools, stream: true, stream_options: { include_usage: true } });
    const calls: { id: string; name: string; arguments: string }[] = [];
    let finish: string | null = null;
    for await (const chunk of first) {
      for (const call of chunk.choices[0]?.delta?.tool_calls ?? []) {
        calls[call.index] ??= { id: "", name: "", arguments: "" };
        if (call.id) calls[call.index].id = call.id;
        if (call.function?.name) calls[call.index].name = call.function.name;
        calls[call.index].arguments += call.function?.arguments ?? "";
      }
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe("tool_calls");
    expect(calls).toEqual([{ id: expect.stringMatching(/^tooluse_/), name: "read_file", arguments: JSON.stringify({ path: TOOL_ARGUMENT }) }]);
    const second = await caller.openai.chat.completions.create({
      model: "llama-3.3-70b",
      tools,
      messages: [
        ...messages,
        { role: "assistant", content: null, tool_calls: calls.map((call) => ({ id: call.id, type: "function" as const, function: { name: call.name, arguments: call.arguments } })) },
        { role: "tool", tool_call_id: calls[0].id, content: "# Tollgate, a model gateway" },
      ],
    });
    expect(second.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: toolReply("# Tollgate, a model gateway") } });
    const [firstSent, secondSent] = since(converse, from);
    expect(firstSent.body.toolConfig).toEqual({ tools: [{ toolSpec: { name: "read_file", description: "Reads a file", inputSchema: { json: tools[0].function.parameters } } }] });
    expect(secondSent.body.messages).toEqual([
      { role: "user", content: [{ text: "What does the readme say?" }] },
      { role: "assistant", content: [{ toolUse: { toolUseId: calls[0].id, name: "read_file", input: { path: TOOL_ARGUMENT } } }] },
      { role: "user", content: [{ toolResult: { toolUseId: calls[0].id, content: [{ text: "# Tollgate, a model gateway" }] } }] },
    ]);
    const billed = await env.ledger(caller.keyName, 2);
    const inputs = [firstSent, secondSent].map((request) => expectedInputTokens(request.body.messages.flatMap((message: any) => message.content.map((block: any) => block.text ?? block.toolResult?.content[0].text ?? "")).join("")));
    expect(billed.map((call) => call.cost).sort()).toEqual(inputs.map((input) => costOf(input, CONVERSE_OUTPUT_TOKENS)).sort());
  });

  it("sends an image to a model that reads images, and a model that does not refuses it as the caller's 400", async () => {
    const content: OpenAI.ChatCompletionContentPart[] = [
      { type: "text", text: "What is in the picture?" },
      { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
    ];
    const seen = await open.openai.chat.completions.create({ model: "nova-pro", messages: [{ role: "user", content }] });
    expect(seen.choices[0].message.content).toBe(CONVERSE_REPLY);
    expect(converse.requests.at(-1)!.body.messages[0].content[1]).toEqual({ image: { format: "png", source: { bytes: PNG } } });
    const refused = await open.openai.chat.completions.create({ model: "llama-3.3-70b", messages: [{ role: "user", content }] }).catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused.message).toMatch(/ValidationException: This model doesn't support the image content block/);
  });

  it("refuses what Converse cannot carry before anything is sent, naming the field", async () => {
    const from = converse.requests.length;
    const refused = await open.openai.chat.completions.create({ model: "nova-pro", messages: chatMessages, n: 2 }).catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused.message).toMatch(/`n`: Converse gives one choice per call/);
    expect(converse.requests.length).toBe(from);
  });

  it("answers a ValidationException as the caller's 400 in OpenAI's error format, never failed over nor charged", async () => {
    const caller = await group("Bedrock Validation", [converse, backup]);
    const backupBefore = backup.requests.length;
    const before = await env.balance();
    // Converse takes a temperature of at most 1: Bedrock refuses the caller's 1.5.
    const refused = await caller.openai.chat.completions.create({ model: "llama-3.3-70b", messages: chatMessages, temperature: 1.5 }).catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ type: "invalid_request_error", message: expect.stringMatching(/^ValidationException: .*inferenceConfig\.temperature/) });
    expect(backup.requests.length).toBe(backupBefore);
    const detail = await lastCallDetail(caller.keyName);
    expect(detail).toMatchObject({ status: "upstream_error", http_status: 400, cost: 0 });
    expect(await env.balance()).toBe(before);
  });

  it.each(["throttling", "model-not-ready", "service-unavailable"] as const)("fails over to the next Bedrock channel on %s", async (scenario) => {
    const caller = await group("Bedrock Failover", [converse, backup]);
    const backupBefore = backup.requests.length;
    converse.next(scenario);
    const answer = await caller.openai.chat.completions.create({ model: "nova-pro", messages: chatMessages });
    expect(answer.choices[0].message.content).toBe(CONVERSE_REPLY);
    expect(backup.requests.length).toBe(backupBefore + 1);
    const detail = await lastCallDetail(caller.keyName);
    expect(detail.channel_id).toBe(caller.channelIds[1]);
    expect(detail.failovers).toEqual([expect.objectContaining({ channel_id: caller.channelIds[0], reason: scenario === "service-unavailable" ? "upstream answered 503" : "upstream answered 429" })]);
    expect(detail.cost).toBe(costOf(IN, CONVERSE_OUTPUT_TOKENS));
  });

  it("fails over when the stream says it is throttled before it said anything else", async () => {
    const caller = await group("Bedrock Stream Throttled", [converse, backup]);
    const backupBefore = backup.requests.length;
    converse.next("error-429");
    const stream = await caller.openai.chat.completions.create({ model: "nova-pro", messages: chatMessages, stream: true });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe(CONVERSE_REPLY);
    expect(backup.requests.length).toBe(backupBefore + 1);
    const detail = await lastCallDetail(caller.keyName);
    expect(detail.failovers).toEqual([expect.objectContaining({ channel_id: caller.channelIds[0], reason: expect.stringMatching(/^stream began with a rate-limit error: throttlingException/) })]);
  });

  it("throttled on every channel: the caller's 429 with a Retry-After", async () => {
    const caller = await group("Bedrock Throttled", [converse, backup]);
    converse.next("throttling");
    backup.next("throttling");
    const limited = await caller.openai.chat.completions.create({ model: "nova-pro", messages: chatMessages }).catch((error) => error);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("ends the caller's stream with chat's error chunk when an exception frame cuts it, charged what it streamed", async () => {
    const caller = await group("Bedrock Stream Exception", [converse]);
    converse.next("stream-exception");
    const stream = await caller.openai.chat.completions.create({ model: "nova-pro", messages: chatMessages, stream: true });
    let text = "";
    const ended = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    })().catch((error) => error);
    expect(ended).toBeInstanceOf(OpenAI.APIError);
    expect(String(ended.message)).toMatch(/modelStreamErrorException/);
    expect(text.length).toBeGreaterThan(0);
    expect(CONVERSE_REPLY.startsWith(text)).toBe(true);
    const detail = await lastCallDetail(caller.keyName);
    expect(detail).toMatchObject({ status: "upstream_broken" });
    expect(detail.cost).toBeGreaterThan(0);
  });
});

describe("Anthropic Messages translated to Converse", () => {
  let open: Awaited<ReturnType<typeof group>>;
  beforeAll(async () => {
    open = await group("Bedrock Translated", [converse]);
  });

  it("answers an Anthropic SDK call, whole and streamed, from Converse, billed exactly", async () => {
    const from = converse.requests.length;
    const message = await open.anthropic.messages.create({ model: "llama-3.3-70b", max_tokens: 256, system: SYSTEM, messages: [{ role: "user", content: PROMPT }] });
    expect(message).toMatchObject({ type: "message", role: "assistant", content: [{ type: "text", text: CONVERSE_REPLY }], stop_reason: "end_turn" });
    expect(message.usage).toMatchObject({ input_tokens: IN, output_tokens: CONVERSE_OUTPUT_TOKENS });
    const streamed = await open.anthropic.messages.stream({ model: "llama-3.3-70b", max_tokens: 256, system: SYSTEM, messages: [{ role: "user", content: PROMPT }] }).finalMessage();
    expect(streamed.content).toMatchObject([{ type: "text", text: CONVERSE_REPLY }]);
    expect(streamed.usage).toMatchObject({ input_tokens: IN, output_tokens: CONVERSE_OUTPUT_TOKENS });
    const sent = since(converse, from);
    expect(sent.map((request) => decodeURIComponent(request.path))).toEqual([`/model/${LLAMA}/converse-stream`, `/model/${LLAMA}/converse-stream`]);
    expect(sent[0].body).toEqual({ system: [{ text: SYSTEM }], messages: [{ role: "user", content: [{ text: PROMPT }] }], inferenceConfig: { maxTokens: 256 } });
    const calls = await env.ledger(open.keyName, 2);
    for (const call of calls) expect(call).toMatchObject({ status: "ok", input_tokens: IN, output_tokens: CONVERSE_OUTPUT_TOKENS, cost: costOf(IN, CONVERSE_OUTPUT_TOKENS) });
  });

  it("carries an Anthropic tool loop through Converse's toolUse and toolResult blocks", async () => {
    converse.next("tool", "tool");
    const tools = [{ name: "read_file", description: "Reads a file", input_schema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] } }];
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Read the readme." }];
    const first = await open.anthropic.messages.create({ model: "nova-pro", max_tokens: 256, tools, messages });
    expect(first.stop_reason).toBe("tool_use");
    const call = first.content.find((block) => block.type === "tool_use") as Anthropic.ToolUseBlock;
    expect(call).toMatchObject({ name: "read_file", input: { path: TOOL_ARGUMENT } });
    const from = converse.requests.length;
    const second = await open.anthropic.messages.create({
      model: "nova-pro",
      max_tokens: 256,
      tools,
      messages: [...messages, { role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "hello world" }] }],
    });
    expect(second.content).toMatchObject([{ type: "text", text: toolReply("hello world") }]);
    expect(since(converse, from)[0].body.messages.slice(1)).toEqual([
      { role: "assistant", content: [{ toolUse: { toolUseId: call.id, name: "read_file", input: { path: TOOL_ARGUMENT } } }] },
      { role: "user", content: [{ toolResult: { toolUseId: call.id, content: [{ text: "hello world" }] } }] },
    ]);
  });

  it("counts tokens with the estimate, asking Bedrock nothing (CountTokens is Claude's)", async () => {
    const from = converse.requests.length;
    const counted = await open.anthropic.messages.countTokens({ model: "llama-3.3-70b", messages: [{ role: "user", content: PROMPT }] }).withResponse();
    expect(counted.data.input_tokens).toBeGreaterThan(0);
    expect(counted.response.headers.get("x-tollgate-token-count")).toBe("estimate");
    expect(converse.requests.length).toBe(from);
  });
});
