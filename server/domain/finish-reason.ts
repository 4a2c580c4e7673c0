// Why a model stopped, in one vocabulary for the request log whatever format the caller or the
// upstream spoke: Anthropic's stop_reason, chat's finish_reason, Responses' status and incomplete
// reason, Gemini's finishReason (wire-formats.md §6.2). The upstream's own word is kept beside it.

export type Finish = "stop" | "length" | "tool_calls" | "stop_sequence" | "content_filter" | "pause" | "other";

const words: Record<string, Finish> = {
  // Anthropic
  end_turn: "stop",
  max_tokens: "length",
  tool_use: "tool_calls",
  stop_sequence: "stop_sequence",
  refusal: "content_filter",
  pause_turn: "pause",
  model_context_window_exceeded: "length",
  // Chat completions
  stop: "stop",
  length: "length",
  tool_calls: "tool_calls",
  function_call: "tool_calls",
  content_filter: "content_filter",
  // Responses (status, and incomplete_details.reason)
  completed: "stop",
  max_output_tokens: "length",
  // Gemini
  STOP: "stop",
  MAX_TOKENS: "length",
  SAFETY: "content_filter",
  RECITATION: "content_filter",
  BLOCKLIST: "content_filter",
  PROHIBITED_CONTENT: "content_filter",
  SPII: "content_filter",
  IMAGE_SAFETY: "content_filter",
  MALFORMED_FUNCTION_CALL: "other",
  UNEXPECTED_TOOL_CALL: "other",
};

/** The neutral word for an upstream's stop reason; null when none came. */
export function neutralFinish(said: string | null): Finish | null {
  if (said === null) return null;
  return Object.hasOwn(words, said) ? words[said] : "other";
}
