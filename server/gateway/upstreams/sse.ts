// Splits an upstream byte stream into whole server-sent events, keeping each event's raw text so
// it can be forwarded byte for byte. Events end at a blank line (`\n\n` or `\r\n\r\n`).

export type SseEvent = { readonly raw: string; readonly event?: string; readonly data: string };

export class SseSplitter {
  private decoder = new TextDecoder();
  private buffer = "";

  /** Feeds bytes; returns the events completed by them. */
  push(chunk: Uint8Array): SseEvent[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    return this.drain();
  }

  /** Feeds text already decoded (a cloud's framing turned into SSE); returns the events completed by it. */
  pushText(text: string): SseEvent[] {
    if (text === "") return [];
    this.buffer += text;
    return this.drain();
  }

  /** At end of stream: a final event without its blank line still counts. */
  end(): SseEvent[] {
    this.buffer += this.decoder.decode();
    const events = this.drain();
    if (this.buffer.trim()) events.push(parse(this.buffer + "\n\n"));
    this.buffer = "";
    return events;
  }

  private drain(): SseEvent[] {
    const events: SseEvent[] = [];
    const text = this.buffer;
    let start = 0;
    // Each line break followed by a blank line (`\n` or `\r\n`) ends an event; found with indexOf
    // rather than a regular expression, as every upstream stream's every event passes here.
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) {
      const next = text.charCodeAt(at + 1);
      const end = next === LF ? at + 2 : next === CR && text.charCodeAt(at + 2) === LF ? at + 3 : -1;
      if (end < 0) continue;
      if (hasContent(text, start, end)) events.push(parse(text.slice(start, end)));
      start = end;
      at = end - 1;
    }
    this.buffer = start === 0 ? text : text.slice(start);
    return events;
  }
}

const LF = 10;
const CR = 13;

/** Whether `text` from `start` to `end` holds more than whitespace. */
function hasContent(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code !== 0x20 && code !== 0x09 && code !== LF && code !== CR) return true;
  }
  return false;
}

/** One event: its raw text at once, its fields read from it only when an adapter asks for them. */
class ParsedEvent implements SseEvent {
  readonly raw: string;
  private fields?: { event?: string; data: string };
  constructor(raw: string) {
    this.raw = raw;
  }
  get event(): string | undefined {
    return (this.fields ??= fieldsOf(this.raw)).event;
  }
  get data(): string {
    return (this.fields ??= fieldsOf(this.raw)).data;
  }
}

function parse(raw: string): SseEvent {
  return new ParsedEvent(raw);
}

function fieldsOf(raw: string): { event?: string; data: string } {
  let event: string | undefined;
  let data: string | undefined;
  for (let start = 0; start < raw.length; ) {
    let end = raw.indexOf("\n", start);
    if (end < 0) end = raw.length;
    const lineEnd = end > start && raw.charCodeAt(end - 1) === CR ? end - 1 : end;
    if (raw.startsWith("data:", start)) {
      // One space after the colon is the separator, not the value's.
      const value = raw.slice(raw.charCodeAt(start + 5) === 0x20 ? start + 6 : start + 5, lineEnd);
      data = data === undefined ? value : `${data}\n${value}`;
    } else if (raw.startsWith("event:", start)) event = raw.slice(start + 6, lineEnd).trim();
    start = end + 1;
  }
  return { event, data: data ?? "" };
}
