// The non-stream answer (caller side), the upstream error reader, and chat's names for canonical
// fields (for refusal messages said to a chat caller).
import type { CanonicalResponse, Part, UpstreamError } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { freeformInput, freeformToolNames } from "../freeform-tools.ts";
import { carriedEntry, chatUsage, completionId, finishReasonOf, newCallId } from "./common.ts";
import { json } from "../../gateway/upstreams/adapter.ts";

type Json = Record<string, any>;

/**
 * A chat.completion object; another vendor's reasoning is carried in `reasoning_details` (carry.ts).
 * A call of a custom tool is a `type:"custom"` call whose input is the freeform text (freeform-tools.ts).
 */
export function writeResponse(response: CanonicalResponse, context: CallerContext): Json {
  const message: Json = { role: "assistant", content: null, refusal: null };
  const texts: string[] = [];
  const refusals: string[] = [];
  const calls: Json[] = [];
  const details: Json[] = [];
  let reasoning: string | undefined;
  const freeform = freeformToolNames(context.request);
  response.content.forEach((part: Part, i) => {
    switch (part.type) {
      case "text":
        texts.push(part.text);
        return;
      case "refusal":
        refusals.push(part.text);
        return;
      case "tool_call":
        if (freeform?.has(part.name)) calls.push({ id: part.id || newCallId(), type: "custom", custom: { name: part.name, input: freeformInput(part.arguments) } });
        else calls.push({ id: part.id || newCallId(), type: "function", function: { name: part.name, arguments: part.arguments } });
        return;
      case "reasoning": {
        if (part.text !== undefined) reasoning = (reasoning ?? "") + part.text;
        if (!part.opaque) return;
        if (part.opaque.origin === "chat") {
          if (part.opaque.value.type !== undefined) details.push(part.opaque.value); // an entry of chat's own, as it was
          return;
        }
        const next = response.content.slice(i + 1).find((p) => p.type !== "reasoning");
        details.push(carriedEntry(part.opaque, part.attachesToNext, details.length, next?.type === "tool_call" ? next.id : undefined));
        return;
      }
      default:
        return; // images, documents, tool results: never in a model's answer
    }
  });
  if (texts.length) message.content = texts.join("");
  if (refusals.length) message.refusal = refusals.join("");
  if (calls.length) message.tool_calls = calls;
  if (reasoning !== undefined) message.reasoning_content = reasoning;
  if (details.length) message.reasoning_details = details;
  message.annotations = [];
  return {
    id: completionId(response.id),
    object: "chat.completion",
    created: response.created || Math.floor(Date.now() / 1000),
    model: context.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonOf(response.stopReason) }],
    usage: chatUsage(response.usage),
  };
}

/**
 * An upstream error body → what it says. OpenAI: `{error:{message,type,param,code}}`; domestic
 * providers also send `{error:"…"}`, DashScope `{code,message}`, MiniMax `{base_resp:{status_msg}}`,
 * vLLM-style `{detail}` or `{msg}`; anything else is said as its raw text.
 */
export function readError(status: number, body: string): UpstreamError {
  const parsed = json(body);
  const error = parsed?.error;
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  if (error && typeof error === "object" && text(error.message)) return withType({ status, message: error.message }, text(error.type) ?? text(error.code));
  if (text(error)) return { status, message: error };
  if (parsed && typeof parsed === "object") {
    const message = text(parsed.message) ?? text(parsed.base_resp?.status_msg) ?? text(parsed.detail) ?? text(parsed.msg);
    if (message) return withType({ status, message }, text(parsed.type) ?? text(parsed.code));
  }
  const raw = body.trim();
  return { status, message: raw ? raw.slice(0, 2000) : `the upstream answered ${status} with no body` };
}

const withType = (error: UpstreamError, type: string | undefined): UpstreamError => (type ? { ...error, type } : error);

const names: Record<string, string> = {
  model: "model",
  system: "messages[] system/developer message",
  turns: "messages",
  tools: "tools",
  toolChoice: "tool_choice",
  parallelToolCalls: "parallel_tool_calls",
  output: "response_format",
  maxOutputTokens: "max_completion_tokens (or max_tokens)",
  temperature: "temperature",
  topP: "top_p",
  topK: "top_k (not a chat field)",
  stop: "stop",
  seed: "seed",
  presencePenalty: "presence_penalty",
  frequencyPenalty: "frequency_penalty",
  reasoning: "reasoning_effort",
  user: "user (or safety_identifier)",
  stream: "stream",
  "part:text": "messages[].content[] text part",
  "part:image": "messages[].content[] image_url part",
  "part:document": "messages[].content[] file part",
  "part:tool_call": "messages[].tool_calls[]",
  "part:tool_result": "a tool message",
  "part:tool_result.image": "a tool message's image (tool messages take text only)",
  "part:tool_result.document": "a tool message's file (tool messages take text only)",
  "part:reasoning": "messages[].reasoning_content / reasoning_details",
  "part:refusal": "messages[].refusal",
};

export function fieldName(canonical: string): string {
  return names[canonical] ?? canonical;
}
