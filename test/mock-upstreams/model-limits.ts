// What each model takes, as its vendor documents it, for the mocks to refuse as the vendor would:
// output-token limits per model, reasoning parameters only on models that reason, and a strict
// OpenAI-compatible server that takes chat's common core alone. Written here from the vendors'
// pages, never imported from the server's catalog, so a test checks the gateway against the vendor
// and not against itself.
import type { Problem } from "./validate.ts";

/**
 * The most output tokens each model takes. Anthropic's models overview ("Max output": Opus 4.6
 * 128K, Sonnet 4.6 and Haiku 4.5 64K); OpenAI's model pages (gpt-4o-mini 16,384, gpt-4.1 32,768,
 * gpt-5 128,000); Gemini's model pages (2.5 Pro and Flash: output token limit 65,536); DeepSeek's
 * pricing page (deepseek-chat "MAX OUTPUT 8K", deepseek-reasoner 64K).
 */
const outputLimits: Record<string, number> = {
  "claude-opus-4-6": 128_000,
  "claude-sonnet-4-6": 64_000,
  "claude-haiku-4-5": 64_000,
  "gpt-4o-mini": 16_384,
  "gpt-4o": 16_384,
  "gpt-4.1": 32_768,
  "gpt-5": 128_000,
  "gemini-2.5-pro": 65_536,
  "gemini-2.5-flash": 65_536,
  "deepseek-chat": 8_192,
  "deepseek-reasoner": 65_536,
};

export const outputLimitOf = (model: unknown): number | undefined => outputLimits[String(model).replace(/^models\//, "")];

/** OpenAI's models that do not reason: they refuse `reasoning` (Responses) and `reasoning_effort` (chat) as unsupported parameters. */
const notReasoning = (model: unknown) => /^(gpt-4o|gpt-4\.1|gpt-3\.5|chatgpt-4o|gpt-5(\.\d+)?-chat)/i.test(String(model));

/** Anthropic's 400 for max_tokens past the model's ("max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for …"). */
export function anthropicLimitProblem(body: any): Problem | null {
  const limit = outputLimitOf(body.model);
  if (limit === undefined || typeof body.max_tokens !== "number" || body.max_tokens <= limit) return null;
  return { message: `max_tokens: ${body.max_tokens} > ${limit}, which is the maximum allowed number of output tokens for ${body.model}` };
}

export function chatLimitProblem(body: any): Problem | null {
  const limit = outputLimitOf(body.model);
  for (const field of ["max_tokens", "max_completion_tokens"]) {
    const asked = body[field];
    if (limit === undefined || typeof asked !== "number" || asked <= limit) continue;
    // DeepSeek's own words (its chat API's 400 for deepseek-chat's 8K).
    if (/^deepseek-/.test(body.model)) return { message: `Invalid max_tokens value, the valid range of max_tokens is [1, ${limit}]`, param: null, code: "invalid_request_error" };
    return { message: `${field} is too large: ${asked}. This model supports at most ${limit} completion tokens, whereas you provided ${asked}.`, param: field, code: "invalid_value" };
  }
  if (body.reasoning_effort != null && notReasoning(body.model)) {
    return { message: "Unsupported parameter: 'reasoning_effort' is not supported with this model.", param: "reasoning_effort", code: "unsupported_parameter" };
  }
  return null;
}

export function responsesLimitProblem(body: any): Problem | null {
  const limit = outputLimitOf(body.model);
  if (limit !== undefined && typeof body.max_output_tokens === "number" && body.max_output_tokens > limit) {
    return {
      message: `Invalid 'max_output_tokens': integer above maximum value. Expected a value <= ${limit}, but got ${body.max_output_tokens} instead.`,
      param: "max_output_tokens",
      code: "integer_above_max_value",
    };
  }
  if (!notReasoning(body.model)) return null;
  if (body.reasoning?.effort != null) return { message: "Unsupported parameter: 'reasoning.effort' is not supported with this model.", param: "reasoning.effort", code: "unsupported_parameter" };
  if (Array.isArray(body.include) && body.include.includes("reasoning.encrypted_content")) {
    return { message: "Encrypted content is not supported with this model.", param: "include", code: "unsupported_parameter" };
  }
  return null;
}

/** Gemini's 400 for maxOutputTokens past the model's (the range's end is exclusive in its words). */
export function geminiLimitProblem(config: any, model: string): Problem | null {
  const limit = outputLimitOf(model);
  const asked = config?.maxOutputTokens ?? config?.max_output_tokens;
  if (limit === undefined || typeof asked !== "number" || asked <= limit) return null;
  return { message: `Unable to submit request because it has a maxOutputTokens value of ${asked} but the supported range is from 1 (inclusive) to ${limit + 1} (exclusive). Update the value and try again.` };
}

/**
 * A strict OpenAI-compatible server (a model served as `strict/<name>`): chat's common core alone,
 * every other field refused as unknown, as servers whose request models forbid extra fields do.
 */
const commonCore = new Set([
  "model", "messages", "stream", "stream_options", "max_tokens", "temperature", "top_p", "stop", "tools", "tool_choice",
  "response_format", "seed", "presence_penalty", "frequency_penalty", "n",
]);

export const isStrictServerModel = (model: unknown) => String(model).startsWith("strict/");

export function strictServerProblem(body: any): Problem | null {
  const extra = Object.keys(body).find((key) => !commonCore.has(key));
  return extra === undefined ? null : { message: `[{'type': 'extra_forbidden', 'loc': ('body', '${extra}'), 'msg': 'Extra inputs are not permitted'}]`, param: extra };
}
