// The client's request body as the bytes it sent, so a passthrough call forwards them instead of
// a re-serialized copy (DESIGN.md §4a): a parse–serialize round trip costs a fifth of a worker's
// CPU on an agent-sized body and rewrites what the client wrote (`1.0`, `1e3`, `\u00e9`, key order,
// whitespace). Envoy AI Gateway patches the model in the raw body for the same reason.
//
// One pass over the bytes finds the nesting depth and where each top-level member's value lies;
// `withMembers` then replaces (or adds) just those members. The scan runs before the body is
// parsed, so it may read bytes that are not JSON: it never throws on them, and its layout is used
// only once JSON.parse (or `parseInPieces`) has accepted the same bytes.

import { joinedBytes } from "./body-slabs.ts";

/**
 * A top-level member: its key (decoded) and the byte ranges of the key and of its value; when
 * the value is an array, `elements` holds each element's start and end, in turn.
 */
export type Member = { key: string; keyStart: number; keyEnd: number; valueStart: number; valueEnd: number; elements: number[] | null };

export type RawJson = {
  bytes: Buffer;
  /** Where the top-level object opens: new members go right after it. */
  open: number;
  members: Member[];
  /** A top-level key appears twice: JSON.parse kept the last, an upstream might keep the first, so these bytes are never forwarded. */
  duplicateKeys: boolean;
  /** Where each string token of `longStringBytes` or more starts and ends (quotes included), in turn: translation splices these bytes (translate/raw-strings.ts). */
  longStrings: number[];
};

/** A string token this long is one a translated body copies from the client's bytes rather than escaping it again. */
export const longStringBytes = 512;

export type Scan = { tooDeep: true } | { tooDeep: false; raw: RawJson | null };

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** The index just past the string whose opening quote is at `start`, or -1. */
export function stringEnd(bytes: Buffer, start: number): number {
  // Most strings (keys, short values) end within a few bytes: a loop here finds their end sooner
  // than a call out to Buffer's search, which takes the long ones (the bulk of a body's bytes).
  const near = Math.min(start + 24, bytes.length);
  for (let at = start + 1; at < near; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) return at + 1;
    if (byte === BACKSLASH) break;
  }
  for (let at = start + 1; ; ) {
    const quote = bytes.indexOf(QUOTE, at);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    // An escaped quote: in JSON inside a string (a tool call's arguments) the next one is a few
    // bytes on, so the loop walks those before the search is called again.
    const walkTo = Math.min(quote + 25, bytes.length);
    for (at = quote + 1; at < walkTo; at++) {
      const byte = bytes[at];
      if (byte === QUOTE) return at + 1;
      if (byte === BACKSLASH) at++; // the escaped byte is never the end
    }
  }
}

/** The key's text, or null for a string that is not JSON (the scan may read bytes JSON.parse then refuses). */
function decodeKey(bytes: Buffer, start: number, end: number): string | null {
  const inner = bytes.toString("utf8", start + 1, end - 1);
  if (!inner.includes("\\")) return inner;
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return null;
  }
}

/**
 * Scans a body: whether it nests deeper than `maxDepth` arrays and objects, and, when it is an
 * object, its top-level members (with the elements of those that are arrays). `raw` is null when
 * the layout could not be read (not an object, or bytes out of place). The scan checks no more of
 * the grammar than it needs to find its way: the layout of bytes that are not JSON is meaningless,
 * and `parseInPieces` or JSON.parse is what rejects them.
 */
export function scanJson(bytes: Buffer, maxDepth: number): Scan {
  let depth = 0;
  let open = -1;
  const members: Member[] = [];
  const keys = new Set<string>();
  let duplicateKeys = false;
  let key: string | null = null;
  let keyStart = -1;
  let keyEnd = -1;
  let valueStart = -1;
  /** The element spans of the top-level member being read, when its value is an array. */
  let elements: number[] | null = null;
  let elementFrom = -1;
  let readable = true;
  const longStrings: number[] = [];
  const length = bytes.length;
  const endMember = (at: number) => {
    if (key === null || valueStart < 0) return false;
    members.push(member(bytes, key, keyStart, keyEnd, valueStart, at, elements));
    key = null;
    valueStart = -1;
    elements = null;
    return true;
  };
  for (let at = 0; at < length; ) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      const end = stringEnd(bytes, at);
      if (end < 0) return { tooDeep: false, raw: null };
      if (depth === 1 && open >= 0 && key === null && valueStart < 0) {
        key = decodeKey(bytes, at, end);
        if (key === null) return { tooDeep: false, raw: null };
        keyStart = at;
        keyEnd = end;
        if (keys.has(key)) duplicateKeys = true;
        keys.add(key);
      } else if (end - at >= longStringBytes) longStrings.push(at, end);
      at = end;
      continue;
    }
    // `{` and `[` (0x7b, 0x5b) open, `}` and `]` (0x7d, 0x5d) close.
    if (byte === 0x7b || byte === 0x5b) {
      if (++depth > maxDepth) return { tooDeep: true };
      if (depth === 1) {
        if (byte === 0x7b) open = at;
        else readable = false;
      } else if (depth === 2 && byte === 0x5b && open >= 0 && valueStart === at) {
        elements = [];
        elementFrom = at + 1;
      }
    } else if (byte === 0x7d || byte === 0x5d) {
      if (depth === 2 && elements) addElement(bytes, elements, elementFrom, at, true);
      if (depth === 1 && open >= 0 && key !== null && !endMember(at)) return { tooDeep: false, raw: null };
      depth--;
    } else if (depth === 1 && byte === COLON) {
      valueStart = at + 1;
      while (isSpace(bytes[valueStart])) valueStart++;
    } else if (depth === 1 && byte === COMMA) {
      if (!endMember(at)) return { tooDeep: false, raw: null };
    } else if (depth === 2 && byte === COMMA && elements) {
      addElement(bytes, elements, elementFrom, at, false);
      elementFrom = at + 1;
    }
    at++;
  }
  if (!readable || open < 0 || depth !== 0) return { tooDeep: false, raw: null };
  return { tooDeep: false, raw: { bytes, open, members, duplicateKeys, longStrings } };
}

/** The element between `from` and `before`, without the whitespace around it; none for `[]`. */
function addElement(bytes: Buffer, elements: number[], from: number, before: number, last: boolean) {
  let start = from;
  while (start < before && isSpace(bytes[start])) start++;
  let end = before;
  while (end > start && isSpace(bytes[end - 1])) end--;
  if (last && start === end && elements.length === 0) return; // an empty array
  elements.push(start, end);
}

function member(bytes: Buffer, key: string, keyStart: number, keyEnd: number, valueStart: number, before: number, elements: number[] | null): Member {
  let valueEnd = before;
  while (valueEnd > valueStart && isSpace(bytes[valueEnd - 1])) valueEnd--;
  return { key, keyStart, keyEnd, valueStart, valueEnd, elements };
}

/**
 * The body with each member of `set` (key → JSON text of its value) given that value: replaced
 * where the key is, or added first in the object where it is not. The rest of the bytes are the
 * client's own. An empty `set` returns the bytes themselves.
 */
export function withMembers(raw: RawJson, set: Record<string, string | undefined>): Buffer {
  const edits: { start: number; end: number; text: string }[] = [];
  const added: string[] = [];
  const removed = new Set<number>();
  for (const [key, text] of Object.entries(set)) {
    const index = raw.members.findIndex((candidate) => candidate.key === key);
    if (text === undefined) {
      if (index >= 0) removed.add(index);
    } else if (index >= 0) edits.push({ start: raw.members[index].valueStart, end: raw.members[index].valueEnd, text });
    else added.push(`${JSON.stringify(key)}:${text}`);
  }
  edits.push(...removals(raw, removed));
  if (added.length > 0) {
    const comma = raw.members.length > removed.size ? "," : "";
    edits.push({ start: raw.open + 1, end: raw.open + 1, text: added.join(",") + comma });
  }
  if (edits.length === 0) return raw.bytes;
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: (Buffer | string)[] = [];
  let at = 0;
  for (const edit of edits) {
    pieces.push(raw.bytes.subarray(at, edit.start), edit.text);
    at = edit.end;
  }
  pieces.push(raw.bytes.subarray(at));
  return joinedBytes(pieces);
}

/**
 * The byte ranges that take the removed members out with their commas: a member followed by one
 * that stays goes up to that one's key; the run of removed members at the end goes from the end of
 * the last member that stays (its comma with it), or from the object's opening, to the end of the last.
 */
function removals(raw: RawJson, removed: Set<number>): { start: number; end: number; text: string }[] {
  if (removed.size === 0) return [];
  const { members } = raw;
  let kept = members.length - 1;
  while (kept >= 0 && removed.has(kept)) kept--;
  const ranges: { start: number; end: number; text: string }[] = [];
  for (let index = 0; index < kept; index++) {
    if (removed.has(index)) ranges.push({ start: members[index].keyStart, end: members[index + 1].keyStart, text: "" });
  }
  if (kept < members.length - 1) ranges.push({ start: kept >= 0 ? members[kept].valueEnd : raw.open + 1, end: members[members.length - 1].valueEnd, text: "" });
  return ranges;
}
