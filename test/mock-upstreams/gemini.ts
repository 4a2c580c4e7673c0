// Mock Gemini Developer API upstream (wire-formats.md §4): POST /v1beta/models/{model}:generateContent,
// :streamGenerateContent (?alt=sse, else a JSON array), :countTokens, GET /v1beta/models[/id].
// /v1/... is accepted as well. Auth: x-goog-api-key header or ?key=. All keys camelCase.
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
import { deltasOf, type Issued, issue, type Plan, planTurn, REASONING_TEXT, stringsIn } from "./conversation.ts";
import { validateGemini } from "./validate.ts";

export const GEMINI_REPLY = "Hello from the Gemini mock.";
export const GEMINI_DELTAS = ["Hello", " from the", " Gemini", " mock."];
export const GEMINI_OUTPUT_TOKENS = 9;
export const GEMINI_MODELS = ["gemini-2.5-flash", "gemini-2.5-pro"];

export type GeminiMockOptions = { apiKey: string; delayMs?: number };

const STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
};

const errorBody = (code: number, message = `mock ${code}`, details?: unknown[]) => ({
  error: { code, message, status: STATUS[code] ?? "INTERNAL", ...(details ? { details } : {}) },
});

const modelObject = (id: string) => ({
  name: `models/${id}`,
  version: "001",
  displayName: id,
  description: `${id} (mock)`,
  inputTokenLimit: 1048576,
  outputTokenLimit: 65536,
  supportedGenerationMethods: ["generateContent", "countTokens"],
  temperature: 1,
  topP: 0.95,
  topK: 64,
  maxTemperature: 2,
  thinking: true,
});

export function startGeminiMock(options: GeminiMockOptions): Promise<Mock> {
  let counter = 0;
  return startMock(async (ex) => {
    const issued: Issued = ex.issued;
    const { request } = ex;
    counter++;
    // Like Google: no key at all is 403, a wrong key is 400 API_KEY_INVALID.
    const key = ex.req.headers["x-goog-api-key"] ?? request.query.key;
    if (!key) return sendJson(ex.res, 403, errorBody(403, "Method doesn't allow unregistered callers."));
    if (key !== options.apiKey) {
      const details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }];
      return sendJson(ex.res, 400, errorBody(400, "API key not valid. Please pass a valid API key.", details));
    }

    const call = /^\/v1(?:beta)?\/(?:models|tunedModels)\/([^:]+):(\w+)$/.exec(request.path);
    const get = /^\/v1(?:beta)?\/models(?:\/([^:]+))?$/.exec(request.path);
    const method = call?.[2];
    const known = request.method === "POST" ? ["generateContent", "streamGenerateContent", "countTokens"].includes(method!) : request.method === "GET" && get;
    if (!known) return sendJson(ex.res, 404, errorBody(404, `Method not found: ${request.method} ${request.path}`));
    const stream = method === "streamGenerateContent";
    if (answerErrorScenario(ex, errorBody) || answerTransportScenario(ex, stream)) return;

    if (get) {
      if (get[1]) return sendJson(ex.res, 200, modelObject(decodeURIComponent(get[1])));
      return sendJson(ex.res, 200, { models: GEMINI_MODELS.map(modelObject) });
    }
    const body = method === "countTokens" ? (request.body?.generateContentRequest ?? request.body) : request.body;
    if (!Array.isArray(body?.contents)) return sendJson(ex.res, 400, errorBody(400, "* GenerateContentRequest.contents: contents is not specified"));
    const model = decodeURIComponent(call![1]);
    if (method === "countTokens") return sendJson(ex.res, 200, { totalTokens: inputTokensOf(body), promptTokensDetails: [{ modality: "TEXT", tokenCount: inputTokensOf(body) }] });

    const problem = validateGemini(body, issued, ex.extraFields, model);
    if (problem) return sendJson(ex.res, 400, errorBody(400, problem.message));

    const responseId = `mock-response-${counter}`;
    const { plan, parts } = render(ex, issued);
    if (!stream) return sendJson(ex.res, 200, chunk(ex, model, responseId, parts, GEMINI_OUTPUT_TOKENS, true, plan));
    // Each chunk carries only its new parts, but cumulative usageMetadata; finishReason on the last.
    const pieces: any[][] = [];
    for (const part of parts) {
      if (part.functionCall) pieces.push([part]);
      else {
        const texts = part.text === GEMINI_REPLY ? GEMINI_DELTAS : deltasOf(part.text);
        // A signature rides on the first chunk of its part.
        texts.forEach((text, i) => pieces.push([{ ...part, text, ...(i > 0 ? { thoughtSignature: undefined } : {}) }]));
      }
    }
    const chunks = pieces.map((piece, i) =>
      chunk(ex, model, responseId, JSON.parse(JSON.stringify(piece)), Math.round((GEMINI_OUTPUT_TOKENS * (i + 1)) / pieces.length), i === pieces.length - 1, plan),
    );
    if (request.query.alt !== "sse") return sendJson(ex.res, 200, chunks);
    return streamEvents(ex, chunks.map((c) => dataEvent(c, "\r\n\r\n")));
  }, options);
}

/** A thought part when reasoning, then text (signed when reasoning) or a functionCall signed as Gemini 3 signs the first call. */
function render(ex: Exchange, issued: Issued): { plan: Plan; parts: any[] } {
  const body = ex.request.body;
  const declarations = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool: any) => tool?.functionDeclarations ?? tool?.function_declarations ?? []);
  // The model calls only functions allowedFunctionNames names, when it names any (validate.ts takes them with ANY and VALIDATED only).
  const calling = (body.toolConfig ?? body.tool_config)?.functionCallingConfig ?? (body.toolConfig ?? body.tool_config)?.function_calling_config;
  const allowed: unknown = calling?.allowedFunctionNames ?? calling?.allowed_function_names;
  const callable = Array.isArray(allowed) && allowed.length > 0 ? declarations.filter((d: any) => allowed.includes(d.name)) : declarations;
  const tools = callable.map((d: any) => ({ name: d.name, schema: d.parameters ?? d.parametersJsonSchema ?? d.parameters_json_schema }));
  const last = body.contents.at(-1);
  const responses = last?.role !== "model" ? (last?.parts ?? []).map((part: any) => part?.functionResponse ?? part?.function_response).filter(Boolean) : [];
  const plan = planTurn(ex.scenario, tools, responses.length ? responses.map((r: any) => stringsIn(r.response)).join("\n") : undefined, GEMINI_REPLY);
  const parts: any[] = [];
  if (plan.reasoning) parts.push({ text: REASONING_TEXT, thought: true });
  // Gemini 3 signs the first call of a step only.
  for (const [k, call] of plan.calls.entries()) parts.push({ functionCall: { name: call.name, args: call.args }, ...(k === 0 ? { thoughtSignature: issue(issued, call.name) } : {}) });
  if (!plan.calls.length) parts.push({ text: plan.text, ...(plan.reasoning ? { thoughtSignature: issue(issued, "") } : {}) });
  return { plan, parts };
}

function chunk(ex: Exchange, modelVersion: string, responseId: string, parts: any[], candidatesTokenCount: number, last: boolean, plan: Plan) {
  const prompt = inputTokensOf(ex.request.body?.generateContentRequest ?? ex.request.body);
  const cached = ex.scenario === "cached" ? CACHE_READ_TOKENS : 0;
  const thoughts = plan.reasoning ? THINKING_TOKENS : 0;
  const promptTokenCount = prompt + cached; // promptTokenCount includes cached tokens
  return {
    candidates: [{ content: { parts, role: "model" }, ...(last ? { finishReason: plan.truncated ? "MAX_TOKENS" : "STOP" } : {}), index: 0 }],
    usageMetadata: {
      promptTokenCount,
      candidatesTokenCount,
      totalTokenCount: promptTokenCount + candidatesTokenCount + thoughts,
      thoughtsTokenCount: thoughts,
      cachedContentTokenCount: cached,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: promptTokenCount }],
    },
    modelVersion,
    responseId,
  };
}
