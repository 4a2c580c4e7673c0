// Claude on AWS Bedrock and Google Vertex AI, Gemini on Vertex AI and GPT on Azure OpenAI, each a
// channel like the others, against the cloud fronts (test/mock-upstreams/clouds/) that check what
// the clouds check. What the gateway sends upstream equals what the clouds' official clients send
// for the same call (@anthropic-ai/bedrock-sdk, @anthropic-ai/vertex-sdk, openai's AzureOpenAI),
// compared on the front, the signature's date aside; calls are billed exactly from the answer;
// Bedrock's throttling fails over to an Anthropic channel of the same group, its ValidationException
// is the caller's 400, and an exception frame mid-stream ends the caller's stream with its error event.
import Anthropic from "@anthropic-ai/sdk";
import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";
import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI, { AzureOpenAI } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { ANTHROPIC_OUTPUT_TOKENS, ANTHROPIC_REPLY } from "../mock-upstreams/anthropic.ts";
import { type AzureOpenAIMock, startAzureOpenAIMock } from "../mock-upstreams/clouds/azure-openai.ts";
import { BEDROCK_ANTHROPIC_VERSION, startBedrockMock } from "../mock-upstreams/clouds/bedrock.ts";
import type { FrontMock } from "../mock-upstreams/clouds/front.ts";
import { startVertexMock, VERTEX_ANTHROPIC_VERSION, type VertexMock } from "../mock-upstreams/clouds/vertex.ts";
import { GEMINI_OUTPUT_TOKENS, GEMINI_REPLY } from "../mock-upstreams/gemini.ts";
import { OPENAI_OUTPUT_TOKENS, OPENAI_REPLY } from "../mock-upstreams/openai.ts";
import { expectedInputTokens, type RecordedRequest } from "../mock-upstreams/server.ts";

const REGION = "us-east-1";
const AWS_KEY = { id: "AKIATOLLGATETEST0001", secret: "tollgate/test+secret/000000000000000000" };
const BEDROCK_SONNET = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const PROJECT = "tollgate-test-project";
const AZURE_KEY = "azure-resource-key-test";
const ENTRA = { tenantId: "00000000-0000-4000-8000-0000000000a1", clientId: "11111111-0000-4000-8000-0000000000b2", clientSecret: "entra~test~secret" };
const API_VERSION = "2024-10-21";
const PROMPT = "Say hello through the cloud, please.";
/** Prices per million tokens: a token in costs 3 µ, a token out 15 µ, in a 1x group. */
const PRICES = { input: 3_000_000, output: 15_000_000 };
const costOf = (input: number, output: number) => input * 3 + output * 15;

let env: RelayEnv;
let bedrock: FrontMock;
let vertex: VertexMock;
let azure: AzureOpenAIMock;

beforeAll(async () => {
  env = await startRelayEnv();
  [bedrock, vertex, azure] = await Promise.all([
    startBedrockMock({ region: REGION, keys: { [AWS_KEY.id]: { secretAccessKey: AWS_KEY.secret } }, apiKeys: ["ABSKtollgate-bedrock-key"], uncountable: ["anthropic.claude-opus-4-6-v1"] }),
    startVertexMock({ project: PROJECT }),
    startAzureOpenAIMock({ apiKey: AZURE_KEY, deployments: { "gpt4o-prod": "gpt-4o" }, apps: [ENTRA] }),
  ]);
});
afterAll(async () => {
  await Promise.all([bedrock?.close(), vertex?.close(), azure?.close()]);
  await env?.stop();
});

type ChannelInput = Record<string, unknown> & { kind: string; credentials: string[] };

/** A fresh group of `models` served by `channels` (in priority order), and a key bound to it. */
async function groupServedBy(name: string, models: string[], channels: ChannelInput[], translated: string[] = []) {
  const identifier = unique(name.toLowerCase().replace(/[^a-z0-9]+/g, "-")).toLowerCase();
  const group = await env.operator.POST("/api/admin/groups", {
    body: { name: `${name} ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public", translated_interfaces: translated as never, models: models.map((model_id) => ({ model_id, prices: PRICES })) },
  });
  expect(group.error, JSON.stringify(group.error)).toBeUndefined();
  const channelIds: string[] = [];
  for (const [index, channel] of channels.entries()) {
    const created = await env.operator.POST("/api/admin/channels", { body: { name: `${identifier}-${index}`, group_ids: [group.data!.id], priority: 100 - index, ...channel } as never });
    expect(created.error, JSON.stringify(created.error)).toBeUndefined();
    channelIds.push(created.data!.id);
  }
  const keyName = unique(`${identifier}-key`);
  const key = await createKey(env.tenant.owner, group.data!.id, keyName);
  return { groupId: group.data!.id, channelIds, key, keyName };
}

const bedrockChannel = (mapping: Record<string, string> = { "claude-sonnet-4-5": BEDROCK_SONNET }, credential = `${AWS_KEY.id}:${AWS_KEY.secret}`): ChannelInput => ({
  kind: "bedrock",
  base_url: bedrock.url,
  region: REGION,
  credentials: [credential],
  model_mapping: mapping,
});
const anthropicChannel = (): ChannelInput => ({ kind: "anthropic", base_url: env.mocks.anthropic.url, credentials: [upstreamKeys.anthropic] });
const vertexChannel = (mapping: Record<string, string>, credential = vertex.serviceAccountKey()): ChannelInput => ({ kind: "vertex", base_url: vertex.url, region: "us-east5", credentials: [credential], model_mapping: mapping });
const azureChannel = (extra: Record<string, unknown> = {}): ChannelInput => ({ kind: "azure-openai", base_url: azure.url, api_version: API_VERSION, credentials: [AZURE_KEY], model_mapping: { "gpt-4o": "gpt4o-prod" }, ...extra });

const anthropicCaller = (key: string) => new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 });
const openaiCaller = (key: string) => new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
const messages = [{ role: "user" as const, content: PROMPT }];
const IN = expectedInputTokens(PROMPT);

/** The requests the front got since `from`, excluding token grants. */
const since = (mock: { requests: RecordedRequest[] }, from: number) => mock.requests.slice(from).filter((request) => !request.path.endsWith("/token"));

/** The request log's detail of the key's newest call, once it has made `count`. */
async function lastCallDetail(keyName: string, count = 1) {
  const [newest] = await env.ledger(keyName, count);
  return (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: newest.id } } })).data!;
}

describe("Claude on Bedrock", () => {
  let claude: Awaited<ReturnType<typeof groupServedBy>>;
  beforeAll(async () => {
    claude = await groupServedBy("Claude on Bedrock", ["claude-sonnet-4-5"], [bedrockChannel()], ["chat", "responses"]);
  });

  it("sends what the Bedrock SDK sends for the same call (path, body, signed scope), streamed and not, the caller's bytes changed only where Bedrock asks", async () => {
    const official = new AnthropicBedrock({ awsAccessKey: AWS_KEY.id, awsSecretKey: AWS_KEY.secret, awsRegion: REGION, baseURL: bedrock.url, maxRetries: 0, defaultHeaders: { "anthropic-version": BEDROCK_ANTHROPIC_VERSION } });
    const caller = anthropicCaller(claude.key);
    for (const stream of [false, true]) {
      const params = { max_tokens: 64, messages, system: "Be brief.", temperature: 0.5, ...(stream ? { stream: true as const } : {}) };
      const from = bedrock.requests.length;
      const direct = await official.messages.create({ ...params, model: BEDROCK_SONNET } as never);
      const relayed = await caller.messages.create({ ...params, model: "claude-sonnet-4-5" } as never);
      if (!stream) expect((relayed as Anthropic.Message).content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
      else {
        let text = "";
        for await (const event of relayed as unknown as AsyncIterable<Anthropic.MessageStreamEvent>) if (event.type === "content_block_delta" && event.delta.type === "text_delta") text += event.delta.text;
        for await (const _ of direct as unknown as AsyncIterable<unknown>);
        expect(text).toBe(ANTHROPIC_REPLY);
      }
      const [sdk, gateway] = since(bedrock, from);
      expect(gateway.method).toBe(sdk.method);
      expect(gateway.path).toBe(sdk.path);
      expect(gateway.path).toBe(`/model/${BEDROCK_SONNET}/${stream ? "invoke-with-response-stream" : "invoke"}`);
      expect(gateway.query).toEqual(sdk.query);
      expect(gateway.body).toEqual(sdk.body);
      expect(gateway.headers["content-type"]).toBe(sdk.headers["content-type"]);
      const scope = (request: RecordedRequest) => String(request.headers.authorization).replace(/Credential=([^/]+)\/\d{8}\//, "Credential=$1/<date>/").replace(/, ?SignedHeaders=.*$/, "");
      expect(scope(gateway)).toBe(scope(sdk));
      // What Bedrock wants changed and no more: the bytes are the caller's, with model and stream out and Bedrock's version in.
      expect(gateway.raw).not.toContain('"model"');
      expect(gateway.body.anthropic_version).toBe(BEDROCK_ANTHROPIC_VERSION);
    }
  });

  it("bills each call exactly from the answer, streamed and not, passthrough and translated", async () => {
    // A group of its own, so its key's ledger holds these calls alone.
    const claude = await groupServedBy("Claude Bedrock Billing", ["claude-sonnet-4-5"], [bedrockChannel()], ["chat"]);
    const caller = anthropicCaller(claude.key);
    await caller.messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    const streamed = await caller.messages.stream({ model: "claude-sonnet-4-5", max_tokens: 64, messages }).finalMessage();
    expect(streamed.usage.output_tokens).toBe(ANTHROPIC_OUTPUT_TOKENS);
    const chat = await openaiCaller(claude.key).chat.completions.create({ model: "claude-sonnet-4-5", messages });
    expect(chat.choices[0].message.content).toBe(ANTHROPIC_REPLY);
    const calls = await env.ledger(claude.keyName, 3);
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call).toMatchObject({ status: "ok", input_tokens: IN, output_tokens: ANTHROPIC_OUTPUT_TOKENS, cost: costOf(IN, ANTHROPIC_OUTPUT_TOKENS) });
    }
  });

  it("round-trips thinking signatures byte-exact across a tool loop's turns", async () => {
    bedrock.next("thinking-tool", "thinking-tool");
    const caller = anthropicCaller(claude.key);
    const tools = [{ name: "read_file", description: "Reads a file", input_schema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] } }];
    const thinking = { type: "enabled" as const, budget_tokens: 1024 };
    const first = await caller.messages.create({ model: "claude-sonnet-4-5", max_tokens: 2048, thinking, tools, messages });
    const signed = first.content.find((block) => block.type === "thinking") as Anthropic.ThinkingBlock;
    const call = first.content.find((block) => block.type === "tool_use") as Anthropic.ToolUseBlock;
    expect(signed.signature).toBe(bedrock.inner.issued().at(-1));
    const from = bedrock.requests.length;
    const second = await caller.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 2048,
      thinking,
      tools,
      messages: [...messages, { role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "hello world" }] }],
    });
    expect(second.stop_reason).toBe("end_turn");
    const sent = since(bedrock, from)[0].body.messages[1].content[0];
    expect(sent).toEqual({ type: "thinking", thinking: signed.thinking, signature: signed.signature });
  });

  it("passes on the caller's beta flags that Bedrock takes, in its names, and drops the first-party ones it would refuse", async () => {
    const firstParty = "claude-code-20250219,interleaved-thinking-2025-05-14,oauth-2025-04-20,advanced-tool-use-2025-11-20, context-management-2025-06-27,prompt-caching-scope-2026-01-05";
    const from = bedrock.requests.length;
    const answer = await anthropicCaller(claude.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages }, { headers: { "anthropic-beta": firstParty } });
    expect(answer.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    expect(since(bedrock, from)[0].body.anthropic_beta).toEqual(["interleaved-thinking-2025-05-14", "tool-search-tool-2025-10-19", "context-management-2025-06-27"]);
    // None the cloud takes: no anthropic_beta at all, as the Bedrock SDK sends none.
    await anthropicCaller(claude.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages }, { headers: { "anthropic-beta": "claude-code-20250219" } });
    expect("anthropic_beta" in bedrock.requests.at(-1)!.body).toBe(false);
  });

  it("counts tokens with Bedrock's CountTokens, on the foundation model an inference profile routes to", async () => {
    const from = bedrock.requests.length;
    const counted = await anthropicCaller(claude.key).messages.countTokens({ model: "claude-sonnet-4-5", messages });
    expect(counted.input_tokens).toBe(IN);
    expect(since(bedrock, from)[0].path).toBe("/model/anthropic.claude-sonnet-4-5-20250929-v1:0/count-tokens");
  });

  it("answers the estimate for a model Bedrock does not count, and a count the request spoils as the caller's 400", async () => {
    const group = await groupServedBy("Claude Uncounted", ["claude-opus-4-6"], [bedrockChannel({ "claude-opus-4-6": "anthropic.claude-opus-4-6-v1" })]);
    const { response } = await anthropicCaller(group.key).messages.countTokens({ model: "claude-opus-4-6", messages }).withResponse();
    expect(response.headers.get("x-tollgate-token-count")).toBe("estimate");
    bedrock.next("error-400");
    const refused = await anthropicCaller(claude.key).messages.countTokens({ model: "claude-sonnet-4-5", messages }).catch((error) => error);
    expect(refused.status).toBe(400);
  });

  it("answers a ValidationException as the caller's own 400, never failed over nor charged", async () => {
    const group = await groupServedBy("Claude Validation", ["claude-sonnet-4-5"], [bedrockChannel(), anthropicChannel()]);
    const backupBefore = env.mocks.anthropic.requests.length;
    bedrock.next("error-400");
    const refused = await anthropicCaller(group.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages }).catch((error) => error);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect(refused.error.error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("ValidationException") });
    expect(env.mocks.anthropic.requests.length).toBe(backupBefore);
    const detail = await lastCallDetail(group.keyName);
    expect(detail).toMatchObject({ status: "upstream_error", cost: 0 });
  });

  it.each(["throttling", "model-not-ready", "service-unavailable"] as const)("fails over to the group's Anthropic channel on %s, the same model through both", async (scenario) => {
    const group = await groupServedBy("Claude Failover", ["claude-sonnet-4-5"], [bedrockChannel(), anthropicChannel()]);
    const backupBefore = env.mocks.anthropic.requests.length;
    bedrock.next(scenario);
    const answer = await anthropicCaller(group.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    expect(answer.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    expect(env.mocks.anthropic.requests.at(-1)!.body.model).toBe("claude-sonnet-4-5");
    expect(env.mocks.anthropic.requests.length).toBe(backupBefore + 1);
    const detail = await lastCallDetail(group.keyName);
    expect(detail.channel_id).toBe(group.channelIds[1]);
    expect(detail.failovers).toEqual([expect.objectContaining({ channel_id: group.channelIds[0], reason: expect.stringMatching(scenario === "service-unavailable" ? /^upstream answered 529/ : /^upstream answered 429/) })]);
    expect(detail.cost).toBe(costOf(IN, ANTHROPIC_OUTPUT_TOKENS));
  });

  it("fails over from refused credentials without telling the caller, and logs why", async () => {
    const group = await groupServedBy("Claude Bad Key", ["claude-sonnet-4-5"], [bedrockChannel(undefined, `${AWS_KEY.id}:wrong-secret`), anthropicChannel()]);
    const answer = await anthropicCaller(group.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    expect(answer.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    const detail = await lastCallDetail(group.keyName);
    expect(detail.failovers).toEqual([expect.objectContaining({ channel_id: group.channelIds[0], reason: expect.stringMatching(/^upstream answered 403/) })]);
    expect(JSON.stringify(detail)).not.toContain("wrong-secret");
    // Alone, the channel's refusal is the gateway's failure to the caller, with nothing of AWS's words.
    const alone = await groupServedBy("Claude Bad Key Alone", ["claude-sonnet-4-5"], [bedrockChannel(undefined, `${AWS_KEY.id}:wrong-secret`)]);
    const failed = await anthropicCaller(alone.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages }).catch((error) => error);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(failed.error)).not.toMatch(/signature|Secret Access Key|wrong-secret/i);
  });

  it("ends the caller's stream with Anthropic's error event when an exception frame cuts it, and refuses a stream Bedrock refuses at once with a 400", async () => {
    bedrock.next("stream-exception");
    const response = await fetch(`${env.tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": claude.key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 64, stream: true, messages }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("event: content_block_delta");
    const last = text.trim().split("\n\n").at(-1)!;
    expect(last).toMatch(/^event: error\ndata: /);
    expect(JSON.parse(last.split("data: ")[1]).error.message).toContain("modelStreamErrorException");

    // Refused at once (Bedrock's 200, then a validationException frame before any chunk): the refusal
    // goes on to the caller as its stream's error event, as an Anthropic stream's would, never failed over.
    const group = await groupServedBy("Claude Stream Refused", ["claude-sonnet-4-5"], [bedrockChannel(), anthropicChannel()]);
    const backupBefore = env.mocks.anthropic.requests.length;
    bedrock.next("stream-validation");
    const stream = await anthropicCaller(group.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, stream: true, messages }, { timeout: 10_000 });
    const refused = await (async () => {
      for await (const _ of stream);
    })().catch((error) => error);
    expect(refused).toBeInstanceOf(Anthropic.APIError);
    expect(refused.error).toMatchObject({ type: "error", error: { type: "invalid_request_error", message: expect.stringContaining("validationException") } });
    expect(env.mocks.anthropic.requests.length).toBe(backupBefore);
    expect(await lastCallDetail(group.keyName)).toMatchObject({ status: "upstream_error", cost: 0 });
  });

  it("signs with a Bedrock API key as a bearer token", async () => {
    const group = await groupServedBy("Claude Bedrock Key", ["claude-sonnet-4-5"], [bedrockChannel(undefined, "ABSKtollgate-bedrock-key")]);
    const from = bedrock.requests.length;
    const answer = await anthropicCaller(group.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    expect(answer.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    expect(since(bedrock, from)[0].headers.authorization).toBe("Bearer ABSKtollgate-bedrock-key");
  });

  it("passes the console's channel test", async () => {
    const tested = await env.operator.POST("/api/admin/channels/{id}/test", { params: { path: { id: claude.channelIds[0] } } });
    expect(tested.data).toMatchObject({ ok: true, status: 200 });
    const bad = await groupServedBy("Claude Test Bad", ["claude-sonnet-4-5"], [bedrockChannel(undefined, `${AWS_KEY.id}:wrong-secret`)]);
    const failed = await env.operator.POST("/api/admin/channels/{id}/test", { params: { path: { id: bad.channelIds[0] } } });
    expect(failed.data).toMatchObject({ ok: false, status: 403 });
  });
});

describe("Vertex AI", () => {
  let claude: Awaited<ReturnType<typeof groupServedBy>>;
  let accountKey: string;
  beforeAll(async () => {
    accountKey = vertex.serviceAccountKey();
    claude = await groupServedBy("Claude on Vertex", ["claude-sonnet-4-5"], [vertexChannel({ "claude-sonnet-4-5": "claude-sonnet-4-5@20250929" }, accountKey)], ["chat"]);
  });

  it("sends what the Vertex SDK sends for the same call, with a token bought by the service account's own signed JWT", async () => {
    const email = JSON.parse(accountKey).client_email;
    const granted = await (await fetch(`${vertex.url}/token`, { method: "POST" })).json().catch(() => null);
    expect(granted).toMatchObject({ error: "unsupported_grant_type" });
    const caller = anthropicCaller(claude.key);
    for (const stream of [false, true]) {
      const params = { max_tokens: 64, messages, ...(stream ? { stream: true as const } : {}) };
      const from = vertex.requests.length;
      const relayed = await caller.messages.create({ ...params, model: "claude-sonnet-4-5" } as never);
      if (stream) for await (const _ of relayed as unknown as AsyncIterable<unknown>);
      const gateway = since(vertex, from)[0];
      const token = String(gateway.headers.authorization).slice(7);
      const official = new AnthropicVertex({ authClient: { getRequestHeaders: async () => new Headers({ authorization: `Bearer ${token}` }) } as never, projectId: PROJECT, region: "us-east5", baseURL: `${vertex.url}/v1`, maxRetries: 0 });
      const direct = await official.messages.create({ ...params, model: "claude-sonnet-4-5@20250929" } as never, { headers: { "anthropic-version": VERTEX_ANTHROPIC_VERSION } });
      if (stream) for await (const _ of direct as unknown as AsyncIterable<unknown>);
      const sdk = since(vertex, from)[1];
      expect(gateway.path).toBe(sdk.path);
      expect(gateway.path).toBe(`/v1/projects/${PROJECT}/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:${stream ? "streamRawPredict" : "rawPredict"}`);
      expect(gateway.body).toEqual(sdk.body);
      expect(gateway.headers.authorization).toBe(sdk.headers.authorization);
    }
    expect(vertex.grants.filter((grant) => grant.clientEmail === email)).toEqual([{ clientEmail: email, granted: true }]);
  });

  it("passes on only the beta flags Vertex takes, as its header", async () => {
    const from = vertex.requests.length;
    await anthropicCaller(claude.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages }, { headers: { "anthropic-beta": "claude-code-20250219,interleaved-thinking-2025-05-14,fine-grained-tool-streaming-2025-05-14" } });
    expect(since(vertex, from)[0].headers["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
  });

  it("bills exactly, passthrough and translated from chat", async () => {
    const claude = await groupServedBy("Claude Vertex Billing", ["claude-sonnet-4-5"], [vertexChannel({ "claude-sonnet-4-5": "claude-sonnet-4-5@20250929" })], ["chat"]);
    await anthropicCaller(claude.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    const chat = await openaiCaller(claude.key).chat.completions.create({ model: "claude-sonnet-4-5", messages, stream: true, stream_options: { include_usage: true } });
    let text = "";
    for await (const chunk of chat) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe(ANTHROPIC_REPLY);
    const calls = await env.ledger(claude.keyName, 2);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ status: "ok", input_tokens: IN, output_tokens: ANTHROPIC_OUTPUT_TOKENS, cost: costOf(IN, ANTHROPIC_OUTPUT_TOKENS) });
  });

  it("serves Gemini through Vertex's generateContent, billed exactly", async () => {
    const gemini = await groupServedBy("Gemini on Vertex", ["gemini-2.5-flash"], [vertexChannel({})]);
    const ai = new GoogleGenAI({ apiKey: gemini.key, httpOptions: { baseUrl: env.tollgate.url } });
    const answer = await ai.models.generateContent({ model: "gemini-2.5-flash", contents: PROMPT });
    expect(answer.text).toBe(GEMINI_REPLY);
    let streamed = "";
    for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.5-flash", contents: PROMPT })) streamed += chunk.text ?? "";
    expect(streamed).toBe(GEMINI_REPLY);
    expect(vertex.requests.at(-1)!.path).toBe(`/v1/projects/${PROJECT}/locations/us-east5/publishers/google/models/gemini-2.5-flash:streamGenerateContent`);
    expect(vertex.requests.at(-1)!.query).toEqual({ alt: "sse" });
    const calls = await env.ledger(gemini.keyName, 2);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ status: "ok", input_tokens: IN, output_tokens: GEMINI_OUTPUT_TOKENS, cost: costOf(IN, GEMINI_OUTPUT_TOKENS) });
  });

  it.each(["quota-429", "unavailable-503"] as const)("fails over on Vertex's %s to the group's Anthropic channel", async (scenario) => {
    const group = await groupServedBy("Claude Vertex Failover", ["claude-sonnet-4-5"], [vertexChannel({ "claude-sonnet-4-5": "claude-sonnet-4-5@20250929" }), anthropicChannel()]);
    vertex.next(scenario);
    const answer = await anthropicCaller(group.key).messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    expect(answer.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    const detail = await lastCallDetail(group.keyName);
    expect(detail.failovers).toEqual([expect.objectContaining({ channel_id: group.channelIds[0], reason: `upstream answered ${scenario === "quota-429" ? 429 : 503}` })]);
  });

  it("buys a new token once Vertex refuses the one it held", async () => {
    const group = await groupServedBy("Claude Vertex Expiry", ["claude-sonnet-4-5"], [vertexChannel({ "claude-sonnet-4-5": "claude-sonnet-4-5@20250929" }), anthropicChannel()]);
    const caller = anthropicCaller(group.key);
    await caller.messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    const grantsBefore = vertex.grants.length;
    vertex.expireTokens();
    // The refused token fails the call over (the credential is the channel's fault) and is forgotten; the next call buys another.
    expect((await caller.messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages })).content).toMatchObject([{ text: ANTHROPIC_REPLY }]);
    const from = vertex.requests.length;
    await caller.messages.create({ model: "claude-sonnet-4-5", max_tokens: 64, messages });
    expect(vertex.grants.length).toBeGreaterThan(grantsBefore);
    expect(since(vertex, from).at(-1)!.path).toMatch(/:rawPredict$/);
    expect((await lastCallDetail(group.keyName, 3)).channel_id).toBe(group.channelIds[0]);
  });
});

describe("GPT on Azure OpenAI", () => {
  let gpt: Awaited<ReturnType<typeof groupServedBy>>;
  beforeAll(async () => {
    gpt = await groupServedBy("GPT on Azure", ["gpt-4o"], [azureChannel()], ["messages"]);
  });

  it("sends what AzureOpenAI sends for the same call: the deployment's path, the api-version, the api-key, the body", async () => {
    const official = new AzureOpenAI({ endpoint: azure.url, apiKey: AZURE_KEY, apiVersion: API_VERSION, deployment: "gpt4o-prod", maxRetries: 0 });
    for (const stream of [false, true]) {
      const params = { messages, temperature: 0.2, ...(stream ? { stream: true as const, stream_options: { include_usage: true } } : {}) };
      const from = azure.requests.length;
      const direct = await official.chat.completions.create({ ...params, model: "gpt4o-prod" } as never);
      const relayed = await openaiCaller(gpt.key).chat.completions.create({ ...params, model: "gpt-4o" } as never);
      if (stream) {
        for await (const _ of direct as unknown as AsyncIterable<unknown>);
        let text = "";
        for await (const chunk of relayed as unknown as AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) text += chunk.choices[0]?.delta?.content ?? "";
        expect(text).toBe(OPENAI_REPLY);
      } else expect((relayed as OpenAI.Chat.Completions.ChatCompletion).choices[0].message.content).toBe(OPENAI_REPLY);
      const [sdk, gateway] = since(azure, from);
      expect(gateway.path).toBe(sdk.path);
      expect(gateway.query).toEqual(sdk.query);
      expect(gateway.headers["api-key"]).toBe(sdk.headers["api-key"]);
      expect(gateway.headers.authorization).toBeUndefined();
      // The SDK names the deployment as the model too; the gateway writes the deployment the channel maps to.
      expect(gateway.body).toEqual(sdk.body);
    }
  });

  it("bills exactly, chat streamed (past Azure's filter-results chunk) and Messages translated", async () => {
    const gpt = await groupServedBy("GPT Azure Billing", ["gpt-4o"], [azureChannel()], ["messages"]);
    const chat = await openaiCaller(gpt.key).chat.completions.create({ model: "gpt-4o", messages, stream: true, stream_options: { include_usage: true } });
    for await (const _ of chat);
    const message = await anthropicCaller(gpt.key).messages.create({ model: "gpt-4o", max_tokens: 64, messages });
    expect(message.content).toMatchObject([{ type: "text", text: OPENAI_REPLY }]);
    const calls = await env.ledger(gpt.keyName, 2);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ status: "ok", input_tokens: IN, output_tokens: OPENAI_OUTPUT_TOKENS, cost: costOf(IN, OPENAI_OUTPUT_TOKENS) });
  });

  it("answers a content-filter refusal as the caller's 400 with the categories flagged, in its own format, not failed over", async () => {
    const gpt = await groupServedBy("GPT Azure Filter", ["gpt-4o"], [azureChannel(), { kind: "openai", base_url: `${env.mocks.openai.url}/v1`, credentials: [upstreamKeys.openai] }], ["messages"]);
    const backupBefore = env.mocks.openai.requests.length;
    azure.next("content-filter");
    const refused = await openaiCaller(gpt.key).chat.completions.create({ model: "gpt-4o", messages }).catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.code).toBe("content_filter");
    expect(refused.message).toContain("violence (medium)");
    azure.next("content-filter");
    const translated = await anthropicCaller(gpt.key).messages.create({ model: "gpt-4o", max_tokens: 64, messages }).catch((error) => error);
    expect(translated).toBeInstanceOf(Anthropic.BadRequestError);
    expect(translated.error.error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("violence (medium)") });
    for (const call of await env.ledger(gpt.keyName, 2)) expect(call).toMatchObject({ status: "upstream_error", http_status: 400, cost: 0 });
    expect(env.mocks.openai.requests.length).toBe(backupBefore);
    azure.next("content-filter-completion");
    expect((await openaiCaller(gpt.key).chat.completions.create({ model: "gpt-4o", messages })).choices[0].finish_reason).toBe("content_filter");
  });

  it("reaches the v1 API without an api-version, and Responses, with an Entra ID token from client credentials", async () => {
    const entra = JSON.stringify({ tenant_id: ENTRA.tenantId, client_id: ENTRA.clientId, client_secret: ENTRA.clientSecret, authority_host: azure.url });
    const group = await groupServedBy("GPT on Azure v1", ["gpt-4o"], [azureChannel({ api_version: undefined, credentials: [entra] })]);
    const from = azure.requests.length;
    const chat = await openaiCaller(group.key).chat.completions.create({ model: "gpt-4o", messages });
    expect(chat.choices[0].message.content).toBe(OPENAI_REPLY);
    const response = await openaiCaller(group.key).responses.create({ model: "gpt-4o", input: PROMPT });
    expect(response.output_text).toBe(OPENAI_REPLY);
    const sent = since(azure, from).filter((request) => !request.path.includes("oauth2"));
    expect(sent.map((request) => request.path)).toEqual(["/openai/v1/chat/completions", "/openai/v1/responses"]);
    expect(sent.map((request) => request.body.model)).toEqual(["gpt4o-prod", "gpt4o-prod"]);
    expect(sent[0].headers.authorization).toMatch(/^Bearer eyJ0eXAiOiJKV1Qi\.mock-/);
    expect(sent[0].headers["api-key"]).toBeUndefined();
    expect(azure.grants.filter((grant) => grant.clientId === ENTRA.clientId && grant.granted).length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(await lastCallDetail(group.keyName))).not.toContain(ENTRA.clientSecret);
  });
});
