// Token usage normalized across formats (wire-formats.md §6.1) so one price table bills them all:
// `input` is uncached input, `cacheRead`/`cacheWrite` are priced separately, `output` includes
// reasoning, and `reasoning` is kept beside it for reporting.
import type { TokenCounts } from "./pricing.ts";

export type Usage = { input: number; output: number; cacheRead: number; cacheWrite: number; reasoning: number };

export const noUsage = (): Usage => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0 });

/**
 * A token count as an upstream reported it, made fit to bill: a whole number of tokens, never
 * below zero. Vendors send whole numbers; a fraction (rounded up here) or a negative count (0)
 * from a faulty upstream would otherwise stop the call's settlement (pricing is in integers) or
 * pay the caller back.
 */
export const tokenCount = (value: unknown): number => (typeof value === "number" && value > 0 ? Math.ceil(Math.min(value, Number.MAX_SAFE_INTEGER)) : 0);
const n = tokenCount;
type Json = Record<string, any>;

/** Family A: `input_tokens` is uncached only; `message_delta` usage is cumulative. */
export function usageFromAnthropic(usage: Json | undefined, into: Usage = noUsage()): Usage {
  if (!usage) return into;
  // `message_delta` may carry `input_tokens: null` (the SDK types it `number | null`): null leaves message_start's count.
  if (usage.input_tokens != null) into.input = n(usage.input_tokens);
  if (usage.output_tokens != null) into.output = n(usage.output_tokens);
  if (usage.cache_read_input_tokens != null) into.cacheRead = n(usage.cache_read_input_tokens);
  if (usage.cache_creation_input_tokens != null) into.cacheWrite = n(usage.cache_creation_input_tokens);
  return into;
}

/** Chat: `prompt_tokens` includes cached tokens; `completion_tokens` includes reasoning. */
export function usageFromChat(usage: Json | undefined): Usage {
  const cached = n(usage?.prompt_tokens_details?.cached_tokens);
  return {
    input: Math.max(0, n(usage?.prompt_tokens) - cached),
    output: n(usage?.completion_tokens),
    cacheRead: cached,
    cacheWrite: 0,
    reasoning: n(usage?.completion_tokens_details?.reasoning_tokens),
  };
}

/** Responses: like chat, with input/output names. */
export function usageFromResponses(usage: Json | undefined): Usage {
  const cached = n(usage?.input_tokens_details?.cached_tokens);
  return {
    input: Math.max(0, n(usage?.input_tokens) - cached),
    output: n(usage?.output_tokens),
    cacheRead: cached,
    cacheWrite: 0,
    reasoning: n(usage?.output_tokens_details?.reasoning_tokens),
  };
}

/** Family C: thoughts are counted apart from candidates; cached content is inside the prompt count. */
export function usageFromGemini(metadata: Json | undefined): Usage {
  const cached = n(metadata?.cachedContentTokenCount);
  const thoughts = n(metadata?.thoughtsTokenCount);
  return {
    input: Math.max(0, n(metadata?.promptTokenCount) - cached) + n(metadata?.toolUsePromptTokenCount),
    output: n(metadata?.candidatesTokenCount) + thoughts,
    cacheRead: cached,
    cacheWrite: 0,
    reasoning: thoughts,
  };
}

export function billableTokens(usage: Usage): TokenCounts {
  return { input: usage.input, output: usage.output, cache_read: usage.cacheRead, cache_write: usage.cacheWrite };
}
