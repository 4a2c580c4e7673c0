// Family C generateContent (wire-formats.md §4). The model lives in the path, so the body goes
// upstream as the client sent it; usageMetadata is cumulative on every chunk, so the last one wins.
import { noUsage, usageFromGemini } from "../../domain/usage.ts";
import { geminiErrorHttpStatus, geminiKeyRefused, geminiRetryDelaySeconds } from "../errors/gemini.ts";
import { type ClientRequest, type ErrorReads, type StreamError, type UpstreamAdapter, errorChunkOf, readsAsParsed, json, trimSlash, upstreamBody } from "./adapter.ts";
import { clampedGeminiLimits } from "./output-limit.ts";

/**
 * The hold read the generation config (maxOutputTokens, candidateCount), in either spelling the API
 * takes: where a key inside it repeats, it goes upstream as it was read (the last value), not as
 * sent, since an upstream might read the first.
 */
function generationConfigAsRead(client: ClientRequest): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of ["generationConfig", "generation_config"]) if (!readsAsParsed(client, key)) changes[key] = client.body[key];
  return changes;
}

/** A finish reason that is set, searched for before any chunk is parsed (as chat's, openai-chat.ts). */
const finishReasonSet = /"finishReason": *"/;

/** What a Gemini error object says beyond its status (one object for every event: this runs on each). */
const geminiErrorReads: ErrorReads = { retryDelayOf: geminiRetryDelaySeconds, refusesKey: geminiKeyRefused };

export const geminiAdapter: UpstreamAdapter = {
  build(client, target) {
    const method = client.stream ? "streamGenerateContent?alt=sse" : "generateContent";
    return {
      url: `${trimSlash(target.baseUrl)}/v1beta/models/${encodeURIComponent(target.upstreamModel)}:${method}`,
      headers: { "content-type": "application/json", "x-goog-api-key": target.credential },
      body: upstreamBody(client, { ...generationConfigAsRead(client), ...clampedGeminiLimits(client, target) }, target.bodyChanges),
      stream: client.stream,
    };
  },
  bareErrorObjects: true,
  usageOfBody: (body) => usageFromGemini(body?.usageMetadata),
  finishOfBody: (body) => body?.candidates?.[0]?.finishReason ?? undefined,
  startStream() {
    let lastUsage: string | undefined;
    let finishChunk: string | undefined;
    let error: StreamError | undefined;
    return {
      onEvent(event) {
        error ??= errorChunkOf(event, geminiErrorHttpStatus, geminiErrorReads);
        // Parse lazily: keep the last chunk that carries usage, and the one that says the answer
        // finished (Gemini's last chunk carries both; a server that leaves usage off it still finished).
        if (event.raw.includes('"usageMetadata"')) lastUsage = event.data;
        if (finishReasonSet.test(event.raw)) finishChunk = event.data;
        return event.raw;
      },
      usage: () => (lastUsage ? usageFromGemini(json(lastUsage)?.usageMetadata) : noUsage()),
      finishReason: () => (finishChunk ? (json(finishChunk)?.candidates?.[0]?.finishReason ?? undefined) : undefined),
      endedWithError: () => error,
      // Bare JSON, not `data:`: the JS SDK raises only on a bare error object, the Python SDK on either.
      errorEvent: (message) => `${JSON.stringify({ error: { code: 502, message, status: "UNAVAILABLE" } })}\n`,
    };
  },
};
