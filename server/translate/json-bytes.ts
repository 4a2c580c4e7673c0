// A translated body serialized in pieces. One JSON.stringify of an agent-sized body (100-400 KB)
// makes one string that V8 puts in its large-object space, which costs more than the serializing
// itself (0.79 ms against 0.37 ms for a 145 KB turn, measured): here long arrays (the turns, the
// tools) are serialized element by element, and each piece is encoded straight into one scratch
// buffer the worker reuses, so no string grows large and the finished body is copied out once
// (pieces encoded on their own and then joined cost twice that, in buffers V8 frees only when it
// collects), into a reused slab when it is large (see gateway/body-slabs.ts).
//
// The caller's long strings (see raw-strings.ts) are not escaped again: in a piece that holds
// some, each is swapped for a placeholder while the piece is stringified, and the caller's bytes
// for it are copied where the placeholder came out. When those strings are most of the body (an
// agent's tool results), the rest is small enough to stringify whole in one such piece, written
// straight into the body's own buffer (no scratch). Without such strings the output is
// byte-identical to JSON.stringify's; with them, the same JSON value. A value already serialized
// (a JsonText, such as the tools an agent resends on every turn: tools-memo.ts) is spliced the
// same way.
import { bodyBuffer, joinedBytes } from "../gateway/body-slabs.ts";
import type { RawStrings } from "./raw-strings.ts";

/** Kept between calls up to this size; a larger body gets a scratch buffer of its own. */
const keptScratchBytes = 1024 * 1024;
let kept = Buffer.allocUnsafeSlow(256 * 1024);

/** A body whose caller left this few bytes outside its long strings is stringified whole (see below). */
const wholeFromBytes = 48 * 1024;

/**
 * Stands in for a spliced string. A caller's string may hold it: then the count comes out high
 * and the piece is escaped whole. It opens with a character rare in JSON (and still Latin-1, so
 * the text stays one byte a character) for the search to skip ahead to, which one opening with a
 * quote, as every JSON string does, would not.
 */
export const placeholder = "\u00fftollgate:raw-string:0b6f2c";

/** A value of a body to be written as these JSON bytes (its toJSON gives the same value, for any other serializer). */
export class JsonText {
  readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.bytes = bytes;
  }

  toJSON(): unknown {
    return JSON.parse(this.bytes.toString("utf8"));
  }
}

/** A value swapped for the placeholder, to be put back, and the bytes written where the placeholder came out. */
type Slot = { holder: Record<string, unknown> | unknown[]; key: string | number; value: unknown; source: Buffer; start: number; end: number };

export function jsonBytes(value: Record<string, unknown>, strings: RawStrings | null = null): Buffer {
  // With the caller's long strings left out, what is left of most agent bodies is small (of a
  // 145 KB turn, 33 KB): stringified whole it is one string in V8's regular spaces, and the calls
  // to stringify, search and encode each piece apart are saved.
  if (strings !== null && strings.bytes.length - strings.pairedBytes <= wholeFromBytes) return wholeBytes(value, strings);
  let scratch = kept;
  let length = 0;
  const reserve = (bytes: number) => {
    if (length + bytes <= scratch.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(length + bytes, scratch.length * 2));
    scratch.copy(grown, 0, 0, length);
    scratch = grown;
    if (grown.length <= keptScratchBytes) kept = grown;
  };
  const put = (text: string) => {
    reserve(text.length * 3); // UTF-8 takes at most 3 bytes per UTF-16 unit
    length += scratch.write(text, length);
  };
  const copy = (source: Buffer, start: number, end: number) => {
    reserve(end - start);
    length += source.copy(scratch, length, start, end);
  };
  const piece = (node: unknown) => {
    if (node instanceof JsonText) return copy(node.bytes, 0, node.bytes.length);
    if (strings === null || typeof node !== "object" || node === null) {
      const span = typeof node === "string" ? strings?.spanOf(node) : undefined;
      if (span) copy(strings!.bytes, span.start, span.end);
      else put(JSON.stringify(node) ?? "null");
      return;
    }
    const swapped = stringifySwapped(node, strings);
    if (swapped === null) return put(JSON.stringify(node) ?? "null");
    const { text, found, slots } = swapped;
    let from = 0;
    for (let i = 0; i < found.length; i++) {
      put(text.slice(from, found[i]));
      copy(slots[i].source, slots[i].start, slots[i].end);
      from = found[i] + placeholder.length + 2;
    }
    put(text.slice(from));
  };

  put("{");
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member === undefined || typeof member === "function" || typeof member === "symbol") continue;
    put(`${first ? "" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (Array.isArray(member)) {
      put("[");
      for (let i = 0; i < member.length; i++) {
        if (i > 0) put(",");
        piece(member[i]);
      }
      put("]");
    } else piece(member);
  }
  put("}");
  return joinedBytes([scratch.subarray(0, length)]);
}

type Swapped = { text: string; found: number[]; slots: Slot[] };

/**
 * `node` stringified with each of the caller's strings under it as the placeholder, and where each
 * placeholder (with its quotes) came out; null when it holds none, or when a count says a string
 * went out of order or twice (then the caller escapes it plainly). `node` is as it was on return.
 */
function stringifySwapped(node: object, strings: RawStrings): Swapped | null {
  const slots: Slot[] = [];
  swapOut(node, strings, slots);
  if (slots.length === 0) return null;
  // Stringified and put back at once: nothing else sees the placeholders.
  const text = JSON.stringify(node);
  for (const slot of slots) (slot.holder as Record<string | number, unknown>)[slot.key] = slot.value;
  const found: number[] = [];
  // Each placeholder is written as itself between quotes: the quotes go with it.
  for (let at = text.indexOf(placeholder); at >= 0; at = text.indexOf(placeholder, at + placeholder.length)) found.push(at - 1);
  return found.length === slots.length ? { text, found, slots } : null;
}

/**
 * The body in one piece: the text between the spliced strings and their bytes are written straight
 * into a buffer of the body's own, large enough for the worst case (no scratch to copy the body out
 * of, 145 KB a call on an agent's turn; no pass over the text to count its UTF-8 bytes first).
 */
function wholeBytes(value: Record<string, unknown>, strings: RawStrings): Buffer {
  const swapped = stringifySwapped(value, strings);
  if (swapped === null) return joinedBytes([JSON.stringify(value)]);
  const { text, found, slots } = swapped;
  let most = text.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
  for (const slot of slots) most += slot.end - slot.start;
  const body = bodyBuffer(most);
  let at = 0;
  let from = 0;
  for (let i = 0; i < found.length; i++) {
    at += body.write(text.slice(from, found[i]), at);
    at += slots[i].source.copy(body, at, slots[i].start, slots[i].end);
    from = found[i] + placeholder.length + 2;
  }
  at += body.write(text.slice(from), at);
  return body.subarray(0, at);
}

/**
 * Swaps the caller's strings (and JsonText values) under `node` for the placeholder, noting each in `slots` in the order
 * JSON.stringify writes them: an array's elements in turn, an object's own keys as Object.keys
 * lists them. The count check in `stringifySwapped` catches a string written twice, or not at all
 * (as under an object with a toJSON, which a writer never makes: JSON.parse makes no functions).
 */
function swapOut(node: object, strings: RawStrings, slots: Slot[]): void {
  const holder = node as Record<string, unknown>;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const value = node[i];
      if (typeof value === "string") {
        if (value.length >= strings.shortest) swapString(holder, i, value, strings, slots);
      } else if (typeof value === "object" && value !== null) swapObject(holder, i, value, strings, slots);
    }
    return;
  }
  // for-in over a plain object reads each value by its enum cache, where Object.keys would build
  // an array and each read would be a keyed lookup (an inherited key would only fail the count check).
  for (const key in holder) {
    const value = holder[key];
    if (typeof value === "string") {
      if (value.length >= strings.shortest) swapString(holder, key, value, strings, slots);
    } else if (typeof value === "object" && value !== null) swapObject(holder, key, value, strings, slots);
  }
}

function swapObject(holder: Slot["holder"], key: string | number, value: object, strings: RawStrings, slots: Slot[]): void {
  if (!(value instanceof JsonText)) return swapOut(value, strings, slots);
  slots.push({ holder, key, value, source: value.bytes, start: 0, end: value.bytes.length });
  (holder as Record<string | number, unknown>)[key] = placeholder;
}

function swapString(holder: Slot["holder"], key: string | number, text: string, strings: RawStrings, slots: Slot[]): void {
  const span = strings.spanOf(text);
  if (span === undefined) return;
  slots.push({ holder, key, value: text, source: strings.bytes, start: span.start, end: span.end });
  (holder as Record<string | number, unknown>)[key] = placeholder;
}
