// Mock Amazon Bedrock Runtime for its own catalog's models through the Converse API: POST
// /model/{modelId}/converse and /converse-stream (docs.aws.amazon.com/bedrock/latest/APIReference/
// API_runtime_Converse.html, …_ConverseStream.html). Standalone (Converse is Bedrock's own API, no
// vendor's behind it). It checks what Bedrock checks: a SigV4 signature by a key it knows, for its
// region and the `bedrock` service, or a Bedrock API key (aws.ts); a model id it serves, or an
// inference profile of the region's geography; and the Converse body, refused as Bedrock refuses it
// (a ValidationException, 400): no member Converse does not define; messages that start with a user
// turn and alternate roles; content blocks of one member each, no blank text; toolUse only in
// assistant turns, every one answered by a toolResult in the next user turn, and toolResult only
// there; toolConfig present wherever tool blocks are; images only to a model that reads them;
// inferenceConfig.maxTokens within the model's limit, temperature and topP within 0–1; and
// additionalModelRequestFields only with what the model itself takes (Mistral's top_k, Nova's
// inferenceConfig.topK), as Bedrock hands them to the model, which refuses the rest.
//
// Usage, by the shared rule (server.ts): inputTokens = inputTokensOf(the Converse body), which reads
// every string under `text` (and `content`) in `system` and `messages`: the text blocks, the
// system blocks and the tool results' text; a toolUse's input counts only where a value sits under
// one of those keys. outputTokens = CONVERSE_OUTPUT_TOKENS whatever the text or call, plus
// THINKING_TOKENS under `thinking`/`thinking-tool`.
//
// Scenarios (startMock's queue): the conversation ones (`tool`, `thinking`, `thinking-tool`,
// `parallel-tool`, `max-tokens`: conversation.ts); `throttling` (429 ThrottlingException),
// `model-not-ready` (429), `service-unavailable` (503); `error-429`, Bedrock's throttling said in
// the stream (messageStart, then a throttlingException frame; an HTTP 429 to /converse);
// `stream-validation` (a validationException frame before any event) and `stream-exception` (half
// the events, then a modelStreamErrorException frame); `break-mid-stream` cuts the connection halfway.
import type { ServerResponse } from "node:http";
import { planTurn, deltasOf, issue, REASONING_TEXT, type Plan } from "../conversation.ts";
import { type Exchange, type Mock, THINKING_TOKENS, inputTokensOf, sleep, startMock } from "../server.ts";
import { type AwsAccessKey, type AwsError, checkSigV4, eventMessage, exceptionMessage, sendAwsError } from "./aws.ts";

export const CONVERSE_REPLY = "Hello from the Bedrock Converse mock.";
export const CONVERSE_OUTPUT_TOKENS = 9;
/** The models it serves and the most output tokens each takes (Bedrock's limits for them). */
export const CONVERSE_MODELS: Record<string, number> = {
  "meta.llama3-3-70b-instruct-v1:0": 8192,
  "mistral.mistral-large-2407-v1:0": 8192,
  "amazon.nova-pro-v1:0": 10_000,
  "amazon.nova-lite-v1:0": 10_000,
};

export type BedrockConverseMockOptions = {
  region: string;
  keys: Record<string, AwsAccessKey>;
  /** Bedrock API keys (`Authorization: Bearer …`) it accepts. */
  apiKeys?: string[];
  /** Model id → its output limit; by default CONVERSE_MODELS. */
  models?: Record<string, number>;
  delayMs?: number;
};

type Json = Record<string, any>;

const geographyOf = (region: string) => (region.startsWith("us-") ? "us" : region.startsWith("eu-") ? "eu" : region.startsWith("ap-") ? "apac" : "");

const validation = (message: string): AwsError => ({ status: 400, type: "ValidationException", message });

/** Converse's top-level members (ConverseRequest, less modelId which is the path's). */
const converseMembers = new Set([
  "messages",
  "system",
  "inferenceConfig",
  "toolConfig",
  "guardrailConfig",
  "additionalModelRequestFields",
  "additionalModelResponseFieldPaths",
  "promptVariables",
  "requestMetadata",
  "performanceConfig",
  "serviceTier",
  "outputConfig",
]);
const blockMembers = new Set(["text", "image", "document", "video", "toolUse", "toolResult", "guardContent", "cachePoint", "reasoningContent", "citationsContent", "searchResult"]);
const inferenceMembers = new Set(["maxTokens", "temperature", "topP", "stopSequences"]);
const imageFormats = new Set(["png", "jpeg", "gif", "webp"]);
const documentFormats = new Set(["pdf", "csv", "doc", "docx", "xls", "xlsx", "html", "txt", "md"]);

/** What each model takes in additionalModelRequestFields (its own request's members). */
function additionalFieldsOf(modelId: string): Set<string> {
  if (modelId.startsWith("mistral.")) return new Set(["top_k"]);
  if (modelId.startsWith("amazon.nova")) return new Set(["inferenceConfig"]);
  return new Set();
}
const readsImages = (modelId: string) => modelId.startsWith("amazon.nova-pro") || modelId.startsWith("amazon.nova-lite");

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const blank = (text: unknown) => typeof text !== "string" || text.trim() === "";

/** What Bedrock refuses in a Converse body before the model answers; null when it takes it. */
export function converseProblem(body: unknown, modelId: string, limit: number): AwsError | null {
  if (!isObject(body)) return validation("Unable to parse the request body: expected a JSON object.");
  for (const key of Object.keys(body)) if (!converseMembers.has(key)) return validation(`Malformed input request: extraneous key [${key}] is not permitted, please reformat your input and try again.`);
  const { messages } = body;
  if (!Array.isArray(messages) || messages.length === 0) return validation("A conversation must start with a user message. Try again with a conversation that starts with a user message.");
  let toolBlocks = false;
  let unanswered: string[] = [];
  for (const [i, message] of messages.entries()) {
    if (!isObject(message) || (message.role !== "user" && message.role !== "assistant")) return validation(`messages.${i}.role: expected user or assistant.`);
    if (i === 0 && message.role !== "user") return validation("A conversation must start with a user message. Try again with a conversation that starts with a user message.");
    if (i > 0 && messages[i - 1].role === message.role) {
      return validation("A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.");
    }
    if (!Array.isArray(message.content) || message.content.length === 0) return validation(`The content field in the Message object at messages.${i} is empty. Add a ContentBlock object to the content field and try again.`);
    const answered = new Set<string>();
    const asked: string[] = [];
    for (const [j, block] of message.content.entries()) {
      const at = `messages.${i}.content.${j}`;
      const members = isObject(block) ? Object.keys(block) : [];
      if (members.length !== 1 || !blockMembers.has(members[0])) return validation(`The ContentBlock object at ${at} must set one of: ${[...blockMembers].join(", ")}.`);
      const kind = members[0];
      const value = block[kind];
      if (kind === "text" && blank(value)) return validation(`The text field in the ContentBlock object at ${at} is blank. Add text to the text field, and try again.`);
      if (kind === "image") {
        if (message.role !== "user") return validation(`The ContentBlock object at ${at} holds an image, which only a user message may hold.`);
        if (!readsImages(modelId)) return validation("This model doesn't support the image content block that you provided. Try again with a supported content block.");
        if (!imageFormats.has(value?.format) || typeof value?.source?.bytes !== "string" || value.source.bytes === "") return validation(`The image at ${at} needs a format (png, jpeg, gif or webp) and its bytes.`);
      }
      if (kind === "document") {
        if (message.role !== "user") return validation(`The ContentBlock object at ${at} holds a document, which only a user message may hold.`);
        if (!readsImages(modelId)) return validation("This model doesn't support the document content block that you provided. Try again with a supported content block.");
        if (!documentFormats.has(value?.format) || typeof value?.source?.bytes !== "string") return validation(`The document at ${at} needs a format and its bytes.`);
        if (typeof value.name !== "string" || !/^[A-Za-z0-9\-()[\]]+(?: [A-Za-z0-9\-()[\]]+)*$/.test(value.name)) return validation(`The document name at ${at} may only contain alphanumeric characters, single spaces, hyphens, parentheses and square brackets.`);
      }
      if (kind === "toolUse") {
        toolBlocks = true;
        if (message.role !== "assistant") return validation(`The toolUse block at ${at} is only allowed in an assistant message.`);
        if (typeof value?.toolUseId !== "string" || typeof value?.name !== "string" || !isObject(value?.input)) return validation(`The toolUse block at ${at} needs a toolUseId, a name and an input object.`);
        asked.push(value.toolUseId);
      }
      if (kind === "toolResult") {
        toolBlocks = true;
        if (message.role !== "user") return validation(`The toolResult block at ${at} is only allowed in a user message.`);
        if (typeof value?.toolUseId !== "string" || !Array.isArray(value?.content)) return validation(`The toolResult block at ${at} needs a toolUseId and a content array.`);
        if (!unanswered.includes(value.toolUseId)) return validation(`The toolResult block at ${at} answers toolUseId ${value.toolUseId}, which the previous assistant message does not hold.`);
        if (value.status !== undefined && value.status !== "success" && value.status !== "error") return validation(`The toolResult status at ${at} must be success or error.`);
        for (const [k, part] of value.content.entries()) {
          if (isObject(part) && "text" in part && blank(part.text)) return validation(`The text field in the ToolResultContentBlock object at ${at}.toolResult.content.${k} is blank. Add text to the text field, and try again.`);
        }
        answered.add(value.toolUseId);
      }
    }
    if (unanswered.length > 0) {
      const missing = unanswered.filter((id) => !answered.has(id));
      if (missing.length > 0) return validation(`Expected toolResult blocks at messages.${i}.content for the following Ids: ${missing.join(", ")}`);
    }
    unanswered = asked;
  }
  if (messages.at(-1).role === "assistant" && unanswered.length > 0) return validation("The conversation ends with toolUse blocks that no toolResult answers.");

  if (body.system !== undefined) {
    if (!Array.isArray(body.system)) return validation("system: expected an array of SystemContentBlock objects.");
    for (const [k, block] of body.system.entries()) if (!isObject(block) || blank(block.text)) return validation(`The text field in the SystemContentBlock object at system.${k} is blank.`);
  }

  const config = body.inferenceConfig;
  if (config !== undefined) {
    if (!isObject(config)) return validation("inferenceConfig: expected an object.");
    for (const key of Object.keys(config)) if (!inferenceMembers.has(key)) return validation(`Malformed input request: extraneous key [inferenceConfig.${key}] is not permitted.`);
    if (config.maxTokens !== undefined) {
      if (!Number.isInteger(config.maxTokens) || config.maxTokens < 1) return validation("inferenceConfig.maxTokens: expected a whole number of at least 1.");
      if (config.maxTokens > limit) return validation(`The maximum tokens you requested exceeds the model limit of ${limit}. Try again with a maximum tokens value that is lower than ${limit}.`);
    }
    for (const key of ["temperature", "topP"]) {
      const value = config[key];
      if (value !== undefined && (typeof value !== "number" || value < 0 || value > 1)) return validation(`1 validation error detected: Value '${value}' at 'inferenceConfig.${key}' failed to satisfy constraint: Member must have value less than or equal to 1`);
    }
    if (config.stopSequences !== undefined && (!Array.isArray(config.stopSequences) || config.stopSequences.some((stop: unknown) => typeof stop !== "string"))) {
      return validation("inferenceConfig.stopSequences: expected an array of strings.");
    }
  }

  const tools = body.toolConfig;
  if (toolBlocks && tools === undefined) return validation("The toolConfig field must be defined when using toolUse and toolResult content blocks.");
  if (tools !== undefined) {
    if (!isObject(tools) || !Array.isArray(tools.tools) || tools.tools.length === 0) return validation("toolConfig.tools: expected at least one tool.");
    const names = new Set<string>();
    for (const [k, tool] of tools.tools.entries()) {
      const spec = tool?.toolSpec;
      if (!isObject(spec) || typeof spec.name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) return validation(`toolConfig.tools.${k}.toolSpec.name: expected a name of 1 to 64 letters, digits, underscores and hyphens.`);
      if (!isObject(spec.inputSchema) || !isObject(spec.inputSchema.json)) return validation(`toolConfig.tools.${k}.toolSpec.inputSchema: expected {"json": <a JSON schema object>}.`);
      names.add(spec.name);
    }
    const choice = tools.toolChoice;
    if (choice !== undefined) {
      const members = isObject(choice) ? Object.keys(choice) : [];
      if (members.length !== 1 || !["auto", "any", "tool"].includes(members[0])) return validation("toolConfig.toolChoice must set exactly one of: auto, any, tool.");
      if (members[0] === "tool" && !names.has(choice.tool?.name)) return validation(`toolConfig.toolChoice.tool.name ${String(choice.tool?.name)} is not one of the declared tools.`);
    }
  }

  const additional = body.additionalModelRequestFields;
  if (additional !== undefined) {
    if (!isObject(additional)) return validation("additionalModelRequestFields: expected an object.");
    const takes = additionalFieldsOf(modelId);
    for (const key of Object.keys(additional)) {
      if (!takes.has(key)) return validation(`The model returned the following errors: Malformed input request: #: extraneous key [${key}] is not permitted, please reformat your input and try again.`);
    }
  }

  const output = body.outputConfig;
  if (output !== undefined) {
    const format = output?.textFormat;
    let schema: unknown;
    try {
      schema = JSON.parse(format?.structure?.jsonSchema?.schema);
    } catch {
      schema = undefined;
    }
    if (format?.type !== "json_schema" || !isObject(schema)) return validation("outputConfig.textFormat: expected type json_schema with structure.jsonSchema.schema a JSON schema as text.");
  }
  return null;
}

/** The model's plan this turn: the declared tools, and the last user turn's tool results' text if it holds any. */
function planOf(ex: Exchange, body: Json): Plan {
  const tools = (body.toolConfig?.tools ?? []).map((tool: Json) => ({ name: tool.toolSpec.name, schema: tool.toolSpec.inputSchema.json }));
  const last = body.messages.at(-1);
  const results = last.role === "user" ? last.content.filter((block: Json) => "toolResult" in block) : [];
  const resultText = results.length > 0 ? results.map((block: Json) => block.toolResult.content.map((part: Json) => (typeof part.text === "string" ? part.text : JSON.stringify(part.json ?? ""))).join("")).join("") : undefined;
  return planTurn(ex.scenario, tools, resultText, CONVERSE_REPLY);
}

let calls = 0;
const toolUseId = () => `tooluse_mock${String(++calls).padStart(6, "0")}`;

type Answer = { content: Json[]; stopReason: string; usage: Json };

function answerOf(ex: Exchange, body: Json, plan: Plan): Answer {
  const content: Json[] = [];
  if (plan.reasoning) content.push({ reasoningContent: { reasoningText: { text: REASONING_TEXT, signature: issue(ex.issued, plan.calls[0]?.name ?? "") } } });
  if (plan.text !== "") content.push({ text: plan.truncated ? plan.text.slice(0, Math.ceil(plan.text.length / 2)) : plan.text });
  for (const call of plan.calls) content.push({ toolUse: { toolUseId: toolUseId(), name: call.name, input: call.args } });
  const inputTokens = inputTokensOf(body);
  const outputTokens = CONVERSE_OUTPUT_TOKENS + (plan.reasoning ? THINKING_TOKENS : 0);
  const stopReason = plan.calls.length > 0 ? "tool_use" : plan.truncated ? "max_tokens" : "end_turn";
  return { content, stopReason, usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens } };
}

/** The answer as ConverseStream's events, in Bedrock's order. */
function streamEventsOf(answer: Answer): Buffer[] {
  const frames: Buffer[] = [eventMessage("messageStart", { role: "assistant" })];
  answer.content.forEach((block, contentBlockIndex) => {
    if (block.reasoningContent) {
      for (const text of deltasOf(block.reasoningContent.reasoningText.text)) frames.push(eventMessage("contentBlockDelta", { contentBlockIndex, delta: { reasoningContent: { text } } }));
      frames.push(eventMessage("contentBlockDelta", { contentBlockIndex, delta: { reasoningContent: { signature: block.reasoningContent.reasoningText.signature } } }));
    } else if (typeof block.text === "string") {
      for (const text of deltasOf(block.text, 4)) frames.push(eventMessage("contentBlockDelta", { contentBlockIndex, delta: { text } }));
    } else if (block.toolUse) {
      const { toolUseId, name, input } = block.toolUse;
      frames.push(eventMessage("contentBlockStart", { contentBlockIndex, start: { toolUse: { toolUseId, name } } }));
      for (const piece of deltasOf(JSON.stringify(input), 2)) frames.push(eventMessage("contentBlockDelta", { contentBlockIndex, delta: { toolUse: { input: piece } } }));
    }
    frames.push(eventMessage("contentBlockStop", { contentBlockIndex }));
  });
  frames.push(eventMessage("messageStop", { stopReason: answer.stopReason }));
  frames.push(eventMessage("metadata", { usage: answer.usage, metrics: { latencyMs: 240 } }));
  return frames;
}

const write = (res: ServerResponse, bytes: Buffer) =>
  new Promise<void>((done) => {
    if (res.destroyed) return done();
    res.once("close", done);
    res.write(bytes, () => {
      res.off("close", done);
      done();
    });
  });

async function stream(ex: Exchange, answer: Answer): Promise<void> {
  const { res } = ex;
  res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream", "x-amzn-requestid": "00000000-0000-4000-8000-000000000002" });
  res.flushHeaders();
  if (ex.scenario === "error-429") {
    await write(res, eventMessage("messageStart", { role: "assistant" }));
    res.end(exceptionMessage("throttlingException", "Too many tokens, please wait before trying again."));
    return;
  }
  if (ex.scenario === "stream-validation") {
    res.end(exceptionMessage("validationException", "The maximum tokens you requested exceeds the model limit."));
    return;
  }
  const frames = streamEventsOf(answer);
  const cutAt = ex.scenario === "stream-exception" || ex.scenario === "break-mid-stream" ? Math.ceil(frames.length / 2) : frames.length;
  for (const [index, frame] of frames.slice(0, cutAt).entries()) {
    if (res.destroyed) return;
    if (index > 0 && ex.delayMs > 0) await sleep(ex.delayMs);
    await write(res, frame);
  }
  if (ex.scenario === "break-mid-stream") return void res.socket?.destroy();
  if (ex.scenario === "stream-exception") res.end(exceptionMessage("modelStreamErrorException", "The model stream ended with an error: the model produced an invalid sequence."));
  else res.end();
}

export async function startBedrockConverseMock(options: BedrockConverseMockOptions): Promise<Mock> {
  const models = options.models ?? CONVERSE_MODELS;
  const geography = geographyOf(options.region);
  return startMock(
    async (ex) => {
      const { req, res, request } = ex;
      const refused = await checkSigV4(
        { method: request.method, rawUrl: req.url ?? "/", headers: req.headers, body: Buffer.from(request.raw, "utf8") },
        { keys: options.keys, region: options.region, service: "bedrock", bearerTokens: options.apiKeys },
      );
      if (refused) return sendAwsError(res, refused);
      const route = /^\/model\/([^/]+)\/(converse|converse-stream|count-tokens)$/.exec(request.path);
      if (request.method !== "POST" || !route) return sendAwsError(res, { status: 404, type: "UnknownOperationException", message: `Unknown operation ${request.method} ${request.path}` });
      const modelId = decodeURIComponent(route[1]);
      const profile = /^(us|eu|apac|global)\./.exec(modelId)?.[1];
      const baseId = profile ? modelId.slice(profile.length + 1) : modelId;
      const limit = models[baseId];
      if (limit === undefined || (profile && profile !== "global" && profile !== geography)) return sendAwsError(res, validation("The provided model identifier is invalid."));
      if (route[2] === "count-tokens") return sendAwsError(res, validation("The provided model doesn't support counting tokens."));
      if (ex.scenario === "throttling") return sendAwsError(res, { status: 429, type: "ThrottlingException", message: "Too many requests, please wait before trying again." });
      if (ex.scenario === "model-not-ready") return sendAwsError(res, { status: 429, type: "ModelNotReadyException", message: "Model is not ready to serve inference requests." });
      if (ex.scenario === "service-unavailable") return sendAwsError(res, { status: 503, type: "ServiceUnavailableException", message: "Service is temporarily unavailable." });
      const body = request.body;
      const problem = converseProblem(body, baseId, limit);
      if (problem) return sendAwsError(res, problem);
      const answer = answerOf(ex, body, planOf(ex, body));
      if (route[2] === "converse-stream") return stream(ex, answer);
      if (ex.scenario === "error-429") return sendAwsError(res, { status: 429, type: "ThrottlingException", message: "Too many tokens, please wait before trying again." });
      const text = JSON.stringify({ output: { message: { role: "assistant", content: answer.content } }, stopReason: answer.stopReason, usage: answer.usage, metrics: { latencyMs: 240 } });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text), "x-amzn-requestid": "00000000-0000-4000-8000-000000000003" });
      res.end(text);
    },
    { delayMs: options.delayMs },
  );
}
