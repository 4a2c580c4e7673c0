// Family C generateContent (wire-formats.md §4). The model lives in the path, so the body goes
// upstream as the client sent it; usageMetadata is cumulative on every chunk, so the last one wins.
import { noUsage, usageFromGemini } from "../../domain/usage.ts";
import { type UpstreamAdapter, readsAsParsed, json, trimSlash, upstreamBody } from "./adapter.ts";

export const geminiAdapter: UpstreamAdapter = {
  build(client, target) {
    const method = client.stream ? "streamGenerateContent?alt=sse" : "generateContent";
    return {
      url: `${trimSlash(target.baseUrl)}/v1beta/models/${encodeURIComponent(target.upstreamModel)}:${method}`,
      headers: { "content-type": "application/json", "x-goog-api-key": target.credential },
      // The hold read generationConfig (maxOutputTokens, candidateCount): it goes as it was read.
      body: upstreamBody(client, readsAsParsed(client, "generationConfig") ? {} : { generationConfig: client.body.generationConfig }),
      stream: client.stream,
    };
  },
  usageOfBody: (body) => usageFromGemini(body?.usageMetadata),
  finishOfBody: (body) => body?.candidates?.[0]?.finishReason ?? undefined,
  startStream() {
    let lastUsage: string | undefined;
    return {
      onEvent(event) {
        // Parse lazily: keep the last chunk that carries usage, read it when asked.
        if (event.raw.includes('"usageMetadata"')) lastUsage = event.data;
        return event.raw;
      },
      usage: () => (lastUsage ? usageFromGemini(json(lastUsage)?.usageMetadata) : noUsage()),
      // The last chunk carries both the final usage and the finishReason.
      finishReason: () => (lastUsage ? (json(lastUsage)?.candidates?.[0]?.finishReason ?? undefined) : undefined),
      // Bare JSON, not `data:`: the JS SDK raises only on a bare error object, the Python SDK on either.
      errorEvent: (message) => `${JSON.stringify({ error: { code: 502, message, status: "UNAVAILABLE" } })}\n`,
    };
  },
};
