// The small requests the bench has always run: one short chat-completions turn.
import type { Scenario } from "../lanes.ts";

const body = (model: string, stream: boolean) => JSON.stringify({ model, messages: [{ role: "user", content: "Say hello." }], max_tokens: 16, ...(stream ? { stream } : {}) });

export const scenarios: Scenario[] = [
  { id: "small", name: "chat completions, non-stream", lane: "chat", body: (model) => body(model, false) },
  { id: "small-stream", name: "chat completions, stream", lane: "chat", body: (model) => body(model, true) },
];
