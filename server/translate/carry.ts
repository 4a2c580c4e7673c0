// Reasoning carried through a caller format that cannot hold it natively. The upstream's own form
// (an `Opaque`) is wrapped in one opaque string, placed where the caller's SDK keeps and sends back
// such strings — a thinking block's `signature`, a Responses reasoning item's `encrypted_content`,
// a Gemini part's `thoughtSignature`, a chat message's `reasoning_details[].data` — and unwrapped
// on the next turn, so the upstream gets its value back byte-exact.
//
// The wrapper is standard base64 (with padding) of a small JSON object: Gemini SDKs decode
// `thoughtSignature` as bytes and encode it again, which keeps valid base64 unchanged.
import type { Format, Opaque } from "./canonical.ts";

const formats: ReadonlySet<string> = new Set<Format>(["messages", "chat", "responses", "generate-content"]);
/** base64 of `{"tg":1,` — how a carried value starts. */
const prefix = Buffer.from('{"tg":1,').toString("base64").slice(0, 8);

export type Carried = { opaque: Opaque; attachesToNext?: boolean };

const wrap = ({ opaque, attachesToNext }: Carried) => (attachesToNext ? { o: opaque.origin, v: opaque.value, a: 1 } : { o: opaque.origin, v: opaque.value });

export function carry(opaque: Opaque, attachesToNext = false): string {
  return Buffer.from(JSON.stringify({ tg: 1, ...wrap({ opaque, attachesToNext }) })).toString("base64");
}

/**
 * Several in one string, for a slot that holds one where the upstream gave several in a row
 * (Gemini's `thoughtSignature`: one per part); one alone is wrapped as `carry` wraps it.
 */
export function carryAll(carried: Carried[]): string {
  if (carried.length === 1) return carry(carried[0].opaque, carried[0].attachesToNext);
  return Buffer.from(JSON.stringify({ tg: 1, all: carried.map(wrap) })).toString("base64");
}

function unwrap(wrapped: any): Carried | null {
  if (!formats.has(wrapped?.o) || typeof wrapped.v !== "object" || wrapped.v === null) return null;
  return { opaque: { origin: wrapped.o, value: wrapped.v }, attachesToNext: wrapped.a === 1 || undefined };
}

function decode(text: unknown): any {
  if (typeof text !== "string" || !text.startsWith(prefix)) return null;
  try {
    const wrapped = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
    return wrapped?.tg === 1 ? wrapped : null;
  } catch {
    return null;
  }
}

/** The carried value in `text`, or null when `text` is not one (a vendor's own signature, say). */
export function uncarry(text: unknown): Carried | null {
  const wrapped = decode(text);
  return wrapped && unwrap(wrapped);
}

/** What `carryAll` (or `carry`) wrapped, in order; null when `text` is not a carried value. */
export function uncarryAll(text: unknown): Carried[] | null {
  const wrapped = decode(text);
  if (!wrapped) return null;
  if (!Array.isArray(wrapped.all)) {
    const one = unwrap(wrapped);
    return one && [one];
  }
  const all = wrapped.all.map(unwrap);
  return all.length > 0 && all.every((one: Carried | null) => one !== null) ? all : null;
}
