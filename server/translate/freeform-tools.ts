// OpenAI custom tools (Responses' and chat's; Codex's apply_patch): the model answers them with
// freeform text, where every other format's tools take a JSON object. Upstream such a tool is a
// function of one string argument, `input`; the model's call comes back to the caller as a custom
// tool call whose input is that string. A stream's argument JSON is decoded as it arrives, so the
// caller sees the text grow as it would from OpenAI (`response.custom_tool_call_input.delta`, chat's
// `tool_calls[].custom.input` deltas), not once at the end.
import type { CanonicalRequest, ToolDefinition } from "./canonical.ts";

type Json = Record<string, unknown>;

/** The function parameters a custom tool is declared with upstream; a grammar goes where the model reads it. */
export function freeformParameters(format: Json | undefined): Json {
  const grammar = format?.type === "grammar" ? format : undefined;
  const description =
    grammar === undefined
      ? "The tool's whole input, as freeform text."
      : `The tool's whole input, as freeform text that follows this ${grammar.syntax === "regex" ? "regular expression" : "Lark grammar"}:\n${grammar.definition}`;
  return { type: "object", properties: { input: { type: "string", description } }, required: ["input"], additionalProperties: false };
}

/** A custom tool call's input as the arguments of the function it is declared as upstream. */
export const freeformArguments = (input: string): string => JSON.stringify({ input });

/**
 * The freeform input in the arguments an upstream gave: their `input` string. Arguments of another
 * shape (the model ignored the schema) go to the caller as they are, so its tool reports them.
 */
export function freeformInput(args: string): string {
  try {
    const value = JSON.parse(args);
    if (typeof value?.input === "string") return value.input;
  } catch {
    // not JSON: passed on as written
  }
  return args;
}

/** The names of the request's custom tools, or null when it has none (the common case costs nothing more). */
export function freeformToolNames(request: CanonicalRequest): Set<string> | null {
  let names: Set<string> | null = null;
  for (const tool of request.tools) if (tool.freeform) (names ??= new Set()).add(tool.name);
  return names;
}

export const isFreeform = (tools: ToolDefinition[], name: string): boolean => tools.some((tool) => tool.freeform && tool.name === name);

const opening = '{"input":"';
/** The places in `opening` that JSON allows whitespace before. */
const spaceBefore = [true, true, false, false, false, false, false, false, true, true];
const simpleEscapes: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const isSpace = (c: string) => c === " " || c === "\n" || c === "\r" || c === "\t";

/**
 * Decodes the `input` string of arguments streamed as JSON text in arbitrary pieces: `push` gives
 * the text each piece adds (an escape or a surrogate pair cut by a piece's end waits for the next).
 * Arguments of another shape stop the decoding; `finish` then reads the whole input from them.
 */
export class FreeformInputStream {
  private state: "opening" | "string" | "closed" | "other" = "opening";
  private matched = 0;
  /** An escape cut by the end of a piece: `\` or `\u` and some hex digits. */
  private escape = "";
  /** A high surrogate held until its pair arrives. */
  private held = "";
  private after = "";
  /** The text given so far. */
  private given = "";

  push(json: string): string {
    let out = "";
    let i = 0;
    if (this.state === "opening") {
      for (; i < json.length && this.state === "opening"; i++) {
        const c = json[i];
        if (c === opening[this.matched]) {
          if (++this.matched === opening.length) this.state = "string";
        } else if (!(isSpace(c) && spaceBefore[this.matched])) this.state = "other";
      }
    }
    if (this.state === "string") {
      let run = i;
      for (; i < json.length; i++) {
        const c = json[i];
        if (this.escape !== "") {
          this.escape += c;
          if (this.escape.length === 2 && c !== "u") {
            const decoded = simpleEscapes[c];
            if (decoded === undefined) return this.stop(out);
            out += decoded;
            this.escape = "";
            run = i + 1;
          } else if (this.escape.length === 6) {
            const hex = this.escape.slice(2);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) return this.stop(out);
            out += String.fromCharCode(Number.parseInt(hex, 16));
            this.escape = "";
            run = i + 1;
          }
        } else if (c === "\\") {
          out += json.slice(run, i);
          this.escape = "\\";
        } else if (c === '"') {
          out += json.slice(run, i);
          this.state = "closed";
          this.after += json.slice(i + 1);
          return this.give(out);
        }
      }
      if (this.escape === "") out += json.slice(run);
      return this.give(out);
    }
    if (this.state === "closed") this.after += json;
    return "";
  }

  /** The whole input, read from all the arguments' JSON, and what of it the pieces have not given yet. */
  finish(args: string): { input: string; rest: string } {
    if (this.state === "closed" && /^\s*\}\s*$/.test(this.after)) return { input: this.given + this.held, rest: this.held };
    const input = freeformInput(args);
    return { input, rest: input.startsWith(this.given) ? input.slice(this.given.length) : "" };
  }

  private give(out: string): string {
    out = this.held + out;
    this.held = "";
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.held = out[out.length - 1];
      out = out.slice(0, -1);
    }
    this.given += out;
    return out;
  }

  private stop(out: string): string {
    const given = this.give(out);
    this.state = "other";
    return given;
  }
}
