// Tollgate's own count of a request's input tokens, answered by count_tokens when no upstream can
// count them (a channel whose endpoint offers no counting, or none reachable). Byte-level BPE
// tokenizers spend about four characters of ASCII text (English, code, JSON) per token, and about
// three quarters of a token per character of other scripts (Chinese, Japanese, Cyrillic, …). Each
// message adds a few tokens of the format's own framing. Measured against OpenAI's o200k_base on
// the texts of `estimate-tokens.test.ts`: within ±25% on each, which is the bound the README
// states; Claude's and Gemini's tokenizers are not published, so the real count may differ more.
// Images are not text: each costs what its family's documented rule charges for its size
// (image-tokens.ts), read from the base64's header.
import { contentParts } from "./content-parts.ts";
import type { Interface } from "./families.ts";
import { imagePartOf, imageTokens, sizeOfImage } from "./image-tokens.ts";

const perMessage = 4;

/** Estimated tokens of a text: ASCII at four characters a token, any other character three quarters of one. */
export function estimateTextTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) ascii++;
    else if (code < 0xdc00 || code > 0xdfff) other++; // a surrogate pair is one character
  }
  return Math.ceil(ascii / 4 + other * 0.75);
}

type Json = Record<string, any>;

/** Every string in a value (object keys of tool inputs and schemas included: the model reads them). */
function textOf(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) textOf(item, out);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key === "data" || key === "signature" || key === "cache_control" || key === "encrypted_content" || key === "image_url" || key === "file_data") continue; // media bytes and opaque blobs
      if (typeof item !== "string" || key === "text" || key === "content" || key === "input" || key === "arguments") {
        if (key !== "type" && key !== "role") out.push(key);
      }
      textOf(item, out);
    }
  } else if (typeof value === "number" || typeof value === "boolean") out.push(String(value));
}

/** The estimate for a count body of the messages, the Responses or the generateContent format. */
export function estimateRequestTokens(iface: Extract<Interface, "messages" | "responses" | "generate-content">, body: Json): number {
  const texts: string[] = [];
  let messages = 0;
  let images = 0;
  const request = iface === "generate-content" ? (body.generateContentRequest ?? body) : body;
  for (const part of contentParts(iface, request)) {
    const image = imagePartOf(iface, part);
    if (image) images += imageTokens(iface, image, sizeOfImage(image));
  }
  if (iface === "responses") {
    // `input` is one user message as a string, else items (messages, calls, their outputs), each framed as a message.
    textOf(body.instructions, texts);
    textOf(body.tools, texts);
    messages = typeof body.input === "string" ? 1 : Array.isArray(body.input) ? body.input.length : 0;
    textOf(body.input, texts);
  } else if (iface === "messages") {
    textOf(body.system, texts);
    textOf(body.tools, texts);
    messages = Array.isArray(body.messages) ? body.messages.length : 0;
    textOf(body.messages, texts);
  } else {
    textOf(request.systemInstruction ?? request.system_instruction, texts);
    textOf(request.tools, texts);
    messages = Array.isArray(request.contents) ? request.contents.length : 0;
    textOf(request.contents, texts);
  }
  return texts.reduce((sum, text) => sum + estimateTextTokens(text), 0) + messages * perMessage + images;
}
