// Canonical → an OpenAI Responses request body (upstream side). Always `stream: true` (translated
// calls stream upstream), `store: false` (nothing is kept upstream either) and
// `include: ["reasoning.encrypted_content"]`, so that reasoning comes back whole and can be sent
// again on the next turn (not to a model that does not reason: the capability catalog says which,
// and fit-to-model.ts has already dropped the caller's reasoning settings for it).
// - System parts → `instructions` (joined by a blank line); `system` turns after the conversation
//   began → `developer` message items in place.
// - Reasoning parts whose opaque came from a Responses upstream → the reasoning item exactly as it
//   was read (`opaque.value`). Reasoning from another origin (or without one) is dropped: OpenAI
//   cannot verify another vendor's reasoning, and its text is not input the model accepts back.
// - Tool results → `function_call_output` items; `output` is a string when the result is one text
//   (or nothing), a content list otherwise. `isError` has no Responses field: as in chat, the
//   output's text starts with "Error: ", so the model still learns that the call failed.
// - A freeform tool (an OpenAI custom tool, read from a chat caller) is written as the Responses
//   custom tool it is, format and all, so OpenAI enforces its grammar; its calls in the history as
//   custom_tool_call items whose `input` is the text, their results as custom_tool_call_output.
// - An `allowed` tool choice is Responses' own `{type:"allowed_tools", mode, tools}`, each tool named
//   as it is declared (a freeform one as custom), every tool still declared.
// - Function tools are written with an explicit `strict` (false when unset: Responses would
//   otherwise default to strict schemas that another format's caller never asked for).
// - `reasoning.budgetTokens` (Anthropic budget_tokens, Gemini thinkingBudget) becomes an effort
//   when no effort is given: 0 → minimal, < 4096 → low, < 16384 → medium, more → high; a dynamic
//   budget (−1) leaves the model's default. `includeThoughts` asks for `summary: "auto"`.
// - `user` → `safety_identifier`, as its SHA-256 hex digest when longer than OpenAI's 64 characters
//   (end-user-id.ts).
// - Reasoning models (o-series, GPT-5, Codex) get no `temperature` or `top_p`: they refuse both
//   ("Unsupported parameter"), so the caller's sampling hint is dropped rather than the call failing
//   (the model's capabilities say so: temperature null, domain/model-capabilities.ts).
// - topK is left out: Responses has no top_k and refuses unknown fields, and a top-k hint only narrows
//   the sampling the model does anyway (Gemini CLI sends its model's default, 64, on every call).
// - Stop sequences are not sent (Responses has none): the gateway keeps them on the answer (stop-guard.ts).
// - Refused (Responses has no such fields, and each asks for behaviour that nothing else gives):
//   seed, presencePenalty, frequencyPenalty; a temperature outside 0–2 (where one is sent).
import {
  type CanonicalRequest,
  type DocumentPart,
  type ImagePart,
  type Part,
  type ReasoningSettings,
  type ToolChoice,
  type ToolResultPart,
  type Turn,
  TranslationRefusal,
} from "../canonical.ts";
import { catalogCapabilities, enforced } from "../../domain/model-capabilities.ts";
import type { UpstreamChannel } from "../codec.ts";
import { freeformInput, freeformToolNames } from "../freeform-tools.ts";
import { openAiEndUserId } from "../end-user-id.ts";

type Json = Record<string, unknown>;
/** The request's custom tools and the ids of their calls met so far in the history, whose results are custom too. */
type CustomCalls = { names: Set<string>; callIds: Set<string> };

const unsupported: [keyof CanonicalRequest, string][] = [
  ["seed", "OpenAI Responses has no seed: remove it to use this upstream"],
  ["presencePenalty", "OpenAI Responses has no presence penalty: remove it to use this upstream"],
  ["frequencyPenalty", "OpenAI Responses has no frequency penalty: remove it to use this upstream"],
];

export function writeRequest(request: CanonicalRequest, channel?: UpstreamChannel): Record<string, unknown> {
  for (const [key, reason] of unsupported) {
    const value = request[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    throw new TranslationRefusal(key, reason);
  }
  const sampling = (channel?.capabilities ?? catalogCapabilities(request.model)).temperature !== null;
  if (sampling && request.temperature !== undefined && (request.temperature < 0 || request.temperature > 2))
    throw new TranslationRefusal("temperature", `OpenAI Responses takes a temperature from 0 to 2, not ${request.temperature}`);
  const body: Json = { model: request.model };
  if (request.system.length) body.instructions = request.system.map((part) => part.text).join("\n\n");
  const freeform = freeformToolNames(request);
  const custom: CustomCalls | null = freeform && { names: freeform, callIds: new Set() };
  body.input = request.turns.flatMap((turn, t) => turnItems(turn, t, custom));
  if (request.tools.length)
    body.tools = request.tools.map((tool) => {
      if (tool.freeform) {
        const written: Json = { type: "custom", name: tool.name };
        if (tool.description !== undefined) written.description = tool.description;
        if (tool.freeform.format) written.format = tool.freeform.format;
        return written;
      }
      const written: Json = { type: "function", name: tool.name };
      if (tool.description !== undefined) written.description = tool.description;
      written.parameters = tool.parameters;
      written.strict = tool.strict ?? false;
      return written;
    });
  if (request.toolChoice) body.tool_choice = writeToolChoice(request.toolChoice, freeform);
  if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  if (request.output) body.text = { format: request.output };
  if (request.maxOutputTokens !== undefined) body.max_output_tokens = request.maxOutputTokens;
  if (sampling && request.temperature !== undefined) body.temperature = request.temperature;
  if (sampling && request.topP !== undefined) body.top_p = request.topP;
  const reasoning = request.reasoning && writeReasoning(request.reasoning);
  if (reasoning) body.reasoning = reasoning;
  if (request.user !== undefined) body.safety_identifier = openAiEndUserId(request.user);
  body.stream = true;
  body.store = false;
  // A model that does not reason refuses the include as it refuses `reasoning` ("Encrypted content is not supported with this model").
  if (!enforced(channel?.capabilities) || channel.capabilities.reasoning !== null) body.include = ["reasoning.encrypted_content"];
  return body;
}

function writeToolChoice(choice: ToolChoice, freeform: Set<string> | null): unknown {
  const named = (name: string) => ({ type: freeform?.has(name) ? "custom" : "function", name });
  if (choice.type === "tool") return named(choice.name);
  if (choice.type === "allowed") return { type: "allowed_tools", mode: choice.required ? "required" : "auto", tools: choice.names.map(named) };
  return choice.type;
}

function writeReasoning(settings: ReasoningSettings): Json | undefined {
  const reasoning: Json = {};
  const effort = settings.effort ?? effortForBudget(settings.budgetTokens);
  if (effort) reasoning.effort = effort;
  const summary = settings.summary ?? (settings.includeThoughts ? "auto" : undefined);
  if (summary) reasoning.summary = summary;
  return Object.keys(reasoning).length ? reasoning : undefined;
}

function effortForBudget(budget: number | undefined): string | undefined {
  if (budget === undefined || budget < 0) return undefined;
  return budget === 0 ? "minimal" : budget < 4096 ? "low" : budget < 16384 ? "medium" : "high";
}

function turnItems(turn: Turn, t: number, custom: CustomCalls | null): Json[] {
  if (turn.role === "system") return [{ type: "message", role: "developer", content: turn.parts.map((part, p) => inputPart(part, `turns[${t}].parts[${p}]`)) }];
  return turn.role === "user" ? userItems(turn, t, custom) : assistantItems(turn, t, custom);
}

function userItems(turn: Turn, t: number, custom: CustomCalls | null): Json[] {
  const items: Json[] = [];
  let message: Json[] | null = null;
  for (const [p, part] of turn.parts.entries()) {
    if (part.type === "tool_result") {
      message = null;
      items.push({ type: custom?.callIds.has(part.callId) ? "custom_tool_call_output" : "function_call_output", call_id: part.callId, output: toolOutput(part) });
      continue;
    }
    if (!message) {
      message = [];
      items.push({ type: "message", role: "user", content: message });
    }
    message.push(inputPart(part, `turns[${t}].parts[${p}]`));
  }
  return items;
}

function assistantItems(turn: Turn, t: number, custom: CustomCalls | null): Json[] {
  const items: Json[] = [];
  let message: Json[] | null = null;
  for (const part of turn.parts) {
    if (part.type === "text" || part.type === "refusal") {
      if (!message) {
        message = [];
        items.push({ type: "message", role: "assistant", content: message });
      }
      message.push(part.type === "text" ? { type: "output_text", text: part.text } : { type: "refusal", refusal: part.text });
      continue;
    }
    message = null;
    if (part.type === "tool_call" && custom?.names.has(part.name)) {
      custom.callIds.add(part.id);
      items.push({ type: "custom_tool_call", call_id: part.id, name: part.name, input: freeformInput(part.arguments) });
    } else if (part.type === "tool_call") items.push({ type: "function_call", call_id: part.id, name: part.name, arguments: part.arguments });
    else if (part.type === "reasoning") {
      // Only this format's own reasoning goes back: another vendor's cannot be verified by OpenAI.
      if (part.opaque?.origin === "responses") items.push(part.opaque.value);
    } else throw new TranslationRefusal(part.type === "image" ? "part:image" : part.type === "document" ? "part:document" : `turns[${t}]`, `OpenAI Responses has no ${part.type} in an assistant message`);
  }
  return items;
}

function toolOutput(part: ToolResultPart): string | Json[] {
  const failed = part.isError === true;
  if (part.content.length === 0) return failed ? "Error: " : "";
  if (part.content.length === 1 && part.content[0].type === "text") return failed ? `Error: ${part.content[0].text}` : part.content[0].text;
  const output = part.content.map((inner) => {
    if (inner.type === "text") return { type: "input_text", text: inner.text };
    return inner.type === "image" ? imageInput(inner) : documentInput(inner);
  });
  if (!failed) return output;
  return output[0].type === "input_text" ? [{ ...output[0], text: `Error: ${output[0].text}` }, ...output.slice(1)] : [{ type: "input_text", text: "Error:" }, ...output];
}

function inputPart(part: Part, where: string): Json {
  if (part.type === "text") return { type: "input_text", text: part.text };
  if (part.type === "image") return imageInput(part);
  if (part.type === "document") return documentInput(part);
  throw new TranslationRefusal(where, `OpenAI Responses has no ${part.type} part in this message`);
}

function imageInput(part: ImagePart): Json {
  const source = part.source;
  const image: Json = { type: "input_image", image_url: source.kind === "base64" ? `data:${source.mediaType};base64,${source.data}` : source.url };
  if (part.detail !== undefined) image.detail = part.detail;
  return image;
}

function documentInput(part: DocumentPart): Json {
  const source = part.source;
  if (source.kind === "url") return part.filename === undefined ? { type: "input_file", file_url: source.url } : { type: "input_file", filename: part.filename, file_url: source.url };
  return { type: "input_file", filename: part.filename ?? part.title ?? "document", file_data: `data:${source.mediaType};base64,${source.data}` };
}
