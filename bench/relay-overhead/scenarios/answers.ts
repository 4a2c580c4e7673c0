// The short answer the bench upstream gives in the messages format, streamed: what fast-upstream.ts
// sends (as SSE, and on the Bedrock paths each event inside an event-stream message), and what
// `npm run bench:translation-stages` reads back into a chat completion.
const event = (name: string, data: object) => ({ type: name, json: JSON.stringify({ type: name, ...data }) });

/** The 10 events of the stream, each its type and its JSON. */
export const messagesStreamEvents: { type: string; json: string }[] = [
  event("message_start", {
    message: { id: "msg_bench", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } },
  }),
  event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
  ...["Hello", " from", " the", " bench", " upstream."].map((text) => event("content_block_delta", { index: 0, delta: { type: "text_delta", text } })),
  event("content_block_stop", { index: 0 }),
  event("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 7 } }),
  event("message_stop", {}),
];

export const messagesStream = messagesStreamEvents.map(({ type, json }) => `event: ${type}\ndata: ${json}\n\n`).join("");
