// What an image costs in input tokens, by the documented rule of the family whose interface the
// call is made in, from its pixel size (read from the base64's header, image-size.ts). An image
// whose size cannot be read — a URL, a file id, data in another format — costs the rule's default.
import type { CallInterface } from "./families.ts";
import { type ImageSize, imageSizeOf } from "./image-size.ts";

type Part = Record<string, any>;
export type ImageDetail = "low" | "high" | "auto";

/**
 * Anthropic (platform.claude.com/docs/en/build-with-claude/vision): an image whose long edge is over
 * 1568 px, or that would cost over ~1,600 tokens, is first scaled down (aspect kept) until it fits;
 * it then costs width × height / 750. Unknown size: the ~1,600 of the largest image.
 */
export function anthropicImageTokens(size: ImageSize | null): number {
  if (!size) return anthropicLargest;
  const scale = Math.min(1, 1568 / Math.max(size.width, size.height), Math.sqrt((anthropicLargest * 750) / (size.width * size.height)));
  return Math.ceil((Math.max(1, Math.floor(size.width * scale)) * Math.max(1, Math.floor(size.height * scale))) / 750);
}
const anthropicLargest = 1600;

/**
 * OpenAI's tiled models (platform.openai.com/docs/guides/images-vision, "Calculating costs"):
 * `detail: "low"` costs 85; high (and auto) fits the image in 2048 × 2048, scales its short side
 * down to 768, and costs 85 + 170 per 512-px tile. Unknown size: 1445, the most (2 × 4 tiles).
 */
export function openaiImageTokens(size: ImageSize | null, detail: unknown): number {
  if (detail === "low") return 85;
  if (!size) return 85 + 170 * 8;
  const fit = Math.min(1, 2048 / Math.max(size.width, size.height));
  const short = Math.min(size.width, size.height) * fit;
  const scale = fit * Math.min(1, 768 / short);
  // Whole pixels, as the scaled image has them (and no float error such as 512.0000001 adds a tile).
  const pixels = (side: number) => Math.floor(side * scale + 1e-6);
  return 85 + 170 * Math.ceil(pixels(size.width) / 512) * Math.ceil(pixels(size.height) / 512);
}

/**
 * Gemini (ai.google.dev/gemini-api/docs/tokens): an image at most 384 px on both sides costs 258;
 * a larger one is cropped and scaled into 768 × 768 tiles of 258 each. Unknown size: one tile.
 */
export function geminiImageTokens(size: ImageSize | null): number {
  if (!size || (size.width <= 384 && size.height <= 384)) return 258;
  return 258 * Math.ceil(size.width / 768) * Math.ceil(size.height / 768);
}

/** An image content part of a request: its base64 (bare or as a data URL; null when it is referenced), and how it is charged. */
export type ImagePart = { data: string | null; detail: unknown };

const isObject = (value: unknown): value is Part => value !== null && typeof value === "object" && !Array.isArray(value);
const isImageType = (value: unknown) => typeof value === "string" && value.toLowerCase().startsWith("image/");
const dataUrl = (value: unknown) => (typeof value === "string" && /^data:image\//i.test(value) ? value : null);

/** The image a content part carries in its format, or null: a part of another kind. */
export function imagePartOf(iface: CallInterface, part: Part): ImagePart | null {
  switch (iface) {
    case "messages":
      if (part.type !== "image") return null;
      return { data: part.source?.type === "base64" && typeof part.source.data === "string" ? part.source.data : null, detail: undefined };
    case "chat": {
      if (part.type !== "image_url") return null;
      const image = part.image_url;
      return { data: dataUrl(isObject(image) ? image.url : image), detail: isObject(image) ? image.detail : undefined };
    }
    case "responses":
      return part.type === "input_image" ? { data: dataUrl(part.image_url), detail: part.detail } : null;
    case "generate-content": {
      const inline = part.inlineData ?? part.inline_data;
      if (isObject(inline) && isImageType(inline.mimeType ?? inline.mime_type)) return { data: typeof inline.data === "string" ? inline.data : null, detail: undefined };
      const file = part.fileData ?? part.file_data;
      return isObject(file) && isImageType(file.mimeType ?? file.mime_type) ? { data: null, detail: undefined } : null;
    }
    case "embeddings":
      return null;
  }
}

/** The size of an image part, read from its data's header where it has data. */
export const sizeOfImage = (image: ImagePart): ImageSize | null => (image.data === null ? null : imageSizeOf(image.data));

/** The image's tokens by the rule of the interface's family. */
export function imageTokens(iface: CallInterface, image: ImagePart, size: ImageSize | null): number {
  switch (iface) {
    case "messages":
      return anthropicImageTokens(size);
    case "chat":
    case "responses":
      return openaiImageTokens(size, image.detail);
    case "generate-content":
      return geminiImageTokens(size);
    case "embeddings":
      return 0;
  }
}

/** The most any family's rule charges for an image of this size: a translated call's upstream charges by its own. */
export const largestImageTokens = (size: ImageSize): number => Math.max(anthropicImageTokens(size), openaiImageTokens(size, "high"), geminiImageTokens(size));
