// Mock Amazon Bedrock Runtime for Claude, a front over the Anthropic mock: POST
// /model/{modelId}/invoke, /invoke-with-response-stream and /count-tokens. It checks what Bedrock
// checks (docs.aws.amazon.com/bedrock/latest/APIReference, model-parameters-anthropic-claude-messages):
// a SigV4 signature by a key it knows, for its region and the `bedrock` service (aws.ts), or a
// Bedrock API key; a model id or an inference profile it serves (`us.`/`eu.`/`apac.`/`global.`
// only where the region is in that geography); the Messages body with `anthropic_version:
// bedrock-2023-05-31`, beta flags in `anthropic_beta`, and neither `model` nor `stream`. The
// Anthropic mock behind then holds the body to every rule of Anthropic's own. Streams are written
// as AWS event-stream messages, one `chunk` per Anthropic event, with Bedrock's invocation metrics
// on `message_stop`; errors are Bedrock's exceptions, as HTTP answers or as stream frames.
import { startAnthropicMock } from "../anthropic.ts";
import { type Exchange, startMock } from "../server.ts";
import { type AwsAccessKey, checkSigV4, chunkMessage, exceptionMessage, sendAwsError } from "./aws.ts";
import { type Behind, behindOrOwn, type FrontMock, forward, sseEvents, withInner } from "./front.ts";

export const BEDROCK_ANTHROPIC_VERSION = "bedrock-2023-05-31";
export const BEDROCK_MODELS = ["anthropic.claude-sonnet-4-5-20250929-v1:0", "anthropic.claude-haiku-4-5-20251001-v1:0", "anthropic.claude-opus-4-6-v1", "anthropic.claude-sonnet-4-6"];

/**
 * The beta flags Bedrock takes in `anthropic_beta` (its Claude request-parameter and extended-thinking
 * pages); any other is refused as "invalid beta flag" (anthropics/claude-code issues on Claude Code's
 * first-party flags reaching Bedrock). Written from the vendor's pages, not imported from the gateway.
 */
export const BEDROCK_BETAS = new Set([
  "computer-use-2025-01-24",
  "computer-use-2025-11-24",
  "context-1m-2025-08-07",
  "context-management-2025-06-27",
  "compact-2026-01-12",
  "dangerous-tool-use-2026-09-03",
  "effort-2025-11-24",
  "fine-grained-tool-streaming-2025-05-14",
  "interleaved-thinking-2025-05-14",
  "mid-conversation-output-config-2026-07-01",
  "mid-conversation-tool-changes-2026-07-01",
  "output-128k-2025-02-19",
  "thinking-binding-controls-2026-08-01",
  "thinking-display-updates-2026-08-18",
  "token-efficient-tools-2025-02-19",
  "tool-examples-2025-10-29",
  "tool-search-tool-2025-10-19",
]);

export type BedrockMockOptions = {
  region: string;
  keys: Record<string, AwsAccessKey>;
  /** Bedrock API keys (`Authorization: Bearer …`) it accepts. */
  apiKeys?: string[];
  models?: string[];
  /** Foundation models CountTokens refuses to count. */
  uncountable?: string[];
  delayMs?: number;
  /** The Anthropic-speaking mock behind; by default the front starts an Anthropic mock of its own. */
  behind?: Behind;
};

/** Which inference-profile prefixes a region serves. */
const geographyOf = (region: string) => (region.startsWith("us-") ? "us" : region.startsWith("eu-") ? "eu" : region.startsWith("ap-") ? "apac" : "");

/** The Anthropic model behind a Bedrock id: `us.anthropic.claude-sonnet-4-5-20250929-v1:0` → `claude-sonnet-4-5-20250929`. */
export const anthropicModelOf = (id: string) =>
  id
    .replace(/^(us|eu|apac|global)\./, "")
    .replace(/^anthropic\./, "")
    .replace(/-v\d+(:\d+)?$/, "");

const malformed = (detail: string) => ({ status: 400, type: "ValidationException", message: `Malformed input request: ${detail}, please reformat your input and try again.` });

/** What Bedrock refuses in an InvokeModel body before the model sees it. */
function bodyProblem(body: any): ReturnType<typeof malformed> | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return malformed("#: expected type: JSONObject");
  if (!("anthropic_version" in body)) return malformed("#: required key [anthropic_version] not found");
  if (body.anthropic_version !== BEDROCK_ANTHROPIC_VERSION) return { status: 400, type: "ValidationException", message: `Invalid API version: ${body.anthropic_version}` };
  for (const member of ["model", "stream"]) if (member in body) return malformed(`#: extraneous key [${member}] is not permitted`);
  if ("anthropic_beta" in body && (!Array.isArray(body.anthropic_beta) || body.anthropic_beta.some((beta: unknown) => typeof beta !== "string"))) {
    return malformed("#/anthropic_beta: expected type: JSONArray");
  }
  if (body.anthropic_beta?.some((beta: string) => !BEDROCK_BETAS.has(beta))) return { status: 400, type: "ValidationException", message: "invalid beta flag" };
  return null;
}

/** The Anthropic mock's refusal, as the exception Bedrock answers with. */
function exceptionOf(status: number, text: string) {
  let message = text;
  try {
    message = JSON.parse(text)?.error?.message ?? text;
  } catch {
    // not JSON: said as it came
  }
  if (status === 400) return { status: 400, type: "ValidationException", message };
  if (status === 429) return { status: 429, type: "ThrottlingException", message: "Too many requests, please wait before trying again." };
  if (status === 529 || status === 503) return { status: 503, type: "ServiceUnavailableException", message: "Service is temporarily unavailable." };
  return { status: 500, type: "InternalServerException", message };
}

export async function startBedrockMock(options: BedrockMockOptions): Promise<FrontMock> {
  const behind = await behindOrOwn(options.behind, (apiKey) => startAnthropicMock({ apiKey, delayMs: options.delayMs }), "bedrock-inner");
  const inner = behind.mock;
  const models = new Set(options.models ?? BEDROCK_MODELS);
  const geography = geographyOf(options.region);
  const front = await startMock(async (ex) => {
    const { req, res, request } = ex;
    const refused = await checkSigV4(
      { method: request.method, rawUrl: req.url ?? "/", headers: req.headers, body: Buffer.from(request.raw, "utf8") },
      { keys: options.keys, region: options.region, service: "bedrock", bearerTokens: options.apiKeys },
    );
    if (refused) return sendAwsError(res, refused);

    const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream|count-tokens)$/.exec(request.path);
    if (request.method !== "POST" || !route) return sendAwsError(res, { status: 404, type: "UnknownOperationException", message: `Unknown operation ${request.method} ${request.path}` });
    const modelId = decodeURIComponent(route[1]);
    const profile = /^(us|eu|apac|global)\./.exec(modelId)?.[1];
    const baseId = profile ? modelId.slice(profile.length + 1) : modelId;
    if (!models.has(baseId) || (profile && profile !== "global" && profile !== geography)) {
      return sendAwsError(res, { status: 400, type: "ValidationException", message: "The provided model identifier is invalid." });
    }
    if (ex.scenario === "throttling") return sendAwsError(res, { status: 429, type: "ThrottlingException", message: "Too many requests, please wait before trying again." });
    if (ex.scenario === "model-not-ready") return sendAwsError(res, { status: 429, type: "ModelNotReadyException", message: "Model is not ready to serve inference requests." });
    if (ex.scenario === "service-unavailable") return sendAwsError(res, { status: 503, type: "ServiceUnavailableException", message: "Service is temporarily unavailable." });

    const model = anthropicModelOf(modelId);
    if (route[2] === "count-tokens") {
      // CountTokens counts foundation models only, and of those not every one (reported live: a profile id is refused so).
      if (profile || options.uncountable?.includes(baseId)) return sendAwsError(res, { status: 400, type: "ValidationException", message: "The provided model doesn't support counting tokens." });
      return countTokens(ex, behind, model);
    }
    const body = request.body;
    const problem = bodyProblem(body);
    if (problem) return sendAwsError(res, problem);
    const { anthropic_version: _version, anthropic_beta: betas, ...messages } = body;
    const stream = route[2] === "invoke-with-response-stream";
    const headers: Record<string, string> = { "x-api-key": behind.apiKey, "anthropic-version": "2023-06-01", ...(betas?.length ? { "anthropic-beta": betas.join(",") } : {}) };
    const answer = await forward(ex, inner, "/v1/messages", { model, ...messages, ...(stream ? { stream: true } : {}) }, headers);
    if (!answer.ok) return sendAwsError(res, exceptionOf(answer.status, await answer.text()));
    if (!stream) {
      const text = await answer.text();
      const usage = JSON.parse(text).usage ?? {};
      res.writeHead(200, {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(text),
        "x-amzn-bedrock-input-token-count": String(usage.input_tokens ?? 0),
        "x-amzn-bedrock-output-token-count": String(usage.output_tokens ?? 0),
        "x-amzn-bedrock-invocation-latency": "120",
      });
      return void res.end(text);
    }
    await streamAsEventStream(ex, answer);
  });
  return withInner(front, behind);
}

/** The Anthropic mock's SSE, as Bedrock's event stream; cloud stream scenarios cut it with an exception frame. */
async function streamAsEventStream(ex: Exchange, answer: Response): Promise<void> {
  let inputTokens = 0;
  let outputTokens = 0;
  const { res } = ex;
  res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream", "x-amzn-bedrock-content-type": "application/json", "x-amzn-requestid": "00000000-0000-4000-8000-000000000001" });
  res.flushHeaders();
  if (ex.scenario === "stream-validation") {
    await answer.body?.cancel();
    res.end(exceptionMessage("validationException", "max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-5-20250929"));
    return;
  }
  let sent = 0;
  try {
    for await (const { data } of sseEvents(answer)) {
      if (res.destroyed) return;
      // Leaving the loop cancels the Anthropic mock's stream behind.
      if (ex.scenario === "stream-exception" && sent === 4) break;
      const event = JSON.parse(data);
      if (event.type === "message_start") inputTokens = event.message?.usage?.input_tokens ?? inputTokens;
      if (event.type === "message_delta") outputTokens = event.usage?.output_tokens ?? outputTokens;
      if (event.type === "message_stop") {
        // Bedrock reports the call's counts on the last event (its invocation metrics), as the model's own events said them.
        event["amazon-bedrock-invocationMetrics"] = { inputTokenCount: inputTokens, outputTokenCount: outputTokens, invocationLatency: 240, firstByteLatency: 80 };
      }
      res.write(chunkMessage(JSON.stringify(event)));
      sent++;
    }
  } catch {
    return void res.destroy(); // the Anthropic mock broke its stream: so does Bedrock's
  }
  if (ex.scenario === "stream-exception") res.end(exceptionMessage("modelStreamErrorException", "The model stream ended with an error: the model produced an invalid sequence."));
  else res.end();
}

/** CountTokens: `{"input": {"invokeModel": {"body": <base64 of an InvokeModel body>}}}` → `{"inputTokens": n}`. */
async function countTokens(ex: Exchange, behind: Behind, model: string): Promise<void> {
  const encoded = ex.request.body?.input?.invokeModel?.body;
  if (typeof encoded !== "string") return sendAwsError(ex.res, malformed("#/input: required key [invokeModel] or [converse] not found"));
  let body: any;
  try {
    body = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    return sendAwsError(ex.res, malformed("#/input/invokeModel/body: not a JSON document"));
  }
  const problem = bodyProblem(body);
  if (problem) return sendAwsError(ex.res, problem);
  const { anthropic_version: _version, anthropic_beta: _betas, max_tokens: _max, ...messages } = body;
  const answer = await forward(ex, behind.mock, "/v1/messages/count_tokens", { model, ...messages }, { "x-api-key": behind.apiKey, "anthropic-version": "2023-06-01" });
  if (!answer.ok) return sendAwsError(ex.res, exceptionOf(answer.status, await answer.text()));
  const { input_tokens } = await answer.json();
  const text = JSON.stringify({ inputTokens: input_tokens });
  ex.res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  ex.res.end(text);
}
