// Mock Anthropic Messages upstream (wire-formats.md §1): POST /v1/messages (JSON and SSE),
// POST /v1/messages/count_tokens, GET /v1/models[/id]. Accepts X-Api-Key or Bearer.
import {
  answerErrorScenario,
  answerTransportScenario,
  CACHE_READ_TOKENS,
  CACHE_WRITE_TOKENS,
  type Exchange,
  inputTokensOf,
  type Mock,
  namedEvent,
  sendJson,
  startMock,
  streamEvents,
  THINKING_TOKENS,
} from "./server.ts";
import { deltasOf, type Issued, issue, type Plan, planTurn, stringsIn } from "./conversation.ts";
import { PromptCache, type PromptCacheUsage } from "./prompt-cache.ts";
import { validateAnthropic } from "./validate.ts";

export const ANTHROPIC_REPLY = "Hello from the Anthropic mock.";
export const ANTHROPIC_DELTAS = ["Hello", " from the", " Anthropic", " mock."];
export const ANTHROPIC_OUTPUT_TOKENS = 7;
export const ANTHROPIC_THINKING = "The user wants a greeting.";
export const ANTHROPIC_MODELS = ["claude-sonnet-4-5", "claude-haiku-4-5"];

export type AnthropicMockOptions = { apiKey: string; delayMs?: number };

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
};

const errorBody = (status: number, message = `mock ${status}`) => ({
  type: "error",
  error: { type: ERROR_TYPES[status] ?? "api_error", message },
  request_id: "req_mock",
});

const modelObject = (id: string) => ({ type: "model", id, display_name: id, created_at: "2025-09-29T00:00:00Z" });

export function startAnthropicMock(options: AnthropicMockOptions): Promise<Mock> {
  let counter = 0;
  const promptCache = new PromptCache();
  return startMock(async (ex) => {
    const issued: Issued = ex.issued;
    const { req, request } = ex;
    const headers = { "request-id": `req_mock_${++counter}` };
    const key = req.headers["x-api-key"] ?? req.headers.authorization?.replace(/^Bearer /, "");
    if (key !== options.apiKey) return sendJson(ex.res, 401, errorBody(401, "invalid x-api-key"), headers);

    const route = `${request.method} ${request.path}`; // the query (e.g. ?beta=true) is ignored
    const modelMatch = /^GET \/v1\/models\/(.+)$/.exec(route);
    if (route !== "POST /v1/messages" && route !== "POST /v1/messages/count_tokens" && route !== "GET /v1/models" && !modelMatch) {
      return sendJson(ex.res, 404, errorBody(404, `Not found: ${route}`), headers);
    }
    const stream = route === "POST /v1/messages" && request.body?.stream === true;
    if (answerErrorScenario(ex, errorBody, headers) || answerTransportScenario(ex, stream, headers)) return;

    if (route === "GET /v1/models") {
      const data = ANTHROPIC_MODELS.map(modelObject);
      return sendJson(ex.res, 200, { data, has_more: false, first_id: data[0].id, last_id: data.at(-1)!.id }, headers);
    }
    if (modelMatch) return sendJson(ex.res, 200, modelObject(decodeURIComponent(modelMatch[1])), headers);

    const body = request.body;
    if (typeof body?.model !== "string" || !Array.isArray(body.messages)) {
      return sendJson(ex.res, 400, errorBody(400, "model and messages are required"), headers);
    }
    const problem = validateAnthropic(body, issued, ex.extraFields, route === "POST /v1/messages/count_tokens");
    if (problem) return sendJson(ex.res, 400, errorBody(400, problem.message), headers);
    if (route === "POST /v1/messages/count_tokens") return sendJson(ex.res, 200, { input_tokens: inputTokensOf(body) }, headers);

    const id = `msg_mock_${counter}`;
    const turn = render(ex, issued, counter);
    if (ex.scenario === "prompt-cache") turn.cache = promptCache.use(body);
    if (stream) return streamEvents(ex, streamOf(ex, id, body.model, turn), headers);
    return sendJson(ex.res, 200, { ...messageShell(ex, id, body.model, turn), content: turn.blocks, stop_reason: turn.stopReason }, headers);
  }, options);
}

/** `cache`: in the `prompt-cache` scenario, what the prompt cache read and wrote. */
type Turn = { plan: Plan; blocks: any[]; stopReason: string; cache?: PromptCacheUsage };

/** The blocks of this answer: thinking (signed), then text or a tool_use of the first declared tool. */
function render(ex: Exchange, issued: Issued, counter: number): Turn {
  const body = ex.request.body;
  const tools = (Array.isArray(body.tools) ? body.tools : []).filter((tool: any) => tool?.input_schema).map((tool: any) => ({ name: tool.name, schema: tool.input_schema }));
  const last = body.messages.at(-1);
  const results = last?.role === "user" && Array.isArray(last.content) ? last.content.filter((block: any) => block?.type === "tool_result") : [];
  const plan = planTurn(ex.scenario, tools, results.length ? results.map((block: any) => stringsIn(block.content)).join("\n") : undefined, ANTHROPIC_REPLY);
  const blocks: any[] = [];
  if (plan.reasoning) blocks.push({ type: "thinking", thinking: ANTHROPIC_THINKING, signature: issue(issued, plan.calls[0]?.name ?? "", "Eq") });
  for (const [k, call] of plan.calls.entries()) blocks.push({ type: "tool_use", id: `toolu_mock${counter}_${k}`, name: call.name, input: call.args });
  if (!plan.calls.length) blocks.push({ type: "text", text: plan.text, citations: null });
  return { plan, blocks, stopReason: plan.calls.length ? "tool_use" : plan.truncated ? "max_tokens" : "end_turn" };
}

/** The lifetimes the request's cache breakpoints ask for (top level, system, tools, message blocks): `ttl` "1h", else the default "5m". */
function cacheLifetimes(body: any): Set<"5m" | "1h"> {
  const lifetimes = new Set<"5m" | "1h">();
  const mark = (item: any) => {
    if (item?.cache_control?.type === "ephemeral") lifetimes.add(item.cache_control.ttl === "1h" ? "1h" : "5m");
  };
  const each = (list: unknown) => (Array.isArray(list) ? list.forEach(mark) : undefined);
  mark(body);
  each(body.system);
  each(body.tools);
  for (const message of body.messages ?? []) {
    each(message?.content);
    for (const block of Array.isArray(message?.content) ? message.content : []) each(block?.content);
  }
  return lifetimes;
}

/**
 * The cache writes split by lifetime, as Anthropic reports them in `cache_creation`: all 1-hour when
 * every breakpoint asks for an hour; with both lifetimes (1-hour breakpoints come first), the prefix
 * up to the last 1-hour breakpoint is written for an hour — here half of the writes, rounded up.
 */
function writesByLifetime(body: any, written: number) {
  const lifetimes = cacheLifetimes(body);
  const oneHour = !lifetimes.has("1h") ? 0 : lifetimes.has("5m") ? Math.ceil(written / 2) : written;
  return { ephemeral_5m_input_tokens: written - oneHour, ephemeral_1h_input_tokens: oneHour };
}

function usageOf(ex: Exchange, outputTokens: number, cache?: PromptCacheUsage) {
  if (cache)
    return {
      input_tokens: cache.input,
      output_tokens: outputTokens,
      cache_creation_input_tokens: cache.written,
      cache_read_input_tokens: cache.read,
      cache_creation: { ephemeral_5m_input_tokens: cache.written - cache.written1h, ephemeral_1h_input_tokens: cache.written1h },
      service_tier: "standard",
    };
  const cached = ex.scenario === "cached";
  const write = cached ? CACHE_WRITE_TOKENS : 0;
  return {
    input_tokens: inputTokensOf(ex.request.body),
    output_tokens: outputTokens,
    cache_creation_input_tokens: write,
    cache_read_input_tokens: cached ? CACHE_READ_TOKENS : 0,
    cache_creation: writesByLifetime(ex.request.body, write),
    service_tier: "standard",
  };
}

const outputTokens = (turn: Turn) => ANTHROPIC_OUTPUT_TOKENS + (turn.plan.reasoning ? THINKING_TOKENS : 0);

const messageShell = (ex: Exchange, id: string, model: string, turn: Turn) => ({
  id,
  type: "message",
  role: "assistant",
  model,
  content: [] as unknown[],
  stop_reason: null as string | null,
  stop_sequence: null,
  stop_details: null,
  container: null,
  usage: usageOf(ex, outputTokens(turn), turn.cache),
});

// message_start (input usage, provisional output 1) → blocks → message_delta (cumulative usage) → message_stop.
function streamOf(ex: Exchange, id: string, model: string, turn: Turn): string[] {
  const events: string[] = [];
  const send = (type: string, fields: object) => events.push(namedEvent(type, { type, ...fields }));
  send("message_start", { message: { ...messageShell(ex, id, model, turn), usage: usageOf(ex, 1, turn.cache) } });
  for (const [index, block] of turn.blocks.entries()) {
    if (block.type === "thinking") {
      send("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
      send("content_block_delta", { index, delta: { type: "thinking_delta", thinking: block.thinking } });
      send("content_block_delta", { index, delta: { type: "signature_delta", signature: block.signature } });
    } else if (block.type === "tool_use") {
      send("content_block_start", { index, content_block: { ...block, input: {} } });
      const json = JSON.stringify(block.input);
      for (const partial_json of ["", ...deltasOf(json)]) send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
    } else {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      send("ping", {});
      const pieces = block.text === ANTHROPIC_REPLY ? ANTHROPIC_DELTAS : deltasOf(block.text);
      for (const text of pieces) send("content_block_delta", { index, delta: { type: "text_delta", text } });
    }
    send("content_block_stop", { index });
  }
  const { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens } = usageOf(ex, outputTokens(turn), turn.cache);
  send("message_delta", {
    delta: { stop_reason: turn.stopReason, stop_sequence: null, stop_details: null },
    usage: { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens },
  });
  send("message_stop", {});
  return events;
}
