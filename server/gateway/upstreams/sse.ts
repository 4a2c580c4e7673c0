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
    const boundary = /\r?\n\r?\n/g;
    let start = 0;
    let match: RegExpExecArray | null;
    while ((match = boundary.exec(this.buffer))) {
      const raw = this.buffer.slice(start, match.index + match[0].length);
      start = match.index + match[0].length;
      if (raw.trim()) events.push(parse(raw));
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }
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
  const data: string[] = [];
  for (const line of raw.split(/\r?\n/)) {
    if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    else if (line.startsWith("event:")) event = line.slice(6).trim();
  }
  return { event, data: data.join("\n") };
}
