// Passthrough's one edit for a model's limits: an output limit above what the upstream model takes
// (an agent's generic 32,000 to deepseek-chat's 8,192) is set, in place, to the model's maximum
// (domain/model-capabilities.ts), so the call is answered rather than refused. Nothing else of the
// client's bytes changes; a limit within the model's, or none, or a model the catalog does not know
// (its defaults bind only once the operator sets them), leaves the body as it came.
import { enforced } from "../../domain/model-capabilities.ts";
import type { ClientRequest, UpstreamTarget } from "./adapter.ts";

type Json = Record<string, any>;

/** The members of an OpenAI-style or Anthropic body that ask for output tokens, set to the model's maximum where they ask for more. */
/** The model's output limit, where the gateway holds calls to it. */
const limitOf = (target: UpstreamTarget): number | undefined => (enforced(target.capabilities) ? target.capabilities.maxOutputTokens : undefined);

export function clampedLimits(client: ClientRequest, target: UpstreamTarget, members: readonly string[]): Json {
  const limit = limitOf(target);
  const changes: Json = {};
  if (limit === undefined) return changes;
  for (const key of members) {
    const asked = client.body[key];
    if (typeof asked === "number" && asked > limit) changes[key] = limit;
  }
  return changes;
}

/**
 * Anthropic's max_tokens clamped, and with it a thinking budget that would no longer fit under it
 * ("max_tokens must be greater than thinking.budget_tokens"): the budget keeps its share of the
 * caller's max_tokens, and at least Anthropic's least budget, 1,024.
 */
export function clampedAnthropicLimits(client: ClientRequest, target: UpstreamTarget): Json {
  const changes = clampedLimits(client, target, ["max_tokens"]);
  const limit: number | undefined = changes.max_tokens;
  const thinking = client.body.thinking;
  if (limit === undefined || thinking?.type !== "enabled" || typeof thinking.budget_tokens !== "number" || thinking.budget_tokens < limit) return changes;
  // No budget of Anthropic's least (1,024) fits under a limit of 1,024 or less: thinking goes off there.
  if (limit <= 1024) return { ...changes, thinking: { type: "disabled" } };
  const share = Math.floor((thinking.budget_tokens * limit) / client.body.max_tokens);
  changes.thinking = { ...thinking, budget_tokens: Math.min(limit - 1, Math.max(1024, share)) };
  return changes;
}

/** Gemini's limit is inside generationConfig (or the snake-case generation_config the REST API also takes): that member is written again with it clamped. */
export function clampedGeminiLimits(client: ClientRequest, target: UpstreamTarget): Json {
  const limit = limitOf(target);
  const changes: Json = {};
  if (limit === undefined) return changes;
  for (const [key, field] of [
    ["generationConfig", "max_output_tokens"],
    ["generationConfig", "maxOutputTokens"],
    ["generation_config", "max_output_tokens"],
    ["generation_config", "maxOutputTokens"],
  ] as const) {
    const config = changes[key] ?? client.body[key];
    if (typeof config?.[field] === "number" && config[field] > limit) changes[key] = { ...config, [field]: limit };
  }
  return changes;
}
