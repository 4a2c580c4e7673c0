// Caller side: the non-stream Anthropic message object, and the pieces the stream writer shares
// with it (reasoning blocks, usage, ids).
import { randomBytes } from "node:crypto";
import type { Usage } from "../../domain/usage.ts";
import { carry } from "../carry.ts";
import type { CanonicalResponse, ReasoningPart } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";

type Json = Record<string, any>;

/** Anthropic's message ids start with msg_; an upstream's own id is kept after the prefix. */
export const messageId = (id: string) => (id?.startsWith("msg_") ? id : `msg_${id || randomBytes(12).toString("hex")}`);

/** A tool call's id is kept as the upstream made it (the caller sends it back); toolu_ only when there is none. */
export const toolUseId = (id: string) => id || `toolu_${randomBytes(12).toString("hex")}`;

/**
 * Reasoning as a thinking block: Anthropic's own block as it came; reasoning from another vendor
 * carried in the signature (carry.ts), which the Anthropic SDKs send back untouched; reasoning
 * with no upstream form gets an empty signature.
 */
export function reasoningBlock(part: ReasoningPart): Json {
  if (part.opaque?.origin === "messages") return part.opaque.value;
  return { type: "thinking", thinking: part.text ?? "", signature: part.opaque ? carry(part.opaque, part.attachesToNext ?? false) : "" };
}

/** Canonical usage → Anthropic's: input_tokens is uncached input; cache reads and writes beside it. */
export function anthropicUsage(usage: Usage): Json {
  return {
    input_tokens: usage.input,
    output_tokens: usage.output,
    cache_creation_input_tokens: usage.cacheWrite,
    cache_read_input_tokens: usage.cacheRead,
    output_tokens_details: usage.reasoning > 0 ? { thinking_tokens: usage.reasoning } : null,
  };
}

/** The fields Message.usage lists that Tollgate has no value for (the SDK types list them; JS reads them). */
const usageExtras = { cache_creation: null, inference_geo: null, server_tool_use: null, service_tier: null, speed: null };

/** Tool call arguments as Anthropic's input object; arguments that are not a JSON object (a call cut off by max_tokens) become {}. */
export function toolInput(json: string): unknown {
  try {
    const input = JSON.parse(json || "{}");
    return input !== null && typeof input === "object" && !Array.isArray(input) ? input : {};
  } catch {
    return {};
  }
}

export function writeResponse(response: CanonicalResponse, context: CallerContext): unknown {
  const content: Json[] = [];
  for (const part of response.content) {
    if (part.type === "text" || part.type === "refusal") content.push({ type: "text", text: part.text, citations: null });
    else if (part.type === "reasoning") content.push(reasoningBlock(part));
    else if (part.type === "tool_call") content.push({ type: "tool_use", id: toolUseId(part.id), name: part.name, input: toolInput(part.arguments), caller: { type: "direct" } });
    // Images, documents and tool results do not occur in a model's answer that Messages can hold.
  }
  return {
    id: messageId(response.id),
    type: "message",
    role: "assistant",
    model: context.model,
    content,
    stop_reason: response.stopReason,
    stop_sequence: response.stopSequence ?? null,
    stop_details: null,
    container: null,
    diagnostics: null,
    usage: { ...anthropicUsage(response.usage), ...usageExtras },
  };
}

export { usageExtras };
