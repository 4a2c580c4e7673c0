// OpenAI's prompt-caching fields, the same in chat and Responses (openai SDK 7.x), read as the
// canonical PromptCache. OpenAI caches every long prompt on its own, at no extra price; these fields
// are how its callers speak of it:
// - `prompt_cache_key`: requests that share a prefix go together (Codex sends its session id on every turn);
// - `prompt_cache_retention`: "in_memory", or "24h" (extended caching: a prefix kept up to a day);
// - `prompt_cache_options`: `mode` ("implicit", the default; "explicit": only the blocks the caller
//   marks with `prompt_cache_breakpoint` are cached), `ttl` ("30m", the default, or "12h", a lifetime
//   at least that long), `prewarm` (Responses: fill the cache and answer nothing),
//   `comparison_response_id` (asks for cache diagnostics only).
// An upstream that caches only when asked, and bills the writing (Anthropic), is asked when the caller
// sent a key or asked for the long lifetime; Anthropic's longest, one hour, stands for OpenAI's 24 h and
// 12 h. Explicit mode asks for none of ours: its breakpoints are the caller's, which translation does
// not carry, and adding others would bill writes the caller did not ask for.
import { type PromptCache, TranslationRefusal } from "./canonical.ts";

/** The top-level fields readPromptCache reads. */
export const promptCacheFields: ReadonlySet<string> = new Set(["prompt_cache_key", "prompt_cache_retention", "prompt_cache_options"]);

const refuse = (field: string, reason: string): never => {
  throw new TranslationRefusal(field, reason);
};

/** What the caller's caching fields ask of an upstream; undefined when they ask nothing (null counts as absent). */
export function readPromptCache(body: Record<string, any>): PromptCache | undefined {
  const { prompt_cache_key: key, prompt_cache_retention: retention, prompt_cache_options: options } = body;
  if (key != null && typeof key !== "string") refuse("prompt_cache_key", "`prompt_cache_key` must be a string");
  if (retention != null && retention !== "in_memory" && retention !== "24h")
    refuse("prompt_cache_retention", `\`prompt_cache_retention\` is "in_memory" or "24h", not ${JSON.stringify(retention)}`);
  let long = retention === "24h";
  if (options != null) {
    if (typeof options !== "object" || Array.isArray(options)) refuse("prompt_cache_options", "`prompt_cache_options` must be an object");
    for (const [field, value] of Object.entries(options as Record<string, unknown>)) {
      if (value == null || field === "comparison_response_id") continue;
      if (field === "mode" && (value === "implicit" || value === "explicit")) continue;
      if (field === "ttl" && (value === "30m" || value === "12h")) continue;
      if (field === "prewarm" && value === false) continue;
      if (field === "prewarm")
        refuse("prompt_cache_options.prewarm", "a translated call always generates an answer, so it cannot only prewarm the cache: remove `prompt_cache_options.prewarm`");
      refuse(`prompt_cache_options.${field}`, `\`prompt_cache_options.${field}\` = ${JSON.stringify(value)} has no counterpart upstream: remove it`);
    }
    if (options.mode === "explicit") return undefined;
    if (options.ttl === "12h") long = true;
  }
  if (long) return { ttl: "1h" };
  return typeof key === "string" && key !== "" ? { ttl: "5m" } : undefined;
}
