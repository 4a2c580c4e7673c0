// A tool call's arguments as the object that Anthropic's `tool_use.input` and Gemini's
// `functionCall.args` must be. Chat and Responses callers carry them as JSON text, and an agent
// resends every earlier call of its session on each turn, so each text would be parsed again on
// every turn (a file an edit tool writes is in one): here a worker parses a text once. The objects
// are shared between calls: a writer places one in the body it writes and changes nothing in it
// (jsonBytes swaps a long string out and back within one synchronous call).

type Json = Record<string, unknown>;

/** Text → its object, or null for text that is not a JSON object; the oldest go first past the bound. */
const parsed = new Map<string, Json | null>();
const maxChars = 4 * 1024 * 1024;
let keptChars = 0;

/** The JSON object `text` holds (`{}` for blank text), or null when it holds anything else. */
export function argumentsObject(text: string): Json | null {
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const value = parse(text);
  if (text.length <= maxChars) {
    parsed.set(text, value);
    keptChars += text.length;
    for (const oldest of parsed.keys()) {
      if (keptChars <= maxChars) break;
      parsed.delete(oldest);
      keptChars -= oldest.length;
    }
  }
  return value;
}

function parse(text: string): Json | null {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** For tests: forget every text. */
export function forgetArguments(): void {
  parsed.clear();
  keptChars = 0;
}
