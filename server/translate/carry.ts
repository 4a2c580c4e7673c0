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

export function carry(opaque: Opaque, attachesToNext = false): string {
  const wrapped = attachesToNext ? { tg: 1, o: opaque.origin, v: opaque.value, a: 1 } : { tg: 1, o: opaque.origin, v: opaque.value };
  return Buffer.from(JSON.stringify(wrapped)).toString("base64");
}

/** The carried value in `text`, or null when `text` is not one (a vendor's own signature, say). */
export function uncarry(text: unknown): Carried | null {
  if (typeof text !== "string" || !text.startsWith(prefix)) return null;
  try {
    const wrapped = JSON.parse(Buffer.from(text, "base64").toString("utf8"));
    if (wrapped?.tg !== 1 || !formats.has(wrapped.o) || typeof wrapped.v !== "object" || wrapped.v === null) return null;
    return { opaque: { origin: wrapped.o, value: wrapped.v }, attachesToNext: wrapped.a === 1 || undefined };
  } catch {
    return null;
  }
}
