// A coding agent's turn (agent-request.ts, about 145 KB) in the messages and the chat format.
import type { Scenario } from "../lanes.ts";
import { chatRequest, messagesRequest } from "./agent-request.ts";

export const scenarios: Scenario[] = [
  { id: "agent-messages", name: "agent-sized messages (145 KB), non-stream", lane: "messages", body: (model) => messagesRequest(model, false) },
  { id: "agent-messages-stream", name: "agent-sized messages (145 KB), stream", lane: "messages", body: (model) => messagesRequest(model, true) },
  { id: "agent-chat", name: "agent-sized chat completions (145 KB), non-stream", lane: "chat", body: (model) => chatRequest(model, false) },
  { id: "agent-count-tokens", name: "agent-sized count_tokens (145 KB)", lane: "count", body: (model) => messagesRequest(model, false, true) },
  { id: "agent-chat-stream", name: "agent-sized chat completions (145 KB), stream", lane: "chat", body: (model) => chatRequest(model, true) },
];
