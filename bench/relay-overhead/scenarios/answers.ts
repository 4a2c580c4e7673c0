// The short answer the bench upstream gives in the messages format, streamed: what fast-upstream.ts
// sends, and what `npm run bench:translation-stages` reads back into a chat completion.
const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;

export const messagesStream =
  event("message_start", {
    message: { id: "msg_bench", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } },
  }) +
  event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }) +
  ["Hello", " from", " the", " bench", " upstream."].map((text) => event("content_block_delta", { index: 0, delta: { type: "text_delta", text } })).join("") +
  event("content_block_stop", { index: 0 }) +
  event("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 7 } }) +
  event("message_stop", {});
