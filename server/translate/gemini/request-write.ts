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
//   refuses the pair): a caller's budget wins; Gemini 2.x (upstream model id `gemini-2…`) takes
//   only budgets, so an effort becomes one (low 1024, medium 8192, high 24576) and budgets are kept
//   in the model's range; Gemini 3 and later take the effort as thinkingLevel.
// - Refused: temperature outside 0–2; tool call arguments that are not a JSON object; a tool result
//   whose function name cannot be found.
import { TranslationRefusal, type CanonicalRequest, type DocumentPart, type ImagePart, type Part, type ReasoningSettings, type Turn } from "../canonical.ts";
import { argumentsObject } from "../tool-arguments.ts";
import { isGeneratedCallId, responseOfText } from "./common.ts";

type Json = Record<string, any>;

export function writeRequest(request: CanonicalRequest): Json {
  const body: Json = { contents: writeContents(request.turns) };
  if (request.system.length) body.systemInstruction = { parts: request.system.map((part) => ({ text: part.text })) };
  if (request.tools.length) body.tools = [{ functionDeclarations: request.tools.map(writeTool) }];
  const calling = writeToolChoice(request);
  if (calling) body.toolConfig = { functionCallingConfig: calling };
  const config = writeGenerationConfig(request);
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

function writeToolChoice(request: CanonicalRequest): Json | undefined {
  const choice = request.toolChoice;
  if (!choice) return undefined;
  switch (choice.type) {
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

const levels = { minimal: "MINIMAL", low: "LOW", medium: "MEDIUM", high: "HIGH", xhigh: "HIGH" } as const;

/** Gemini 2.x budgets for an effort: Google's own mapping of OpenAI efforts (low 1K, medium 8K, high 24K), minimal and xhigh beside it. */
const effortBudgets = { minimal: 512, low: 1024, medium: 8192, high: 24576, xhigh: 32768 } as const;

type BudgetRange = { min: number; max: number; canDisable: boolean };

/**
 * The thinking budgets a Gemini 2.x model takes (Google's thinking guide), or null for a model that
 * thinks by level (Gemini 3 and later): 2.5 Pro 128–32768 and cannot stop thinking, Flash-Lite
 * 512–24576, Flash (and the rest of 2.x) up to 24576; 0 stops thinking where it can, −1 is dynamic.
 */
function budgetRange(model: string): BudgetRange | null {
  const id = model.replace(/^models\//, "").toLowerCase();
  if (!id.startsWith("gemini-2")) return null;
  if (id.includes("-pro")) return { min: 128, max: 32768, canDisable: false };
  if (id.includes("flash-lite")) return { min: 512, max: 24576, canDisable: true };
  return { min: 1, max: 24576, canDisable: true };
}

/**
 * How much to think, as one field: Gemini refuses thinkingBudget and thinkingLevel together, and
 * 2.x refuses a level ("Thinking level is not supported for this model."). A budget the caller
 * gave wins over its effort. For 2.x an effort becomes a budget and every budget is brought into
 * the model's range (2.5 Pro asked not to think thinks at its least); Gemini 3 takes the effort as
 * its level, and a budget as it came (it still accepts one).
 */
function thinkingAmount(reasoning: ReasoningSettings, range: BudgetRange | null): Json {
  const budget = reasoning.budgetTokens ?? (reasoning.effort === "none" ? 0 : range && reasoning.effort ? effortBudgets[reasoning.effort] : undefined);
  if (budget !== undefined) return { thinkingBudget: range ? withinRange(budget, range) : budget };
  return reasoning.effort ? { thinkingLevel: levels[reasoning.effort as keyof typeof levels] } : {};
}

function withinRange(budget: number, range: BudgetRange): number {
  if (budget < 0) return -1; // dynamic: the model decides
  if (budget === 0 && range.canDisable) return 0;
  return Math.min(Math.max(budget, range.min), range.max);
}

function writeGenerationConfig(request: CanonicalRequest): Json {
  const config: Json = {};
  if (request.temperature !== undefined) {
    if (request.temperature < 0 || request.temperature > 2) throw new TranslationRefusal("temperature", "Gemini takes a temperature from 0 to 2.");
    config.temperature = request.temperature;
  }
  for (const key of ["topP", "topK", "maxOutputTokens", "seed", "presencePenalty", "frequencyPenalty"] as const) if (request[key] !== undefined) config[key] = request[key];
  if (request.stop !== undefined) config.stopSequences = request.stop;
  const output = request.output;
  if (output?.type === "text") config.responseMimeType = "text/plain";
  else if (output?.type === "json_object") config.responseMimeType = "application/json";
  else if (output?.type === "json_schema") {
    config.responseMimeType = "application/json";
    // Gemini has no slot for the format's description: it becomes the schema's own (JSON Schema's place for it).
    config.responseJsonSchema = output.description !== undefined && output.schema.description === undefined ? { ...output.schema, description: output.description } : output.schema;
  }
  const reasoning = request.reasoning;
  if (reasoning) {
    const thinking: Json = thinkingAmount(reasoning, budgetRange(request.model));
    // Thoughts (and so the signatures on thought parts) come back only when asked for.
    const wanted = (reasoning.budgetTokens !== undefined && reasoning.budgetTokens !== 0) || (reasoning.effort !== undefined && reasoning.effort !== "none") || (reasoning.summary !== undefined && reasoning.summary !== "none");
    const include = reasoning.includeThoughts ?? (wanted || undefined);
    if (include !== undefined) thinking.includeThoughts = include;
    if (Object.keys(thinking).length) config.thinkingConfig = thinking;
  }
  return config;
}

function writeContents(turns: Turn[]): Json[] {
  const names = new Map<string, string>();
  for (const turn of turns) for (const part of turn.parts) if (part.type === "tool_call") names.set(part.id, part.name);
  const contents: Json[] = [];
  for (const turn of turns) {
    const role = turn.role === "assistant" ? "model" : "user";
    const parts = turn.role === "system" ? [{ text: `[system]\n${turn.parts.map((part) => ("text" in part ? part.text : "")).join("\n\n")}` }] : writeParts(turn.parts, names);
    const last = contents[contents.length - 1];
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  return contents;
}

function writeParts(parts: Part[], names: Map<string, string>): Json[] {
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
        emit({ functionCall: call });
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
