// Caller side: an Anthropic Messages request body → the canonical request. Every field is either
// mapped, ignored for a reason listed in index.ts's header, or refused by name (TranslationRefusal
// with the caller's path). Keys are checked against what each object may hold, so a field this
// reader does not know is refused rather than dropped.
import { uncarry } from "../carry.ts";
import {
  type CanonicalRequest,
  type DocumentPart,
  type ImagePart,
  type MediaSource,
  type OutputFormat,
  type Part,
  type ReasoningPart,
  type ReasoningSettings,
  type TextPart,
  type ToolDefinition,
  type ToolResultPart,
  type Turn,
  TranslationRefusal,
} from "../canonical.ts";

type Json = Record<string, any>;

const refuse = (field: string, reason: string): never => {
  throw new TranslationRefusal(field, reason);
};

/** Keys that may be ignored everywhere they occur (prompt caching has no effect once translated). */
const ignorable = new Set(["cache_control"]);

/** Refuses the first key of `object` that is neither allowed nor ignorable. */
function onlyKeys(object: Json, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(object)) {
    if (object[key] === undefined || ignorable.has(key) || allowed.includes(key)) continue;
    const field = path ? `${path}.${key}` : key;
    refuse(field, `${field} has no equivalent on the translated upstream; remove it or use a group whose channel speaks Anthropic Messages.`);
  }
}

const topLevel = [
  "model", "messages", "system", "max_tokens", "temperature", "top_p", "top_k", "stop_sequences", "stream", "tools", "tool_choice",
  "metadata", "thinking", "output_config", "output_format", "context_management", "service_tier", "diagnostics", "speed", "inference_geo", "container",
] as const;

export function readRequest(body: Json, options: { stream: boolean; model: string }): CanonicalRequest {
  onlyKeys(body, topLevel, "");
  if (body.inference_geo != null) refuse("inference_geo", "inference_geo pins Anthropic's processing region; a translated upstream cannot honour it.");
  if (body.container != null) refuse("container", "containers belong to Anthropic's code execution tool, which a translated upstream does not have.");

  const request: CanonicalRequest = { model: options.model, system: readSystem(body.system, "system"), turns: [], tools: [], stream: options.stream };
  readTurns(body.messages, request);
  if (Array.isArray(body.tools)) request.tools = body.tools.map((tool: Json, i: number) => readTool(tool, `tools[${i}]`));
  if (body.tool_choice != null) readToolChoice(body.tool_choice, request);
  if (body.max_tokens != null) request.maxOutputTokens = body.max_tokens;
  if (body.temperature != null) request.temperature = body.temperature;
  if (body.top_p != null) request.topP = body.top_p;
  if (body.top_k != null) request.topK = body.top_k;
  if (body.stop_sequences != null) request.stop = body.stop_sequences;
  if (body.metadata != null) {
    onlyKeys(body.metadata, ["user_id"], "metadata");
    if (body.metadata.user_id != null) request.user = body.metadata.user_id;
  }
  const reasoning = readReasoning(body.thinking, body.output_config?.effort);
  if (reasoning) request.reasoning = reasoning;
  const output = readOutput(body);
  if (output) request.output = output;
  return request;
}

function readSystem(system: unknown, path: string): TextPart[] {
  if (system == null) return [];
  if (typeof system === "string") return [{ type: "text", text: system }];
  if (!Array.isArray(system)) return refuse(path, `${path} must be a string or a list of text blocks.`);
  return system.map((block: Json, i: number) => readText(block, `${path}[${i}]`));
}

function readText(block: Json, path: string): TextPart {
  if (block?.type !== "text") return refuse(`${path}.type`, `${path} must be a text block.`);
  onlyKeys(block, ["type", "text", "citations"], path);
  if (Array.isArray(block.citations) && block.citations.length > 0) refuse(`${path}.citations`, "citations are Anthropic's own; a translated upstream cannot take them back. Send the text without them.");
  return { type: "text", text: block.text };
}

function readTurns(messages: unknown, request: CanonicalRequest): void {
  if (!Array.isArray(messages)) refuse("messages", "messages must be a list.");
  const toolNames = new Map<string, string>();
  (messages as Json[]).forEach((message, i) => {
    const path = `messages[${i}]`;
    onlyKeys(message, ["role", "content"], path);
    if (message.role === "system") {
      const parts = readSystem(message.content, `${path}.content`);
      // System turns before the first user or assistant turn are the system prompt (canonical.ts).
      if (request.turns.length === 0) request.system.push(...parts);
      else request.turns.push({ role: "system", parts });
      return;
    }
    if (message.role !== "user" && message.role !== "assistant") refuse(`${path}.role`, `role ${JSON.stringify(message.role)} is not one of user, assistant, system.`);
    const blocks: Json[] = typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
    if (!Array.isArray(blocks)) refuse(`${path}.content`, `${path}.content must be a string or a list of blocks.`);
    const parts = blocks.map((block, j) => readBlock(block, `${path}.content[${j}]`, toolNames));
    const turn: Turn = { role: message.role, parts };
    request.turns.push(turn);
  });
}

const serverBlocks = "server tool, MCP, container, search result and web result blocks are Anthropic's own; a translated upstream has no equivalent.";

function readBlock(block: Json, path: string, toolNames: Map<string, string>): Part {
  switch (block?.type) {
    case "text":
      return readText(block, path);
    case "image":
      return readImage(block, path);
    case "document":
      return readDocument(block, path);
    case "tool_use": {
      onlyKeys(block, ["type", "id", "name", "input", "caller", "toolset_name"], path);
      if (block.caller != null && block.caller.type !== "direct") refuse(`${path}.caller`, "a tool call made by a server tool has no equivalent on a translated upstream.");
      if (block.toolset_name != null) refuse(`${path}.toolset_name`, "MCP toolsets are Anthropic's own; a translated upstream has none.");
      toolNames.set(block.id, block.name);
      return { type: "tool_call", id: block.id, name: block.name, arguments: JSON.stringify(block.input ?? {}) };
    }
    case "tool_result":
      return readToolResult(block, path, toolNames);
    case "thinking": {
      onlyKeys(block, ["type", "thinking", "signature"], path);
      const carried = uncarry(block.signature);
      if (carried) return reasoning(block.thinking, carried.opaque, carried.attachesToNext);
      return { type: "reasoning", text: block.thinking, opaque: { origin: "messages", value: block } };
    }
    case "redacted_thinking": {
      onlyKeys(block, ["type", "data"], path);
      const carried = uncarry(block.data);
      if (carried) return reasoning("", carried.opaque, carried.attachesToNext);
      return { type: "reasoning", opaque: { origin: "messages", value: block } };
    }
    default:
      return refuse(`${path}.type`, `a ${String(block?.type)} block cannot be translated: ${serverBlocks}`);
  }
}

/** A reasoning part restored from a carried value: the text (if any) and the upstream's own form. */
function reasoning(text: string, opaque: ReasoningPart["opaque"], attachesToNext: boolean | undefined): ReasoningPart {
  const part: ReasoningPart = { type: "reasoning" };
  if (text) part.text = text;
  part.opaque = opaque;
  if (attachesToNext) part.attachesToNext = true;
  return part;
}

function readImage(block: Json, path: string): ImagePart {
  onlyKeys(block, ["type", "source"], path);
  const source = block.source ?? {};
  if (source.type === "base64") return { type: "image", source: { kind: "base64", mediaType: source.media_type, data: source.data } };
  if (source.type === "url") return { type: "image", source: { kind: "url", url: source.url } };
  return refuse(`${path}.source.type`, `an image source of type ${JSON.stringify(source.type)} (Files API ids are Anthropic's own) cannot be translated; send it as base64 or a URL.`);
}

function readDocument(block: Json, path: string): DocumentPart {
  onlyKeys(block, ["type", "source", "title", "citations", "context"], path);
  if (block.citations?.enabled) refuse(`${path}.citations`, "document citations are Anthropic's own; a translated upstream cannot produce them.");
  if (block.context != null) refuse(`${path}.context`, "a document's context has no slot on a translated upstream; put it in a text block beside the document.");
  const source = block.source ?? {};
  let media: MediaSource;
  if (source.type === "base64") media = { kind: "base64", mediaType: source.media_type, data: source.data };
  else if (source.type === "url") media = { kind: "url", url: source.url, mediaType: "application/pdf" };
  // A plain-text source travels as base64 text/plain, which the writer turns back into a text source.
  else if (source.type === "text") media = { kind: "base64", mediaType: source.media_type ?? "text/plain", data: Buffer.from(String(source.data), "utf8").toString("base64") };
  else return refuse(`${path}.source.type`, `a document source of type ${JSON.stringify(source.type)} cannot be translated; send a base64 PDF, a PDF URL or plain text.`);
  const part: DocumentPart = { type: "document", source: media };
  if (block.title != null) part.title = block.title;
  return part;
}

function readToolResult(block: Json, path: string, toolNames: Map<string, string>): ToolResultPart {
  onlyKeys(block, ["type", "tool_use_id", "content", "is_error", "toolset_name"], path);
  if (block.toolset_name != null) refuse(`${path}.toolset_name`, "MCP toolsets are Anthropic's own; a translated upstream has none.");
  const part: ToolResultPart = { type: "tool_result", callId: block.tool_use_id, content: [] };
  const name = toolNames.get(block.tool_use_id);
  if (name !== undefined) part.name = name;
  if (typeof block.content === "string") part.content = [{ type: "text", text: block.content }];
  else if (Array.isArray(block.content)) {
    part.content = block.content.map((inner: Json, i: number) => {
      const innerPath = `${path}.content[${i}]`;
      if (inner?.type === "text") return readText(inner, innerPath);
      if (inner?.type === "image") return readImage(inner, innerPath);
      if (inner?.type === "document") return readDocument(inner, innerPath);
      // Tool search's answer names tools to load; a translated upstream has every tool declared already, so it is said as text.
      if (inner?.type === "tool_reference" && typeof inner.tool_name === "string") return { type: "text", text: `Tool loaded: ${inner.tool_name}` };
      return refuse(`${innerPath}.type`, `a ${String(inner?.type)} block inside a tool result cannot be translated: ${serverBlocks}`);
    });
  } else if (block.content != null) refuse(`${path}.content`, "a tool result's content must be a string or a list of blocks.");
  if (block.is_error != null) part.isError = block.is_error;
  return part;
}

function readTool(tool: Json, path: string): ToolDefinition {
  if (tool.type != null && tool.type !== "custom") return refuse(`${path}.type`, `the server tool ${JSON.stringify(tool.type)} runs on Anthropic's side; a translated upstream cannot run it. Define it as a custom tool or use a group whose channel speaks Anthropic Messages.`);
  onlyKeys(tool, ["type", "name", "description", "input_schema", "strict", "allowed_callers", "eager_input_streaming", "defer_loading", "input_examples"], path);
  if (tool.allowed_callers != null && !(tool.allowed_callers.length === 1 && tool.allowed_callers[0] === "direct")) refuse(`${path}.allowed_callers`, "tools called by Anthropic's code execution have no equivalent on a translated upstream.");
  // Deferred loading (Anthropic's tool search: Claude Code defers most of its tools behind its own
  // ToolSearch tool on every first request) is Anthropic's; a translated upstream gets the deferred
  // tool declared in full, as it is sent, so the call is answered and the model can call it at once.
  if (tool.input_examples != null && tool.input_examples.length > 0) refuse(`${path}.input_examples`, "a translated upstream takes no tool input examples; put them in the tool's description.");
  if (typeof tool.name !== "string" || tool.name === "") refuse(`${path}.name`, "a tool needs `name`: the upstream would get a tool nobody can call.");
  const definition: ToolDefinition = { name: tool.name, parameters: tool.input_schema ?? {} };
  if (tool.description != null) definition.description = tool.description;
  if (tool.strict != null) definition.strict = tool.strict;
  return definition;
}

function readToolChoice(choice: Json, request: CanonicalRequest): void {
  onlyKeys(choice, ["type", "name", "disable_parallel_tool_use"], "tool_choice");
  if (choice.type === "auto") request.toolChoice = { type: "auto" };
  else if (choice.type === "any") request.toolChoice = { type: "required" };
  else if (choice.type === "none") request.toolChoice = { type: "none" };
  else if (choice.type === "tool") request.toolChoice = { type: "tool", name: choice.name };
  else refuse("tool_choice.type", `tool_choice ${JSON.stringify(choice.type)} is not one of auto, any, tool, none.`);
  if (choice.disable_parallel_tool_use != null) request.parallelToolCalls = !choice.disable_parallel_tool_use;
}

const efforts = new Set(["low", "medium", "high", "xhigh"]);

/**
 * thinking + output_config.effort → reasoning. enabled → budgetTokens; adaptive → reasoning with
 * no budget (the model decides; the effort, if any, beside it); disabled → effort "none";
 * `display` → includeThoughts (summarized: true, omitted: false). An effort without thinking is
 * read as reasoning at that effort (the messages writer sends it as adaptive thinking).
 */
function readReasoning(thinking: Json | undefined, effort: unknown): ReasoningSettings | undefined {
  if (effort != null && !efforts.has(effort as string)) refuse("output_config.effort", `effort ${JSON.stringify(effort)} has no equivalent on a translated upstream; use low, medium, high or xhigh.`);
  if (thinking == null) return effort == null ? undefined : { effort: effort as ReasoningSettings["effort"] };
  onlyKeys(thinking, ["type", "budget_tokens", "display"], "thinking");
  const settings: ReasoningSettings = {};
  if (thinking.type === "disabled") {
    if (effort != null) refuse("output_config.effort", "an effort beside disabled thinking cannot be translated; remove one of them.");
    return { effort: "none" };
  }
  if (thinking.type === "enabled") settings.budgetTokens = thinking.budget_tokens;
  else if (thinking.type !== "adaptive") refuse("thinking.type", `thinking ${JSON.stringify(thinking.type)} has no equivalent on a translated upstream; use enabled, adaptive or disabled.`);
  if (effort != null) settings.effort = effort as ReasoningSettings["effort"];
  if (thinking.display === "summarized") settings.includeThoughts = true;
  else if (thinking.display === "omitted") settings.includeThoughts = false;
  return settings;
}

/** output_config.format (or the older beta output_format): a JSON schema the answer must follow. */
function readOutput(body: Json): OutputFormat | undefined {
  if (body.output_config != null) onlyKeys(body.output_config, ["format", "effort"], "output_config");
  const [format, path] = body.output_config?.format != null ? [body.output_config.format, "output_config.format"] : [body.output_format, "output_format"];
  if (format == null) return undefined;
  if (format.type !== "json_schema") return refuse(`${path}.type`, `output format ${JSON.stringify(format.type)} is not json_schema.`);
  onlyKeys(format, ["type", "schema"], path);
  return { type: "json_schema", name: "response", schema: format.schema };
}
