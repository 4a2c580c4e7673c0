// Upstream side: the canonical request → an Anthropic Messages body. What Messages cannot carry is
// refused with the canonical key (TranslationRefusal); the normalizations are listed in index.ts.
// An `allowed` tool choice (OpenAI's allowed_tools) has no Anthropic field: only the allowed tools
// are declared, in their declared order, with tool_choice `any` (required) or `auto`
// (allowed-tools.ts). Hosted OpenAI tools a Responses caller allows were left out by its reader, as
// they are left out of the tools; one that allows nothing else is refused there when required.
import {
  type CacheMark,
  type CanonicalRequest,
  type DocumentPart,
  type ImagePart,
  type Part,
  type PromptCache,
  type ReasoningSettings,
  type TextPart,
  TranslationRefusal,
  type Turn,
} from "../canonical.ts";
import { withOnlyAllowedTools } from "../allowed-tools.ts";
import { enforced } from "../../domain/model-capabilities.ts";
import type { UpstreamChannel } from "../codec.ts";
import { argumentsObject } from "../tool-arguments.ts";

type Json = Record<string, any>;

/** Anthropic requires max_tokens; a caller of another format may send none. */
export const defaultMaxTokens = 8192;

const refuse = (field: string, reason: string): never => {
  throw new TranslationRefusal(field, reason);
};

export function writeRequest(canonical: CanonicalRequest, channel?: UpstreamChannel): Record<string, unknown> {
  const request = withOnlyAllowedTools(canonical);
  if (request.seed !== undefined) refuse("seed", "Anthropic Messages has no seed.");
  if (request.presencePenalty !== undefined) refuse("presencePenalty", "Anthropic Messages has no presence penalty.");
  if (request.frequencyPenalty !== undefined) refuse("frequencyPenalty", "Anthropic Messages has no frequency penalty.");

  // System turns before any user or assistant turn join the system prompt (canonical.ts says they
  // belong there); later ones are folded into user text where they stand (foldSystem).
  const system: TextPart[] = [...request.system];
  let first = 0;
  while (request.turns[first]?.role === "system") system.push(...request.turns[first++].parts.filter((part): part is TextPart => part.type === "text"));

  const body: Json = { model: request.model };
  const systemBlocks = system.filter((part) => part.text !== "").map((part) => withCacheMark({ type: "text", text: part.text }, part));
  if (systemBlocks.length > 0) body.system = systemBlocks;
  body.messages = writeTurns(request.turns.slice(first));

  const reasoning = request.reasoning ? writeReasoning(request.reasoning, forcesTool(request)) : undefined;
  body.max_tokens = request.maxOutputTokens ?? defaultMaxTokens;
  // With a thinking budget at or past the default, the default leaves room for the answer as well.
  const budget = reasoning?.thinking?.budget_tokens;
  if (request.maxOutputTokens === undefined && typeof budget === "number" && budget >= defaultMaxTokens) body.max_tokens = budget + defaultMaxTokens;
  // Never past the model's own limit (Anthropic refuses it), and the thinking budget below it, as Anthropic requires.
  const modelLimit = enforced(channel?.capabilities) ? channel.capabilities.maxOutputTokens : undefined;
  if (modelLimit !== undefined && body.max_tokens > modelLimit) body.max_tokens = modelLimit;
  // Anthropic's least budget is 1,024 and it must stay under max_tokens: past what fits, thinking goes off.
  if (reasoning?.thinking && typeof budget === "number" && budget >= body.max_tokens)
    reasoning.thinking = body.max_tokens > 2048 ? { ...reasoning.thinking, budget_tokens: Math.floor(body.max_tokens / 2) } : { type: "disabled" };
  const sampling = samplingFor(request, reasoning?.thinking !== undefined && reasoning.thinking.type !== "disabled");
  if (sampling.temperature !== undefined && (sampling.temperature < 0 || sampling.temperature > 2)) {
    refuse("temperature", `no caller format takes a temperature outside 0 to 2; ${sampling.temperature} is outside it.`);
  }
  // Anthropic's range is 0–1: a caller's value above it (OpenAI's and Gemini's go to 2) goes as 1, the
  // nearest Anthropic takes, as a chat vendor with a narrower range gets it (chat/write-request.ts).
  if (sampling.temperature !== undefined) body.temperature = Math.min(sampling.temperature, 1);
  if (sampling.topP !== undefined) body.top_p = sampling.topP;
  if (sampling.topK !== undefined) body.top_k = sampling.topK;
  if (request.stop !== undefined && request.stop.length > 0) body.stop_sequences = request.stop;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => {
      const definition: Json = { name: tool.name };
      if (tool.description !== undefined) definition.description = tool.description;
      // Anthropic requires an object schema; a tool without parameters gets the empty one.
      definition.input_schema = tool.parameters?.type === undefined ? { type: "object", properties: {}, ...tool.parameters } : tool.parameters;
      if (tool.strict !== undefined) definition.strict = tool.strict;
      return definition;
    });
  }
  const toolChoice = writeToolChoice(request);
  if (toolChoice) body.tool_choice = toolChoice;
  if (request.user !== undefined) body.metadata = { user_id: request.user };
  if (reasoning?.thinking) body.thinking = reasoning.thinking;
  const outputConfig: Json = {};
  if (reasoning?.effort) outputConfig.effort = reasoning.effort;
  if (request.output?.type === "json_object") refuse("output", "Anthropic structured outputs need a JSON schema; send json_schema instead of json_object.");
  if (request.output?.type === "json_schema") {
    if (request.output.description !== undefined) refuse("output", "Anthropic structured outputs have no schema description; put it in the prompt.");
    // The schema's name is a label Anthropic does not take; `strict` is how Anthropic always applies it.
    outputConfig.format = { type: "json_schema", schema: request.output.schema };
  }
  if (Object.keys(outputConfig).length > 0) body.output_config = outputConfig;
  // The caller's own breakpoints (chat's cache_control) where it set them; else ours, where it asked for caching.
  if (!keepCallersBreakpoints(body) && request.promptCache) markBreakpoints(body, request.promptCache);
  // Translated upstream calls always stream; a caller that asked for no stream is answered from it.
  body.stream = true;
  return body;
}

/**
 * The sampling settings Anthropic takes beside the rest of the call; the ones it refuses go (a
 * hint the caller's client sends by default, as Gemini CLI does on every call, must not fail it):
 * - with thinking on (enabled or adaptive): a temperature other than 1, any top_k, a top_p below 0.95
 *   ("`temperature` may only be set to 1 when thinking is enabled or in adaptive mode");
 * - then, of temperature and top_p, only temperature (Claude Sonnet 4.5 and later: "`temperature`
 *   and `top_p` cannot both be specified for this model"; Anthropic advises one of them anyway).
 */
function samplingFor(request: CanonicalRequest, thinking: boolean): { temperature?: number; topP?: number; topK?: number } {
  let { temperature, topP, topK } = request;
  if (thinking) {
    if (temperature !== 1) temperature = undefined;
    if (topP !== undefined && topP < 0.95) topP = undefined;
    topK = undefined;
  }
  if (temperature !== undefined) topP = undefined;
  return { temperature, topP, topK };
}

/**
 * The caller asked for prompt caching (canonical.ts PromptCache; never on our own: a cache write
 * costs more than the input it holds). Anthropic caches the prompt — tools, then system, then
 * messages — up to each block marked `cache_control`, at most 4 a request; marked as it documents
 * for a conversation that grows turn by turn:
 * - the last tool and the last system block: what an agent sends unchanged on every turn;
 * - the last block of the last message: this turn's whole prompt, read back by the next turn;
 * - the last block of the message two before it, where the previous turn's prompt ended (the turns
 *   alternate): Anthropic looks for a cached prefix only up to 20 blocks before a breakpoint, and a
 *   turn of many tool calls and results adds more than that.
 * A prefix shorter than the model's minimum (1024 tokens for Sonnet 4.x, 4096 for Opus 4.5 and later
 * and Haiku 4.5) is not cached and costs nothing more. A thinking block takes no breakpoint, so a
 * message's last other block is marked.
 */
function markBreakpoints(body: Json, cache: PromptCache): void {
  const mark = (block: Json | undefined) => {
    if (block) block.cache_control = cache.ttl === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
  };
  mark(body.tools?.at(-1));
  mark(body.system?.at(-1));
  const messages: { content: Json[] }[] = body.messages;
  mark(lastCacheable(messages.at(-1)?.content));
  if (messages.length >= 3) mark(lastCacheable(messages.at(-3)?.content));
}

const cacheControlOf = (cache: "5m" | "1h") => (cache === "1h" ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" });

/** A block with the breakpoint its part was marked with (canonical.ts CacheMark). */
function withCacheMark(block: Json, part: CacheMark): Json {
  if (part.cache) block.cache_control = cacheControlOf(part.cache);
  return block;
}

/** Anthropic takes at most 4 breakpoints a request; of the caller's, the last 4 stay (the longest prefixes). Whether the caller set any. */
function keepCallersBreakpoints(body: Json): boolean {
  const marked = [...(body.system ?? []), ...body.messages.flatMap((message: Json) => message.content)].filter((block: Json) => block.cache_control !== undefined);
  for (const block of marked.slice(0, -4)) delete block.cache_control;
  return marked.length > 0;
}

const lastCacheable = (content: Json[] | undefined) => content?.findLast((block) => block.type !== "thinking" && block.type !== "redacted_thinking");

function writeToolChoice(request: CanonicalRequest): Json | undefined {
  const choice = request.toolChoice;
  let written: Json | undefined;
  if (choice?.type === "auto") written = { type: "auto" };
  else if (choice?.type === "none") written = { type: "none" };
  else if (choice?.type === "required") written = { type: "any" };
  else if (choice?.type === "tool") written = { type: "tool", name: choice.name };
  if (request.parallelToolCalls !== undefined && choice?.type !== "none" && (written || request.tools.length > 0)) {
    written ??= { type: "auto" };
    written.disable_parallel_tool_use = !request.parallelToolCalls;
  }
  return written;
}

/** A tool choice that makes the model call a tool (chat "required" or a named function, Gemini mode ANY). */
const forcesTool = (request: CanonicalRequest) => request.toolChoice?.type === "required" || request.toolChoice?.type === "tool";

/**
 * reasoning → thinking + output_config.effort: effort "none" (or a zero budget) → disabled; a
 * budget → enabled with budget_tokens; otherwise adaptive (the model decides), with the effort.
 * includeThoughts (or a Responses summary) → display summarized / omitted.
 * A call that forces a tool gets thinking disabled (the effort stays, it applies without thinking):
 * Anthropic refuses thinking beside tool_choice any or tool ("Thinking may not be enabled when
 * tool_choice forces tool use."), and the forced tool is the caller's explicit instruction where
 * reasoning is only how hard to try.
 */
function writeReasoning(settings: ReasoningSettings, forcesTool: boolean): { thinking?: Json; effort?: string } {
  if (settings.effort === "none" || settings.budgetTokens === 0) return { thinking: { type: "disabled" } };
  if (settings.effort === "minimal") refuse("reasoning.effort", "Anthropic's lowest effort is low; minimal has no equivalent.");
  if (forcesTool) return settings.effort !== undefined ? { thinking: { type: "disabled" }, effort: settings.effort } : { thinking: { type: "disabled" } };
  const thinking: Json = settings.budgetTokens !== undefined && settings.budgetTokens > 0 ? { type: "enabled", budget_tokens: settings.budgetTokens } : { type: "adaptive" };
  const show = settings.includeThoughts ?? (settings.summary !== undefined && settings.summary !== "none" ? true : undefined);
  if (show !== undefined) thinking.display = show ? "summarized" : "omitted";
  return settings.effort !== undefined ? { thinking, effort: settings.effort } : { thinking };
}

/** Messages: alternating user/assistant turns, tool results first in their user turn. */
function writeTurns(turns: Turn[]): Json[] {
  const messages: { role: "user" | "assistant"; content: Json[] }[] = [];
  for (const turn of turns) {
    const role = turn.role === "assistant" ? "assistant" : "user";
    const last = messages[messages.length - 1];
    const content = last?.role === role ? last.content : [];
    if (turn.role === "system") content.push(...foldSystem(turn.parts));
    else for (const part of turn.parts) writePart(part, role, content);
    if (content !== last?.content && content.length > 0) messages.push({ role, content });
  }
  for (const message of messages) if (message.role === "user" && resultsFollowOther(message.content)) message.content = resultsFirst(message.content);
  return messages;
}

/** Whether a tool result comes after another block (Anthropic wants a user turn's results first); most turns need no reordering. */
function resultsFollowOther(content: Json[]): boolean {
  let other = false;
  for (const block of content) {
    if (block.type !== "tool_result") other = true;
    else if (other) return true;
  }
  return false;
}

const resultsFirst = (content: Json[]) => [...content.filter((block) => block.type === "tool_result"), ...content.filter((block) => block.type !== "tool_result")];

/** A system turn mid-conversation (Anthropic has no such role) → user text, marked as the system's. */
function foldSystem(parts: Part[]): Json[] {
  return parts.filter((part): part is TextPart => part.type === "text" && part.text !== "").map((part) => ({ type: "text", text: `<system>\n${part.text}\n</system>` }));
}

/** Appends the blocks `part` is written as to `into` (none for an empty text or another vendor's reasoning). */
function writePart(part: Part, role: "user" | "assistant", into: Json[]): void {
  switch (part.type) {
    case "text":
    case "refusal":
      // Anthropic rejects empty text blocks; an empty text says nothing.
      if (part.text !== "") into.push(withCacheMark({ type: "text", text: part.text }, part));
      return;
    case "image":
      if (role === "assistant") refuse("part:image", "Anthropic assistant turns cannot hold images.");
      into.push(withCacheMark(writeImage(part, "part:image"), part));
      return;
    case "document":
      if (role === "assistant") refuse("part:document", "Anthropic assistant turns cannot hold documents.");
      into.push(withCacheMark(writeDocument(part, "part:document"), part));
      return;
    case "tool_call":
      if (role !== "assistant") refuse("part:tool_call", "a tool call must be in an assistant turn.");
      into.push(withCacheMark({ type: "tool_use", id: toolId(part.id), name: part.name, input: toolInput(part.arguments) }, part));
      return;
    case "tool_result": {
      const block: Json = { type: "tool_result", tool_use_id: toolId(part.callId) };
      const content = part.content.flatMap((inner): Json[] => {
        if (inner.type === "text") return inner.text === "" ? [] : [{ type: "text", text: inner.text }];
        if (inner.type === "image") return [writeImage(inner, "part:tool_result.image")];
        return [writeDocument(inner, "part:tool_result.document")];
      });
      // One text block is written as the plain string Anthropic's own clients send.
      if (content.length === 1 && content[0].type === "text") block.content = content[0].text;
      else if (content.length > 0) block.content = content;
      if (part.isError !== undefined) block.is_error = part.isError;
      into.push(withCacheMark(block, part));
      return;
    }
    case "reasoning":
      // Anthropic's own thinking goes back exactly as it came. Reasoning from another vendor (or
      // without a signature) is dropped: Anthropic verifies thinking blocks and cannot verify those.
      if (part.opaque?.origin === "messages" && role === "assistant") into.push(part.opaque.value);
      return;
  }
}

/** Anthropic tool ids match ^[a-zA-Z0-9_-]+$; other characters become `_` (the same in a call and its result). Most ids already match: testing is cheaper than replacing. */
const toolId = (id: string) => (anthropicToolId.test(id) ? id : id.replace(/[^a-zA-Z0-9_-]/g, "_"));
const anthropicToolId = /^[a-zA-Z0-9_-]+$/;

function toolInput(json: string): unknown {
  return argumentsObject(json) ?? refuse("part:tool_call", "a tool call's arguments are not a JSON object, which Anthropic's tool_use input must be.");
}

const imageTypes = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

function writeImage(part: ImagePart, key: string): Json {
  const source = fromDataUrl(part.source);
  if (source.kind === "url") return { type: "image", source: { type: "url", url: source.url } };
  if (!imageTypes.has(source.mediaType)) refuse(key, `Anthropic takes JPEG, PNG, GIF and WebP images, not ${source.mediaType}.`);
  // `detail` is a resolution hint Anthropic does not take: it reads every image one way.
  return { type: "image", source: { type: "base64", media_type: source.mediaType, data: source.data } };
}

function writeDocument(part: DocumentPart, key: string): Json {
  const source = fromDataUrl(part.source);
  let written: Json;
  if (source.kind === "url") written = { type: "url", url: source.url };
  else if (source.mediaType === "application/pdf") written = { type: "base64", media_type: "application/pdf", data: source.data };
  else if (source.mediaType === "text/plain") written = { type: "text", media_type: "text/plain", data: Buffer.from(source.data, "base64").toString("utf8") };
  else return refuse(key, `Anthropic takes PDF and plain-text documents, not ${source.mediaType}.`);
  const block: Json = { type: "document", source: written };
  // Anthropic has no filename; the title is where a document's name goes.
  const title = part.title ?? part.filename;
  if (title !== undefined) block.title = title;
  return block;
}

/** A `data:` URL is inline bytes: Anthropic takes those as base64. */
function fromDataUrl(source: ImagePart["source"]): ImagePart["source"] {
  if (source.kind !== "url") return source;
  const match = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(source.url);
  return match ? { kind: "base64", mediaType: match[1], data: match[2] } : source;
}
