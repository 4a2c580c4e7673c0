// Chat Completions request (caller side) → canonical. Every field either lands in a canonical slot,
// is refused naming its path, or is one of these documented harmless ignores:
// - `model` (the relay's call name is used), `stream` (options.stream), `stream_options` (the relay
//   reads include_usage into the caller context), `metadata` (only meaningful for stored
//   completions), `store:false`, `service_tier` auto/default, and on assistant messages
//   `annotations` (output-only citations clients echo back).
// - `prompt_cache_key`, `prompt_cache_retention`, `prompt_cache_options` are read as the caller's
//   request for prompt caching (openai-prompt-cache.ts).
// - A field whose value is null is treated as absent (SDKs echo `refusal: null`, `audio: null`).
// Custom tools (freeform text in, Codex's apply_patch) become function tools of one string argument,
// `input` (freeform-tools.ts); their calls in assistant `tool_calls` become that function's calls.
// `tool_choice: {type:"allowed_tools"}` is read as the canonical `allowed` choice; each allowed tool
// must be declared in `tools` (a 400 names the entry otherwise).
// `cache_control` (Anthropic's prompt-cache breakpoint, which OpenRouter's convention and OpenCode's
// OpenAI-compatible provider put on chat messages and content parts) marks the part, or a message's
// last part, as a breakpoint: an Anthropic upstream gets it where it was set (messages/write-request.ts).
// Normalizations (what a same-format round trip does not give back byte for byte) are listed in
// write-request.ts.
import { uncarry } from "../carry.ts";
import { type CacheMark, type CanonicalRequest, type DocumentPart, type ImagePart, type OutputFormat, type Part, type ReasoningPart, type TextPart, type ToolChoice, type ToolDefinition, type ToolResultPart, type Turn, TranslationRefusal } from "../canonical.ts";
import { freeformArguments, freeformParameters } from "../freeform-tools.ts";
import { promptCacheFields, readPromptCache } from "../openai-prompt-cache.ts";
import { absent, carriedFormat, mediaSourceOf, parseDataUrl } from "./common.ts";

type Json = Record<string, any>;

// `tool_choice` is read after the tools it may name (readToolChoice).
const ignoredTop = new Set(["model", "messages", "stream", "stream_options", "metadata", "tool_choice"]);

/** Fields with no canonical slot: harmless only at their default value. */
const defaultsOnly: Record<string, [isDefault: (value: any) => boolean, remedy: string]> = {
  n: [(v) => v === 1, "only one choice can be translated; send n:1 or call a chat group"],
  logprobs: [(v) => v === false, "log probabilities cannot be translated; remove logprobs"],
  top_logprobs: [(v) => v === 0, "log probabilities cannot be translated; remove top_logprobs"],
  logit_bias: [(v) => typeof v === "object" && Object.keys(v).length === 0, "logit_bias has no equivalent in other formats; remove it"],
  audio: [() => false, "audio output cannot be translated; remove audio"],
  modalities: [(v) => Array.isArray(v) && v.every((m) => m === "text"), "only text output can be translated; send modalities:[\"text\"]"],
  prediction: [() => false, "predicted outputs cannot be translated; remove prediction"],
  web_search_options: [() => false, "web search is a chat-only tool; remove web_search_options or call a chat group"],
  functions: [() => false, "legacy functions cannot be translated; send them as tools"],
  function_call: [() => false, "legacy function_call cannot be translated; send tool_choice"],
  store: [(v) => v === false, "stored completions cannot be translated; send store:false"],
  service_tier: [(v) => v === "auto" || v === "default", "a service tier cannot be translated; remove service_tier"],
  verbosity: [() => false, "verbosity has no equivalent in other formats; remove it"],
};

const efforts = new Set(["none", "minimal", "low", "medium", "high", "xhigh"]);

export function readRequest(body: Json, options: { stream: boolean; model: string }): CanonicalRequest {
  const request: CanonicalRequest = { model: options.model, system: [], turns: [], tools: [], stream: options.stream };
  for (const [key, value] of Object.entries(body)) {
    if (absent(value) || ignoredTop.has(key) || promptCacheFields.has(key)) continue;
    const rule = defaultsOnly[key];
    if (rule) {
      if (!rule[0](value)) throw new TranslationRefusal(key, rule[1]);
      continue;
    }
    readField(request, key, value, body);
  }
  if (!absent(body.tool_choice)) request.toolChoice = readToolChoice(body.tool_choice, request.tools);
  readMessages(request, body.messages);
  const promptCache = readPromptCache(body);
  if (promptCache) request.promptCache = promptCache;
  return request;
}

function readField(request: CanonicalRequest, key: string, value: any, body: Json): void {
  switch (key) {
    case "tools":
      request.tools = asArray(value, key).map(readTool);
      return;
    case "parallel_tool_calls":
      request.parallelToolCalls = bool(value, key);
      return;
    case "response_format":
      request.output = readOutputFormat(value);
      return;
    case "max_completion_tokens":
    case "max_tokens":
      if (!absent(body.max_completion_tokens) && !absent(body.max_tokens) && body.max_tokens !== body.max_completion_tokens) {
        throw new TranslationRefusal("max_tokens", "max_tokens and max_completion_tokens disagree; send one of them");
      }
      request.maxOutputTokens = num(value, key);
      return;
    case "temperature":
      request.temperature = num(value, key);
      return;
    case "top_p":
      request.topP = num(value, key);
      return;
    case "top_k": // an extension of vLLM, Qwen and others: it has a canonical slot, so it is kept
      request.topK = num(value, key);
      return;
    case "stop":
      request.stop = typeof value === "string" ? [value] : asArray(value, key).map((s, i) => str(s, `stop[${i}]`));
      return;
    case "seed":
      request.seed = num(value, key);
      return;
    case "presence_penalty":
      request.presencePenalty = num(value, key);
      return;
    case "frequency_penalty":
      request.frequencyPenalty = num(value, key);
      return;
    case "reasoning_effort":
      if (!efforts.has(value)) throw new TranslationRefusal(key, `unknown reasoning effort ${JSON.stringify(value)}`);
      request.reasoning = { effort: value };
      return;
    case "user":
    case "safety_identifier":
      if (!absent(body.user) && !absent(body.safety_identifier) && body.user !== body.safety_identifier) {
        throw new TranslationRefusal("safety_identifier", "user and safety_identifier disagree; send one of them");
      }
      request.user = str(value, key);
      return;
    default:
      throw new TranslationRefusal(key, `${key} has no equivalent in the canonical form, so it cannot be translated; remove it or call a chat group`);
  }
}

function readTool(tool: Json, i: number): ToolDefinition {
  const at = `tools[${i}]`;
  if (tool?.type === "custom") return readCustomTool(tool, at);
  if (tool?.type !== "function") throw new TranslationRefusal(`${at}.type`, `only function and custom tools can be translated (got ${JSON.stringify(tool?.type)})`);
  const fn = tool.function ?? {};
  if (fn.name === "") throw new TranslationRefusal(`${at}.function.name`, "a function tool needs `name`: the upstream would get a tool nobody can call");
  const definition: ToolDefinition = { name: str(fn.name, `${at}.function.name`), parameters: fn.parameters ?? { type: "object", properties: {} } };
  if (!absent(fn.description)) definition.description = str(fn.description, `${at}.function.description`);
  if (!absent(fn.strict)) definition.strict = bool(fn.strict, `${at}.function.strict`);
  return definition;
}

/** A custom tool (freeform text in): a function of one string, `input`, whose description carries the grammar if there is one. */
function readCustomTool(tool: Json, at: string): ToolDefinition {
  allowKeys(tool, at, ["type", "custom"]);
  const custom = tool.custom;
  allowKeys(custom, `${at}.custom`, ["name", "description", "format"]);
  if (custom.name === "") throw new TranslationRefusal(`${at}.custom.name`, "a custom tool needs `name`: the upstream would get a tool nobody can call");
  const format = absent(custom.format) ? undefined : readCustomFormat(custom.format, `${at}.custom.format`);
  const definition: ToolDefinition = { name: str(custom.name, `${at}.custom.name`), parameters: freeformParameters(format), freeform: format === undefined ? {} : { format } };
  if (!absent(custom.description)) definition.description = str(custom.description, `${at}.custom.description`);
  return definition;
}

/** Chat's format (`grammar` nested) in the canonical Responses shape, `syntax` and `definition` beside `type`. */
function readCustomFormat(format: Json, at: string): Json {
  if (format?.type === "text") return { type: "text" };
  const grammar = format?.grammar;
  if (format?.type === "grammar" && (grammar?.syntax === "lark" || grammar?.syntax === "regex") && typeof grammar.definition === "string")
    return { type: "grammar", syntax: grammar.syntax, definition: grammar.definition };
  throw new TranslationRefusal(at, 'a custom tool\'s format is {type:"text"} or {type:"grammar", grammar:{syntax:"lark"|"regex", definition}}');
}

function readToolChoice(value: any, tools: ToolDefinition[]): ToolChoice {
  if (value === "auto" || value === "none" || value === "required") return { type: value };
  if (value?.type === "function" && typeof value.function?.name === "string") return { type: "tool", name: value.function.name };
  if (value?.type === "custom" && typeof value.custom?.name === "string") return { type: "tool", name: value.custom.name };
  if (value?.type === "allowed_tools") return readAllowedTools(value, tools);
  throw new TranslationRefusal("tool_choice", `tool choice ${JSON.stringify(value?.type ?? value)} cannot be translated; use auto, none, required, allowed_tools, one function or one custom tool`);
}

/**
 * `{type:"allowed_tools", allowed_tools:{mode, tools}}`: each entry names a declared function or
 * custom tool, by its kind. Allowing none with mode auto lets the model call nothing: `none`.
 */
function readAllowedTools(value: Json, tools: ToolDefinition[]): ToolChoice {
  allowKeys(value, "tool_choice", ["type", "allowed_tools"]);
  const at = "tool_choice.allowed_tools";
  const allowed = value.allowed_tools;
  allowKeys(allowed, at, ["mode", "tools"]);
  if (allowed.mode !== "auto" && allowed.mode !== "required") throw new TranslationRefusal(`${at}.mode`, 'mode is "auto" or "required"');
  const names = new Set<string>();
  asArray(allowed.tools, `${at}.tools`).forEach((entry: Json, i) => {
    const kind = entry?.type;
    const name = kind === "function" ? entry.function?.name : kind === "custom" ? entry.custom?.name : undefined;
    const declared = typeof name === "string" && tools.some((tool) => tool.name === name && (tool.freeform !== undefined) === (kind === "custom"));
    if (!declared)
      throw new TranslationRefusal(
        `${at}.tools[${i}]`,
        `${typeof name === "string" ? `${kind} tool ${JSON.stringify(name)} is not declared in tools` : "an allowed tool is {type:\"function\", function:{name}} or {type:\"custom\", custom:{name}}"}: allow only tools declared in tools, each by its kind, or remove the entry`,
      );
    names.add(name);
  });
  if (names.size > 0) return { type: "allowed", names: [...names], required: allowed.mode === "required" };
  if (allowed.mode === "required") throw new TranslationRefusal(`${at}.tools`, "mode required needs at least one tool to call: allow a declared tool, or use mode auto");
  return { type: "none" };
}

function readOutputFormat(value: Json): OutputFormat {
  if (value?.type === "text" || value?.type === "json_object") return { type: value.type };
  if (value?.type === "json_schema") {
    const spec = value.json_schema ?? {};
    const format: OutputFormat = { type: "json_schema", name: str(spec.name, "response_format.json_schema.name"), schema: spec.schema ?? {} };
    if (!absent(spec.strict)) format.strict = bool(spec.strict, "response_format.json_schema.strict");
    if (!absent(spec.description)) format.description = str(spec.description, "response_format.json_schema.description");
    return format;
  }
  throw new TranslationRefusal("response_format.type", `response format ${JSON.stringify(value?.type)} cannot be translated`);
}

function readMessages(request: CanonicalRequest, messages: unknown): void {
  const callNames = new Map<string, string>();
  let toolTurn: Turn | null = null; // the user turn consecutive tool messages fold into
  let conversationStarted = false;
  asArray(messages, "messages").forEach((message: Json, i) => {
    const at = `messages[${i}]`;
    const role = message?.role;
    if (role !== "tool") toolTurn = null;
    switch (role) {
      case "system":
      case "developer": {
        allowKeys(message, at, ["role", "content", "cache_control"]);
        const parts = marked(readTextContent(message.content, `${at}.content`), message, at);
        if (conversationStarted) request.turns.push({ role: "system", parts });
        else request.system.push(...parts);
        return;
      }
      case "user":
        allowKeys(message, at, ["role", "content", "cache_control"]);
        conversationStarted = true;
        request.turns.push({ role: "user", parts: marked(readUserContent(message.content, `${at}.content`), message, at) });
        return;
      case "assistant":
        conversationStarted = true;
        request.turns.push({ role: "assistant", parts: marked(readAssistant(message, at, callNames), message, at) });
        return;
      case "tool": {
        allowKeys(message, at, ["role", "content", "tool_call_id", "name", "cache_control"]);
        const callId = str(message.tool_call_id, `${at}.tool_call_id`);
        const result: ToolResultPart = { type: "tool_result", callId, content: readTextContent(message.content, `${at}.content`) };
        const mark = cacheMarkOf(message.cache_control, `${at}.cache_control`);
        if (mark) result.cache = mark;
        const name = typeof message.name === "string" ? message.name : callNames.get(callId);
        if (name !== undefined) result.name = name;
        if (!toolTurn) request.turns.push((toolTurn = { role: "user", parts: [] }));
        toolTurn.parts.push(result);
        conversationStarted = true;
        return;
      }
      case "function":
        throw new TranslationRefusal(`${at}.role`, "legacy function messages cannot be translated; send tool messages");
      default:
        throw new TranslationRefusal(`${at}.role`, `unknown role ${JSON.stringify(role)}`);
    }
  });
}

/** A system, developer or tool message's content: a string or text parts. */
function readTextContent(content: unknown, at: string): TextPart[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return asArray(content, at).map((part: Json, j) => {
    if (part?.type !== "text") throw new TranslationRefusal(`${at}[${j}].type`, `only text parts can be translated here (got ${JSON.stringify(part?.type)})`);
    return readTextPart(part, `${at}[${j}]`);
  });
}

function readTextPart(part: Json, at: string): TextPart {
  allowKeys(part, at, ["type", "text", "cache_control"]);
  return withMark<TextPart>({ type: "text", text: str(part.text, `${at}.text`) }, part, at);
}

/** `cache_control: {type: "ephemeral", ttl?}` → the breakpoint's lifetime; refused naming the field when it is anything else. */
function cacheMarkOf(value: unknown, at: string): CacheMark["cache"] {
  if (absent(value)) return undefined;
  const control = value as Json;
  allowKeys(control, at, ["type", "ttl"]);
  if (control.type !== "ephemeral") throw new TranslationRefusal(`${at}.type`, `a cache breakpoint's type is "ephemeral" (got ${JSON.stringify(control.type)})`);
  if (absent(control.ttl) || control.ttl === "5m") return "5m";
  if (control.ttl === "1h") return "1h";
  throw new TranslationRefusal(`${at}.ttl`, `a cache breakpoint lives "5m" or "1h" (got ${JSON.stringify(control.ttl)})`);
}

/** A part with the breakpoint its own `cache_control` sets. */
function withMark<T extends CacheMark>(part: T, from: Json, at: string): T {
  const mark = cacheMarkOf(from.cache_control, `${at}.cache_control`);
  if (mark) part.cache = mark;
  return part;
}

/** A message's parts with the breakpoint its message-level `cache_control` sets on the last of them (where Anthropic caches up to). */
function marked<T extends Part>(parts: T[], message: Json, at: string): T[] {
  const mark = cacheMarkOf(message.cache_control, `${at}.cache_control`);
  const last = parts.findLast((part) => part.type !== "reasoning");
  if (mark && last && last.type !== "reasoning") last.cache = mark;
  return parts;
}

function readUserContent(content: unknown, at: string): Part[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return asArray(content, at).map((part: Json, j): Part => {
    const here = `${at}[${j}]`;
    switch (part?.type) {
      case "text":
        return readTextPart(part, here);
      case "image_url": {
        allowKeys(part, here, ["type", "image_url", "cache_control"]);
        const image = typeof part.image_url === "string" ? { url: part.image_url } : (part.image_url ?? {});
        allowKeys(image, `${here}.image_url`, ["url", "detail"]);
        const source = mediaSourceOf(image.url, `${here}.image_url.url`);
        const written: ImagePart = absent(image.detail) ? { type: "image", source } : { type: "image", source, detail: str(image.detail, `${here}.image_url.detail`) };
        return withMark(written, part, here);
      }
      case "file": {
        allowKeys(part, here, ["type", "file", "cache_control"]);
        const file = part.file ?? {};
        allowKeys(file, `${here}.file`, ["file_data", "file_id", "filename"]);
        if (!absent(file.file_id)) throw new TranslationRefusal(`${here}.file.file_id`, "uploaded files cannot be translated (there is no file store upstream); send file_data as a data: URL");
        const inline = typeof file.file_data === "string" ? parseDataUrl(file.file_data) : null;
        if (!inline) throw new TranslationRefusal(`${here}.file.file_data`, "file_data must be a base64 data: URL (data:application/pdf;base64,…) to be translated");
        const document: DocumentPart = { type: "document", source: { kind: "base64", ...inline } };
        if (!absent(file.filename)) document.filename = str(file.filename, `${here}.file.filename`);
        return withMark(document, part, here);
      }
      case "input_audio":
        throw new TranslationRefusal(`${here}.type`, "audio input cannot be translated; send text or call a chat group");
      default:
        throw new TranslationRefusal(`${here}.type`, `content part ${JSON.stringify(part?.type)} cannot be translated`);
    }
  });
}

function readAssistant(message: Json, at: string, callNames: Map<string, string>): Part[] {
  allowKeys(message, at, ["role", "content", "refusal", "tool_calls", "reasoning_content", "reasoning_details", "annotations", "cache_control"]);
  const { leading, beforeCall } = readReasoning(message, at);
  const parts: Part[] = [...leading];
  if (typeof message.content === "string") {
    if (message.content !== "") parts.push({ type: "text", text: message.content });
  } else if (!absent(message.content)) {
    asArray(message.content, `${at}.content`).forEach((part: Json, j) => {
      const here = `${at}.content[${j}]`;
      if (part?.type === "text") parts.push(readTextPart(part, here));
      else if (part?.type === "refusal") {
        allowKeys(part, here, ["type", "refusal"]);
        parts.push({ type: "refusal", text: str(part.refusal, `${here}.refusal`) });
      } else throw new TranslationRefusal(`${here}.type`, `assistant content part ${JSON.stringify(part?.type)} cannot be translated`);
    });
  }
  if (!absent(message.refusal)) parts.push({ type: "refusal", text: str(message.refusal, `${at}.refusal`) });
  if (!absent(message.tool_calls)) {
    asArray(message.tool_calls, `${at}.tool_calls`).forEach((call: Json, k) => {
      const here = `${at}.tool_calls[${k}]`;
      if (call?.type !== "function" && call?.type !== "custom") throw new TranslationRefusal(`${here}.type`, `only function and custom tool calls can be translated (got ${JSON.stringify(call?.type)})`);
      const id = str(call.id, `${here}.id`);
      const { name, args } = call.type === "custom" ? readCustomCall(call, here) : { name: str(call.function?.name, `${here}.function.name`), args: call.function?.arguments };
      callNames.set(id, name);
      const before = beforeCall.get(id);
      if (before) {
        parts.push(...before);
        beforeCall.delete(id);
      }
      parts.push({ type: "tool_call", id, name, arguments: typeof args === "string" ? args : JSON.stringify(args ?? {}) });
    });
  }
  // Carried reasoning that named a call this message no longer has: keep it, at the front.
  for (const orphans of beforeCall.values()) parts.splice(leading.length, 0, ...orphans);
  return parts;
}

/** A custom tool's call: that function's call, its freeform input as the `input` argument. */
function readCustomCall(call: Json, at: string): { name: string; args: string } {
  return { name: str(call.custom?.name, `${at}.custom.name`), args: freeformArguments(str(call.custom?.input, `${at}.custom.input`)) };
}

/** Read only (an assistant message without reasoning has none to place). */
const noneBeforeCall: Map<string, ReasoningPart[]> = new Map();

/**
 * An assistant message's reasoning. `reasoning_details` entries whose data is a carried value go
 * back to their own vendor's form (and place: before the tool call named by the entry's `id`);
 * other entries are chat's own (opaque = the entry as read). `reasoning_content` (DeepSeek, Qwen)
 * is chat's own reasoning too, unless every entry is carried: then it is only their readable text.
 */
function readReasoning(message: Json, at: string): { leading: ReasoningPart[]; beforeCall: Map<string, ReasoningPart[]> } {
  if (absent(message.reasoning_details) && absent(message.reasoning_content)) return { leading: [], beforeCall: noneBeforeCall };
  const leading: ReasoningPart[] = [];
  const beforeCall = new Map<string, ReasoningPart[]>();
  const details = absent(message.reasoning_details) ? [] : asArray(message.reasoning_details, `${at}.reasoning_details`);
  const text = absent(message.reasoning_content) ? undefined : str(message.reasoning_content, `${at}.reasoning_content`);
  const carried = details.map((entry: Json) => uncarry(entry?.data));
  const allCarried = details.length > 0 && carried.every((c) => c !== null);
  if (text !== undefined && !allCarried) leading.push({ type: "reasoning", text, opaque: { origin: "chat", value: { reasoning_content: text } } });
  let textGiven = !allCarried;
  details.forEach((entry: Json, k) => {
    if (typeof entry !== "object" || entry === null) throw new TranslationRefusal(`${at}.reasoning_details[${k}]`, "expected a reasoning_details entry object");
    const found = carried[k];
    if (!found) {
      const own: ReasoningPart = { type: "reasoning", opaque: { origin: "chat", value: entry } };
      const readable = typeof entry.text === "string" ? entry.text : typeof entry.summary === "string" ? entry.summary : undefined;
      if (readable !== undefined) own.text = readable;
      leading.push(own);
      return;
    }
    const part: ReasoningPart = { type: "reasoning", opaque: found.opaque };
    if (!textGiven && text !== undefined) part.text = text;
    textGiven = true;
    if (found.attachesToNext) part.attachesToNext = true;
    if (entry.format === carriedFormat && typeof entry.id === "string") beforeCall.set(entry.id, [...(beforeCall.get(entry.id) ?? []), part]);
    else leading.push(part);
  });
  return { leading, beforeCall };
}

/** Refuses a set field (not null) that this reader has no slot for, naming its path. */
function allowKeys(object: Json, at: string, allowed: string[]): void {
  if (typeof object !== "object" || object === null) throw new TranslationRefusal(at, "expected an object");
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key) && !absent(object[key])) {
      throw new TranslationRefusal(`${at}.${key}`, `${key} has no equivalent in the canonical form, so it cannot be translated; remove it or call a chat group`);
    }
  }
}

function asArray(value: unknown, at: string): any[] {
  if (!Array.isArray(value)) throw new TranslationRefusal(at, "expected an array");
  return value;
}

function str(value: unknown, at: string): string {
  if (typeof value !== "string") throw new TranslationRefusal(at, "expected a string");
  return value;
}

function num(value: unknown, at: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new TranslationRefusal(at, "expected a number");
  return value;
}

function bool(value: unknown, at: string): boolean {
  if (typeof value !== "boolean") throw new TranslationRefusal(at, "expected a boolean");
  return value;
}
