// Mock OpenAI upstream (wire-formats.md §2, §3): POST /v1/chat/completions, POST /v1/responses (and its input_tokens count)
// (JSON and SSE), GET /v1/models. Bearer auth.
import {
  answerErrorScenario,
  answerTransportScenario,
  CACHE_READ_TOKENS,
  dataEvent,
  type Exchange,
  inputTokensOf,
  type Mock,
  sendJson,
  startMock,
  streamEvents,
  THINKING_TOKENS,
} from "./server.ts";
import { deltasOf, type Issued, type Plan, planTurn, REASONING_TEXT, stringsIn } from "./conversation.ts";
import { responseObject, responsesStream, responsesTurn } from "./responses.ts";
import { isMiniMax, validateChat, validateInputTokens, validateResponses } from "./validate.ts";

export const OPENAI_REPLY = "Hello from the OpenAI mock.";
export const OPENAI_DELTAS = ["Hello", " from the", " OpenAI", " mock."];
export const OPENAI_OUTPUT_TOKENS = 8;
export const OPENAI_MODELS = ["gpt-4o", "gpt-4.1-mini"];

export type OpenAIMockOptions = { apiKey: string; delayMs?: number };

const ERRORS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: "invalid_request_error", code: null, message: "mock invalid request" },
  401: { type: "invalid_request_error", code: "invalid_api_key", message: "Incorrect API key provided." },
  404: { type: "invalid_request_error", code: null, message: "Invalid URL" },
  429: { type: "requests", code: "rate_limit_exceeded", message: "Rate limit reached for requests." },
  500: { type: "server_error", code: null, message: "The server had an error while processing your request." },
};

const errorBody = (status: number, message?: string, param: string | null = null, code?: string | null) => {
  const { type, code: usual, message: fallback } = ERRORS[status] ?? ERRORS[500];
  return { error: { message: message ?? fallback, type, param, code: code ?? usual } };
};

export function startOpenAIMock(options: OpenAIMockOptions): Promise<Mock> {
  let counter = 0;
  return startMock(async (ex) => {
    const issued: Issued = ex.issued;
    const { request } = ex;
    const headers = { "x-request-id": `req_mock_${++counter}` };
    if (ex.req.headers.authorization !== `Bearer ${options.apiKey}`) return sendJson(ex.res, 401, errorBody(401), headers);

    const route = `${request.method} ${request.path}`;
    if (!["POST /v1/chat/completions", "POST /v1/responses", "POST /v1/responses/input_tokens", "GET /v1/models"].includes(route)) {
      return sendJson(ex.res, 404, errorBody(404, `Invalid URL (${route})`), headers);
    }
    const body = request.body;
    const stream = body?.stream === true;
    if (answerErrorScenario(ex, errorBody, headers) || answerTransportScenario(ex, stream, headers)) return;

    if (route === "GET /v1/models") {
      const data = OPENAI_MODELS.map((id) => ({ id, object: "model", created: 1715367049, owned_by: "system" }));
      return sendJson(ex.res, 200, { object: "list", data }, headers);
    }
    const missing = typeof body?.model !== "string" ? "model" : route.endsWith("completions") && !Array.isArray(body.messages) ? "messages" : null;
    if (missing) return sendJson(ex.res, 400, errorBody(400, `Missing required parameter: '${missing}'.`, missing), headers);
    if (body.stream_options != null && !stream) {
      return sendJson(ex.res, 400, errorBody(400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.", "stream_options"), headers);
    }

    if (route === "POST /v1/responses/input_tokens") {
      const problem = validateInputTokens(body, issued, ex.extraFields);
      if (problem) return sendJson(ex.res, 400, errorBody(400, problem.message, problem.param ?? null, problem.code), headers);
      return sendJson(ex.res, 200, { object: "response.input_tokens", input_tokens: inputTokensOf(body) }, headers);
    }
    const problem = route === "POST /v1/chat/completions" ? validateChat(body, ex.extraFields) : validateResponses(body, issued, ex.extraFields);
    if (problem) return sendJson(ex.res, 400, errorBody(400, problem.message, problem.param ?? null, problem.code), headers);

    if (route === "POST /v1/chat/completions") {
      const id = `chatcmpl-mock${counter}`;
      const turn = chatTurn(ex, counter);
      if (stream) return streamEvents(ex, chatStream(ex, id, turn), headers);
      return sendJson(ex.res, 200, chatCompletion(ex, id, turn), headers);
    }
    const id = `resp_mock${counter}`;
    const turn = responsesTurn(ex, id, issued);
    if (stream) return streamEvents(ex, responsesStream(ex, id, turn), headers);
    return sendJson(ex.res, 200, responseObject(ex, id, "completed", turn), headers);
  }, options);
}

export function tokens(ex: Exchange, plan: Plan) {
  const cached = ex.scenario === "cached" ? CACHE_READ_TOKENS : 0;
  const reasoning = plan.reasoning ? THINKING_TOKENS : 0;
  // Input totals include cached tokens; output totals include reasoning tokens.
  const input = inputTokensOf(ex.request.body) + cached;
  const output = OPENAI_OUTPUT_TOKENS + reasoning;
  return { input, output, cached, reasoning, total: input + output };
}

export const created = () => Math.floor(Date.now() / 1000);

// ---- Chat Completions ----

type ChatTurn = { plan: Plan; message: Record<string, any>; finish: string };

/** The one `reasoning_details` entry MiniMax answers with under `reasoning_split` (platform.minimax.io/docs/api-reference/text-openai-api). */
export const MINIMAX_REASONING_DETAIL = { type: "reasoning.text", id: "reasoning-text-1", format: "MiniMax-response-v1", index: 0 };

/**
 * DeepSeek-style `reasoning_content` first when reasoning, then text or a call of the first declared
 * tool. A MiniMax model reasons as MiniMax documents it: in `reasoning_details` when the request has
 * `reasoning_split: true`, else inline, `<think>…</think>` at the start of the content.
 */
function chatTurn(ex: Exchange, counter: number): ChatTurn {
  const body = ex.request.body;
  const tools = (Array.isArray(body.tools) ? body.tools : []).filter((tool: any) => tool?.type === "function").map((tool: any) => ({ name: tool.function.name, schema: tool.function.parameters }));
  const trailing: any[] = [];
  for (let i = body.messages.length - 1; i >= 0 && body.messages[i]?.role === "tool"; i--) trailing.unshift(body.messages[i]);
  const plan = planTurn(ex.scenario, tools, trailing.length ? trailing.map((m) => stringsIn(m.content)).join("\n") : undefined, OPENAI_REPLY);
  const message: Record<string, any> = { role: "assistant", content: plan.calls.length ? null : plan.text, refusal: null, annotations: [] };
  if (plan.reasoning && !isMiniMax(body.model)) message.reasoning_content = REASONING_TEXT;
  else if (plan.reasoning && body.reasoning_split === true) message.reasoning_details = [{ ...MINIMAX_REASONING_DETAIL, text: REASONING_TEXT }];
  else if (plan.reasoning) message.content = `<think>\n${REASONING_TEXT}\n</think>\n\n${message.content ?? ""}`;
  if (plan.calls.length) {
    message.tool_calls = plan.calls.map((call, k) => ({ id: `call_mock${counter}_${k}`, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } }));
  }
  return { plan, message, finish: plan.calls.length ? "tool_calls" : plan.truncated ? "length" : "stop" };
}

function chatUsage(ex: Exchange, plan: Plan) {
  const t = tokens(ex, plan);
  return {
    prompt_tokens: t.input,
    completion_tokens: t.output,
    total_tokens: t.total,
    prompt_tokens_details: { cached_tokens: t.cached, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: t.reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

const chatCompletion = (ex: Exchange, id: string, turn: ChatTurn) => ({
  id,
  object: "chat.completion",
  created: created(),
  model: ex.request.body.model,
  choices: [{ index: 0, message: turn.message, logprobs: null, finish_reason: turn.finish }],
  usage: chatUsage(ex, turn.plan),
  system_fingerprint: "fp_mock",
  service_tier: "default",
});

// Usage rides only in a final `choices: []` chunk, and only when include_usage asked for it.
function chatStream(ex: Exchange, id: string, turn: ChatTurn): string[] {
  const includeUsage = ex.request.body.stream_options?.include_usage === true;
  const base = { id, object: "chat.completion.chunk", created: created(), model: ex.request.body.model, system_fingerprint: "fp_mock", service_tier: "default" };
  const chunk = (delta: object, finish_reason: string | null = null) =>
    dataEvent({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }], ...(includeUsage ? { usage: null } : {}) });
  const { message } = turn;
  const events = [chunk({ role: "assistant", content: message.tool_calls && !message.reasoning_content ? null : "", refusal: null })];
  if (message.reasoning_content) events.push(...deltasOf(message.reasoning_content).map((reasoning_content) => chunk({ reasoning_content })));
  // Each delta's entry carries only the new text, as MiniMax-M2.7 streams it (MiniMax-AI/MiniMax-M2#95).
  for (const { text, ...detail } of message.reasoning_details ?? []) events.push(...deltasOf(text).map((piece) => chunk({ reasoning_details: [{ ...detail, text: piece }] })));
  if (message.tool_calls) {
    if (message.content) events.push(...deltasOf(message.content).map((content) => chunk({ content })));
    for (const [index, { id: callId, function: fn }] of message.tool_calls.entries()) {
      events.push(chunk({ tool_calls: [{ index, id: callId, type: "function", function: { name: fn.name, arguments: "" } }] }));
      events.push(...deltasOf(fn.arguments).map((args) => chunk({ tool_calls: [{ index, function: { arguments: args } }] })));
    }
  } else {
    events.push(...(message.content === OPENAI_REPLY ? OPENAI_DELTAS : deltasOf(message.content)).map((content) => chunk({ content })));
  }
  events.push(chunk({}, turn.finish));
  if (includeUsage) events.push(dataEvent({ ...base, choices: [], usage: chatUsage(ex, turn.plan) }));
  events.push(dataEvent("[DONE]"));
  return events;
}
