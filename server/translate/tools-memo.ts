// The written form of a caller's tools, kept per worker. An agent sends the same tool list (a
// dozen or more tools, 10-30 KB of JSON schemas) on every turn of a session, and written for a
// translated upstream it comes out the same every time; serializing it is about a third of what
// serializing the upstream's body costs on an agent's turn. So the JSON of the written `tools` is
// kept under the bytes it was read from, and spliced into the body (see JsonText in json-bytes.ts).
//
// The key is every top-level member of the caller's body that its reader derives canonical tools
// from (`Codec.toolsReadFrom`), as bytes, with the caller's and the upstream's formats and the
// prompt caching asked: a writer's tools depend on the canonical tools, and the Anthropic writer
// marks the last one as a cache breakpoint when the caller asked for caching. A tool list is serialized for keeping the second time
// it is seen, so traffic that never repeats one pays a comparison and a copy of its bytes per call.
import type { RawJson } from "../gateway/raw-json.ts";
import type { Format } from "./canonical.ts";

type Entry = {
  caller: Format;
  upstream: Format;
  /** The prompt caching asked (its lifetime), "" for none. */
  caching: string;
  /** The bytes of each member the key is made of, in `toolsReadFrom`'s order; null where the body had none. */
  key: (Buffer | null)[];
  /** The written tools as JSON; null until the key is seen again. */
  written: Buffer | null;
  bytes: number;
};

/** Most recently used first. A few sessions' agents at once; the bytes bound what a worker keeps. */
const entries: Entry[] = [];
const maxEntries = 32;
const maxBytes = 8 * 1024 * 1024;
let keptBytes = 0;

/**
 * The JSON of `written` (what the upstream codec wrote as `tools`) when these tools were seen
 * before; null the first time, or when the body's bytes cannot key it (a repeated top-level key).
 */
export function rememberedTools(
  caller: Format,
  upstream: Format,
  caching: string,
  toolsReadFrom: readonly string[],
  raw: RawJson,
  written: unknown,
): Buffer | null {
  if (raw.duplicateKeys) return null;
  const ranges = toolsReadFrom.map((key) => raw.members.find((member) => member.key === key) ?? null);
  const index = entries.findIndex(
    (entry) =>
      entry.caller === caller &&
      entry.upstream === upstream &&
      entry.caching === caching &&
      entry.key.every((part, i) => {
        const range = ranges[i];
        if (part === null || range === null) return part === range;
        return part.length === range.valueEnd - range.valueStart && raw.bytes.compare(part, 0, part.length, range.valueStart, range.valueEnd) === 0;
      }),
  );
  if (index < 0) {
    const key = ranges.map((range) => (range === null ? null : Buffer.from(raw.bytes.subarray(range.valueStart, range.valueEnd))));
    keep({ caller, upstream, caching, key, written: null, bytes: key.reduce((sum, part) => sum + (part?.length ?? 0), 0) });
    return null;
  }
  const entry = entries[index];
  if (index > 0) {
    entries.splice(index, 1);
    entries.unshift(entry);
  }
  if (entry.written === null) {
    entry.written = Buffer.from(JSON.stringify(written));
    entry.bytes += entry.written.length;
    keptBytes += entry.written.length;
    trim();
  }
  return entry.written;
}

function keep(entry: Entry): void {
  entries.unshift(entry);
  keptBytes += entry.bytes;
  trim();
}

/** Drops the least recently used past the bounds (never the one just used). */
function trim(): void {
  while (entries.length > 1 && (entries.length > maxEntries || keptBytes > maxBytes)) keptBytes -= entries.pop()!.bytes;
}

/** For tests: forget every tool list. */
export function forgetTools(): void {
  entries.length = 0;
  keptBytes = 0;
}
