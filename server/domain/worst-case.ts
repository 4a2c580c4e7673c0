// The most a call can cost, reserved before the upstream is asked.
//
// Input: one token per byte of the decoded request body. No tokenizer of the four formats makes
// more tokens than a text has UTF-8 bytes (byte-level BPE and SentencePiece with byte fallback
// spend at least one byte per token), and the JSON around the text outweighs the tokens vendors
// add per message. Media are not text: the base64 of an inline image is not counted, and every
// media part (image, document, audio or file; inline or referenced by URL or file id) adds
// `mediaAllowanceTokens` instead — well above what one image costs in any family at its largest
// accepted size. The bound does not cover what the upstream adds on its own: a long document,
// audio or video behind a URL or file id, a stored conversation (`previous_response_id`) or
// results of server-side tools; the README's Billing section says so.
//
// Output: the request's own limit, or a default when it sets none. Input is priced at the dearer of
// the input and cache-write prices.
import type { Interface } from "./families.ts";
import { type Prices, costMicros } from "./pricing.ts";

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
type Part = Json;

const isObject = (value: unknown): value is Json => value !== null && typeof value === "object" && !Array.isArray(value);
const objectsIn = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const isImageType = (value: unknown) => typeof value === "string" && value.toLowerCase().startsWith("image/");
const imageDataUrlLength = (value: unknown) => (typeof value === "string" && /^data:image\//i.test(value) ? value.length : 0);

/**
 * The content parts of a request, where each format puts them — and only there: the same shape
 * inside free-form JSON (a tool call's input) is text the model reads, so it is counted as bytes.
 */
function contentParts(iface: Exclude<Interface, "models">, body: Json): Part[] {
  const parts: Part[] = [];
  const lists: unknown[] = [];
  switch (iface) {
    case "messages":
      lists.push(body.system, ...objectsIn(body.messages).map((message) => message.content));
      break;
    case "chat":
      lists.push(...objectsIn(body.messages).map((message) => message.content));
      break;
    case "responses":
      for (const item of objectsIn(body.input)) lists.push([item], item.content, item.output);
      break;
    case "generate-content":
      lists.push(...objectsIn(body.contents).map((content) => content.parts));
      for (const instruction of [body.systemInstruction, body.system_instruction]) if (isObject(instruction)) lists.push(instruction.parts);
      break;
  }
  while (lists.length > 0) {
    for (const part of objectsIn(lists.pop())) {
      parts.push(part);
      // Family A nests blocks in tool results and in documents made of content.
      if (iface === "messages" && part.type === "tool_result") lists.push(part.content);
      if (iface === "messages" && part.type === "document" && isObject(part.source)) lists.push(part.source.content);
    }
  }
  return parts;
}

/** Content part types that carry media (Family A, chat completions, Responses). */
const mediaPartTypes = new Set(["image", "document", "image_url", "input_image", "input_file", "file", "input_audio"]);

/** Characters of base64 image data in a part: images count their allowance, not their bytes. */
function inlineImageChars(part: Part): number {
  if (part.type === "image" && part.source?.type === "base64" && typeof part.source.data === "string") return part.source.data.length;
  if (part.type === "image_url") return imageDataUrlLength(part.image_url?.url);
  if (part.type === "input_image") return imageDataUrlLength(part.image_url);
  const inline = part.inlineData ?? part.inline_data;
  if (isObject(inline) && isImageType(inline.mimeType ?? inline.mime_type) && typeof inline.data === "string") return inline.data.length;
  return 0;
}

const isMediaPart = (part: Part) =>
  mediaPartTypes.has(part.type) || [part.inlineData, part.inline_data, part.fileData, part.file_data].some(isObject);

/** Media parts in a request body, and the characters of inline image data inside them. */
export function mediaOf(iface: Exclude<Interface, "models">, body: Json): { parts: number; inlineImageChars: number } {
  let parts = 0;
  let chars = 0;
  for (const part of contentParts(iface, body)) {
    if (isMediaPart(part)) parts++;
    chars += inlineImageChars(part);
  }
  return { parts, inlineImageChars: chars };
}

/** An upper bound on the input tokens of a request whose decoded body is `bodyBytes` long (see above). */
export function maxInputTokens(iface: Exclude<Interface, "models">, body: Json, bodyBytes: number): number {
  const media = mediaOf(iface, body);
  return Math.max(0, bodyBytes - media.inlineImageChars) + media.parts * mediaAllowanceTokens;
}

/** What a call cut off mid-stream is charged for input when the stream had not reported it yet. */
export function estimatedInputTokens(bodyBytes: number): number {
  return Math.ceil(bodyBytes / 3);
}

export function worstCaseCost(iface: Exclude<Interface, "models">, body: Record<string, any>, bodyBytes: number, prices: Prices, multiplierMilli: number): number {
  const inputPrice = Math.max(prices.input, prices.cache_write);
  return costMicros(
    { input: maxInputTokens(iface, body, bodyBytes), output: maxOutputTokens(iface, body), cache_read: 0, cache_write: 0 },
    { ...prices, input: inputPrice },
    multiplierMilli,
  );
}

export function formatMicros(micros: number): string {
  return (micros / 1_000_000).toFixed(6);
}
