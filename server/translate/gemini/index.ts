// Gemini generateContent (`generate-content`): POST /v1beta/models/{model}:generateContent and
// :streamGenerateContent?alt=sse, what the google-genai SDKs and Gemini CLI speak. The model is in
// the path: the reader takes it from options, the writer leaves it to the URL. Each direction's
// file says what it maps, refuses and ignores: request-read.ts (caller's request), request-write.ts
// (upstream request), stream-read.ts (upstream stream), stream-write.ts and response.ts (caller's
// answer), common.ts (ids, usage, stop reasons, tool-result bodies, schemas).
import type { UpstreamError } from "../canonical.ts";
import type { Codec } from "../codec.ts";
import { readRequest } from "./request-read.ts";
import { writeRequest } from "./request-write.ts";
import { writeResponse } from "./response.ts";
import { GeminiStreamReader } from "./stream-read.ts";
import { GeminiStreamWriter } from "./stream-write.ts";
import { json } from "../../gateway/upstreams/adapter.ts";

const fieldNames: Record<string, string> = {
  model: "the model in the URL path",
  system: "systemInstruction",
  turns: "contents",
  tools: "tools[].functionDeclarations",
  toolChoice: "toolConfig.functionCallingConfig",
  parallelToolCalls: "parallel tool calls (Gemini has no such field)",
  output: "generationConfig.responseMimeType / responseJsonSchema",
  maxOutputTokens: "generationConfig.maxOutputTokens",
  temperature: "generationConfig.temperature",
  topP: "generationConfig.topP",
  topK: "generationConfig.topK",
  stop: "generationConfig.stopSequences",
  seed: "generationConfig.seed",
  presencePenalty: "generationConfig.presencePenalty",
  frequencyPenalty: "generationConfig.frequencyPenalty",
  reasoning: "generationConfig.thinkingConfig",
  user: "user (Gemini has no such field)",
  stream: "streamGenerateContent",
  "part:text": "contents[].parts[].text",
  "part:image": "contents[].parts[] inlineData / fileData (image)",
  "part:document": "contents[].parts[] inlineData / fileData (document)",
  "part:tool_call": "contents[].parts[].functionCall",
  "part:tool_result": "contents[].parts[].functionResponse",
  "part:tool_result.image": "contents[].parts[].functionResponse.parts[] (image)",
  "part:tool_result.document": "contents[].parts[].functionResponse.parts[] (document)",
  "part:reasoning": "contents[].parts[] thought / thoughtSignature",
  "part:refusal": "contents[].parts[].text",
};

/** `{error:{code,message,status}}`, possibly inside an array (the REST stream's JSON-array form). */
export function readError(status: number, body: string): UpstreamError {
  const parsed = json(body);
  const error = (Array.isArray(parsed) ? parsed[0] : parsed)?.error;
  if (error && typeof error.message === "string") return typeof error.status === "string" ? { status, message: error.message, type: error.status } : { status, message: error.message };
  const text = body.trim();
  return { status, message: text ? text.slice(0, 500) : `The upstream answered HTTP ${status} with no body.` };
}

export const geminiCodec: Codec = {
  format: "generate-content",
  // Tools are strict under toolConfig mode VALIDATED.
  toolsReadFrom: ["tools", "toolConfig", "tool_config"],
  readRequest,
  writeRequest,
  streamReader: () => new GeminiStreamReader(),
  streamWriter: (context) => new GeminiStreamWriter(context),
  writeResponse,
  readError,
  fieldName: (canonical) => fieldNames[canonical] ?? canonical,
};
