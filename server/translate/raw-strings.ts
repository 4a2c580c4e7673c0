// Which of a translated body's strings are the caller's own, to copy as the bytes the caller sent.
// Writing the upstream's body re-escapes every string; on an agent-sized body, with a file's worth
// of text in each tool result (a tab and a newline on every line), V8's JSON.stringify of those
// strings is most of what translation costs (about 0.23 ms of a 145 KB turn, where copying their
// bytes costs a hundredth of that). A string passed on unchanged is already escaped in the bytes
// the caller sent, and those bytes are a JSON string of the same value: `jsonBytes` splices them.
//
// The scan (gateway/raw-json.ts) notes where each long string token lies. Which parsed string it
// became is found by walking the piece of the body that holds it (an array element, or a top-level
// member's value) in the order JSON.parse built it, counting string tokens, keys and values, beside
// the same count over the bytes. That order is the document's unless a key is an array index (an
// object lists those first) or a key repeats (the last value wins, and the count comes up short):
// a piece with either, or one changed since it was parsed, is left out, and its strings are escaped.
import { QUOTE, type RawJson, stringEnd } from "../gateway/raw-json.ts";

export type Span = { text: string; start: number; end: number };

/** Strings of the caller's body with the bytes of their tokens; looked up by length, then by identity. */
export class RawStrings {
  private readonly byLength = new Map<number, Span[]>();
  /** The length of the shortest of them: a shorter string is none. */
  shortest = Number.POSITIVE_INFINITY;
  /** The bytes of all their tokens. */
  pairedBytes = 0;

  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  add(text: string, start: number, end: number): void {
    const spans = this.byLength.get(text.length);
    if (spans) spans.push({ text, start, end });
    else this.byLength.set(text.length, [{ text, start, end }]);
    this.shortest = Math.min(this.shortest, text.length);
    this.pairedBytes += end - start;
  }

  /** The token of `text` in the caller's bytes, when it is one of the strings found. */
  spanOf(text: string): Span | undefined {
    if (text.length < this.shortest) return undefined;
    const spans = this.byLength.get(text.length);
    if (!spans) return undefined;
    // `===` is a pointer comparison for the same string, as a writer passes it on; a few at most
    // are compared by content, so a body of many equally long strings costs no more than escaping.
    for (let i = 0; i < spans.length && i < 4; i++) if (spans[i].text === text) return spans[i];
    return undefined;
  }
}

/** The long strings of `body` (parsed from `raw.bytes`, unchanged since) paired with their bytes; null when there are none. */
export function rawStringsOf(raw: RawJson, body: Record<string, unknown>): RawStrings | null {
  const { longStrings, bytes } = raw;
  if (raw.duplicateKeys || longStrings.length === 0) return null;
  const strings = new RawStrings(bytes);
  let next = 0;
  const through = (end: number) => {
    const first = next;
    while (next < longStrings.length && longStrings[next] < end) next += 2;
    return first;
  };
  for (const member of raw.members) {
    if (next >= longStrings.length) break;
    through(member.valueStart); // a long key: never spliced
    if (next >= longStrings.length || longStrings[next] >= member.valueEnd) continue;
    const value = body[member.key];
    const { elements } = member;
    if (elements && Array.isArray(value) && value.length === elements.length / 2) {
      for (let i = 0; i < elements.length && next < longStrings.length; i += 2) {
        if (longStrings[next] >= elements[i + 1]) continue;
        const first = through(elements[i + 1]);
        pair(strings, raw, elements[i], elements[i + 1], value[i / 2], first, next);
      }
    } else {
      const first = through(member.valueEnd);
      pair(strings, raw, member.valueStart, member.valueEnd, value, first, next);
    }
  }
  return strings;
}

/** Pairs the long tokens `first` to `last` (indexes into `raw.longStrings`), all in bytes `start`–`end`, with the strings of `value`. */
function pair(strings: RawStrings, raw: RawJson, start: number, end: number, value: unknown, first: number, last: number): void {
  const { bytes, longStrings } = raw;
  // Each long token's place among the piece's string tokens. Between tokens valid JSON has no quote.
  const places: number[] = [];
  let tokens = 0;
  let long = first;
  for (let at = nextQuote(bytes, start, end); at >= 0; ) {
    let after: number;
    if (long < last && at === longStrings[long]) {
      places.push(tokens);
      after = longStrings[long + 1]; // the scan found where it ends
      long += 2;
    } else if ((after = stringEnd(bytes, at)) < 0) return;
    tokens++;
    at = nextQuote(bytes, after, end);
  }
  if (long !== last) return;
  const found: string[] = [];
  let token = 0;
  const visit = (node: unknown): boolean => {
    if (typeof node === "string") {
      if (token === places[found.length]) found.push(node);
      token++;
      return true;
    }
    if (typeof node !== "object" || node === null) return true;
    if (Array.isArray(node)) {
      for (const element of node) if (!visit(element)) return false;
      return true;
    }
    for (const key in node) {
      const code = key.charCodeAt(0);
      if (code >= 0x30 && code <= 0x39) return false; // maybe an index: listed first, out of the bytes' order
      if (token === places[found.length]) return false; // a long key
      token++;
      if (!visit((node as Record<string, unknown>)[key])) return false;
    }
    return true;
  };
  if (!visit(value) || token !== tokens || found.length !== places.length) return;
  for (let i = 0; i < found.length; i++) {
    // Bytes that were not UTF-8 were read as U+FFFD: the upstream would read them otherwise.
    if (!found[i].includes("\uFFFD")) strings.add(found[i], longStrings[first + 2 * i], longStrings[first + 2 * i + 1]);
  }
}

/** The next quote in `from`–`end`, or -1. Tokens lie a few bytes apart: a loop finds the next sooner than a call out to Buffer's search. */
function nextQuote(bytes: Buffer, from: number, end: number): number {
  const near = Math.min(from + 16, end);
  for (let at = from; at < near; at++) if (bytes[at] === QUOTE) return at;
  if (near === end) return -1;
  const at = bytes.indexOf(QUOTE, near);
  return at >= 0 && at < end ? at : -1;
}
