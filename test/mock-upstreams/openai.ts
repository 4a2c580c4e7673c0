// Mock OpenAI upstream (wire-formats.md §2, §3): POST /v1/chat/completions, POST /v1/responses
// (JSON and SSE), GET /v1/models. Bearer auth.
import {
  answerErrorScenario,
  answerTransportScenario,
  CACHE_READ_TOKENS,
  dataEvent,
  type Exchange,
  inputTokensOf,
  type Mock,
  namedEvent,
  sendJson,
  startMock,
  streamEvents,
  THINKING_TOKENS,
} from "./server.ts";

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

const errorBody = (status: number, message?: string, param: string | null = null) => {
  const { type, code, message: fallback } = ERRORS[status] ?? ERRORS[500];
  return { error: { message: message ?? fallback, type, param, code } };
};

export function startOpenAIMock(options: OpenAIMockOptions): Promise<Mock> {
  let counter = 0;
  return startMock(async (ex) => {
    const { request } = ex;
    const headers = { "x-request-id": `req_mock_${++counter}` };
    if (ex.req.headers.authorization !== `Bearer ${options.apiKey}`) return sendJson(ex.res, 401, errorBody(401), headers);

    const route = `${request.method} ${request.path}`;
    if (!["POST /v1/chat/completions", "POST /v1/responses", "GET /v1/models"].includes(route)) {
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

    if (route === "POST /v1/chat/completions") {
      const id = `chatcmpl-mock${counter}`;
      if (stream) return streamEvents(ex, chatStream(ex, id), headers);
      return sendJson(ex.res, 200, chatCompletion(ex, id), headers);
    }
    const id = `resp_mock${counter}`;
    if (stream) return streamEvents(ex, responsesStream(ex, id), headers);
    return sendJson(ex.res, 200, responseObject(ex, id, "completed"), headers);
  }, options);
}

function tokens(ex: Exchange) {
  const cached = ex.scenario === "cached" ? CACHE_READ_TOKENS : 0;
  const reasoning = ex.scenario === "thinking" ? THINKING_TOKENS : 0;
  // Input totals include cached tokens; output totals include reasoning tokens.
  const input = inputTokensOf(ex.request.body) + cached;
  const output = OPENAI_OUTPUT_TOKENS + reasoning;
  return { input, output, cached, reasoning, total: input + output };
}

const created = () => Math.floor(Date.now() / 1000);

// ---- Chat Completions ----

function chatUsage(ex: Exchange) {
  const t = tokens(ex);
  return {
    prompt_tokens: t.input,
    completion_tokens: t.output,
    total_tokens: t.total,
    prompt_tokens_details: { cached_tokens: t.cached, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: t.reasoning, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

const chatCompletion = (ex: Exchange, id: string) => ({
  id,
  object: "chat.completion",
  created: created(),
  model: ex.request.body.model,
  choices: [
    { index: 0, message: { role: "assistant", content: OPENAI_REPLY, refusal: null, annotations: [] }, logprobs: null, finish_reason: "stop" },
  ],
  usage: chatUsage(ex),
  system_fingerprint: "fp_mock",
  service_tier: "default",
});

// Usage rides only in a final `choices: []` chunk, and only when include_usage asked for it.
function chatStream(ex: Exchange, id: string): string[] {
  const includeUsage = ex.request.body.stream_options?.include_usage === true;
  const base = { id, object: "chat.completion.chunk", created: created(), model: ex.request.body.model, system_fingerprint: "fp_mock", service_tier: "default" };
  const chunk = (delta: object, finish_reason: string | null = null) =>
    dataEvent({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }], ...(includeUsage ? { usage: null } : {}) });
  const events = [
    chunk({ role: "assistant", content: "", refusal: null }),
    ...OPENAI_DELTAS.map((content) => chunk({ content })),
    chunk({}, "stop"),
  ];
  if (includeUsage) events.push(dataEvent({ ...base, choices: [], usage: chatUsage(ex) }));
  events.push(dataEvent("[DONE]"));
  return events;
}

// ---- Responses ----

const outputMessage = (id: string, status: string, text: string) => ({
  type: "message",
  id: `msg_${id}`,
  status,
  role: "assistant",
  content: status === "completed" ? [outputText(text)] : [],
});

const outputText = (text: string) => ({ type: "output_text", text, annotations: [], logprobs: [] });

function responseObject(ex: Exchange, id: string, status: "in_progress" | "completed") {
  const body = ex.request.body;
  const done = status === "completed";
  const t = tokens(ex);
  return {
    id,
    object: "response",
    created_at: created(),
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output: done ? [outputMessage(id, "completed", OPENAI_REPLY)] : [],
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: body.reasoning?.effort ?? null, summary: body.reasoning?.summary ?? null },
    service_tier: "default",
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? "disabled",
    usage: done
      ? {
          input_tokens: t.input,
          input_tokens_details: { cached_tokens: t.cached },
          output_tokens: t.output,
          output_tokens_details: { reasoning_tokens: t.reasoning },
          total_tokens: t.total,
        }
      : null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}

// The §3.3 sequence: created, in_progress, item/part added, text deltas, done events, completed.
function responsesStream(ex: Exchange, id: string): string[] {
  const events: string[] = [];
  const send = (type: string, fields: object) => events.push(namedEvent(type, { type, ...fields, sequence_number: events.length }));
  const at = { item_id: `msg_${id}`, output_index: 0, content_index: 0 };
  send("response.created", { response: responseObject(ex, id, "in_progress") });
  send("response.in_progress", { response: responseObject(ex, id, "in_progress") });
  send("response.output_item.added", { output_index: 0, item: outputMessage(id, "in_progress", "") });
  send("response.content_part.added", { ...at, part: outputText("") });
  for (const delta of OPENAI_DELTAS) send("response.output_text.delta", { ...at, delta, logprobs: [] });
  send("response.output_text.done", { ...at, text: OPENAI_REPLY, logprobs: [] });
  send("response.content_part.done", { ...at, part: outputText(OPENAI_REPLY) });
  send("response.output_item.done", { output_index: 0, item: outputMessage(id, "completed", OPENAI_REPLY) });
  send("response.completed", { response: responseObject(ex, id, "completed") });
  return events;
}
