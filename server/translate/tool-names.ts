// Tool names one vendor takes and another refuses. Gemini callers name tools `files.read` or
// `github:create_issue`, which OpenAI and Anthropic refuse; Anthropic takes 128 characters where
// OpenAI takes 64 (Claude Code's MCP tools, `mcp__<server>__<tool>`, run long); Gemini wants a
// letter or `_` first. A name the upstream would refuse goes upstream as a stand-in made from it
// alone (so the same conversation gets the same stand-ins every turn, and the upstream's prompt
// cache its byte-identical prefix), in the declared tools, tool_choice and the history's calls and
// results; the upstream's calls come back under the caller's exact name.
import { createHash } from "node:crypto";
import type { CanonicalRequest, Format, Part, StreamEvent, ToolDefinition, Turn } from "./canonical.ts";

/**
 * Each upstream format's rule for a function name: OpenAI's (chat and Responses, "a-z, A-Z, 0-9,
 * underscores and dashes, with a maximum length of 64"), Anthropic's `^[a-zA-Z0-9_-]{1,128}$`,
 * Gemini's (a letter or `_` first, then letters, digits, `_ . : -`, 64 at most on the Developer API).
 */
const upstreamRules: Record<Format, RegExp> = {
  chat: /^[a-zA-Z0-9_-]{1,64}$/,
  responses: /^[a-zA-Z0-9_-]{1,64}$/,
  messages: /^[a-zA-Z0-9_-]{1,128}$/,
  "generate-content": /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
};

/** A name every upstream format takes: the strictest of the rules. Stand-ins are made to it, whatever the upstream. */
export const portableName = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/** `name` with what no upstream takes replaced by `_` (and `_` put first where a letter must be): not cut to length. */
const sanitized = (name: string): string => name.replace(/[^a-zA-Z0-9_-]/g, "_").replace(/^(?=[^a-zA-Z_])/, "_");

/**
 * A portable name for `name`, distinct from others by a hash of `identity` (what tells this tool
 * apart; the name itself unless given): its sanitized form cut short, then `_` and 8 hex digits.
 */
export function hashedName(name: string, identity: string = name): string {
  const hash = createHash("sha256").update(identity).digest("hex").slice(0, 8);
  return `${sanitized(name).slice(0, 64 - 9)}_${hash}`;
}

/**
 * The caller's tool names as one upstream format sees them. `none` (every name valid there, the
 * common case) is one check per request and then costs nothing.
 */
export class UpstreamToolNames {
  /** The caller's name → the stand-in sent upstream. */
  private readonly standIns = new Map<string, string>();
  /** A stand-in → the caller's name. */
  private readonly callerNames = new Map<string, string>();

  private readonly rule: RegExp;
  private readonly tools: readonly ToolDefinition[];

  private constructor(rule: RegExp, tools: readonly ToolDefinition[]) {
    this.rule = rule;
    this.tools = tools;
  }

  private declaredNames?: ReadonlySet<string>;
  /** The declared tools' names, none of which a stand-in may take (made only when a name is refused). */
  private get declared(): ReadonlySet<string> {
    return (this.declaredNames ??= new Set(this.tools.map((tool) => tool.name)));
  }

  /** The stand-ins for the declared tools of `request` on an upstream speaking `upstream`. */
  static of(tools: readonly ToolDefinition[], upstream: Format): UpstreamToolNames {
    const rule = upstreamRules[upstream];
    const refused = tools.filter((tool) => !rule.test(tool.name)).map((tool) => tool.name);
    const names = new UpstreamToolNames(rule, tools);
    if (refused.length === 0) return names;
    const declared = names.declared;
    // A sanitized name is used as it is unless it is too long or another tool has it or makes it
    // too (`files.read` beside `files_read` or `files:read`); a collision is decided by the
    // declared tools alone, so the serialized tools are the same whatever the history holds.
    const made = new Map<string, number>();
    for (const name of refused) made.set(sanitized(name), (made.get(sanitized(name)) ?? 0) + 1);
    for (const name of refused) {
      const plain = sanitized(name);
      names.add(name, plain.length <= 64 && !declared.has(plain) && made.get(plain) === 1 ? plain : hashedName(name));
    }
    return names;
  }

  /** Whether any name is renamed (then the upstream's calls are mapped back). */
  get renames(): boolean {
    return this.standIns.size > 0;
  }

  private add(name: string, standIn: string): void {
    this.standIns.set(name, standIn);
    this.callerNames.set(standIn, name);
    this.quotedStandIn = undefined;
  }

  /** Any stand-in as a whole name in running text (longest first, so `a_b` inside `a_b_c` is not taken for it). */
  private quotedStandIn?: RegExp;

  /**
   * An upstream's words (an error that quotes a declared name: Anthropic's "tools.3.custom.name: …
   * 'files_read'") with each stand-in put back to the caller's name, which is all the caller ever
   * sent. Read only on error paths; the same words when nothing is renamed.
   */
  callerMessage(message: string): string {
    if (!this.renames) return message;
    this.quotedStandIn ??= new RegExp(`(?<![a-zA-Z0-9_-])(?:${[...this.callerNames.keys()].sort((a, b) => b.length - a.length).join("|")})(?![a-zA-Z0-9_-])`, "g");
    return message.replace(this.quotedStandIn, (standIn) => this.callerNames.get(standIn)!);
  }

  /** The upstream's name for a tool the caller calls `name`; a refused one undeclared (a call in the history of a tool since dropped) gets a stand-in too. */
  upstreamName(name: string): string {
    if (this.rule.test(name)) return name;
    const known = this.standIns.get(name);
    if (known !== undefined) return known;
    const plain = sanitized(name);
    const standIn = plain.length <= 64 && !this.callerNames.has(plain) && !this.declared.has(plain) ? plain : hashedName(name);
    this.add(name, standIn);
    return standIn;
  }

  /** The caller's name for a tool the upstream called `name` (a name it was not given is passed on as it is). */
  callerName(name: string): string {
    return this.callerNames.get(name) ?? name;
  }

  /**
   * The request as the upstream gets it: declared tools, tool_choice and the history's calls and
   * results under upstream names. The same request when none needs renaming (turns are walked once
   * to check, which a request writer does anyway).
   */
  upstreamRequest(request: CanonicalRequest): CanonicalRequest {
    const renamedPart = (part: Part): Part => {
      if (part.type === "tool_call") {
        const name = this.upstreamName(part.name);
        return name === part.name ? part : { ...part, name };
      }
      if (part.type === "tool_result" && part.name !== undefined) {
        const name = this.upstreamName(part.name);
        return name === part.name ? part : { ...part, name };
      }
      return part;
    };
    let turns: Turn[] | undefined;
    for (const [i, turn] of request.turns.entries()) {
      let parts: Part[] | undefined;
      for (const [j, part] of turn.parts.entries()) {
        if (part.type !== "tool_call" && part.type !== "tool_result") continue;
        const renamed = renamedPart(part);
        if (renamed === part) continue;
        parts ??= turn.parts.slice();
        parts[j] = renamed;
      }
      if (parts === undefined) continue;
      turns ??= request.turns.slice();
      turns[i] = { ...turn, parts };
    }
    if (!this.renames) return request;
    const choice = request.toolChoice;
    return {
      ...request,
      tools: request.tools.map((tool) => (this.standIns.has(tool.name) ? { ...tool, name: this.standIns.get(tool.name)! } : tool)),
      toolChoice:
        choice?.type === "tool"
          ? { type: "tool", name: this.upstreamName(choice.name) }
          : choice?.type === "allowed"
            ? { ...choice, names: choice.names.map((name) => this.upstreamName(name)) }
            : choice,
      turns: turns ?? request.turns,
    };
  }

  /** A stream event with the upstream's name for a call put back to the caller's. */
  callerEvent(event: StreamEvent): StreamEvent {
    if (event.type !== "block_start" || event.block.type !== "tool_call") return event;
    const name = this.callerName(event.block.name);
    return name === event.block.name ? event : { ...event, block: { ...event.block, name } };
  }
}
