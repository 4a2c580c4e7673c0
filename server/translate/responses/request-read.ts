// OpenAI Responses request (caller side) → canonical. What has no canonical slot is refused with
// the caller's path to it; the few fields that are harmless to leave behind are listed here:
// - `stream`, `stream_options`: the relay streams upstream always; `options.stream` says what the caller wants.
// - `store`: a translated call keeps nothing; `store:false` is what it does anyway, and `store:true`
//   (or absent) is accepted too, but the response is not stored (a later `previous_response_id`
//   naming it is refused, see below).
// - `include`: `reasoning.encrypted_content` is honoured by always carrying reasoning; other
//   includes (logprobs, sources) are not produced by a translated call.
// - `metadata`, `client_metadata` (Codex): labels for stored responses; nothing is stored.
// - `truncation`, `service_tier`: server-side hints of OpenAI's own platform that another upstream has no use for.
// - `prompt_cache_key`, `prompt_cache_retention`, `prompt_cache_options` are read as the caller's
//   request for prompt caching (openai-prompt-cache.ts); a part's `prompt_cache_breakpoint` (explicit
//   mode, which then adds no caching of ours) is not carried.
// - `text.verbosity: "medium"` (the default) is accepted; another verbosity is refused.
// - On items: message `id`/`status`, function_call and custom_tool_call `id`/`status`, output_text
//   `annotations`/`logprobs` are output bookkeeping, not model input.
// - Custom tools (freeform text in, Codex's apply_patch) become function tools of one string argument,
//   `input` (freeform-tools.ts); their calls and outputs in `input` become that function's calls and results.
// - Hosted tools OpenAI runs inside the response (`web_search`, `file_search`, `code_interpreter`,
//   `image_generation`) are left out of the upstream request: the model there simply does not have
//   them. Codex declares `web_search` by default, so refusing it would refuse every Codex turn. A
//   `tool_choice` that forces one is refused.
// - `tool_choice: {type:"allowed_tools", mode, tools}` is the canonical `allowed` choice. Each entry
//   names a declared function (a namespace's by its name, with `namespace` where two have it) or
//   custom tool, or is refused naming `tool_choice.tools[i]`. An allowed hosted tool is left out of
//   the list, as it is left out of the tools; when none other is allowed, mode required is refused
//   (the upstream has nothing to call) and mode auto is `none` (nothing it has may be called).
// - A `namespace` tool's functions go upstream one by one, named by namespaces.ts; the calls come
//   back to the caller as `function_call` items with `namespace` again (items.ts). A `tool_choice`
//   naming one of those functions (with `namespace` where two namespaces have the name) forces it
//   under its upstream name; a `custom_tool_call` in `input` with a `namespace` keeps it too.
// - A `compaction_trigger` (last in `input`) asks the model for a summary, answered as a `compaction`
//   item; a `compaction` item of ours in `input` becomes the summary in a user turn (compaction.ts).
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
  type ToolChoice,
  type ToolDefinition,
  type ToolResultPart,
  type Turn,
  TranslationRefusal,
} from "../canonical.ts";
import { promptCacheFields, readPromptCache } from "../openai-prompt-cache.ts";
import { freeformArguments, freeformParameters } from "../freeform-tools.ts";
import { compactedText, compactionRequest } from "./compaction.ts";
import { qualifiedName } from "./namespaces.ts";

type Json = Record<string, any>;

const ignored = new Set([
  "model",
  "stream",
  "stream_options",
  "store",
  "include",
  "metadata",
  "client_metadata",
  "truncation",
  "service_tier",
]);
const read = new Set([
  "input",
  "instructions",
  "tools",
  "tool_choice",
  "parallel_tool_calls",
  "text",
  "max_output_tokens",
  "temperature",
  "top_p",
  "reasoning",
  "user",
  "safety_identifier",
  ...promptCacheFields,
]);
/** Refused when present with a value that asks for something; `null`/`false`/0 ask for nothing. */
const refusedWhenSet: Record<string, string> = {
  previous_response_id: "a translated call keeps no state between responses: send the whole conversation in `input` (with `store: false`)",
  conversation: "a translated call keeps no conversation state: send the whole conversation in `input`",
  background: "background responses are not available on a translated call: stream instead",
  prompt: "stored prompt templates are not available on a translated call: send the instructions and input themselves",
  top_logprobs: "log probabilities are not available on a translated call: remove `top_logprobs`",
  max_tool_calls: "the upstream has no limit on built-in tool calls: remove `max_tool_calls`",
  context_management: "server-side context management is not available on a translated call: remove `context_management`",
  moderation: "moderation settings are not available on a translated call: remove `moderation`",
};
const builtInTools = "built-in tools run on OpenAI's platform only; a translated call supports function and custom tools";
/** Why a tool of this type cannot be declared on a translated call (a namespace or a custom tool only where it is, inside a namespace). */
function toolRefusal(type: unknown): string {
  if (type === "namespace") return "`namespace`: a namespace inside a namespace is not available on a translated call; declare it at the top level of `tools`";
  if (type === "custom") return "`custom`: a custom tool inside a namespace is not available on a translated call; declare it at the top level of `tools`";
  return `\`${type}\`: ${builtInTools}`;
}

export function readRequest(body: Json, options: { stream: boolean; model: string }): CanonicalRequest {
  for (const [key, value] of Object.entries(body)) {
    if (ignored.has(key) || read.has(key)) continue;
    const reason = refusedWhenSet[key];
    if (reason !== undefined) {
      if (value === null || value === false || value === 0) continue;
      throw new TranslationRefusal(key, reason);
    }
    if (value === null) continue;
    throw new TranslationRefusal(key, `\`${key}\` is not supported on a translated call: remove it`);
  }
  const request: CanonicalRequest = { model: options.model, system: [], turns: [], tools: [], stream: options.stream };
  if (typeof body.instructions === "string" && body.instructions !== "") request.system.push({ type: "text", text: body.instructions });
  readInput(body.input, request);
  if (body.tools != null) request.tools = readTools(body.tools);
  if (body.tool_choice != null) request.toolChoice = readToolChoice(body.tool_choice, request.tools);
  if (request.toolChoice?.type === "required" && request.tools.length === 0 && Array.isArray(body.tools) && body.tools.length > 0)
    throw new TranslationRefusal("tool_choice", "`required` forces a tool call, but every tool declared runs on OpenAI's platform and is left out upstream: declare a function tool, or use auto");
  if (typeof body.parallel_tool_calls === "boolean") request.parallelToolCalls = body.parallel_tool_calls;
  // A compaction's answer is a summary: the tools stay declared (the prompt's prefix, and its cache, stay the same), none may be called.
  if (request.compaction && request.tools.length) request.toolChoice = { type: "none" };
  if (body.text != null) {
    const output = readText(body.text);
    if (output) request.output = output;
  }
  if (typeof body.max_output_tokens === "number") request.maxOutputTokens = body.max_output_tokens;
  if (typeof body.temperature === "number") request.temperature = body.temperature;
  if (typeof body.top_p === "number") request.topP = body.top_p;
  if (body.reasoning != null) {
    const reasoning = readReasoning(body.reasoning);
    if (reasoning) request.reasoning = reasoning;
  }
  const user = readUser(body);
  if (user !== undefined) request.user = user;
  const promptCache = readPromptCache(body);
  if (promptCache) request.promptCache = promptCache;
  return request;
}

function readUser(body: Json): string | undefined {
  const { user, safety_identifier: id } = body;
  if (typeof user === "string" && typeof id === "string" && user !== id)
    throw new TranslationRefusal("user", "`user` and `safety_identifier` differ; a translated call carries one end-user id: send `safety_identifier` only");
  return typeof id === "string" ? id : typeof user === "string" ? user : undefined;
}

function readInput(input: unknown, request: CanonicalRequest): void {
  if (input == null) return;
  if (typeof input === "string") {
    request.turns.push({ role: "user", parts: [{ type: "text", text: input }] });
    return;
  }
  if (!Array.isArray(input)) throw new TranslationRefusal("input", "`input` must be a string or a list of items");
  const turns = request.turns;
  const last = () => turns[turns.length - 1] as Turn | undefined;
  const assistantTurn = (): Turn => {
    const turn = last();
    if (turn?.role === "assistant") return turn;
    const fresh: Turn = { role: "assistant", parts: [] };
    turns.push(fresh);
    return fresh;
  };
  /** Words of ours (compaction.ts) as a user turn, after any tool results as the caller's own words go. */
  const userText = (text: string) => {
    const turn = last();
    if (turn && onlyToolResults(turn)) turn.parts.push({ type: "text", text });
    else turns.push({ role: "user", parts: [{ type: "text", text }] });
  };
  input.forEach((item: Json, i: number) => {
    const path = `input[${i}]`;
    const type = item?.type ?? "message";
    if (type === "message") {
      const role = item.role;
      if (role === "system" || role === "developer") {
        const parts = messageParts(item.content, `${path}.content`, "system") as TextPart[];
        if (turns.length === 0) request.system.push(...parts);
        else turns.push({ role: "system", parts });
      } else if (role === "user") {
        const parts = messageParts(item.content, `${path}.content`, "user");
        const turn = last();
        // Tool results then the user's words: one user turn, as Anthropic shapes it.
        if (turn && onlyToolResults(turn)) turn.parts.push(...parts);
        else turns.push({ role: "user", parts });
      } else if (role === "assistant") {
        assistantTurn().parts.push(...messageParts(item.content, `${path}.content`, "assistant"));
      } else throw new TranslationRefusal(`${path}.role`, `role \`${role}\` is not one of user, assistant, system, developer`);
    } else if (type === "function_call") {
      if (typeof item.call_id !== "string" || typeof item.name !== "string")
        throw new TranslationRefusal(path, "a function_call item needs `call_id` and `name`");
      const args = typeof item.arguments === "string" ? item.arguments : JSON.stringify(item.arguments ?? {});
      const name = typeof item.namespace === "string" ? qualifiedName(item.namespace, item.name) : item.name;
      assistantTurn().parts.push({ type: "tool_call", id: item.call_id, name, arguments: args });
    } else if (type === "custom_tool_call") {
      if (typeof item.call_id !== "string" || typeof item.name !== "string" || typeof item.input !== "string")
        throw new TranslationRefusal(path, "a custom_tool_call item needs `call_id`, `name` and `input`");
      // One made inside a namespace (OpenAI allows custom tools there) keeps it, as a function call does.
      const name = typeof item.namespace === "string" ? qualifiedName(item.namespace, item.name) : item.name;
      assistantTurn().parts.push({ type: "tool_call", id: item.call_id, name, arguments: freeformArguments(item.input) });
    } else if (type === "function_call_output" || type === "custom_tool_call_output") {
      const result = toolResult(item, type, path, turns);
      const turn = last();
      if (turn && onlyToolResults(turn)) turn.parts.push(result);
      else turns.push({ role: "user", parts: [result] });
    } else if (type === "reasoning") {
      assistantTurn().parts.push(reasoningPart(item));
    } else if (type === "compaction_trigger") {
      if (i !== input.length - 1) throw new TranslationRefusal(path, "`compaction_trigger` must be the last input item");
      request.compaction = true;
      userText(compactionRequest);
    } else if (type === "compaction") {
      userText(compactedText(item, path));
    } else {
      throw new TranslationRefusal(
        `${path}.type`,
        type === "item_reference"
          ? "item references point at stored items, and a translated call stores nothing: send the item itself"
          : `\`${type}\` items belong to OpenAI's built-in tools and are not available on a translated call`,
      );
    }
  });
}

function onlyToolResults(turn: Turn): boolean {
  return turn.role === "user" && turn.parts.length > 0 && turn.parts.every((part) => part.type === "tool_result");
}

/** A reasoning item: carried reasoning from another upstream is unwrapped; our own is kept as read. */
function reasoningPart(item: Json): ReasoningPart {
  const summary = Array.isArray(item.summary) ? item.summary.map((entry: Json) => entry?.text).filter((text: unknown) => typeof text === "string") : [];
  const content = Array.isArray(item.content) ? item.content.map((entry: Json) => entry?.text).filter((text: unknown) => typeof text === "string") : [];
  const texts: string[] = summary.length ? summary : content;
  const part: ReasoningPart = { type: "reasoning" };
  if (texts.length) part.text = texts.join("\n\n");
  const carried = uncarry(item.encrypted_content);
  if (carried) {
    part.opaque = carried.opaque;
    if (carried.attachesToNext) part.attachesToNext = true;
  } else part.opaque = { origin: "responses", value: item };
  return part;
}

function toolResult(item: Json, type: string, path: string, turns: Turn[]): ToolResultPart {
  if (typeof item.call_id !== "string") throw new TranslationRefusal(`${path}.call_id`, `a ${type} item needs \`call_id\``);
  const output = item.output;
  const content: ToolResultPart["content"] =
    typeof output === "string"
      ? [{ type: "text", text: output }]
      : Array.isArray(output)
        ? (messageParts(output, `${path}.output`, "user") as ToolResultPart["content"])
        : (() => {
            throw new TranslationRefusal(`${path}.output`, "`output` must be a string or a list of content parts");
          })();
  const result: ToolResultPart = { type: "tool_result", callId: item.call_id, content };
  const name = callName(turns, item.call_id);
  if (name !== undefined) result.name = name;
  return result;
}

function callName(turns: Turn[], callId: string): string | undefined {
  for (let t = turns.length - 1; t >= 0; t--)
    for (const part of turns[t].parts) if (part.type === "tool_call" && part.id === callId) return part.name;
  return undefined;
}

type Side = "system" | "user" | "assistant";

function messageParts(content: unknown, path: string, side: Side): Part[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) throw new TranslationRefusal(path, "message content must be a string or a list of parts");
  return content.map((part: Json, j: number) => contentPart(part, `${path}[${j}]`, side));
}

function contentPart(part: Json, path: string, side: Side): Part {
  const type = part?.type;
  if (type === "input_text" || type === "output_text" || type === "text") {
    if (typeof part.text !== "string") throw new TranslationRefusal(`${path}.text`, "a text part needs `text`");
    return { type: "text", text: part.text };
  }
  if (type === "refusal" && side === "assistant") return { type: "refusal", text: String(part.refusal ?? "") };
  if (side === "user" && type === "input_image") return imagePart(part, path);
  if (side === "user" && type === "input_file") return documentPart(part, path);
  const where = side === "user" ? "" : ` in a ${side === "system" ? "system/developer" : "assistant"} message`;
  throw new TranslationRefusal(`${path}.type`, `\`${type}\` content is not available${where} on a translated call`);
}

function imagePart(part: Json, path: string): ImagePart {
  if (part.file_id != null) throw new TranslationRefusal(`${path}.file_id`, "uploaded files live on OpenAI's platform: send the image as `image_url` (a data URL or an https URL)");
  if (typeof part.image_url !== "string") throw new TranslationRefusal(`${path}.image_url`, "an input_image needs `image_url`");
  const image: ImagePart = { type: "image", source: mediaSource(part.image_url) };
  if (typeof part.detail === "string") image.detail = part.detail;
  return image;
}

function documentPart(part: Json, path: string): DocumentPart {
  if (part.file_id != null) throw new TranslationRefusal(`${path}.file_id`, "uploaded files live on OpenAI's platform: send the file as `file_data` (a data URL) or `file_url`");
  let source: MediaSource;
  if (typeof part.file_data === "string") {
    source = part.file_data.startsWith("data:") ? mediaSource(part.file_data) : { kind: "base64", mediaType: mediaTypeOf(part.filename, path), data: part.file_data };
  } else if (typeof part.file_url === "string") source = { kind: "url", url: part.file_url };
  else throw new TranslationRefusal(path, "an input_file needs `file_data` or `file_url`");
  const document: DocumentPart = { type: "document", source };
  if (typeof part.filename === "string") document.filename = part.filename;
  return document;
}

const extensions: Record<string, string> = { pdf: "application/pdf", txt: "text/plain", md: "text/markdown", csv: "text/csv", html: "text/html", json: "application/json" };

function mediaTypeOf(filename: unknown, path: string): string {
  const extension = typeof filename === "string" ? filename.split(".").pop()?.toLowerCase() : undefined;
  const type = extension ? extensions[extension] : undefined;
  if (!type) throw new TranslationRefusal(`${path}.file_data`, "send `file_data` as a data URL (`data:<media type>;base64,…`) so its type is known");
  return type;
}

export function mediaSource(url: string): MediaSource {
  const match = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  if (match) return { kind: "base64", mediaType: match[1], data: match[2] };
  return { kind: "url", url };
}

/** Run on OpenAI's platform within the response; on a translated call they are left out (see the top). */
const hostedTools = new Set(["web_search", "web_search_2025_08_26", "web_search_preview", "web_search_preview_2025_03_11", "file_search", "code_interpreter", "image_generation"]);

function readTools(tools: unknown): ToolDefinition[] {
  if (!Array.isArray(tools)) throw new TranslationRefusal("tools", "`tools` must be a list");
  let namespaced = false;
  const definitions = tools.flatMap((tool: Json, i: number): ToolDefinition | ToolDefinition[] => {
    if (hostedTools.has(tool?.type)) return [];
    if (tool?.type === "custom") return customTool(tool, `tools[${i}]`);
    if (tool?.type === "namespace") {
      namespaced = true;
      return namespaceFunctions(tool, `tools[${i}]`);
    }
    if (tool?.type !== "function") throw new TranslationRefusal(`tools[${i}].type`, toolRefusal(tool?.type));
    if (typeof tool.name !== "string" || tool.name === "") throw new TranslationRefusal(`tools[${i}].name`, "a function tool needs `name`");
    for (const key of Object.keys(tool))
      if (!["type", "name", "description", "parameters", "strict"].includes(key) && tool[key] != null)
        throw new TranslationRefusal(`tools[${i}].${key}`, `\`${key}\` on a function tool is not available on a translated call`);
    const definition: ToolDefinition = { name: tool.name, parameters: tool.parameters ?? { type: "object", properties: {} } };
    if (typeof tool.description === "string") definition.description = tool.description;
    if (typeof tool.strict === "boolean") definition.strict = tool.strict;
    return definition;
  });
  if (namespaced) refuseTakenNames(tools, definitions);
  return definitions;
}

/** A namespace's functions as function tools under qualified names (namespaces.ts), each told what its namespace is for. */
function namespaceFunctions(namespace: Json, path: string): ToolDefinition[] {
  if (typeof namespace.name !== "string" || namespace.name === "") throw new TranslationRefusal(`${path}.name`, "a namespace tool needs `name`");
  if (!Array.isArray(namespace.tools)) throw new TranslationRefusal(`${path}.tools`, "a namespace tool needs `tools`, a list of function tools");
  for (const key of Object.keys(namespace))
    if (!["type", "name", "description", "tools"].includes(key) && namespace[key] != null)
      throw new TranslationRefusal(`${path}.${key}`, `\`${key}\` on a namespace tool is not available on a translated call`);
  const about = typeof namespace.description === "string" && namespace.description !== "" ? namespace.description : undefined;
  return namespace.tools.map((tool: Json, j: number) => {
    const at = `${path}.tools[${j}]`;
    if (tool?.type !== "function") throw new TranslationRefusal(`${at}.type`, toolRefusal(tool?.type));
    if (typeof tool.name !== "string" || tool.name === "") throw new TranslationRefusal(`${at}.name`, "a function tool needs `name`");
    // `defer_loading` asks OpenAI to reveal the function only through tool search; upstream it is simply declared.
    for (const key of Object.keys(tool))
      if (!["type", "name", "description", "parameters", "strict", "defer_loading"].includes(key) && tool[key] != null)
        throw new TranslationRefusal(`${at}.${key}`, `\`${key}\` on a function tool is not available on a translated call`);
    const definition: ToolDefinition = {
      name: qualifiedName(namespace.name, tool.name),
      parameters: tool.parameters ?? { type: "object", properties: {} },
      inNamespace: { namespace: namespace.name, name: tool.name },
    };
    if (about !== undefined) definition.inNamespace!.description = about;
    const own = typeof tool.description === "string" && tool.description !== "" ? tool.description : undefined;
    if (about !== undefined || own !== undefined) definition.description = [about, own].filter(Boolean).join("\n\n");
    if (typeof tool.strict === "boolean") definition.strict = tool.strict;
    return definition;
  });
}

/** A qualified name must name one tool only, or a call to it could not be told apart. */
function refuseTakenNames(tools: Json[], definitions: ToolDefinition[]): void {
  const seen = new Set<string>();
  for (const definition of definitions) {
    if (!seen.has(definition.name)) {
      seen.add(definition.name);
      continue;
    }
    const clash = definitions.find((other) => other.name === definition.name && other.inNamespace)?.inNamespace;
    if (!clash) continue; // two plain functions of one name: the upstream says so, as before
    const i = tools.findIndex((tool) => tool?.type === "namespace" && tool.name === clash.namespace);
    throw new TranslationRefusal(
      `tools[${i}]`,
      `function \`${clash.name}\` of namespace \`${clash.namespace}\` goes upstream as \`${definition.name}\`, which another tool is named too: rename one of them`,
    );
  }
}

/** A custom tool: a function of one string, `input`, whose description carries the grammar if there is one. */
function customTool(tool: Json, path: string): ToolDefinition {
  for (const key of Object.keys(tool))
    if (!["type", "name", "description", "format"].includes(key) && tool[key] != null)
      throw new TranslationRefusal(`${path}.${key}`, `\`${key}\` on a custom tool is not available on a translated call`);
  if (typeof tool.name !== "string" || tool.name === "") throw new TranslationRefusal(`${path}.name`, "a custom tool needs `name`");
  const format = tool.format ?? undefined;
  if (
    format !== undefined &&
    format.type !== "text" &&
    !(format.type === "grammar" && (format.syntax === "lark" || format.syntax === "regex") && typeof format.definition === "string")
  )
    throw new TranslationRefusal(`${path}.format`, "a custom tool's format is {type:\"text\"} or {type:\"grammar\", syntax:\"lark\"|\"regex\", definition}");
  const definition: ToolDefinition = { name: tool.name, parameters: freeformParameters(format), freeform: format === undefined ? {} : { format } };
  if (typeof tool.description === "string") definition.description = tool.description;
  return definition;
}

function readToolChoice(choice: unknown, tools: ToolDefinition[]): ToolChoice {
  if (choice === "auto" || choice === "none" || choice === "required") return { type: choice };
  const object = choice as Json;
  // A function declared nowhere goes as named: the upstream says so, as for any unknown name.
  if (object?.type === "function" && typeof object.name === "string") return { type: "tool", name: chosenFunction(object, tools, "tool_choice") ?? object.name };
  if (object?.type === "custom" && typeof object.name === "string") return { type: "tool", name: object.name };
  if (object?.type === "allowed_tools") return readAllowedTools(object, tools);
  const type = typeof choice === "string" ? choice : object?.type;
  if (hostedTools.has(type)) throw new TranslationRefusal("tool_choice", `tool_choice \`${type}\` forces a tool that runs on OpenAI's platform, which the translated upstream does not have: use auto, none, required, allowed_tools, {type:"function",name} or {type:"custom",name}`);
  throw new TranslationRefusal("tool_choice", `tool_choice \`${type}\` is not available on a translated call: use auto, none, required, allowed_tools, {type:"function",name} or {type:"custom",name}`);
}

/** `{type:"allowed_tools", mode, tools}`: the declared tools it names, hosted ones left out (see the top). */
function readAllowedTools(choice: Json, tools: ToolDefinition[]): ToolChoice {
  for (const key of Object.keys(choice))
    if (!["type", "mode", "tools"].includes(key) && choice[key] != null)
      throw new TranslationRefusal(`tool_choice.${key}`, `\`${key}\` on an allowed_tools tool choice is not available on a translated call`);
  if (choice.mode !== "auto" && choice.mode !== "required") throw new TranslationRefusal("tool_choice.mode", "`mode` is `auto` or `required`");
  if (!Array.isArray(choice.tools)) throw new TranslationRefusal("tool_choice.tools", "`tools` must be a list of the tools the model may call");
  const names = new Set<string>();
  let hosted = false;
  choice.tools.forEach((entry: Json, i: number) => {
    const at = `tool_choice.tools[${i}]`;
    if (hostedTools.has(entry?.type)) {
      hosted = true;
      return;
    }
    const name = entry?.type === "function" && typeof entry.name === "string" ? chosenFunction(entry, tools, at) : entry?.type === "custom" && tools.some((tool) => tool.freeform && tool.name === entry.name) ? (entry.name as string) : undefined;
    if (name === undefined) {
      const what = entry?.type === "function" || entry?.type === "custom" ? `${entry.type} tool \`${entry.name}\` is not declared in \`tools\`` : `\`${entry?.type}\` tools are not available on a translated call`;
      throw new TranslationRefusal(at, `${what}: allow only function and custom tools declared in \`tools\` ({type:"function",name} or {type:"custom",name}), or remove the entry`);
    }
    names.add(name);
  });
  if (names.size > 0) return { type: "allowed", names: [...names], required: choice.mode === "required" };
  if (choice.mode === "auto") return { type: "none" };
  throw new TranslationRefusal(
    "tool_choice.tools",
    hosted
      ? "mode `required` allows only tools that run on OpenAI's platform, which the translated upstream does not have: allow a function or custom tool, or use mode auto"
      : "mode `required` needs at least one tool to call: allow a declared function or custom tool, or use mode auto",
  );
}

/**
 * The upstream name of the function a tool choice names (at `at`): a top-level function by its own
 * name, a namespace's function by its name (and `namespace`, where two namespaces have one of that
 * name); undefined when none is declared so.
 */
function chosenFunction(choice: Json, tools: ToolDefinition[], at: string): string | undefined {
  const name: string = choice.name;
  const namespace = typeof choice.namespace === "string" ? choice.namespace : undefined;
  if (namespace === undefined && tools.some((tool) => !tool.inNamespace && !tool.freeform && tool.name === name)) return name;
  const found = tools.filter((tool) => tool.inNamespace?.name === name && (namespace === undefined || tool.inNamespace.namespace === namespace));
  if (found.length === 1) return found[0].name;
  if (namespace !== undefined)
    throw new TranslationRefusal(at, `there is no function \`${name}\` in namespace \`${namespace}\` among \`tools\`: name a function declared there`);
  if (found.length > 1) {
    const namespaces = found.map((tool) => `\`${tool.inNamespace!.namespace}\``).join(" and ");
    throw new TranslationRefusal(at, `function \`${name}\` is in namespaces ${namespaces}: add \`namespace\` to \`${at}\` to say which`);
  }
  return undefined;
}

function readText(text: Json): OutputFormat | undefined {
  for (const key of Object.keys(text)) {
    if (key === "format" || text[key] == null) continue;
    if (key === "verbosity" && text.verbosity === "medium") continue;
    throw new TranslationRefusal(`text.${key}`, `\`text.${key}\` has no counterpart upstream: remove it`);
  }
  const format = text.format;
  if (format == null) return undefined;
  if (format.type === "text" || format.type === "json_object") return { type: format.type };
  if (format.type === "json_schema") {
    const output: OutputFormat = { type: "json_schema", name: format.name, schema: format.schema ?? {} };
    if (typeof format.strict === "boolean") output.strict = format.strict;
    if (typeof format.description === "string") output.description = format.description;
    return output;
  }
  throw new TranslationRefusal("text.format.type", `text format \`${format.type}\` is not available on a translated call`);
}

const efforts = new Set(["none", "minimal", "low", "medium", "high", "xhigh"]);

function readReasoning(reasoning: Json): ReasoningSettings | undefined {
  const settings: ReasoningSettings = {};
  for (const [key, value] of Object.entries(reasoning)) {
    if (value == null) continue;
    if (key === "effort") {
      if (!efforts.has(value)) throw new TranslationRefusal("reasoning.effort", `reasoning effort \`${value}\` is not known`);
      settings.effort = value;
    } else if (key === "summary" || key === "generate_summary") {
      settings.summary = value;
      settings.includeThoughts = value !== "none";
    } else throw new TranslationRefusal(`reasoning.${key}`, `\`reasoning.${key}\` has no counterpart upstream: remove it`);
  }
  return Object.keys(settings).length ? settings : undefined;
}
