// The Gemini generateContent caller: requests as Gemini CLI / google-genai send them (camelCase); a
// stream checked chunk by chunk (data-only, every chunk a GenerateContentResponse, finishReason on
// the last only, usageMetadata on the last) and accumulated as an SDK user keeps history: all parts
// of all chunks, in order, as one model content.
import { assert, type Caller, lastEvent, type Msg, type Reply, type Spec, sseEvents, TOOL } from "./types.ts";

function content(msg: Msg): unknown {
  if ("native" in msg) throw new Error("native items are appended whole");
  if (msg.role === "tool") {
    const parts = msg.image ? { parts: [{ inlineData: { mimeType: msg.image.mediaType, data: msg.image.data } }] } : {};
    return { role: "user", parts: [{ functionResponse: { ...(msg.callId.startsWith("gemini:") ? {} : { id: msg.callId }), name: msg.name, response: { content: msg.text }, ...parts } }] };
  }
  if (msg.role === "system") throw new Error("Gemini has no system turn mid-conversation");
  if (msg.role === "assistant") return { role: "model", parts: [{ text: msg.text }] };
  const parts: unknown[] = [{ text: msg.text }];
  if (msg.image) parts.push({ inlineData: { mimeType: msg.image.mediaType, data: msg.image.data } });
  if (msg.imageUrl) parts.push({ fileData: { mimeType: "image/png", fileUri: msg.imageUrl } });
  if (msg.document) parts.push({ inlineData: { mimeType: msg.document.mediaType, data: msg.document.data } });
  return { role: "user", parts };
}

/** Consecutive function responses go in one user content, as Gemini requires. */
function merged(contents: any[]): any[] {
  const out: any[] = [];
  const isResponses = (c: any) => c?.role === "user" && c.parts.every((p: any) => p.functionResponse);
  for (const c of contents) {
    if (isResponses(c) && isResponses(out.at(-1))) out.at(-1).parts.push(...c.parts);
    else out.push(c);
  }
  return out;
}

function body(spec: Spec) {
  const config = {
    ...(spec.reasoning ? { thinkingConfig: { includeThoughts: true, thinkingBudget: 1024 } } : {}),
    ...(spec.schema ? { responseMimeType: "application/json", responseJsonSchema: spec.schema } : {}),
    ...(spec.stop ? { stopSequences: spec.stop } : {}),
    ...(spec.maxTokens ? { maxOutputTokens: spec.maxTokens } : {}),
  };
  const { generationConfig: extraConfig, ...extra } = (spec.extra ?? {}) as Record<string, any>;
  return {
    contents: merged(spec.messages.flatMap((msg) => ("native" in msg ? msg.native : [content(msg)]))),
    ...(spec.system ? { systemInstruction: { parts: [{ text: spec.system }] } } : {}),
    ...(spec.tools ? { tools: [{ functionDeclarations: [{ name: TOOL.name, description: TOOL.description, parametersJsonSchema: TOOL.schema }] }] } : {}),
    ...(Object.keys(config).length || extraConfig ? { generationConfig: { ...config, ...extraConfig } } : {}),
    ...extra,
  };
}

function fromResponse(response: any, raw: string): Reply {
  const candidate = response.candidates[0];
  const parts: any[] = candidate.content?.parts ?? [];
  return {
    status: 200,
    raw,
    json: response,
    text: parts.filter((p) => typeof p.text === "string" && !p.thought).map((p) => p.text).join(""),
    reasoning: parts.filter((p) => p.thought).map((p) => p.text ?? "").join(""),
    // Gemini may omit call ids: the suite names such a call "gemini:<name>" and answers it by name.
    calls: parts.filter((p) => p.functionCall).map((p) => ({ id: p.functionCall.id ?? `gemini:${p.functionCall.name}`, name: p.functionCall.name, args: p.functionCall.args })),
    stop: candidate.finishReason,
    usage: response.usageMetadata,
    assistant: [candidate.content],
  };
}

function readStream(raw: string): Reply {
  const events = sseEvents(raw);
  assert(events.every((event) => event.event === undefined && event.data !== "[DONE]"), "Gemini streams are data-only, with no [DONE]");
  const chunks = events.map((event) => JSON.parse(event.data));
  assert(chunks.length > 0, "no chunk");
  const parts: any[] = [];
  for (const [i, chunk] of chunks.entries()) {
    assert(Array.isArray(chunk.candidates) || chunk.usageMetadata, `chunk ${i} has neither candidates nor usageMetadata`);
    const candidate = chunk.candidates?.[0];
    assert(!candidate?.finishReason || i === chunks.length - 1, `finishReason on chunk ${i} of ${chunks.length}`);
    if (candidate?.content) assert(candidate.content.role === "model", `chunk ${i} role ${candidate.content.role}`);
    parts.push(...(candidate?.content?.parts ?? []));
  }
  const last = chunks.at(-1);
  assert(last.candidates?.[0]?.finishReason, "the last chunk has no finishReason");
  assert(last.usageMetadata?.promptTokenCount > 0, "the last chunk has no usageMetadata");
  const response = { ...last, candidates: [{ ...last.candidates[0], content: { role: "model", parts } }] };
  return fromResponse(response, raw);
}

export const geminiCaller: Caller = {
  format: "generate-content",
  path: (model, stream) => `/v1beta/models/${model}:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`,
  headers: (key) => ({ "x-goog-api-key": key }),
  body,
  read: (raw, stream) => (stream ? readStream(raw) : fromResponse(JSON.parse(raw), raw)),
  errorMessage(json, status) {
    assert(json?.error?.code === status && typeof json.error.message === "string" && typeof json.error.status === "string", `not a Gemini error: ${JSON.stringify(json)}`);
    return json.error.message;
  },
  stops: { end: "STOP", tool: "STOP", max: "MAX_TOKENS" },
  shape(json, model) {
    assert(Array.isArray(json.candidates) && json.candidates[0].content?.role === "model" && json.usageMetadata && typeof json.responseId === "string", `response shape: ${JSON.stringify(Object.keys(json))}`);
    assert(json.modelVersion === undefined || typeof json.modelVersion === "string", `modelVersion ${json.modelVersion} (call name ${model})`);
  },
  toolChoice: (name) => ({ toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [name] } } }),
  endsWithError(raw) {
    // Bare JSON (what the JS SDK raises on) or a data: line.
    const last = lastEvent(raw.trim().split(/\r?\n\r?\n|\n(?=\{)/).at(-1) ?? "");
    return typeof last?.data?.error?.message === "string";
  },
  usageFor: (u) => ({
    promptTokenCount: u.input + u.cacheRead + u.cacheWrite,
    candidatesTokenCount: u.output - u.reasoning,
    totalTokenCount: u.input + u.cacheRead + u.cacheWrite + u.output,
    ...(u.cacheRead ? { cachedContentTokenCount: u.cacheRead } : {}),
    ...(u.reasoning ? { thoughtsTokenCount: u.reasoning } : {}),
  }),
  unrepresentable: { field: "generationConfig.candidateCount", extra: { generationConfig: { candidateCount: 2 } } },
  fields: { stop: "generationConfig.stopSequences", temperature: "generationConfig.temperature" },
};
