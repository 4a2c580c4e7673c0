// A Converse answer in chat's words. Converse → chat.completion: text blocks joined as `content`;
// toolUse blocks as `tool_calls` (arguments the input's JSON); reasoning text as `reasoning_content`
// (the chat convention DeepSeek and Qwen use, which the chat reader takes); stopReason end_turn and
// stop_sequence → stop, tool_use → tool_calls, max_tokens and model_context_window_exceeded →
// length, guardrail_intervened and content_filtered → content_filter; usage: prompt_tokens is
// inputTokens with the cache's reads and writes (Converse counts them apart, chat inside),
// cached_tokens the reads. Errors, an HTTP answer's or a stream's exception, as OpenAI's error
// object with the status Bedrock's exception means (bedrock-errors.ts).
import { randomBytes } from "node:crypto";
import { openaiErrorBody } from "../../errors/openai.ts";
import { bedrockErrorAnswer, bedrockErrorSaid } from "./bedrock-errors.ts";

type Json = Record<string, any>;

/** Converse's stop reason as chat's finish_reason. */
export function finishReasonOfConverse(stopReason: unknown): string {
  switch (stopReason) {
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
    case "model_context_window_exceeded":
      return "length";
    case "guardrail_intervened":
    case "content_filtered":
      return "content_filter";
    default:
      return "stop"; // end_turn, stop_sequence, and a malformed output the model ended with
  }
}

const count = (value: unknown) => (typeof value === "number" && value > 0 ? value : 0);

/** Converse's usage in chat's terms: its cache reads and writes counted apart, chat's prompt_tokens holding them. */
export function chatUsageOfConverse(usage: Json | undefined): Json {
  const cacheRead = count(usage?.cacheReadInputTokens);
  const prompt = count(usage?.inputTokens) + cacheRead + count(usage?.cacheWriteInputTokens);
  const completion = count(usage?.outputTokens);
  const chat: Json = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  if (cacheRead > 0) chat.prompt_tokens_details = { cached_tokens: cacheRead };
  return chat;
}

export const completionIdOfConverse = () => `chatcmpl-${randomBytes(12).toString("hex")}`;

/** A Converse answer as a chat.completion; text that is not JSON is left as it came (the relay reports it). */
export function chatCompletionOfConverse(text: string, model: string): string {
  let answer: Json;
  try {
    answer = JSON.parse(text);
  } catch {
    return text;
  }
  const blocks: Json[] = Array.isArray(answer?.output?.message?.content) ? answer.output.message.content : [];
  let content = "";
  let reasoning = "";
  const calls: Json[] = [];
  for (const block of blocks) {
    if (typeof block?.text === "string") content += block.text;
    else if (block?.toolUse) calls.push({ id: block.toolUse.toolUseId, type: "function", function: { name: block.toolUse.name, arguments: JSON.stringify(block.toolUse.input ?? {}) } });
    else if (typeof block?.reasoningContent?.reasoningText?.text === "string") reasoning += block.reasoningContent.reasoningText.text;
  }
  const message: Json = { role: "assistant", content: content === "" && calls.length > 0 ? null : content };
  if (reasoning !== "") message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  return JSON.stringify({
    id: completionIdOfConverse(),
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonOfConverse(answer?.stopReason) }],
    usage: chatUsageOfConverse(answer?.usage),
  });
}

// ---- errors ----

/**
 * Bedrock's meaning of an exception (bedrock-errors.ts: a ValidationException is the request's 400,
 * throttling and an unready model 429, an unavailable service 503, refused credentials 403), said
 * as OpenAI's error, the format a Converse channel answers in.
 */
export function converseErrorOf(status: number, name: string | undefined, message: string): { status: number; error: Json } {
  const meant = bedrockErrorAnswer(status, JSON.stringify({ message }), name ? { "x-amzn-errortype": name } : {});
  let said = message;
  try {
    said = JSON.parse(meant.text)?.error?.message ?? message;
  } catch {
    // said as it came
  }
  // Anthropic's 529 (overloaded) is chat's 503.
  const mapped = meant.status === 529 ? 503 : meant.status;
  return { status: mapped, error: openaiErrorBody(mapped, said, mapped === 429 ? "rate_limited" : undefined).error };
}

/** An HTTP error answer of Converse as OpenAI's error body, with the status that means the same. */
export function converseErrorAnswer(status: number, text: string, headers: Record<string, string | string[] | undefined>): { status: number; text: string } {
  const { name, message } = bedrockErrorSaid(status, text, headers);
  const { status: mapped, error } = converseErrorOf(status, name, message);
  return { status: mapped, text: JSON.stringify({ error }) };
}
