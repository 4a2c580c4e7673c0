// One short messages turn, non-stream and streamed: the fixed cost of a messages call, for the
// benchmarks that compare channels of that format (`npm run bench:clouds`).
import type { Scenario } from "../lanes.ts";

const body = (model: string, stream: boolean) => JSON.stringify({ model, max_tokens: 16, messages: [{ role: "user", content: "Say hello." }], ...(stream ? { stream } : {}) });

export const scenarios: Scenario[] = [
  { id: "small-messages", name: "small messages, non-stream", lane: "messages", body: (model) => body(model, false) },
  { id: "small-messages-stream", name: "small messages, stream", lane: "messages", body: (model) => body(model, true) },
];
