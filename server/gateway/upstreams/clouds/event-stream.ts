// Bedrock's InvokeModelWithResponseStream answers in AWS's binary event-stream framing: each
// message is its length, headers and payload, checked by two CRCs. A `chunk` event's payload is
// `{"bytes": <base64 of one Anthropic stream event>}`; an exception message names its type in a
// header. Both are turned into the SSE text Anthropic's API would have sent, so the Messages
// adapter, passthrough callers and translation read one stream grammar.
//
// The frames are read here rather than by AWS's codec: it builds a typed object per header and
// copies each payload, which cost a small streamed call about as much as the rest of its relaying
// (bench/relay-overhead/results.md, round 30). The tests hold this reader to that codec's frames.
import { crc32 } from "node:zlib";
import type { StreamText } from "../adapter.ts";
import { bedrockErrorType } from "./bedrock-errors.ts";

/** The prelude: total length, headers length, prelude CRC. A message is at least that and its own CRC. */
const preludeBytes = 12;
const minimumMessageBytes = 16;
/** AWS caps an event-stream message at 16 MiB; a length beyond it is a broken stream, not one to wait for. */
const maximumMessageBytes = 16 * 1024 * 1024;

/** A chunk's base64 (`{"bytes":"…","p":"…"}`), read without parsing its JSON: base64 has no character JSON escapes. */
const chunkBytes = /^\s*\{\s*"bytes"\s*:\s*"([A-Za-z0-9+/=]*)"/;
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
  const headers: HeadersSeen = { bytes: Buffer.alloc(0), strings: new Map() };
  return {
    push(chunk) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let out = "";
      while (pending.length >= preludeBytes) {
        const total = pending.readUInt32BE(0);
        if (total < minimumMessageBytes || total > maximumMessageBytes) throw new EventStreamBroken(`an event-stream message claims ${total} bytes`);
        if (pending.length < total) break;
        out += say(decode(pending.subarray(0, total), headers));
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

/** The size of each header value type's value after its type byte; strings and byte arrays (6, 7) carry a 2-byte length. */
const fixedValueBytes = [0, 0, 1, 2, 4, 8, -1, -1, 8, 16];
const stringType = 7;

/**
 * The last headers a stream's messages had, as bytes and as read. A stream's chunks all carry the
 * same three headers, so each is read once rather than six strings decoded per message.
 */
type HeadersSeen = { bytes: Buffer; strings: Map<string, string> };

function decode(frame: Buffer, seen: HeadersSeen): EventStreamMessage {
  const total = frame.length;
  const headersEnd = preludeBytes + frame.readUInt32BE(4);
  if (crc32(frame.subarray(0, 8)) !== frame.readUInt32BE(8)) throw new EventStreamBroken("an event-stream message failed its prelude's checksum");
  if (crc32(frame.subarray(0, total - 4)) !== frame.readUInt32BE(total - 4)) throw new EventStreamBroken("an event-stream message failed its checksum");
  if (headersEnd > total - 4) throw new EventStreamBroken(`an event-stream message claims ${headersEnd - preludeBytes} bytes of headers in ${total}`);
  const headerBytes = frame.subarray(preludeBytes, headersEnd);
  if (!headerBytes.equals(seen.bytes)) {
    seen.strings = stringHeaders(frame, headersEnd);
    seen.bytes = Buffer.from(headerBytes); // a copy: the frame's buffer is the network's, reused
  }
  const strings = seen.strings;
  return { header: (name) => strings.get(name), payload: frame.toString("utf8", headersEnd, total - 4) };
}

/** A message's string headers (the message, event and exception types); the other types are stepped over. */
function stringHeaders(frame: Buffer, headersEnd: number): Map<string, string> {
  const strings = new Map<string, string>();
  for (let at = preludeBytes; at < headersEnd; ) {
    const nameEnd = at + 1 + frame[at];
    const type = frame[nameEnd];
    const fixed = fixedValueBytes[type];
    if (fixed === undefined || nameEnd >= headersEnd) throw new EventStreamBroken(`an event-stream header is malformed (type ${type})`);
    const valueAt = nameEnd + 1;
    const valueEnd = fixed >= 0 ? valueAt + fixed : valueAt + 2 + frame.readUInt16BE(valueAt);
    if (valueEnd > headersEnd) throw new EventStreamBroken("an event-stream header runs past the headers");
    if (type === stringType) strings.set(frame.toString("utf8", at + 1, nameEnd), frame.toString("utf8", valueAt + 2, valueEnd));
    at = valueEnd;
  }
  return strings;
}

/** InvokeModelWithResponseStream's messages as Anthropic's SSE. */
export const anthropicSseOfEventStream = (): StreamText => eventStreamText(sseOf);

function sseOf({ header, payload }: EventStreamMessage): string {
  const messageType = header(":message-type");
  if (messageType === "event") {
    if (header(":event-type") !== "chunk") return "";
    const bytes = chunkBytes.exec(payload)?.[1] ?? parsed(payload)?.bytes;
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
