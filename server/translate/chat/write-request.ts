// Canonical → a Chat Completions body (upstream side). Translated calls always stream upstream, so
// the body always asks for `stream: true` and the usage chunk (`stream_options.include_usage`).
//
// Choices, each a normalization a same-format round trip shows:
// - System parts become one leading system message each (string content); `developer` messages come
//   back as `system`; mid-conversation system turns stay system messages in place.
// - Content of exactly one text part is written as a string (every chat upstream, domestic ones
//   included, accepts strings; several accept arrays only for images); otherwise an array of parts.
//   An assistant message with tool calls or a refusal and no text has `content: null` (as OpenAI
//   answers it); one with nothing at all has `""`.
// - `stop` is always an array; `safety_identifier` is sent as `user` (GLM's `user_id`, below),
//   as its SHA-256 hex digest when longer than OpenAI's 64 characters (end-user-id.ts).
// - OpenAI reasoning models (o-series, GPT-5, Codex) get no `temperature` or `top_p`: they refuse both.
//   Nor, from o3 and o4-mini on, `stop`, which they refuse too. Both are the model's capabilities
//   (domain/model-capabilities.ts: temperature null, stop sequences 0), as an operator may change them. The
//   gateway keeps the caller's stop words on the answer instead (stop-guard.ts), as it keeps those
//   past the vendor's number (below).
// - Output length: `max_completion_tokens` for OpenAI models (its reasoning models reject
//   `max_tokens`), `max_tokens` for everything else (DeepSeek, Qwen, GLM, Kimi and MiniMax document
//   `max_tokens`; not all accept the newer name).
// - Tool results: one `tool` message each, in order, before the rest of the user turn. Chat tool
//   messages take text only, so a result's images and documents move into one user message that
//   follows the tool messages, each result's media under a line naming its call
//   ("Content of tool result call_1:"); a result with no text says where its content went. A result
//   marked as an error has no chat flag: its text starts with "Error: ".
// - Reasoning: only chat's own goes back (DeepSeek-style `reasoning_content`, or OpenRouter-style
//   `reasoning_details` entries, exactly as read). Another vendor's reasoning is dropped: a chat
//   upstream cannot verify it, and sending it as text would have the model trust forged thoughts.
// - `tool_choice` and `parallel_tool_calls` are written only with tools (OpenAI rejects them alone).
//   An `allowed` choice (OpenAI's allowed_tools) goes to an OpenAI model (the catalog's vendor) as chat's
//   own `{type:"allowed_tools", allowed_tools:{mode, tools}}`, every tool still declared. DeepSeek,
//   Qwen, GLM, Kimi and MiniMax document no such choice: they get only the allowed tools, in their
//   declared order, with `tool_choice` "required" or "auto" (allowed-tools.ts). Hosted OpenAI tools a
//   Responses caller allows were left out by its reader, as they are left out of the tools.
//   A DeepSeek channel gets no `parallel_tool_calls`: DeepSeek documents none (its model may call
//   several tools in a turn whatever is sent), and Codex sends `true` on every call.
// - Reasoning budget (Anthropic, Gemini) without an effort becomes `reasoning_effort`: ≤2048 low,
//   ≤8192 medium, more high, 0 none. `includeThoughts` and `summary` ask to see reasoning, which chat
//   cannot ask for (DeepSeek and Qwen send it anyway); they are not sent. DeepSeek switches thinking
//   with `thinking: {type}` and sizes it with `reasoning_effort` (api-docs.deepseek.com/guides/thinking_mode),
//   which has no "none" and does not switch thinking on (deepseek-chat stays non-thinking): a DeepSeek
//   channel gets effort none as `thinking: {type: "disabled"}`, any other effort as
//   `thinking: {type: "enabled"}` beside the effort, as DeepSeek's own example sends it, and reasoning
//   asked without a size (adaptive thinking, a dynamic budget) as `thinking: {type: "enabled"}` alone. Kimi
//   (k2.5, k2.6) switches its thinking the same way; GLM too, and takes `reasoning_effort` from
//   GLM-5.2 on only: before it, a GLM channel gets the switch alone. GLM-5.3 takes low, high and max
//   alone and cannot switch thinking off: a caller's effort goes as the nearest of those, and effort
//   none as thinking on at low (channel-presets.ts glmByModel).
// - End user: `user`, except to GLM, whose field is `user_id` (6–128 characters; outside that, the
//   id's SHA-256 hex digest). GLM documents no `parallel_tool_calls` either: a GLM channel gets none.
// - A MiniMax channel always gets `reasoning_split: true`: its models think whether asked or not, and
//   without it the thinking comes inline in the content, `<think>…</think>`, which the caller would
//   get as answer text; with it, in `reasoning_details` (read-stream.ts), whose entries go back
//   whole in the assistant message's `reasoning_details` (above).
// - `top_k` (a sampling hint chat has no field for) goes only to a channel whose preset takes it as
//   an extension (Qwen's DashScope, self-hosted servers: channel-presets.ts); elsewhere it is left
//   out, as Anthropic's writer leaves out sampling settings a model refuses: OpenAI refuses unknown
//   fields, and Gemini CLI sends topK 64 on every call, so refusing it failed every default call.
// - Sampling: a vendor whose range is narrower than OpenAI's (GLM, MiniMax: channel-presets.ts) gets a
//   temperature or top_p outside it as the nearest value it takes, as a hint the vendor lacks is left
//   out: the caller's value was valid in its own format (Anthropic's temperature 0–1, OpenAI's and
//   Gemini's 0–2), and the vendor would refuse the call. Stop words beyond what the vendor takes
//   (GLM one, OpenAI's chat four, DeepSeek 16: channel-presets.ts) are not sent, the caller's first
//   are; the gateway keeps them all on the answer (stop-guard.ts), so none is lost.
// Refused: temperature outside 0–2 or top_p outside 0–1 (where sent); documents given by URL; images or
// documents in assistant or system turns; tool calls in user turns; tool results in assistant turns.
import { chatDialectOf, type SamplingRange } from "../../domain/channel-presets.ts";
import { withOnlyAllowedTools } from "../allowed-tools.ts";
import { type CanonicalRequest, type Part, type ReasoningSettings, type TextPart, type ToolChoice, type ToolResultPart, type Turn, TranslationRefusal } from "../canonical.ts";
import { catalogCapabilities } from "../../domain/model-capabilities.ts";
import { endUserDigest, openAiEndUserId } from "../end-user-id.ts";
import type { UpstreamChannel } from "../codec.ts";
import { dataUrl } from "./common.ts";

type Json = Record<string, any>;

export function writeRequest(canonical: CanonicalRequest, channel?: UpstreamChannel): Json {
  // What the model takes (domain/model-capabilities.ts): the channel's, or the catalog's where it gives none.
  const model = channel?.capabilities ?? catalogCapabilities(canonical.model);
  const openAi = model.vendor === "openai";
  const request = openAi ? canonical : withOnlyAllowedTools(canonical);
  const body: Json = { model: request.model, messages: writeMessages(request), stream: true, stream_options: { include_usage: true } };
  // What the channel's vendor takes beyond OpenAI's fields (domain/channel-presets.ts).
  const dialect = chatDialectOf(channel?.preset, request.model);
  if (request.tools.length) {
    body.tools = request.tools.map((tool) => {
      const fn: Json = { name: tool.name };
      if (tool.description !== undefined) fn.description = tool.description;
      fn.parameters = tool.parameters;
      if (tool.strict !== undefined) fn.strict = tool.strict;
      return { type: "function", function: fn };
    });
    if (request.toolChoice) body.tool_choice = writeToolChoice(request.toolChoice);
    if (request.parallelToolCalls !== undefined && dialect.parallelToolCalls) body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.output) {
    const output = request.output;
    if (output.type !== "json_schema") body.response_format = { type: output.type };
    else {
      const spec: Json = { name: output.name };
      if (output.description !== undefined) spec.description = output.description;
      spec.schema = output.schema;
      if (output.strict !== undefined) spec.strict = output.strict;
      body.response_format = { type: "json_schema", json_schema: spec };
    }
  }
  if (request.maxOutputTokens !== undefined) body[openAi ? "max_completion_tokens" : "max_tokens"] = request.maxOutputTokens;
  // A reasoning model refuses sampling settings; the caller's hint goes, the call goes through.
  const sampling = model.temperature !== null;
  if (request.temperature !== undefined && sampling) {
    if (request.temperature < 0 || request.temperature > 2) throw new TranslationRefusal("temperature", `chat upstreams take a temperature from 0 to 2 (got ${request.temperature})`);
    body.temperature = within(request.temperature, dialect.temperature);
  }
  if (request.topP !== undefined && sampling) {
    if (request.topP < 0 || request.topP > 1) throw new TranslationRefusal("topP", `chat upstreams take top_p from 0 to 1 (got ${request.topP})`);
    body.top_p = within(request.topP, dialect.topP);
  }
  if (request.topK !== undefined && dialect.topK) body.top_k = request.topK;
  if (request.stop?.length && model.stopSequences !== 0) body.stop = dialect.stopWords === null ? request.stop : request.stop.slice(0, dialect.stopWords);
  if (request.seed !== undefined) body.seed = request.seed;
  if (request.presencePenalty !== undefined) body.presence_penalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) body.frequency_penalty = request.frequencyPenalty;
  const effort = effortOf(request.reasoning);
  // A custom channel sends an effort only where the model's capabilities say it takes one (channel-presets.ts commonCore).
  const effortTaken = dialect.reasoningEffort || (channel?.preset === "custom" && (channel.capabilities?.reasoning?.efforts.length ?? 0) > 0);
  // Reasoning asked with no size (Anthropic adaptive thinking, Claude Code's default; Gemini's
  // dynamic budget) still switches thinking on, at the model's own default effort.
  const thinkingOff = effort === "none" && !dialect.alwaysThinks;
  if (dialect.thinkingSwitch && request.reasoning) body.thinking = { type: thinkingOff ? "disabled" : "enabled" };
  if (effort && effortTaken && !(dialect.thinkingSwitch && thinkingOff)) body.reasoning_effort = dialect.effortValues?.[effort] ?? effort;
  if (dialect.reasoningSplit) body.reasoning_split = true;
  if (request.user !== undefined) {
    if (dialect.endUser === "user") body.user = openAiEndUserId(request.user);
    else if (dialect.endUser === "user_id") body.user_id = glmEndUserId(request.user);
  }
  return body;
}

/** A sampling value moved into the vendor's range, to its nearest end (see the header). */
const within = (value: number, range: SamplingRange) => Math.min(Math.max(value, range.min), range.max);

/** GLM's `user_id` takes 6 to 128 characters: an id outside that goes as its SHA-256 hex digest (64, the same for the same user). */
const glmEndUserId = (id: string) => (id.length >= 6 && id.length <= 128 ? id : endUserDigest(id));

/** Custom tools go to chat upstreams as functions (freeform-tools.ts), so every tool is named as a function. */
function writeToolChoice(choice: ToolChoice): string | Json {
  if (choice.type === "tool") return { type: "function", function: { name: choice.name } };
  if (choice.type === "allowed")
    return { type: "allowed_tools", allowed_tools: { mode: choice.required ? "required" : "auto", tools: choice.names.map((name) => ({ type: "function", function: { name } })) } };
  return choice.type;
}

function effortOf(reasoning: ReasoningSettings | undefined): string | undefined {
  if (!reasoning) return undefined;
  if (reasoning.effort) return reasoning.effort;
  const budget = reasoning.budgetTokens;
  if (budget === undefined || budget < 0) return undefined; // -1: Gemini's dynamic budget, the upstream's default
  return budget === 0 ? "none" : budget <= 2048 ? "low" : budget <= 8192 ? "medium" : "high";
}

function writeMessages(request: CanonicalRequest): Json[] {
  const messages: Json[] = request.system.map((part) => ({ role: "system", content: part.text }));
  for (const turn of request.turns) {
    if (turn.role === "system") messages.push({ role: "system", content: textContent(turn.parts, "system") });
    else if (turn.role === "assistant") messages.push(writeAssistant(turn));
    else messages.push(...writeUser(turn));
  }
  return messages;
}

/** Text-only content (system messages): one part as a string, several as an array. */
function textContent(parts: Part[], where: string): string | Json[] {
  const texts = parts.map((part) => {
    if (part.type !== "text") throw new TranslationRefusal(`part:${part.type}`, `chat ${where} messages take text only`);
    return part;
  });
  return texts.length === 1 ? texts[0].text : texts.map((part) => ({ type: "text", text: part.text }));
}

function writeUser(turn: Turn): Json[] {
  const toolMessages: Json[] = [];
  const moved: Json[] = [];
  const rest: Json[] = [];
  for (const part of turn.parts) {
    if (part.type === "tool_result") toolMessages.push(writeToolResult(part, moved));
    else rest.push(userPart(part, "part:"));
  }
  const content = [...moved, ...rest];
  if (content.length === 0) return toolMessages.length ? toolMessages : [{ role: "user", content: "" }];
  const user = { role: "user", content: content.length === 1 && content[0].type === "text" ? content[0].text : content };
  return [...toolMessages, user];
}

function userPart(part: Part, prefix: string): Json {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "image": {
      const image: Json = { url: part.source.kind === "base64" ? dataUrl(part.source) : part.source.url };
      if (part.detail !== undefined) image.detail = part.detail;
      return { type: "image_url", image_url: image };
    }
    case "document": {
      if (part.source.kind !== "base64") throw new TranslationRefusal(`${prefix}document`, "chat file parts take inline data only, not a URL; send the document's bytes");
      const file: Json = { file_data: dataUrl(part.source) };
      const filename = part.filename ?? part.title;
      if (filename !== undefined) file.filename = filename;
      return { type: "file", file };
    }
    default:
      throw new TranslationRefusal(`${prefix}${part.type}`, `a ${part.type} part cannot be sent in a chat user message`);
  }
}

/** One tool message; the result's media go to `moved`, for the user message after the tool messages. */
function writeToolResult(result: ToolResultPart, moved: Json[]): Json {
  const texts: TextPart[] = [];
  const media: Json[] = [];
  for (const part of result.content) {
    if (part.type === "text") texts.push(part);
    else media.push(userPart(part, "part:tool_result."));
  }
  if (media.length) moved.push({ type: "text", text: `Content of tool result ${result.callId}:` }, ...media);
  if (texts.length === 0) texts.push({ type: "text", text: media.length ? "(the result's content follows in the next user message)" : "" });
  if (result.isError) texts[0] = { type: "text", text: `Error: ${texts[0].text}` };
  const content = texts.length === 1 ? texts[0].text : texts.map((part) => ({ type: "text", text: part.text }));
  return { role: "tool", tool_call_id: result.callId, content };
}

function writeAssistant(turn: Turn): Json {
  const texts: Json[] = [];
  const refusals: string[] = [];
  const calls: Json[] = [];
  const details: Json[] = [];
  let reasoningContent: string | undefined;
  for (const part of turn.parts) {
    switch (part.type) {
      case "text":
        texts.push({ type: "text", text: part.text });
        break;
      case "refusal":
        refusals.push(part.text);
        break;
      case "tool_call":
        calls.push({ id: part.id, type: "function", function: { name: part.name, arguments: part.arguments } });
        break;
      case "reasoning": {
        // Only chat's own reasoning goes back upstream (see the header); another vendor's is dropped.
        const value = part.opaque?.origin === "chat" ? part.opaque.value : undefined;
        if (!value) break;
        if (typeof value.reasoning_content === "string" && value.type === undefined) reasoningContent = (reasoningContent ?? "") + value.reasoning_content;
        else details.push(value);
        break;
      }
      default:
        throw new TranslationRefusal(`part:${part.type}`, `a ${part.type} part cannot be sent in a chat assistant message`);
    }
  }
  const message: Json = { role: "assistant", content: texts.length === 0 ? (calls.length || refusals.length ? null : "") : texts.length === 1 ? texts[0].text : texts };
  if (refusals.length) message.refusal = refusals.join("");
  if (calls.length) message.tool_calls = calls;
  if (reasoningContent !== undefined) message.reasoning_content = reasoningContent;
  if (details.length) message.reasoning_details = details;
  return message;
}
