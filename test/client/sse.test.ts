// readEvents: a stream's events do not depend on where the network cut it into chunks, CR LF
// line breaks included (one line break, even when the CR ends one chunk and the LF starts the next).
import { describe, expect, it } from "vitest";
import { type ServerSentEvent, readEvents } from "../../client/sse.ts";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function eventsOf(chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEvents(streamOf(chunks))) events.push(event);
  return events;
}

const crlfStream = 'event: message_start\r\ndata: {"type":"message_start"}\r\n\r\nevent: ping\r\ndata: {"type":"ping"}\r\n\r\n';
const expected = [
  { event: "message_start", data: '{"type":"message_start"}' },
  { event: "ping", data: '{"type":"ping"}' },
];

describe("readEvents", () => {
  it("reads a CR LF stream sent in one chunk", async () => {
    expect(await eventsOf([crlfStream])).toEqual(expected);
  });

  it("keeps an event whole when a chunk ends between the CR and the LF of a line break", async () => {
    expect(await eventsOf(["event: message_start\r", '\ndata: {"type":"message_start"}\r\n\r\nevent: ping\r\ndata: {"type":"ping"}\r\n\r\n'])).toEqual(expected);
  });

  it("reads the same events wherever the stream is split in two", async () => {
    for (let at = 1; at < crlfStream.length; at++) {
      expect(await eventsOf([crlfStream.slice(0, at), crlfStream.slice(at)]), `split at ${at}`).toEqual(expected);
    }
  });

  it("still takes a lone CR as a line break, also at the very end of the stream", async () => {
    expect(await eventsOf(["data: a\r", "\r", "data: b\r"])).toEqual([{ data: "a" }, { data: "b" }]);
  });
});
