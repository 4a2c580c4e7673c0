// Pieces the Gemini reader and writers share: call ids Tollgate makes up for Gemini's id-less
// function calls, usage and stop reasons both ways, tool-result bodies, media kinds, schemas.
import { createHash, randomBytes } from "node:crypto";
import type { Usage } from "../../domain/usage.ts";
import type { StopReason } from "../canonical.ts";

type Json = Record<string, any>;

/**
 * Gemini often omits `functionCall.id`; Tollgate then makes one up (`call_tggem_` + 20 hex). The
 * marker lets the request writer recognise it on the next turn — also after another caller format
 * prefixed it (`toolu_call_tggem_…`) — and send the call and its response without an id, as Gemini
 * produced them.
 *
 * In a Gemini caller's request the id is a function of the call's place in `contents` and its name:
 * the caller sends the same id-less history every turn, and the upstream's prompt cache holds only
 * while its translation stays byte-identical.
 */
export const placedCallId = (place: string, name: string): string => `call_tggem_${createHash("sha256").update(`${place}\n${name}`).digest("hex").slice(0, 20)}`;

/** In a Gemini upstream's answer it is random: the caller keeps it and sends it back as given, and the request writer takes it off before Gemini could see it. */
export const answerCallId = (): string => `call_tggem_${randomBytes(10).toString("hex")}`;

export const isGeneratedCallId = (id: string): boolean => /tggem_[0-9a-f]{20}$/.test(id);

/** camelCase with the snake_case spelling the API also accepts. */
export function pick(object: Json | undefined, camel: string): any {
  if (!object) return undefined;
  if (object[camel] !== undefined) return object[camel];
  return object[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
}

export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The JSON object `text` holds, or null when it holds anything else. */
export function parseObject(text: string): Json | null {
  if (!text.startsWith("{")) return null;
  try {
    const value = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A tool result's text ⇄ `functionResponse.response` (which must be an object). The API documents
 * `output` for a function's output and `error` for its failure, so: an error result is
 * `{error: text}`; text that is itself a JSON object goes as that object; other text as
 * `{output: text}`. Read back the other way, `{output: s}` / `{error: s}` alone give `s` (unless
 * `s` is a JSON object's text, which would come back unwrapped) and any other object its JSON
 * text — so a Gemini caller's responses round-trip exactly.
 */
export function responseOfText(text: string, isError: boolean): Json {
  if (isError) return { error: text };
  return parseObject(text) ?? { output: text };
}

export function textOfResponse(response: Json): { text: string; isError?: boolean } {
  const keys = Object.keys(response);
  if (keys.length === 1 && keys[0] === "error" && typeof response.error === "string") return { text: response.error, isError: true };
  if (keys.length === 1 && keys[0] === "output" && typeof response.output === "string" && parseObject(response.output) === null) return { text: response.output };
  return { text: JSON.stringify(response) };
}

/** Which canonical part a MIME type makes; null for audio, video and the rest. */
export function mediaKind(mimeType: unknown): "image" | "document" | null {
  if (typeof mimeType !== "string") return null;
  const type = mimeType.toLowerCase();
  if (type.startsWith("image/")) return "image";
  if (type === "application/pdf" || type.startsWith("text/")) return "document";
  return null;
}

/** Family C usage (wire-formats.md §6.1) from canonical usage. */
export function usageMetadata(usage: Usage): Json {
  const prompt = usage.input + usage.cacheRead + usage.cacheWrite;
  const candidates = Math.max(0, usage.output - usage.reasoning);
  const metadata: Json = { promptTokenCount: prompt, candidatesTokenCount: candidates, totalTokenCount: prompt + usage.output };
  if (usage.cacheRead) metadata.cachedContentTokenCount = usage.cacheRead;
  if (usage.reasoning) metadata.thoughtsTokenCount = usage.reasoning;
  return metadata;
}

const refusalReasons = new Set(["SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION"]);

/** wire-formats.md §6.2; function calls in the output make it `tool_use` unless the answer was cut off or refused. */
export function stopReasonOf(finishReason: string | undefined, sawToolCall: boolean): StopReason {
  if (finishReason === "MAX_TOKENS") return "max_tokens";
  if (finishReason && refusalReasons.has(finishReason)) return "refusal";
  return sawToolCall ? "tool_use" : "end_turn";
}

export function finishReasonOf(stopReason: StopReason): string {
  if (stopReason === "max_tokens") return "MAX_TOKENS";
  if (stopReason === "refusal") return "SAFETY";
  return "STOP";
}

/**
 * Gemini's OpenAPI-style `Schema` (`type: "OBJECT"`, `nullable`, `propertyOrdering`) → JSON Schema,
 * the canonical form: types lower-cased, `nullable: true` → a `"null"` type alternative,
 * `propertyOrdering` dropped (JSON keeps the properties' order).
 */
export function jsonSchemaOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchemaOf);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "propertyOrdering" || key === "nullable") continue;
    if (key === "type" && typeof value === "string") out.type = value.toLowerCase();
    else if (key === "properties" && isObject(value)) out.properties = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, jsonSchemaOf(sub)]));
    else if (key === "items" || key === "anyOf") out[key] = jsonSchemaOf(value);
    else out[key] = value;
  }
  if (schema.nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
  return out;
}
