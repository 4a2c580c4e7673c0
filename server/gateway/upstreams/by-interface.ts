// The native adapter of each interface: passthrough calls use the caller's, translated calls the
// upstream's (to aim and authenticate the translated body).
import type { CallInterface } from "../../domain/families.ts";
import type { UpstreamAdapter } from "./adapter.ts";
import { anthropicAdapter } from "./anthropic.ts";
import { geminiAdapter } from "./gemini.ts";
import { chatAdapter } from "./openai-chat.ts";
import { embeddingsAdapter } from "./openai-embeddings.ts";
import { responsesAdapter } from "./openai-responses.ts";

export const nativeAdapters: Record<CallInterface, UpstreamAdapter> = {
  messages: anthropicAdapter,
  chat: chatAdapter,
  responses: responsesAdapter,
  "generate-content": geminiAdapter,
  embeddings: embeddingsAdapter,
};
