// A model's capabilities between the console API's snake-case shape (spec/console/models.tsp
// ModelCapabilityChanges, ModelCapabilities, whose types `npm run generate` writes) and the
// domain's (domain/model-capabilities.ts).
import type { ConsoleComponents } from "../../client/types.ts";
import type { CapabilityOverrides, ReasoningCapability, ResolvedCapabilities } from "../domain/model-capabilities.ts";
import { consoleError } from "./errors.ts";

type Schemas = ConsoleComponents["schemas"];
export type CapabilityChangesJson = Schemas["ModelCapabilityChanges"];
type ReasoningJson = Schemas["ModelReasoning"];

/** API field → domain field, for the fields whose values need no change of shape. */
const sameShape = [
  ["context_window", "contextWindow"],
  ["max_output_tokens", "maxOutputTokens"],
  ["tools", "tools"],
  ["parallel_tool_calls", "parallelToolCalls"],
  ["images", "images"],
  ["documents", "documents"],
  ["structured_output", "structuredOutput"],
  ["stop_sequences", "stopSequences"],
  ["temperature", "temperature"],
  ["prompt_caching", "promptCaching"],
] as const;

/** The operator's changes as the domain holds them; `field` names the model in errors (`models[2].capabilities`). */
export function capabilityChangesFrom(json: CapabilityChangesJson | undefined, field: string): CapabilityOverrides | undefined {
  if (!json) return undefined;
  const changes: Record<string, unknown> = {};
  for (const [api, domain] of sameShape) if (json[api] !== undefined) changes[domain] = json[api];
  if (json.reasoning !== undefined) changes.reasoning = json.reasoning && reasoningFrom(json.reasoning, `${field}.reasoning`);
  if (json.temperature && json.temperature.min > json.temperature.max) {
    throw consoleError("invalid_request", `\`${field}.temperature\`: min (${json.temperature.min}) is above max (${json.temperature.max}). Give a range whose min is at most its max.`, `${field}.temperature`);
  }
  return Object.keys(changes).length > 0 ? (changes as CapabilityOverrides) : undefined;
}

function reasoningFrom(json: ReasoningJson, field: string): ReasoningCapability {
  if (json.budget && json.budget.min > json.budget.max) {
    throw consoleError("invalid_request", `\`${field}.budget\`: min (${json.budget.min}) is above max (${json.budget.max}). Give a budget range whose min is at most its max.`, `${field}.budget`);
  }
  return { efforts: [...new Set(json.efforts)], budget: json.budget, canDisable: json.can_disable };
}

const reasoningJson = (reasoning: ReasoningCapability): ReasoningJson => ({ efforts: reasoning.efforts, budget: reasoning.budget, can_disable: reasoning.canDisable });

export function capabilityChangesJson(changes: CapabilityOverrides): CapabilityChangesJson {
  const json: Record<string, unknown> = {};
  for (const [api, domain] of sameShape) if (changes[domain] !== undefined) json[api] = changes[domain];
  if (changes.reasoning !== undefined) json.reasoning = changes.reasoning && reasoningJson(changes.reasoning);
  return json as CapabilityChangesJson;
}

/** The whole of a model's capabilities as the API gives them, field by field: a field the contract adds is a type error here until it is written. */
export function capabilitiesJson(capabilities: ResolvedCapabilities): Schemas["ModelCapabilities"] {
  return {
    context_window: capabilities.contextWindow,
    max_output_tokens: capabilities.maxOutputTokens,
    reasoning: capabilities.reasoning && reasoningJson(capabilities.reasoning),
    tools: capabilities.tools,
    parallel_tool_calls: capabilities.parallelToolCalls,
    images: capabilities.images,
    documents: capabilities.documents,
    structured_output: capabilities.structuredOutput,
    stop_sequences: capabilities.stopSequences,
    temperature: capabilities.temperature,
    prompt_caching: capabilities.promptCaching,
    source: capabilities.source,
  };
}
