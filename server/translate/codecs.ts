// The codec of each wire format, by the relay's interface names.
import type { Format } from "./canonical.ts";
import type { Codec } from "./codec.ts";
import { messagesCodec } from "./messages/index.ts";

export const codecs: Partial<Record<Format, Codec>> = {
  messages: messagesCodec,
};
