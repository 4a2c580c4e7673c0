// The most a call can cost, reserved before the upstream is asked.
//
// Input: one token per byte of the decoded request body. No tokenizer of the four formats makes
// more tokens than a text has UTF-8 bytes (byte-level BPE and SentencePiece with byte fallback
// spend at least one byte per token), and the JSON around the text outweighs the tokens vendors
// add per message. Media are not text: the base64 of an inline image is not counted, and every
// media part (image, document, audio or file; inline or referenced by URL or file id) adds
// `mediaAllowanceTokens` instead — above what one image costs by Anthropic's and OpenAI's rules at
// any size, and by Gemini's up to 30 tiles (3840 × 4608 px); an image whose header gives a larger
// size is held at what that rule charges (image-tokens.ts). The bound does not cover what the
// upstream adds on its own: a long document, audio or video behind a URL or file id, a stored
// conversation (`previous_response_id`) or results of server-side tools; the README's Billing
// section says so.
//
// Output: the request's own limit, or a default when it sets none. Input is priced at the dearest of
// the input and cache-write prices (5-minute and 1-hour): each input token is billed at one of them.
import { contentParts } from "./content-parts.ts";
import type { Interface } from "./families.ts";
import { imagePartOf, imageTokens, largestImageTokens, sizeOfImage } from "./image-tokens.ts";
import { type Prices, cacheWrite1hPrice, costMicros } from "./pricing.ts";

export const defaultMaxOutputTokens = { chat: 4096, responses: 4096, "generate-content": 8192 } as const;

/** Input tokens held for each media part, on top of the text bytes. */
export const mediaAllowanceTokens = 8192;

const positive = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);

/** The largest of the limits a request sets, where it sets one in more than one place. */
function largest(...values: unknown[]): number | undefined {
  let most: number | undefined;
  for (const value of values) if (positive(value) !== undefined && (most === undefined || (value as number) > most)) most = value as number;
  return most;
}

export function maxOutputTokens(iface: Exclude<Interface, "models">, body: Record<string, any>): number {
  switch (iface) {
    case "messages":
      return positive(body.max_tokens) ?? 4096;
    case "chat":
      // Both limits may come, and an upstream may honour either (some OpenAI-compatible ones read only max_tokens).
      return (largest(body.max_completion_tokens, body.max_tokens) ?? defaultMaxOutputTokens.chat) * (positive(body.n) ?? 1);
    case "responses":
      return positive(body.max_output_tokens) ?? defaultMaxOutputTokens.responses;
    case "generate-content": {
      // The Gemini API reads JSON field names in lowerCamelCase and as the proto spells them (snake_case).
      const camel = body.generationConfig ?? {};
      const snake = body.generation_config ?? {};
      const limit = largest(camel.maxOutputTokens, camel.max_output_tokens, snake.maxOutputTokens, snake.max_output_tokens);
      const candidates = largest(camel.candidateCount, camel.candidate_count, snake.candidateCount, snake.candidate_count);
      return (limit ?? defaultMaxOutputTokens["generate-content"]) * (candidates ?? 1);
    }
    case "embeddings":
      return 0; // an embedding has no output tokens: only its input is billed
  }
}

type Json = Record<string, any>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);

/** Content part types that carry media (Family A, chat completions, Responses). */
const mediaPartTypes = new Set(["image", "document", "image_url", "input_image", "input_file", "file", "input_audio"]);

const isMediaPart = (part: Json) =>
  mediaPartTypes.has(part.type) || [part.inlineData, part.inline_data, part.fileData, part.file_data].some(isObject);

/** A request's input as the relay sizes it, from one walk over its content parts. */
export type InputTokens = {
  /** The bound the hold is made for (see above). */
  held: number;
  /** The decoded body less the base64 of its images: what an estimate reads as text. */
  textBytes: number;
  /** Its images by the rule of the interface's family (image-tokens.ts). */
  imageTokens: number;
};

/**
 * The input of a request whose decoded body is `bodyBytes` long. An image is held at the
 * allowance, or at more where its header gives a size that some family's rule charges more for
 * (Gemini's tiles of a very large image): a translated call is charged by its upstream's rule.
 */
export function inputTokensOf(iface: Exclude<Interface, "models">, body: Json, bodyBytes: number): InputTokens {
  let imageChars = 0;
  let imageTokensOfRule = 0;
  let heldForMedia = 0;
  for (const part of contentParts(iface, body)) {
    const image = imagePartOf(iface, part);
    if (image) {
      const size = sizeOfImage(image);
      imageChars += image.data?.length ?? 0;
      imageTokensOfRule += imageTokens(iface, image, size);
      heldForMedia += Math.max(mediaAllowanceTokens, size ? largestImageTokens(size) : 0);
    } else if (isMediaPart(part)) heldForMedia += mediaAllowanceTokens;
  }
  const textBytes = Math.max(0, bodyBytes - imageChars);
  return { held: textBytes + heldForMedia, textBytes, imageTokens: imageTokensOfRule };
}

/** An upper bound on the input tokens of a request whose decoded body is `bodyBytes` long (see above). */
export function maxInputTokens(iface: Exclude<Interface, "models">, body: Json, bodyBytes: number): number {
  return inputTokensOf(iface, body, bodyBytes).held;
}

/**
 * What a call cut off mid-stream is charged for input when the stream had not reported it yet:
 * its text at three bytes a token, its images by their family's rule (their base64 is no text).
 */
export function estimatedInputTokens(input: InputTokens): number {
  return Math.ceil(input.textBytes / 3) + input.imageTokens;
}

/** `input`: what inputTokensOf gave for this body, where the caller has it already. */
export function worstCaseCost(
  iface: Exclude<Interface, "models">,
  body: Record<string, any>,
  bodyBytes: number,
  prices: Prices,
  multiplierMilli: number,
  input: InputTokens = inputTokensOf(iface, body, bodyBytes),
  /** The most output any channel's model can give (model-capabilities.ts): a caller asking more is sent that much, so no more is held. */
  outputCap = Number.POSITIVE_INFINITY,
): number {
  const inputPrice = Math.max(prices.input, prices.cache_write, cacheWrite1hPrice(prices));
  return costMicros(
    { input: input.held, output: Math.min(maxOutputTokens(iface, body), outputCap), cache_read: 0, cache_write: 0 },
    { ...prices, input: inputPrice },
    multiplierMilli,
  );
}

export function formatMicros(micros: number): string {
  return (micros / 1_000_000).toFixed(6);
}
