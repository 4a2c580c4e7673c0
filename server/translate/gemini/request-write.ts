// Upstream side: canonical → a generateContent body (camelCase; the model goes in the URL).
// - System prompt → systemInstruction, one text part per canonical part. A `system` turn in the
//   middle of the conversation (chat, Responses) becomes user text "[system]\n<text>" in place
//   (wire-formats.md §6.3): contents take only user and model.
// - Consecutive turns of one role are merged (Gemini wants them alternating).
// - Tool calls: args parsed from the JSON text (refused if it is not an object); `id` kept except
//   for ids Tollgate made up for Gemini's id-less calls (common.ts), which Gemini never saw.
// - Tool results: functionResponse {id?, name, response, parts?}; the name comes from the part or
//   from the call it answers; the response object per common.ts (`{output}` / `{error}` / the
//   JSON object the text holds); images and documents in a result go in functionResponse.parts.
// - Reasoning from Gemini goes back exactly as read: a thought part `{text, thought:true,
//   thoughtSignature}`, or (attachesToNext) its `thoughtSignature` onto the next part of the turn.
//   Reasoning from other vendors is dropped: Gemini cannot verify another vendor's reasoning.
//   Reasoning with no upstream form (unsigned thought text) goes back as a thought part.
// - A model's refusal text in the history goes as plain text.
// - Ignored on purpose: `user` (an abuse-tracking id; Gemini has no such field), parallelToolCalls
//   (Gemini has no switch; refusing would break every OpenAI SDK call that sets it false, and a
//   caller allowing one call copes with the several Gemini may still make), a tool's `strict` (with
//   tool choice auto and every tool strict it becomes mode VALIDATED), an image's `detail` (Gemini
//   picks its own resolution), a document's `title` / `filename` (the Gemini API has no label).
// - Reasoning → thinkingConfig with one of thinkingBudget or thinkingLevel, never both (Gemini
//   refuses the pair), as the model's capabilities say it is told to think (domain/model-capabilities.ts:
//   a budget, effort levels, or no reasoning at all): a caller's budget wins; Gemini 2.x takes
//   only budgets, so an effort becomes one (low 1024, medium 8192, high 24576) and budgets are kept
//   in the model's range; Gemini 3 and later take the effort as thinkingLevel, the nearest level at
//   or above it that the model takes (3 Pro has no minimal or medium, so none and minimal become low,
//   medium high). Models that do not think (Gemini 1.x, 2.0 other than its thinking experiment,
//   Gemma, 2.5 image and TTS models) get no thinkingConfig at all: Google refuses any ("Thinking is
//   not enabled for …"). The `-latest` aliases get budgets, which any model they point at takes.
// - An `allowed` tool choice (OpenAI's allowed_tools): required → mode ANY with allowedFunctionNames,
//   every tool still declared. Auto: Gemini takes allowedFunctionNames only with ANY or VALIDATED
//   (AUTO refuses them), and VALIDATED also holds every call to its schema, as strict tools ask;
//   so when every allowed tool is strict it is VALIDATED with the names and every tool declared, and
//   otherwise only the allowed tools are declared, mode AUTO (allowed-tools.ts). Hosted OpenAI tools
//   a Responses caller allows were left out by its reader, as they are left out of the tools.
// - Refused: temperature outside 0–2; tool call arguments that are not a JSON object; a tool result
//   whose function name cannot be found.
import { type ResolvedCapabilities, catalogCapabilities, enforced } from "../../domain/model-capabilities.ts";
import type { UpstreamChannel } from "../codec.ts";
import { TranslationRefusal, type CanonicalRequest, type DocumentPart, type ImagePart, type Part, type ReasoningSettings, type Turn } from "../canonical.ts";
import { withOnlyAllowedTools } from "../allowed-tools.ts";
import { argumentsObject } from "../tool-arguments.ts";
import { isGeneratedCallId, responseOfText } from "./common.ts";

type Json = Record<string, any>;

export function writeRequest(canonical: CanonicalRequest, channel?: UpstreamChannel): Json {
  const request = restrictedByDeclaring(canonical) ? withOnlyAllowedTools(canonical) : canonical;
  const body: Json = { contents: writeContents(request.turns, channel?.recallSignature) };
  if (requiresSignatures(request.model)) signCurrentTurn(body.contents);
  if (request.system.length) body.systemInstruction = { parts: request.system.map((part) => ({ text: part.text })) };
  if (request.tools.length) body.tools = [{ functionDeclarations: request.tools.map(writeTool) }];
  const calling = writeToolChoice(request);
  if (calling) body.toolConfig = { functionCallingConfig: calling };
  const config = writeGenerationConfig(request, channel?.capabilities ?? catalogCapabilities(request.model));
  if (Object.keys(config).length) body.generationConfig = config;
  return body;
}

const emptyParameters = (schema: Json) =>
  Object.keys(schema).length === 2 && schema.type === "object" && typeof schema.properties === "object" && schema.properties !== null && Object.keys(schema.properties).length === 0;

function writeTool(tool: CanonicalRequest["tools"][number]): Json {
  const declaration: Json = { name: tool.name };
  if (tool.description !== undefined) declaration.description = tool.description;
  // No parameters at all reads as an empty object schema; it goes back as no parameters.
  if (!emptyParameters(tool.parameters)) declaration.parametersJsonSchema = tool.parameters;
  return declaration;
}

/** An allowed-tools choice Gemini cannot say with allowedFunctionNames: auto among tools not all strict (see the header). */
function restrictedByDeclaring(request: CanonicalRequest): boolean {
  const choice = request.toolChoice;
  if (choice?.type !== "allowed" || choice.required) return false;
  const allowed = new Set(choice.names);
  return !request.tools.every((tool) => !allowed.has(tool.name) || tool.strict);
}

function writeToolChoice(request: CanonicalRequest): Json | undefined {
  const choice = request.toolChoice;
  if (!choice) return undefined;
  switch (choice.type) {
    case "allowed":
      return { mode: choice.required ? "ANY" : "VALIDATED", allowedFunctionNames: choice.names };
    case "auto":
      return { mode: request.tools.length && request.tools.every((tool) => tool.strict) ? "VALIDATED" : "AUTO" };
    case "none":
      return { mode: "NONE" };
    case "required":
      return { mode: "ANY" };
    case "tool":
      return { mode: "ANY", allowedFunctionNames: [choice.name] };
  }
}

/** Gemini 3's thinking levels, least first. */
const levelOrder = ["MINIMAL", "LOW", "MEDIUM", "HIGH"] as const;
type Level = (typeof levelOrder)[number];
const effortLevels = { none: "MINIMAL", minimal: "MINIMAL", low: "LOW", medium: "MEDIUM", high: "HIGH", xhigh: "HIGH" } as const;

/** Gemini 2.x budgets for an effort: Google's own mapping of OpenAI efforts (low 1K, medium 8K, high 24K), minimal and xhigh beside it. */
const effortBudgets = { minimal: 512, low: 1024, medium: 8192, high: 24576, xhigh: 32768 } as const;

type BudgetRange = { min: number; max: number; canDisable: boolean };

/** How a model is told how much to think: not at all (it does not think), by budget (Gemini 2.x), or by level. */
type ThinkingControl = { by: "none" } | { by: "budget"; range: BudgetRange } | { by: "level"; levels: readonly Level[] };

/** The level each effort the catalog names is (none and xhigh are fitted to a model's levels before: fit-to-model.ts). */
const levelOfEffort: Partial<Record<string, Level>> = { minimal: "MINIMAL", low: "LOW", medium: "MEDIUM", high: "HIGH" };

/**
 * How the model is told to think, from its capabilities (the catalog's, from Google's thinking guide
 * and model pages, or the operator's): levels where it takes efforts (Gemini 3 and later), a budget
 * in its range where it takes one (2.5), not at all where it does not reason (Google refuses any
 * thinkingConfig: "Thinking is not enabled for …"). A model the catalog does not know is sent what
 * the caller asked, as for a model of any level (model-capabilities.ts enforced).
 */
function thinkingControl(capabilities: ResolvedCapabilities): ThinkingControl {
  if (!enforced(capabilities)) return { by: "level", levels: levelOrder };
  const reasoning = capabilities.reasoning;
  if (!reasoning) return { by: "none" };
  const levels = levelOrder.filter((level) => reasoning.efforts.some((effort) => levelOfEffort[effort] === level));
  if (levels.length > 0) return { by: "level", levels };
  if (reasoning.budget) return { by: "budget", range: { ...reasoning.budget, canDisable: reasoning.canDisable } };
  return { by: "none" };
}

/**
 * How much to think, as one field: Gemini refuses thinkingBudget and thinkingLevel together, and
 * 2.x refuses a level ("Thinking level is not supported for this model."). A budget the caller
 * gave wins over its effort. For 2.x an effort becomes a budget and every budget is brought into
 * the model's range (2.5 Pro asked not to think thinks at its least); a later model takes the
 * effort as a level it has (asked not to think, its least), and a budget as it came (it still
 * accepts one) but 0, which it may refuse, as its least level.
 */
function thinkingAmount(reasoning: ReasoningSettings, control: Exclude<ThinkingControl, { by: "none" }>): Json {
  if (control.by === "budget") {
    const budget = reasoning.budgetTokens ?? (reasoning.effort === "none" ? 0 : reasoning.effort ? effortBudgets[reasoning.effort] : undefined);
    return budget === undefined ? {} : { thinkingBudget: withinRange(budget, control.range) };
  }
  if (reasoning.budgetTokens !== undefined && reasoning.budgetTokens !== 0) return { thinkingBudget: reasoning.budgetTokens };
  const wanted = reasoning.budgetTokens === 0 ? "MINIMAL" : reasoning.effort && effortLevels[reasoning.effort];
  return wanted ? { thinkingLevel: takenLevel(wanted, control.levels) } : {};
}

/** The least level at or above the one wanted that the model takes (its most if none is). */
function takenLevel(wanted: Level, levels: readonly Level[]): Level {
  const rank = levelOrder.indexOf(wanted);
  return levels.find((level) => levelOrder.indexOf(level) >= rank) ?? levels[levels.length - 1];
}

function withinRange(budget: number, range: BudgetRange): number {
  if (budget < 0) return -1; // dynamic: the model decides
  if (budget === 0 && range.canDisable) return 0;
  return Math.min(Math.max(budget, range.min), range.max);
}

function writeGenerationConfig(request: CanonicalRequest, capabilities: ResolvedCapabilities): Json {
  const config: Json = {};
  if (request.temperature !== undefined) {
    if (request.temperature < 0 || request.temperature > 2) throw new TranslationRefusal("temperature", "Gemini takes a temperature from 0 to 2.");
    config.temperature = request.temperature;
  }
  for (const key of ["topP", "topK", "maxOutputTokens", "seed", "presencePenalty", "frequencyPenalty"] as const) if (request[key] !== undefined) config[key] = request[key];
  // Gemini takes "up to 5" (GenerationConfig.stopSequences); the gateway keeps the rest (stop-guard.ts).
  if (request.stop !== undefined) config.stopSequences = request.stop.slice(0, 5);
  const output = request.output;
  if (output?.type === "text") config.responseMimeType = "text/plain";
  else if (output?.type === "json_object") config.responseMimeType = "application/json";
  else if (output?.type === "json_schema") {
    config.responseMimeType = "application/json";
    // Gemini has no slot for the format's description: it becomes the schema's own (JSON Schema's place for it).
    config.responseJsonSchema = output.description !== undefined && output.schema.description === undefined ? { ...output.schema, description: output.description } : output.schema;
  }
  const reasoning = request.reasoning;
  const control = reasoning && thinkingControl(capabilities);
  if (reasoning && control && control.by !== "none") {
    const thinking: Json = thinkingAmount(reasoning, control);
    // Thoughts (and so the signatures on thought parts) come back only when asked for.
    const wanted = (reasoning.budgetTokens !== undefined && reasoning.budgetTokens !== 0) || (reasoning.effort !== undefined && reasoning.effort !== "none") || (reasoning.summary !== undefined && reasoning.summary !== "none");
    const include = reasoning.includeThoughts ?? (wanted || undefined);
    if (include !== undefined) thinking.includeThoughts = include;
    if (Object.keys(thinking).length) config.thinkingConfig = thinking;
  }
  return config;
}

/**
 * Gemini 3 and later check the current turn's function calls for the thought signature they were
 * answered with (ai.google.dev/gemini-api/docs/thought-signatures): the first call of each model
 * step after the last user message that is not only function responses. Gemini 2.5 does not.
 */
const requiresSignatures = (model: string) => /^gemini-([3-9]|\d{2,})/.test(model.replace(/^models\//, ""));

/**
 * Google's documented fallback for a call whose signature is lost (history from another model, a
 * client that drops it): a signature Gemini does not validate. Used only where neither the caller
 * nor the gateway's memory has the real one (signature-memory.ts); the model's reasoning over the
 * step is then lost, which Google says may degrade its answer.
 */
const unvalidatedSignature = "skip_thought_signature_validator";

function signCurrentTurn(contents: Json[]): void {
  const lastUserText = contents.findLastIndex((content) => content.role === "user" && content.parts.some((part: Json) => !part.functionResponse));
  for (const content of contents.slice(lastUserText + 1)) {
    const call = content.role === "model" ? content.parts.find((part: Json) => part.functionCall) : undefined;
    if (call && call.thoughtSignature === undefined) call.thoughtSignature = unvalidatedSignature;
  }
}

function writeContents(turns: Turn[], recall?: (callId: string) => string | undefined): Json[] {
  const names = new Map<string, string>();
  for (const turn of turns) for (const part of turn.parts) if (part.type === "tool_call") names.set(part.id, part.name);
  const contents: Json[] = [];
  for (const turn of turns) {
    const role = turn.role === "assistant" ? "model" : "user";
    const parts = turn.role === "system" ? [{ text: `[system]\n${turn.parts.map((part) => ("text" in part ? part.text : "")).join("\n\n")}` }] : writeParts(turn.parts, names, recall);
    const last = contents[contents.length - 1];
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  return contents;
}

function writeParts(parts: Part[], names: Map<string, string>, recall?: (callId: string) => string | undefined): Json[] {
  const out: Json[] = [];
  let pending: Record<string, unknown> | null = null;
  const emit = (part: Json) => {
    if (pending) Object.assign(part, pending);
    pending = null;
    out.push(part);
  };
  for (const part of parts) {
    switch (part.type) {
      case "reasoning": {
        if (part.opaque && part.opaque.origin !== "generate-content") break; // another vendor's: Gemini cannot verify it
        if (part.opaque && part.attachesToNext) {
          if (pending) emit({ text: "" });
          pending = part.opaque.value;
        } else if (part.opaque) out.push({ text: part.text ?? "", thought: true, ...part.opaque.value });
        else if (part.text !== undefined) out.push({ text: part.text, thought: true });
        break;
      }
      case "text":
      case "refusal":
        emit({ text: part.text });
        break;
      case "image":
      case "document":
        emit(writeMedia(part));
        break;
      case "tool_call": {
        const args = argumentsObject(part.arguments);
        if (!args) throw new TranslationRefusal("part:tool_call", `The arguments of tool call ${part.id} are not a JSON object, which Gemini's functionCall.args must be.`);
        const call: Json = { name: part.name, args };
        if (!isGeneratedCallId(part.id)) call.id = part.id;
        // The signature the caller dropped, where this worker remembers answering the call with one.
        const remembered = pending === null ? recall?.(part.id) : undefined;
        emit(remembered === undefined ? { functionCall: call } : { functionCall: call, thoughtSignature: remembered });
        break;
      }
      case "tool_result": {
        const name = part.name ?? names.get(part.callId);
        if (!name) throw new TranslationRefusal("part:tool_result", `Gemini needs the function's name for tool result ${part.callId}, and no call with that id is in the conversation.`);
        const text = part.content.flatMap((item) => (item.type === "text" ? [item.text] : [])).join("\n");
        const response: Json = {};
        if (!isGeneratedCallId(part.callId)) response.id = part.callId;
        response.name = name;
        response.response = responseOfText(text, part.isError === true);
        const media = part.content.flatMap((item) => (item.type === "text" ? [] : [writeMedia(item)]));
        if (media.length) response.parts = media;
        emit({ functionResponse: response });
        break;
      }
    }
  }
  // A signature that sat on an empty text part (Gemini ends some answers so) goes back on one.
  if (pending) emit({ text: "" });
  return out;
}

function writeMedia(part: ImagePart | DocumentPart): Json {
  const source = part.source;
  if (source.kind === "base64") return { inlineData: { mimeType: source.mediaType, data: source.data } };
  const dataUrl = /^data:([^;,]+);base64,(.*)$/s.exec(source.url);
  if (dataUrl) return { inlineData: { mimeType: dataUrl[1], data: dataUrl[2] } };
  return source.mediaType ? { fileData: { mimeType: source.mediaType, fileUri: source.url } } : { fileData: { fileUri: source.url } };
}
