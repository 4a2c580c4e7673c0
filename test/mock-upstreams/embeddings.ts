// Mock OpenAI-style embeddings upstream: POST /v1/embeddings (Bearer auth), deterministic vectors
// and usage — one token per four characters of each input string (at least one), as OpenAI counts
// `usage.prompt_tokens` over all inputs.
import { answerErrorScenario, type Mock, sendJson, startMock } from "./server.ts";

export const EMBEDDING_DIMENSIONS = 4;

export const embeddingTokensOf = (input: unknown): number =>
  (Array.isArray(input) ? input : [input]).reduce((sum: number, item) => sum + (typeof item === "string" ? Math.max(1, Math.ceil(item.length / 4)) : Array.isArray(item) ? item.length : 1), 0);

const errorBody = (status: number, message = `mock ${status}`) => ({ error: { message, type: status === 401 ? "invalid_request_error" : "server_error", param: null, code: null } });

export function startEmbeddingsMock(options: { apiKey: string }): Promise<Mock> {
  return startMock(async (ex) => {
    const { request } = ex;
    if (ex.req.headers.authorization !== `Bearer ${options.apiKey}`) return sendJson(ex.res, 401, errorBody(401, "Incorrect API key provided."));
    if (`${request.method} ${request.path}` !== "POST /v1/embeddings") return sendJson(ex.res, 404, errorBody(404, "Invalid URL"));
    if (answerErrorScenario(ex, errorBody)) return;
    const body = request.body;
    if (typeof body?.model !== "string" || body.input === undefined) return sendJson(ex.res, 400, errorBody(400, "model and input are required"));
    const inputs = Array.isArray(body.input) && (body.input.length === 0 || typeof body.input[0] !== "number") ? body.input : [body.input];
    const tokens = embeddingTokensOf(body.input);
    sendJson(ex.res, 200, {
      object: "list",
      data: inputs.map((_: unknown, index: number) => ({ object: "embedding", index, embedding: Array.from({ length: EMBEDDING_DIMENSIONS }, (_, i) => (index + 1) / (i + 2)) })),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  });
}
