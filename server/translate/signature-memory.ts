// Gemini's thought signatures that a caller fails to send back. Gemini 3 refuses a turn whose
// function call (the first of each model step in the current turn) comes without the signature it
// was answered with ("Function call is missing a thought_signature"), and chat agents drop the
// `reasoning_details` that carry it (translate/carry.ts). So the gateway keeps, per worker, the
// signatures of its recent Gemini answers by API key and tool-call id, and gives one back where
// the caller's history lacks it. Bounded by size: the oldest go first past 8 MB (a signature is a
// few hundred bytes to a few kilobytes of base64), some thousands of calls a worker. A call that came
// through another worker, or too long ago, gets Gemini's documented fallback instead (the
// request writer's `skip_thought_signature_validator`).

const maxChars = 8 * 1024 * 1024;
/** Insertion order is age: a Map iterates oldest first. */
const signatures = new Map<string, string>();
let chars = 0;

const keyOf = (scope: string, callId: string) => `${scope}\u0000${callId}`;

/** Remembers the signature Gemini answered a tool call with, for the caller `scope` (its API key's id). */
export function rememberSignature(scope: string, callId: string, signature: string): void {
  const key = keyOf(scope, callId);
  forget(key);
  signatures.set(key, signature);
  chars += key.length + signature.length;
  while (chars > maxChars) forget(signatures.keys().next().value!);
}

function forget(key: string): void {
  const signature = signatures.get(key);
  if (signature === undefined) return;
  signatures.delete(key);
  chars -= key.length + signature.length;
}

/** The signature a tool call was answered with, if this worker still has it. */
export const recallSignature = (scope: string, callId: string): string | undefined => signatures.get(keyOf(scope, callId));
