// Anthropic's prompt cache as a mock can keep it. The prompt — tools, then system, then each message's
// blocks — is cached up to each block marked `cache_control`. A later request reads the longest
// prefix cached so, found at one of its breakpoints or up to 20 blocks before one (as far back as
// Anthropic looks), and writes the rest up to its last breakpoint; up to its last 1-hour breakpoint
// that write is for an hour. Neither a minimum length nor expiry: the tests' prompts are short and quick.
// Tokens follow the rule in server.ts (text under system and messages; tools count none), so cache
// reads + cache writes + input tokens = inputTokensOf(body).
import { createHash } from "node:crypto";
import { inputTokensOf, textIn } from "./server.ts";

export type PromptCacheUsage = { input: number; read: number; written: number; written1h: number };

/** How far back from a breakpoint Anthropic looks for a cached prefix, in blocks. */
const lookback = 20;

type Segment = { key: string; chars: number; ttl?: "5m" | "1h" };

const ttlOf = (block: any): Segment["ttl"] => (block?.cache_control?.type === "ephemeral" ? (block.cache_control.ttl === "1h" ? "1h" : "5m") : undefined);

/** A block as cached: without its breakpoint (moving a breakpoint changes no prefix). */
const unmarked = (value: unknown) => JSON.stringify(value, (key, inner) => (key === "cache_control" ? undefined : inner));

/** The prompt in cache order, one segment a block; a message's first block carries its role. */
function segmentsOf(body: any): Segment[] {
  const segments: Segment[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) segments.push({ key: `tool ${unmarked(tool)}`, chars: 0, ttl: ttlOf(tool) });
  if (typeof body.system === "string") segments.push({ key: `system ${unmarked(body.system)}`, chars: textIn(body.system, "system").length });
  for (const block of Array.isArray(body.system) ? body.system : []) segments.push({ key: `system ${unmarked(block)}`, chars: textIn(block, "system").length, ttl: ttlOf(block) });
  for (const message of body.messages ?? []) {
    const blocks = typeof message.content === "string" ? [message.content] : message.content;
    blocks.forEach((block: any, i: number) => segments.push({ key: `${i === 0 ? message.role : ""} ${unmarked(block)}`, chars: textIn(block, "content").length, ttl: ttlOf(block) }));
  }
  return segments;
}

export class PromptCache {
  private readonly cached = new Set<string>();

  /** The cache's part in this request's usage; what it marks is cached from now on. */
  use(body: any): PromptCacheUsage {
    const segments = segmentsOf(body);
    const running = createHash("sha256").update(String(body.model));
    let chars = 0;
    const prefixes = segments.map((segment) => {
      running.update(`${segment.key}\n`);
      chars += segment.chars;
      return { hash: running.copy().digest("hex"), tokens: Math.ceil(chars / 4) };
    });
    const breakpoints = segments.flatMap((segment, i) => (segment.ttl ? [i] : []));
    let hit = -1;
    for (const at of breakpoints)
      for (let i = at; i >= Math.max(0, at - lookback); i--)
        if (this.cached.has(prefixes[i].hash)) {
          hit = Math.max(hit, i);
          break;
        }
    const read = hit < 0 ? 0 : prefixes[hit].tokens;
    const last = breakpoints.at(-1);
    const lastHour = breakpoints.findLast((i) => segments[i].ttl === "1h");
    const written = last === undefined ? 0 : Math.max(0, prefixes[last].tokens - read);
    const written1h = lastHour === undefined ? 0 : Math.min(written, Math.max(0, prefixes[lastHour].tokens - read));
    for (const at of breakpoints) this.cached.add(prefixes[at].hash);
    return { input: inputTokensOf(body) - read - written, read, written, written1h };
  }
}
