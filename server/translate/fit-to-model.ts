// A translated request fitted to the upstream model's documented limits (domain/model-capabilities.ts)
// before its writer runs, so that an agent's generic settings reach a model that takes less:
// - the output limit is clamped to the model's maximum, never raised above what the caller asked;
// - reasoning is dropped for a model that does not reason (OpenAI refuses `reasoning.effort` on
//   gpt-4o and gpt-4.1), an effort the model lacks becomes the nearest it takes, and a thinking
//   budget is kept in the model's range.
// What the caller loses this way is listed per pair in the README (translation rules). A model the
// catalog does not know is sent the request as the caller wrote it (model-capabilities.ts enforced).
import { type ResolvedCapabilities, clampOutputTokens, enforced, nearestEffort } from "../domain/model-capabilities.ts";
import type { CanonicalRequest, ReasoningSettings } from "./canonical.ts";

export function fitToModel(request: CanonicalRequest, capabilities: ResolvedCapabilities | undefined): CanonicalRequest {
  if (!enforced(capabilities)) return request;
  const maxOutputTokens = clampOutputTokens(request.maxOutputTokens, capabilities);
  const reasoning = request.reasoning && fitReasoning(request.reasoning, capabilities);
  if (maxOutputTokens === request.maxOutputTokens && reasoning === request.reasoning) return request;
  const fitted: CanonicalRequest = { ...request, maxOutputTokens };
  if (reasoning) fitted.reasoning = reasoning;
  else delete fitted.reasoning;
  return fitted;
}

function fitReasoning(asked: ReasoningSettings, capabilities: ResolvedCapabilities): ReasoningSettings | undefined {
  const takes = capabilities.reasoning;
  if (takes === null) return undefined;
  let fitted = asked;
  // Effort none to a model that can stop reasoning is the switch, which its writer says (DeepSeek's thinking disabled).
  if (asked.effort !== undefined && takes.efforts.length > 0 && !(asked.effort === "none" && takes.canDisable)) {
    const effort = nearestEffort(asked.effort, takes.efforts);
    if (effort !== asked.effort) fitted = { ...fitted, effort };
  }
  // A budget of 0 (off) or −1 (dynamic) is a switch, not a size: the writers say it in their format.
  const budget = asked.budgetTokens;
  if (budget !== undefined && budget > 0 && takes.budget) {
    const within = Math.min(Math.max(budget, takes.budget.min), takes.budget.max);
    if (within !== budget) fitted = { ...fitted, budgetTokens: within };
  }
  return fitted;
}
