// Anthropic Messages (POST /v1/messages) as a translation format: the caller side reads its
// requests and writes its responses and streams; the upstream side writes its requests and reads
// its streams and errors.
//
// Caller side (read-request.ts), ignored on purpose — harmless once translated:
// - `cache_control` wherever it occurs (top level, system, blocks, tools): prompt caching is the
//   Anthropic upstream's; OpenAI, DeepSeek and Gemini cache repeated prefixes without being asked
//   (a `prompt_cache_key` made from the prompt would put every caller of one system prompt on one
//   key). The answer is the same.
// - `stream` (the relay's option), `model` (the relay sets the upstream model).
// - `context_management` (Claude Code sends it): Anthropic's server-side pruning of old tool
//   results and thinking. The translated upstream sees the whole history the caller sent; only the
//   prompt's size differs, never what the model is asked.
// - `service_tier`, `speed`: capacity and latency hints for Anthropic's own fleet.
// - `diagnostics`: asks only for a cache-miss explanation in the answer.
// - `thinking.display`: read as includeThoughts. `tools[].eager_input_streaming`: a streaming hint.
// - `tools[].defer_loading` (Anthropic's tool search, which Claude Code uses on every first request):
//   the tool is declared to the upstream in full, as it was sent; a tool search's `tool_reference`
//   blocks in a tool result become the text "Tool loaded: <name>". The prompt is larger than with
//   deferral; what the model can do is the same.
// - `tool_choice.disable_parallel_tool_use` → parallelToolCalls; `tools[].allowed_callers: ["direct"]`,
//   `tool_use.caller: {type:"direct"}`: the default. `betas` arrive as a header, never in the body.
// Refused (400 naming the field): server tools (`tools[].type` other than custom: web_search_…,
// bash_…, code_execution_…, memory, text editor, …) and their blocks (server_tool_use, *_tool_result,
// mcp_*, container_upload, search_result; tool_reference outside a tool result), citations (on text blocks, or enabled
// on documents), document `context`, document sources of type content or file, image file sources,
// `inference_geo`, `container`, `output_config.effort: "max"`, `thinking.type: "between_tools"`,
// tool `input_examples`, MCP toolsets, and any key this reader does not know.
// Mapped: system (string or text blocks) and `role:"system"` turns (before the conversation they
// join the system prompt, later they stay system turns); text, image (base64/url), document (base64
// PDF, PDF URL, plain text as base64 text/plain), tool_use (input → JSON arguments), tool_result
// (string or blocks incl. images and documents; is_error; the name from the matching call),
// thinking / redacted_thinking (a carried signature/data is uncarried, otherwise the block is the
// opaque), tools, tool_choice (any → required), max_tokens, temperature, top_p, top_k,
// stop_sequences, metadata.user_id → user, thinking + output_config.effort → reasoning, and
// output_config.format (or the older output_format) json_schema → output (named "response").
//
// Upstream side (write-request.ts), normalizations: system as text blocks; message content always
// as blocks; system turns after the conversation began become user text wrapped in
// `<system>…</system>` where they stood; consecutive same-role turns merged, tool_result blocks
// first in their user turn; empty text dropped; one-text tool results as a string; a tool without
// a schema type gets `{type:"object",properties:{}}`; tool ids outside [A-Za-z0-9_-] get `_` for
// the rest; a document's filename becomes its title when it has none; image `detail` is not sent
// (Anthropic has one resolution); max_tokens defaults to 8192 (budget + 8192 when a thinking budget
// reaches 8192); the body always streams. Reasoning goes back only when it is Anthropic's own.
// Cache breakpoints only when the caller asked for prompt caching (write-request.ts markBreakpoints).
// Sampling settings Anthropic refuses are dropped (write-request.ts samplingFor): with thinking on,
// a temperature other than 1, top_k and a top_p below 0.95; top_p beside a temperature. Thinking is
// disabled when the call forces a tool (tool_choice any/tool), which Anthropic refuses beside it
// (write-request.ts writeReasoning): the forced tool is the caller's explicit instruction.
// A temperature above Anthropic's 1 (OpenAI's and Gemini's go to 2) goes as 1 (write-request.ts).
// Refused: seed, presence/frequency penalties, json_object output, a
// schema description, effort "minimal", images other than JPEG/PNG/GIF/WebP, documents other than
// PDF/plain text, images or documents in assistant turns, tool-call arguments that are not an object.
import type { UpstreamError } from "../canonical.ts";
import type { Codec } from "../codec.ts";
import { anthropicErrorType } from "../../gateway/errors/anthropic.ts";
import { readRequest } from "./read-request.ts";
import { writeResponse } from "./response.ts";
import { MessagesStreamReader } from "./stream-reader.ts";
import { MessagesStreamWriter } from "./stream-writer.ts";
import { writeRequest } from "./write-request.ts";
import { json } from "../../gateway/upstreams/adapter.ts";

function readError(status: number, body: string): UpstreamError {
  const parsed = json(body);
  const error = parsed?.error;
  const message = typeof error?.message === "string" ? error.message : body.trim() || `upstream answered ${status}`;
  const type = typeof error?.type === "string" ? error.type : anthropicErrorType(status);
  return { status, message, type };
}

const fieldNames: Record<string, string> = {
  model: "model",
  system: "system",
  turns: "messages",
  tools: "tools",
  toolChoice: "tool_choice",
  parallelToolCalls: "tool_choice.disable_parallel_tool_use",
  output: "output_config.format",
  maxOutputTokens: "max_tokens",
  temperature: "temperature",
  topP: "top_p",
  topK: "top_k",
  stop: "stop_sequences",
  reasoning: "thinking",
  "reasoning.effort": "output_config.effort",
  "reasoning.budgetTokens": "thinking.budget_tokens",
  "reasoning.includeThoughts": "thinking.display",
  user: "metadata.user_id",
  stream: "stream",
  // Canonical fields a Messages request never has; named as other formats name them.
  seed: "seed",
  presencePenalty: "presence_penalty",
  frequencyPenalty: "frequency_penalty",
};

const partNames: Record<string, string> = {
  text: "messages[].content[] text block",
  image: "messages[].content[] image block",
  document: "messages[].content[] document block",
  tool_call: "messages[].content[] tool_use block",
  tool_result: "messages[].content[] tool_result block",
  "tool_result.image": "messages[].content[] tool_result block's image",
  "tool_result.document": "messages[].content[] tool_result block's document",
  "tool_result.text": "messages[].content[] tool_result block's text",
  reasoning: "messages[].content[] thinking block",
  refusal: "messages[].content[] text block",
};

function fieldName(canonical: string): string {
  if (canonical.startsWith("part:")) return partNames[canonical.slice(5)] ?? `messages[].content[] ${canonical.slice(5)} block`;
  return fieldNames[canonical] ?? canonical;
}

export const messagesCodec: Codec = {
  format: "messages",
  toolsReadFrom: ["tools"],
  readRequest,
  writeRequest,
  streamReader: () => new MessagesStreamReader(),
  streamWriter: (context) => new MessagesStreamWriter(context),
  writeResponse,
  readError,
  fieldName,
};
