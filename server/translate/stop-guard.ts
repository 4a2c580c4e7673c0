// A caller's stop sequences, kept by the gateway where the upstream was not given them all: OpenAI
// Responses has none, OpenAI's reasoning models refuse chat's `stop`, and vendors take only a few
// (OpenAI's chat 4, GLM 1, Gemini 5). The answer's text ends before the first stop sequence it
// holds, nothing the model wrote after it (more text, tool calls) is passed on, and the finish says
// `stop_sequence` with the one that matched, as an upstream that stopped there itself would say.
// The upstream's stream is still read to its end, so the usage is the upstream's own: the call
// costs what the upstream metered, as every translated call does. A text block's last characters
// (at most the longest sequence less one) are held back until the next delta shows whether they
// begin a sequence, so one split across deltas is found too.
import type { StreamEvent } from "./canonical.ts";

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** What the gateway keeps at most: each sequence is looked for in every delta, so a caller cannot make that search long. */
export const stopLimits = { sequences: 64, characters: 1000 };

export class StopGuard {
  private readonly stops: string[];
  private readonly holdBack: number;
  /** Text held back, by the index of the open text block it belongs to. */
  private readonly held = new Map<number, string>();
  /** Open text blocks whose start is not passed on yet: a block the stop ends before any text is not passed on at all (an empty text block is refused when sent back). */
  private readonly unstarted = new Map<number, StreamEvent>();
  /** The sequence the text stopped at, once found: the rest of the answer is not passed on. */
  private matched: string | null = null;

  constructor(stops: readonly string[]) {
    this.stops = stops.filter((stop) => stop.length > 0);
    let longest = 0;
    for (const stop of this.stops) longest = Math.max(longest, stop.length);
    this.holdBack = Math.max(0, longest - 1);
  }

  /** A guard for the caller's stop sequences, or null where it has none (nothing to keep). */
  static of(stops: readonly string[] | undefined): StopGuard | null {
    return stops?.some((stop) => stop.length > 0) ? new StopGuard(stops) : null;
  }

  /** Why the gateway will not keep these sequences (checked before any upstream is called), or null. */
  static refusalOf(stops: unknown): string | null {
    if (stops === undefined) return null;
    if (!Array.isArray(stops) || stops.some((stop) => typeof stop !== "string")) return "must be a list of strings";
    if (stops.length > stopLimits.sequences) return `the gateway keeps at most ${stopLimits.sequences} stop sequences; send fewer`;
    if (stops.some((stop: string) => stop.length > stopLimits.characters)) return `the gateway keeps stop sequences of at most ${stopLimits.characters} characters; shorten the longer ones`;
    return null;
  }

  /** The events to pass on for these of the upstream's. */
  apply(events: StreamEvent[]): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const event of events) this.take(event, out);
    return out;
  }

  /** Text still held back when a stream ends without its finish (broken off): the caller gets what the model wrote. */
  release(): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const [index, text] of this.held) {
      this.started(index, out);
      if (text) out.push({ type: "text_delta", index, text });
    }
    this.held.clear();
    return out;
  }

  /** Ends an open text block that the stop did not fall in: its held text, then its stop. */
  private closeBlock(index: number, rest: string, out: StreamEvent[]): void {
    if (!rest && this.unstarted.has(index)) return;
    this.started(index, out);
    if (rest) out.push({ type: "text_delta", index, text: rest });
    out.push({ type: "block_stop", index });
  }

  /** Passes on a text block's start, once, before its first text (or its stop). */
  private started(index: number, out: StreamEvent[]): void {
    const start = this.unstarted.get(index);
    if (start === undefined) return;
    out.push(start);
    this.unstarted.delete(index);
  }

  private take(event: StreamEvent, out: StreamEvent[]): void {
    if (this.matched !== null) {
      // After the stop, only what metering needs, and the finish as the stop's.
      if (event.type === "usage") out.push(event);
      else if (event.type === "finish") out.push({ ...event, stopReason: "stop_sequence", stopSequence: this.matched });
      return;
    }
    switch (event.type) {
      case "block_start":
        if (event.block.type !== "text") return void out.push(event);
        this.held.set(event.index, "");
        this.unstarted.set(event.index, event);
        return;
      case "text_delta": {
        const held = this.held.get(event.index);
        if (held === undefined) return void out.push(event);
        this.textDelta(event.index, held + event.text, out);
        return;
      }
      case "block_stop": {
        const held = this.held.get(event.index);
        this.started(event.index, out);
        if (held) out.push({ type: "text_delta", index: event.index, text: held });
        this.held.delete(event.index);
        out.push(event);
        return;
      }
      case "finish":
        out.push(...this.release(), event);
        return;
      default:
        out.push(event);
    }
  }

  /** `text`: what the block has that is not passed on yet, which holds no whole sequence before this delta. */
  private textDelta(index: number, text: string, out: StreamEvent[]): void {
    // The sequence an upstream would have stopped at is the one completed first (the earliest end),
    // whatever the deltas' split; of two ending together, the longer (it starts earlier).
    let at = -1;
    let end = -1;
    for (const stop of this.stops) {
      const found = text.indexOf(stop);
      if (found === -1) continue;
      const ends = found + stop.length;
      if (at === -1 || ends < end || (ends === end && found < at)) (at = found), (end = ends), (this.matched = stop);
    }
    if (at !== -1) {
      // Any other text block still open ends with what it held (one never begun is not passed on).
      for (const [other, rest] of this.held) if (other !== index) this.closeBlock(other, rest, out);
      // The block ends here; one the stop ends before any text was never begun for the caller.
      if (at > 0) {
        this.started(index, out);
        out.push({ type: "text_delta", index, text: text.slice(0, at) });
      }
      if (!this.unstarted.has(index)) out.push({ type: "block_stop", index });
      this.held.clear();
      this.unstarted.clear();
      return;
    }
    // Hold back what could begin a sequence; never half of a surrogate pair, which a caller's JSON decoder would not join again.
    let cut = text.length - this.holdBack;
    if (cut > 0 && isHighSurrogate(text.charCodeAt(cut - 1))) cut--;
    if (cut <= 0) return void this.held.set(index, text);
    this.started(index, out);
    out.push({ type: "text_delta", index, text: text.slice(0, cut) });
    this.held.set(index, text.slice(cut));
  }
}
