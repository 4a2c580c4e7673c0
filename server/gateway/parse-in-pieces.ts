// JSON.parse of a large body, piece by piece. A string of a whole agent-sized body (145 KB, or
// twice that as UTF-16 once one character is outside Latin-1) is past V8's 128 KB limit for
// regular objects and lands in large-object space, allocated page by page from the kernel:
// decoding such a body costs about 180 µs where the same bytes decoded as four strings cost 14 µs
// (bench/relay-overhead/results.md, tenth round), and JSON.parse flattens whatever string it is
// given. So the top-level object is built here from its members, and a large array member from
// its elements, each decoded and parsed on its own from the spans `scanJson` found.
//
// The bytes between the pieces are checked here exactly as JSON's grammar has them (whitespace,
// `{`, `:`, `,`, `[`, `]`, `}`), and each piece is parsed by JSON.parse, so a body is accepted only
// when JSON.parse would accept the whole, and gives the same value (duplicate keys: the last wins,
// in the first one's place). Anything unexpected returns undefined and the caller parses the whole
// text, which then gives JSON.parse's own error message.
import type { Member, RawJson } from "./raw-json.ts";

/** Bodies smaller than this are parsed whole: their string stays in V8's regular spaces. */
export const piecesFromBytes = 60 * 1024;
/** Array members larger than this are parsed element by element. */
const elementsFromBytes = 32 * 1024;

const space = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

class NotInPieces extends Error {}

export function parseInPieces(raw: RawJson): Record<string, unknown> | undefined {
  const { bytes } = raw;
  let at = 0;
  const skip = () => {
    while (space(bytes[at])) at++;
  };
  const expect = (byte: number) => {
    skip();
    if (bytes[at] !== byte) throw new NotInPieces();
    at++;
    skip();
  };
  const piece = (start: number, end: number): unknown => {
    if (at !== start) throw new NotInPieces();
    at = end;
    return JSON.parse(bytes.toString("utf8", start, end));
  };
  const elementsOf = (member: Member, elements: number[]): unknown[] => {
    const list: unknown[] = [];
    expect(0x5b); // [
    for (let i = 0; i < elements.length; i += 2) {
      if (i > 0) expect(0x2c); // ,
      list.push(piece(elements[i], elements[i + 1]));
    }
    expect(0x5d); // ]
    if (at < member.valueEnd) throw new NotInPieces();
    return list;
  };
  try {
    const result: Record<string, unknown> = {};
    expect(0x7b); // {
    raw.members.forEach((member, index) => {
      if (index > 0) expect(0x2c); // ,
      const key = piece(member.keyStart, member.keyEnd);
      if (typeof key !== "string") throw new NotInPieces();
      expect(0x3a); // :
      const { elements } = member;
      const value = elements && member.valueEnd - member.valueStart > elementsFromBytes ? elementsOf(member, elements) : piece(member.valueStart, member.valueEnd);
      at = member.valueEnd;
      // `__proto__` is an own property in what JSON.parse returns, never the object's prototype.
      if (key === "__proto__") Object.defineProperty(result, key, { value, writable: true, enumerable: true, configurable: true });
      else result[key] = value;
    });
    expect(0x7d); // }
    return at === bytes.length ? result : undefined;
  } catch {
    return undefined;
  }
}
