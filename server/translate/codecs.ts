// The codec of each wire format, by the relay's interface names.
import type { Format } from "./canonical.ts";
import type { Codec } from "./codec.ts";
import { chatCodec } from "./chat/index.ts";
import { geminiCodec } from "./gemini/index.ts";
import { messagesCodec } from "./messages/index.ts";
import { responsesCodec } from "./responses/index.ts";

export const codecs: Record<Format, Codec> = {
  messages: messagesCodec,
  chat: chatCodec,
  responses: responsesCodec,
  "generate-content": geminiCodec,
};
