import { describe, expect, it } from "vitest";
import { SseSplitter } from "./sse.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("SseSplitter", () => {
  it("keeps each event's raw text across arbitrary chunk boundaries", () => {
    const stream = 'event: message_start\ndata: {"a":1}\n\nevent: ping\ndata: {}\n\ndata: [DONE]\n\n';
    for (const size of [1, 3, 7, stream.length]) {
      const splitter = new SseSplitter();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...splitter.push(bytes(stream.slice(i, i + size))));
      events.push(...splitter.end());
      expect(events.map((event) => event.raw).join("")).toBe(stream);
      expect(events.map((event) => [event.event, event.data])).toEqual([
        ["message_start", '{"a":1}'],
        ["ping", "{}"],
        [undefined, "[DONE]"],
      ]);
    }
  });

  it("splits on CRLF blank lines (Family C) and keeps multi-byte characters whole", () => {
    const splitter = new SseSplitter();
    const encoded = bytes('data: {"t":"héllo 👋"}\r\n\r\ndata: {"t":"2"}\r\n\r\n');
    const events = [...splitter.push(encoded.slice(0, 14)), ...splitter.push(encoded.slice(14)), ...splitter.end()];
    expect(events.map((event) => JSON.parse(event.data).t)).toEqual(["héllo 👋", "2"]);
  });

  it("counts a final event without its blank line at the end of the stream", () => {
    const splitter = new SseSplitter();
    expect(splitter.push(bytes("data: last"))).toEqual([]);
    expect(splitter.end().map((event) => event.data)).toEqual(["last"]);
  });

  it("reads fields as the SSE grammar has them: data lines joined, one space after the colon dropped, blank runs skipped", () => {
    const splitter = new SseSplitter();
    const stream = 'event:  delta \r\ndata: {"a":\r\ndata:1}\r\n\r\n\n\n : comment\ndata:  two spaces\n\ndata:\n\n';
    const events = [...splitter.push(bytes(stream)), ...splitter.end()];
    expect(events.map((event) => [event.event, event.data])).toEqual([
      ["delta", '{"a":\n1}'],
      [undefined, " two spaces"],
      [undefined, ""],
    ]);
    expect(events.map((event) => event.raw).join("")).toBe(stream.replace("\n\n : comment", " : comment"));
  });
});
