// Pieces the chat reader and writers share: finish reasons, usage in chat's terms, data URLs, ids,
// and the `reasoning_details` entry that carries another vendor's reasoning through a chat caller.
import { randomBytes } from "node:crypto";
import type { Usage } from "../../domain/usage.ts";
import { carry } from "../carry.ts";
import { type MediaSource, type Opaque, type StopReason, TranslationRefusal } from "../canonical.ts";

/** The `format` of a reasoning_details entry whose `data` is a carried value (carry.ts). */
export const carriedFormat = "tollgate-carry";

/** Canonical stop reason → chat finish_reason (wire-formats.md §6.2). */
export function finishReasonOf(stop: StopReason): "stop" | "length" | "tool_calls" | "content_filter" {
  switch (stop) {
    case "max_tokens":
      return "length";
    case "tool_use":
      return "tool_calls";
    case "refusal":
      return "content_filter";
    default:
      return "stop"; // end_turn, stop_sequence, pause_turn
  }
}

/**
 * Chat finish_reason → canonical; tool calls in the output win over `stop` (some upstreams say
 * stop), but not over `length` or `content_filter`: a call cut off by the limit is incomplete, and
 * an agent must not run it.
 */
export function stopReasonOf(finish: string, sawToolCall: boolean): StopReason {
  switch (finish) {
    case "length":
      return "max_tokens";
    case "content_filter":
      return "refusal";
    case "tool_calls":
    case "function_call":
      return "tool_use";
    default:
      return sawToolCall ? "tool_use" : "end_turn"; // stop, and vendor extras such as DeepSeek's insufficient_system_resource
  }
}

/** Canonical usage in chat's terms: prompt_tokens includes cache reads and writes, completion includes reasoning. */
export function chatUsage(usage: Usage) {
  const prompt = usage.input + usage.cacheRead + usage.cacheWrite;
  return {
    prompt_tokens: prompt,
    completion_tokens: usage.output,
    total_tokens: prompt + usage.output,
    prompt_tokens_details: { cached_tokens: usage.cacheRead },
    completion_tokens_details: { reasoning_tokens: usage.reasoning },
  };
}

/** Upstream ids are kept; an id without chat's prefix gets it, as the OpenAI SDKs and dashboards expect. */
export const completionId = (id: string) => (id.startsWith("chatcmpl-") ? id : `chatcmpl-${id || randomBytes(12).toString("hex")}`);

export const newCallId = () => `call_${randomBytes(12).toString("base64url")}`;

/** A data URL (`data:<type>;base64,<data>`) → a base64 source; null when `url` is not one. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | null {
  const match = /^data:([^;,]*)((?:;[^;,]*)*);base64,/i.exec(url);
  if (!match) return null;
  return { mediaType: match[1] || "application/octet-stream", data: url.slice(match[0].length) };
}

export const dataUrl = (source: { mediaType: string; data: string }) => `data:${source.mediaType};base64,${source.data}`;

/** An image_url's url → a media source: a data URL or an http(s) URL; anything else is refused. */
export function mediaSourceOf(url: unknown, field: string): MediaSource {
  if (typeof url !== "string") throw new TranslationRefusal(field, "expected a URL string (a data: URL or an http(s) URL)");
  const inline = parseDataUrl(url);
  if (inline) return { kind: "base64", ...inline };
  if (/^https?:\/\//i.test(url)) return { kind: "url", url };
  throw new TranslationRefusal(field, "only base64 data: URLs and http(s) URLs can be translated; send the bytes as data:<type>;base64,…");
}

/**
 * The reasoning_details entry that carries another vendor's reasoning (OpenRouter's convention,
 * which chat clients keep and send back). `id` names the tool call the reasoning stood just before
 * (as OpenRouter links a Gemini signature to its call), so the reader puts it back in place.
 */
export function carriedEntry(opaque: Opaque, attachesToNext: boolean | undefined, index: number, beforeCallId?: string): Record<string, unknown> {
  const entry: Record<string, unknown> = { type: "reasoning.encrypted", data: carry(opaque, attachesToNext === true), format: carriedFormat, index };
  if (beforeCallId) entry.id = beforeCallId;
  return entry;
}

/** A value the caller did not really set: null/undefined (clients echo `refusal: null`, `audio: null`). */
export const absent = (value: unknown) => value === null || value === undefined;
