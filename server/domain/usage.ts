// Token usage normalized across formats (wire-formats.md §6.1) so one price table bills them all:
// `input` is uncached input, `cacheRead`/`cacheWrite` are priced separately, `output` includes
// reasoning, and `reasoning` is kept beside it for reporting. `cacheWrite` is every cache write;
// `cacheWrite1h` is the part of it written to Anthropic's 1-hour cache, billed at its own price.
import type { TokenCounts } from "./pricing.ts";

export type Usage = { input: number; output: number; cacheRead: number; cacheWrite: number; cacheWrite1h: number; reasoning: number };

export const noUsage = (): Usage => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 });

/**
 * A token count as an upstream reported it, made fit to bill: a whole number of tokens, never
 * below zero. Vendors send whole numbers; a fraction (rounded up here) or a negative count (0)
 * from a faulty upstream would otherwise stop the call's settlement (pricing is in integers) or
 * pay the caller back.
 */
export const tokenCount = (value: unknown): number => (typeof value === "number" && value > 0 ? Math.ceil(Math.min(value, Number.MAX_SAFE_INTEGER)) : 0);
const n = tokenCount;
type Json = Record<string, any>;

/**
 * A cumulative count in place of the one before: `message_delta` may carry `input_tokens: null`
 * (the SDK types it `number | null`), which leaves message_start's count, and so does a zero, which
 * a cumulative count that was above it cannot be.
 */
const counted = (value: unknown, before: number) => (value == null || (before > 0 && n(value) === 0) ? before : n(value));

/**
 * Family A: `input_tokens` is uncached only; `message_delta` usage is cumulative. Cache writes are
 * `cache_creation_input_tokens`, split by TTL in `cache_creation` (non-stream responses and
 * message_start; message_delta carries the total only, which leaves message_start's split).
 */
export function usageFromAnthropic(usage: Json | undefined, into: Usage = noUsage()): Usage {
  if (!usage) return into;
  into.input = counted(usage.input_tokens, into.input);
  into.output = counted(usage.output_tokens, into.output);
  into.cacheRead = counted(usage.cache_read_input_tokens, into.cacheRead);
  into.cacheWrite = counted(usage.cache_creation_input_tokens, into.cacheWrite);
  if (usage.cache_creation?.ephemeral_1h_input_tokens != null) into.cacheWrite1h = n(usage.cache_creation.ephemeral_1h_input_tokens);
  // The 1-hour writes are part of all writes: a split that claims more is held to the total.
  if (into.cacheWrite1h > into.cacheWrite) into.cacheWrite1h = into.cacheWrite;
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
    cacheWrite1h: 0,
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
    cacheWrite1h: 0,
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
    cacheWrite1h: 0,
    reasoning: thoughts,
  };
}

export function billableTokens(usage: Usage): TokenCounts {
  const oneHour = Math.min(usage.cacheWrite1h, usage.cacheWrite);
  return { input: usage.input, output: usage.output, cache_read: usage.cacheRead, cache_write: usage.cacheWrite - oneHour, cache_write_1h: oneHour };
}
