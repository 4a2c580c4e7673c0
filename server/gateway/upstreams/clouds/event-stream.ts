// Bedrock's InvokeModelWithResponseStream answers in AWS's binary event-stream framing: each
// message is its length, headers and payload, checked by two CRCs (the codec verifies them). A
// `chunk` event's payload is `{"bytes": <base64 of one Anthropic stream event>}`; an exception
// message names its type in a header. Both are turned into the SSE text Anthropic's API would
// have sent, so the Messages adapter, passthrough callers and translation read one stream grammar.
import { EventStreamCodec } from "@smithy/eventstream-codec";
import type { StreamText } from "../adapter.ts";
import { bedrockErrorType } from "./bedrock-errors.ts";

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"),
  (text) => Buffer.from(text, "utf8"),
);

/** The prelude: total length, headers length, prelude CRC. A message is at least that and its own CRC. */
const preludeBytes = 12;
const minimumMessageBytes = 16;
/** AWS caps an event-stream message at 16 MiB; a length beyond it is a broken stream, not one to wait for. */
const maximumMessageBytes = 16 * 1024 * 1024;

/** The event type an Anthropic stream event names first (`{"type":"message_start",…`), read without parsing it. */
const leadingType = /^\s*\{\s*"type"\s*:\s*"([a-z_]+)"/;

export class EventStreamBroken extends Error {}

/** One message of the stream, its checks passed: its string headers and its payload's text. */
export type EventStreamMessage = { header: (name: string) => string | undefined; payload: string };

/**
 * The stream's messages as they complete, whatever the network's cuts, each said as text by `say`
 * (the SSE of the format its adapter reads); `ending` adds what the stream's end says, if anything.
 */
export function eventStreamText(say: (message: EventStreamMessage) => string, ending: () => string = () => ""): StreamText {
  let pending: Buffer = Buffer.alloc(0);
  return {
    push(chunk) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let out = "";
      while (pending.length >= preludeBytes) {
        const total = pending.readUInt32BE(0);
        if (total < minimumMessageBytes || total > maximumMessageBytes) throw new EventStreamBroken(`an event-stream message claims ${total} bytes`);
        if (pending.length < total) break;
        out += say(decode(pending.subarray(0, total)));
        pending = pending.subarray(total);
      }
      return out;
    },
    end() {
      if (pending.length > 0) throw new EventStreamBroken(`the event stream ended inside a message (${pending.length} bytes of it)`);
      return ending();
    },
  };
}

function decode(frame: Buffer): EventStreamMessage {
  let decoded;
  try {
    decoded = codec.decode(frame);
  } catch (error) {
    throw new EventStreamBroken(`an event-stream message failed its checks: ${(error as Error).message}`);
  }
  const { headers, body } = decoded;
  return {
    header(name) {
      const value = headers[name];
      return value && value.type === "string" ? value.value : undefined;
    },
    payload: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"),
  };
}

/** InvokeModelWithResponseStream's messages as Anthropic's SSE. */
export const anthropicSseOfEventStream = (): StreamText => eventStreamText(sseOf);

function sseOf({ header, payload }: EventStreamMessage): string {
  const messageType = header(":message-type");
  if (messageType === "event") {
    if (header(":event-type") !== "chunk") return "";
    const bytes = parsed(payload)?.bytes;
    if (typeof bytes !== "string") return "";
    const event = Buffer.from(bytes, "base64").toString("utf8");
    const type = leadingType.exec(event)?.[1] ?? parsed(event)?.type;
    return typeof type === "string" ? `event: ${type}\ndata: ${event}\n\n` : "";
  }
  // An exception (`:exception-type`) or an error (`:error-code`, `:error-message`) ends the stream: said as Anthropic's error event.
  const name = messageType === "exception" ? header(":exception-type") : header(":error-code");
  const message = (messageType === "exception" ? parsed(payload)?.message : header(":error-message")) ?? payload;
  const error = { type: "error", error: { type: bedrockErrorType(name), message: `${name ?? "Bedrock error"}: ${String(message)}` } };
  return `event: error\ndata: ${JSON.stringify(error)}\n\n`;
}

/** A JSON object's value, or undefined for any other text. */
export function parsed(text: string): Record<string, any> | undefined {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
