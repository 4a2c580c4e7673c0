// Caller side: a generateContent body (camelCase, or the snake_case the API also takes) → canonical.
// Refused, naming the field: audio/video and other non-image, non-document media; Files API URIs
// (other vendors cannot read them); executableCode / codeExecutionResult parts; server tools
// (googleSearch, codeExecution, urlContext, googleSearchRetrieval, …); allowedFunctionNames beside a
// mode other than ANY or VALIDATED, or naming an undeclared function; candidateCount > 1; response modalities other than TEXT;
// logprobs; responseMimeType other than JSON / plain text; safetySettings that ask for blocking
// (other vendors have no such filter to set); cachedContent; any key this reader does not know.
// Ignored on purpose: `labels` (billing labels for the caller's own Google project), `model` (the
// path names the model), `session_id` (Gemini CLI's session tag), safetySettings whose thresholds
// are BLOCK_NONE / OFF (they ask for no filtering, which is what other vendors' APIs already do),
// candidateCount 1, responseModalities ["TEXT"], responseLogprobs false, a systemInstruction's role.
import { uncarryAll } from "../carry.ts";
import { type CanonicalRequest, type ImagePart, type DocumentPart, type Part, type ReasoningPart, type ToolChoice, type ToolDefinition, type Turn, type TextPart, TranslationRefusal } from "../canonical.ts";
import { isObject, jsonSchemaOf, mediaKind, pick, placedCallId, textOfResponse } from "./common.ts";

type Json = Record<string, any>;

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every key of `object` must be one of `allowed` (in either spelling). */
function onlyKeys(object: Json, allowed: readonly string[], path: string, remedy: (key: string) => string): void {
  for (const key of Object.keys(object)) if (!allowed.includes(camel(key))) throw new TranslationRefusal(`${path}${path ? "." : ""}${key}`, remedy(key));
}

const topLevel = ["contents", "systemInstruction", "tools", "toolConfig", "generationConfig", "safetySettings", "cachedContent", "labels", "model", "sessionId"] as const;
const serverTools: Record<string, string> = {
  googleSearch: "Google Search grounding",
  googleSearchRetrieval: "Google Search retrieval",
  codeExecution: "code execution",
  urlContext: "URL context",
  fileSearch: "file search",
  googleMaps: "Google Maps grounding",
  computerUse: "computer use",
  retrieval: "retrieval",
  enterpriseWebSearch: "enterprise web search",
};

export function readRequest(body: Json, options: { stream: boolean; model: string }): CanonicalRequest {
  onlyKeys(body, topLevel, "", (key) => `${key} has no counterpart in the upstream's format; remove it to use this model.`);
  if (pick(body, "cachedContent") !== undefined)
    throw new TranslationRefusal("cachedContent", "Cached content lives in Gemini's own cache and cannot be sent to another vendor; send the contents themselves.");
  readSafety(pick(body, "safetySettings"));

  const request: CanonicalRequest = { model: options.model, system: readSystem(pick(body, "systemInstruction")), turns: [], tools: [], stream: options.stream };
  const calls = new CallIds();
  (body.contents as Json[]).forEach((content, i) => request.turns.push(readContent(content, `contents[${i}]`, calls)));
  const tools = pick(body, "tools");
  if (tools !== undefined) request.tools = readTools(tools);
  const toolConfig = pick(body, "toolConfig");
  if (toolConfig !== undefined) readToolConfig(toolConfig, request);
  const config = pick(body, "generationConfig");
  if (config !== undefined) readGenerationConfig(config, request);
  return request;
}

function readSafety(settings: unknown): void {
  if (settings === undefined) return;
  (settings as Json[]).forEach((setting, i) => {
    const threshold = setting?.threshold;
    if (threshold !== "BLOCK_NONE" && threshold !== "OFF")
      throw new TranslationRefusal(
        `safetySettings[${i}].threshold`,
        "Gemini's safety thresholds cannot be set on another vendor's model, so this filter would not apply; remove the setting (or use BLOCK_NONE / OFF).",
      );
  });
}

function readSystem(instruction: unknown): TextPart[] {
  if (instruction === undefined) return [];
  if (typeof instruction === "string") return [{ type: "text", text: instruction }];
  return ((instruction as Json).parts as Json[]).map((part, k) => {
    if (typeof part.text !== "string" || Object.keys(part).length !== 1)
      throw new TranslationRefusal(`systemInstruction.parts[${k}]`, "Only text system instructions can be translated; move media into the first user turn.");
    return { type: "text", text: part.text };
  });
}

/**
 * Call ids, and id-less responses matched to their calls by name, in order. A call's id is kept
 * whether it came with one (a translated answer's `toolu_…`/`call_…`, echoed back by the SDK) or
 * was made up here, since a client may answer an id'd call with an id-less functionResponse. Ids
 * made up here depend on the part's place (`contents[i].parts[j]`), never on chance, so the same
 * history is translated to the same bytes on every turn.
 */
class CallIds {
  private pending = new Map<string, string[]>();
  forCall(name: string, id: unknown, place: string): string {
    const callId = typeof id === "string" && id ? id : placedCallId(place, name);
    const queue = this.pending.get(name) ?? [];
    queue.push(callId);
    this.pending.set(name, queue);
    return callId;
  }
  forResponse(name: string, id: unknown, place: string): string {
    const queue = this.pending.get(name);
    if (typeof id === "string" && id) {
      const at = queue?.indexOf(id) ?? -1;
      if (at >= 0) queue!.splice(at, 1);
      return id;
    }
    // A response to no call of its name: an id of its own place (the upstream will say it answers nothing).
    return queue?.shift() ?? placedCallId(place, name);
  }
}

function readContent(content: Json, path: string, calls: CallIds): Turn {
  const role = content.role ?? "user";
  if (role !== "user" && role !== "model" && role !== "function") throw new TranslationRefusal(`${path}.role`, "Roles are user and model.");
  onlyKeys(content, ["role", "parts"], path, () => "This content field cannot be translated; remove it.");
  const parts: Part[] = [];
  (content.parts as Json[]).forEach((part, j) => parts.push(...readPart(part, `${path}.parts[${j}]`, calls)));
  return { role: role === "model" ? "assistant" : "user", parts };
}

const partKeys = ["text", "thought", "thoughtSignature", "inlineData", "fileData", "functionCall", "functionResponse"] as const;

/** The reasoning a signature stands for: Gemini's own, or what Tollgate carried in it (several blocks in a row share one, see stream-write.ts). */
function reasoningOfSignature(signature: string, onContentPart: boolean): ReasoningPart[] {
  const carried = uncarryAll(signature);
  if (carried) return carried.map(({ opaque, attachesToNext }) => (attachesToNext ? { type: "reasoning", opaque, attachesToNext: true } : { type: "reasoning", opaque }));
  const part: ReasoningPart = { type: "reasoning", opaque: { origin: "generate-content", value: { thoughtSignature: signature } } };
  if (onContentPart) part.attachesToNext = true;
  return [part];
}

function readPart(part: Json, path: string, calls: CallIds): Part[] {
  if (pick(part, "executableCode") !== undefined || pick(part, "codeExecutionResult") !== undefined)
    throw new TranslationRefusal(path, "Code execution parts belong to Gemini's code execution tool, which other vendors do not run; remove them from the history.");
  onlyKeys(part, partKeys, path, (key) => `Part field ${key} has no counterpart in the upstream's format; remove it.`);
  const signature = pick(part, "thoughtSignature");
  if (part.thought === true) {
    const text = typeof part.text === "string" ? part.text : "";
    if (typeof signature !== "string") return [{ type: "reasoning", text }];
    const reasoning = reasoningOfSignature(signature, false);
    if (text !== "") reasoning[0].text = text;
    return reasoning;
  }
  const out: Part[] = typeof signature === "string" ? reasoningOfSignature(signature, true) : [];
  if (typeof part.text === "string") out.push({ type: "text", text: part.text });
  const inline = pick(part, "inlineData");
  if (inline !== undefined) out.push(readInline(inline, `${path}.inlineData`));
  const file = pick(part, "fileData");
  if (file !== undefined) out.push(readFile(file, `${path}.fileData`));
  const call = pick(part, "functionCall");
  if (call !== undefined) {
    onlyKeys(call, ["name", "args", "id"], `${path}.functionCall`, () => "This function call field cannot be translated; remove it.");
    out.push({ type: "tool_call", id: calls.forCall(call.name, call.id, path), name: call.name, arguments: JSON.stringify(call.args ?? {}) });
  }
  const response = pick(part, "functionResponse");
  if (response !== undefined) out.push(readFunctionResponse(response, `${path}.functionResponse`, calls));
  return out;
}

function readInline(blob: Json, path: string): ImagePart | DocumentPart {
  onlyKeys(blob, ["mimeType", "data"], path, () => "Only mimeType and data can be translated; remove this field.");
  const mediaType = pick(blob, "mimeType");
  const kind = mediaKind(mediaType);
  if (!kind) throw new TranslationRefusal(`${path}.mimeType`, `${mediaType} cannot be sent to the upstream's format: it takes images, PDFs and text documents only.`);
  return { type: kind, source: { kind: "base64", mediaType, data: blob.data } };
}

function readFile(file: Json, path: string): ImagePart | DocumentPart {
  onlyKeys(file, ["mimeType", "fileUri"], path, () => "Only mimeType and fileUri can be translated; remove this field.");
  const url = pick(file, "fileUri");
  const mediaType = pick(file, "mimeType");
  if (typeof url !== "string" || /^https:\/\/generativelanguage\.googleapis\.com\//.test(url) || !/^https?:\/\//.test(url))
    throw new TranslationRefusal(`${path}.fileUri`, "Only public http(s) URLs can be sent to another vendor (Gemini Files API URIs need a Gemini key); send the bytes as inlineData.");
  const kind = mediaKind(mediaType);
  if (!kind) throw new TranslationRefusal(`${path}.mimeType`, `${mediaType ?? "A file without a mimeType"} cannot be sent to the upstream's format: it takes images, PDFs and text documents only.`);
  return { type: kind, source: { kind: "url", url, mediaType } };
}

function readFunctionResponse(response: Json, path: string, calls: CallIds): Part {
  onlyKeys(response, ["name", "response", "id", "parts"], path, () => "This function response field cannot be translated; remove it.");
  if (!isObject(response.response)) throw new TranslationRefusal(`${path}.response`, "A function response must be a JSON object.");
  const { text, isError } = textOfResponse(response.response);
  const content: (TextPart | ImagePart | DocumentPart)[] = [{ type: "text", text }];
  ((response.parts ?? []) as Json[]).forEach((part, k) => {
    const at = `${path}.parts[${k}]`;
    onlyKeys(part, ["inlineData", "fileData"], at, () => "Only inlineData and fileData can be translated; remove this field.");
    const inline = pick(part, "inlineData");
    content.push(inline !== undefined ? readInline(inline, `${at}.inlineData`) : readFile(pick(part, "fileData"), `${at}.fileData`));
  });
  const result: Part = { type: "tool_result", callId: calls.forResponse(response.name, response.id, path), name: response.name, content };
  if (isError) result.isError = true;
  return result;
}

function readTools(tools: Json[]): ToolDefinition[] {
  const out: ToolDefinition[] = [];
  tools.forEach((tool, i) => {
    for (const key of Object.keys(tool)) {
      const name = camel(key);
      if (name === "functionDeclarations") continue;
      const what = serverTools[name];
      throw new TranslationRefusal(
        `tools[${i}].${key}`,
        what ? `Gemini's ${what} is a Google server tool that other vendors do not run; remove it to use this model.` : `${key} has no counterpart in the upstream's format; remove it.`,
      );
    }
    ((pick(tool, "functionDeclarations") ?? []) as Json[]).forEach((declaration, j) => {
      const path = `tools[${i}].functionDeclarations[${j}]`;
      onlyKeys(declaration, ["name", "description", "parameters", "parametersJsonSchema"], path, (key) => `Function declaration field ${key} has no counterpart in the upstream's format; remove it.`);
      if (typeof declaration.name !== "string" || declaration.name === "")
        throw new TranslationRefusal(`${path}.name`, "a function declaration needs `name`: the upstream would get a function nobody can call.");
      const schema = pick(declaration, "parametersJsonSchema") ?? jsonSchemaOf(declaration.parameters) ?? { type: "object", properties: {} };
      const definition: ToolDefinition = { name: declaration.name, parameters: schema };
      if (declaration.description !== undefined) definition.description = declaration.description;
      out.push(definition);
    });
  });
  return out;
}

function readToolConfig(config: Json, request: CanonicalRequest): void {
  onlyKeys(config, ["functionCallingConfig"], "toolConfig", (key) => `${key} has no counterpart in the upstream's format; remove it.`);
  const calling = pick(config, "functionCallingConfig");
  if (calling === undefined) return;
  const path = "toolConfig.functionCallingConfig";
  onlyKeys(calling, ["mode", "allowedFunctionNames"], path, () => "This field has no counterpart in the upstream's format; remove it.");
  // An empty list is no list (proto3 has no empty repeated field apart from an unset one): no restriction.
  const listed: string[] | undefined = pick(calling, "allowedFunctionNames");
  const names = listed?.length ? listed : undefined;
  const mode = calling.mode;
  let choice: ToolChoice | undefined;
  if (mode === "AUTO") choice = { type: "auto" };
  else if (mode === "NONE") choice = { type: "none" };
  else if (mode === "ANY") choice = names?.length === 1 ? { type: "tool", name: names[0] } : { type: "required" };
  else if (mode === "VALIDATED") {
    // Function calls validated against their schemas: the other formats' strict tools.
    choice = { type: "auto" };
    for (const tool of request.tools) tool.strict = true;
  } else if (mode !== undefined && mode !== "MODE_UNSPECIFIED") throw new TranslationRefusal(`${path}.mode`, `Unknown mode ${mode}; use AUTO, ANY, NONE or VALIDATED.`);
  if (names !== undefined) {
    if (mode !== "ANY" && mode !== "VALIDATED")
      throw new TranslationRefusal(`${path}.allowedFunctionNames`, "Gemini takes allowedFunctionNames with mode ANY or VALIDATED only; set one of them, or leave allowedFunctionNames out.");
    const declared = new Set(request.tools.map((tool) => tool.name));
    names.forEach((name, i) => {
      if (!declared.has(name)) throw new TranslationRefusal(`${path}.allowedFunctionNames[${i}]`, `${JSON.stringify(name)} is not a declared function; name functions of tools[].functionDeclarations.`);
    });
    // A subset (or VALIDATED's names) is the other formats' allowed tools (allowed-tools.ts); one name under ANY forces it, all of them is ANY alone.
    const allowed = [...new Set(names)];
    if (!(mode === "ANY" && (allowed.length === 1 || allowed.length === declared.size))) choice = { type: "allowed", names: allowed, required: mode === "ANY" };
  }
  if (choice) request.toolChoice = choice;
}

const levels: Record<string, "minimal" | "low" | "medium" | "high"> = { MINIMAL: "minimal", LOW: "low", MEDIUM: "medium", HIGH: "high" };
const configKeys = [
  "maxOutputTokens",
  "temperature",
  "topP",
  "topK",
  "stopSequences",
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "candidateCount",
  "responseMimeType",
  "responseSchema",
  "responseJsonSchema",
  "thinkingConfig",
  "responseModalities",
  "responseLogprobs",
] as const;

function readGenerationConfig(config: Json, request: CanonicalRequest): void {
  onlyKeys(config, configKeys, "generationConfig", (key) => `${key} has no counterpart in the upstream's format; remove it to use this model.`);
  const number = (key: string) => {
    const value = pick(config, key);
    return typeof value === "number" ? value : undefined;
  };
  const set = <K extends "maxOutputTokens" | "temperature" | "topP" | "topK" | "seed" | "presencePenalty" | "frequencyPenalty">(key: K) => {
    const value = number(key);
    if (value !== undefined) request[key] = value;
  };
  for (const key of ["maxOutputTokens", "temperature", "topP", "topK", "seed", "presencePenalty", "frequencyPenalty"] as const) set(key);
  const stop = pick(config, "stopSequences");
  if (stop !== undefined) request.stop = stop;
  const count = number("candidateCount");
  if (count !== undefined && count > 1) throw new TranslationRefusal("generationConfig.candidateCount", "The upstream answers with one candidate; set candidateCount to 1 and send several requests.");
  const modalities = pick(config, "responseModalities");
  if (modalities !== undefined && !(modalities as string[]).every((m) => m === "TEXT"))
    throw new TranslationRefusal("generationConfig.responseModalities", "The upstream answers in text only; ask for TEXT.");
  if (pick(config, "responseLogprobs") === true) throw new TranslationRefusal("generationConfig.responseLogprobs", "Log probabilities cannot be translated; remove responseLogprobs.");
  readOutput(config, request);
  const thinking = pick(config, "thinkingConfig");
  if (thinking !== undefined) {
    onlyKeys(thinking, ["thinkingBudget", "includeThoughts", "thinkingLevel"], "generationConfig.thinkingConfig", () => "This thinking field has no counterpart upstream; remove it.");
    const reasoning: CanonicalRequest["reasoning"] = {};
    const budget = pick(thinking, "thinkingBudget");
    const level = pick(thinking, "thinkingLevel");
    const include = pick(thinking, "includeThoughts");
    if (typeof level === "string" && level !== "THINKING_LEVEL_UNSPECIFIED") {
      const effort = levels[level.toUpperCase()];
      if (!effort) throw new TranslationRefusal("generationConfig.thinkingConfig.thinkingLevel", `Unknown thinking level ${level}; use MINIMAL, LOW, MEDIUM or HIGH.`);
      reasoning.effort = effort;
    }
    // 0 turns thinking off, -1 lets the model decide: both kept as numbers for the upstream writer.
    if (typeof budget === "number") reasoning.budgetTokens = budget;
    if (typeof include === "boolean") reasoning.includeThoughts = include;
    request.reasoning = reasoning;
  }
}

function readOutput(config: Json, request: CanonicalRequest): void {
  const mime = pick(config, "responseMimeType");
  const jsonSchema = pick(config, "responseJsonSchema");
  const schema = jsonSchema ?? (pick(config, "responseSchema") !== undefined ? jsonSchemaOf(pick(config, "responseSchema")) : undefined);
  if (mime === undefined || mime === "text/plain") {
    if (schema !== undefined)
      throw new TranslationRefusal(jsonSchema !== undefined ? "generationConfig.responseJsonSchema" : "generationConfig.responseSchema", "A response schema needs responseMimeType application/json.");
    if (mime === "text/plain") request.output = { type: "text" };
    return;
  }
  if (mime !== "application/json")
    throw new TranslationRefusal("generationConfig.responseMimeType", `${mime} cannot be translated; use application/json (with a schema) or text/plain.`);
  request.output = schema === undefined ? { type: "json_object" } : { type: "json_schema", name: "response", schema };
}
