// A model's capabilities between the console API's snake-case shape (spec/console/models.tsp
// ModelCapabilityChanges, ModelCapabilities) and the domain's (domain/model-capabilities.ts).
import type { CapabilityOverrides, Effort, ModelCapabilities, ReasoningCapability, ResolvedCapabilities } from "../domain/model-capabilities.ts";
import { consoleError } from "./errors.ts";

type ReasoningJson = { efforts: Effort[]; budget: { min: number; max: number } | null; can_disable: boolean };
export type CapabilityChangesJson = {
  context_window?: number;
  max_output_tokens?: number;
  reasoning?: ReasoningJson | null;
  tools?: boolean;
  parallel_tool_calls?: boolean;
  images?: boolean;
  documents?: boolean;
  structured_output?: boolean;
  stop_sequences?: number | null;
  temperature?: { min: number; max: number };
  prompt_caching?: boolean;
};

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

export function capabilitiesJson(capabilities: ResolvedCapabilities) {
  const whole: ModelCapabilities = capabilities;
  return { ...capabilityChangesJson(whole), reasoning: whole.reasoning && reasoningJson(whole.reasoning), source: capabilities.source };
}
