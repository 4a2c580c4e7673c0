// What the mocks say in the conversation scenarios, vendor-neutral: which tool the model calls and
// with what arguments (`tool`, `thinking-tool`), what it answers once a tool result comes back, and
// the reasoning proofs (signatures, encrypted content) it issues and later insists on seeing again
// byte-exact, as the vendors do.
import { randomBytes } from "node:crypto";
import type { Scenario } from "./server.ts";

/** The reasoning text every mock's thinking scenarios produce (Anthropic keeps its own constant). */
export const REASONING_TEXT = "The user wants something from a tool; call it first.";

/** The text answer after a tool result: it quotes the result, so tests can see it reached the model. */
export const toolReply = (result: string) => `The tool answered: ${result}`;

/** The value the mock puts in the first required string property of a tool's arguments. */
export const TOOL_ARGUMENT = "README.md";

/** Reasoning proofs a mock issued, each with what it was issued for (a tool name, or "" for text). */
export type Issued = Map<string, string>;

/** A fresh signature: base64 with `+`, `/` and `=` likely, so a byte-changing hop is caught. */
export function issue(issued: Issued, about: string, prefix = ""): string {
  const signature = prefix + randomBytes(33).toString("base64") + "+/=";
  issued.set(signature, about);
  return signature;
}

/**
 * Deterministic arguments from a tool's JSON schema: its first required property (else its first
 * property, else `path`) gets "README.md", or 42 / true for a numeric / boolean type.
 */
export function toolArguments(schema: any, text = TOOL_ARGUMENT): Record<string, unknown> {
  const properties = schema && typeof schema.properties === "object" ? schema.properties : {};
  const name: string = (Array.isArray(schema?.required) && schema.required[0]) || Object.keys(properties)[0] || "path";
  const type = String(properties[name]?.type ?? "string").toLowerCase();
  const value = type === "number" || type === "integer" ? 42 : type === "boolean" ? true : text;
  return { [name]: value };
}

/**
 * The text of a tool result, whatever its shape: a string; the text of typed blocks/parts
 * (`{type:"text"|"input_text", text}`; images and files contribute nothing); or every string of
 * an untyped object (Gemini's `functionResponse.response`), concatenated.
 */
export function stringsIn(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(stringsIn).join("");
  if (value && typeof value === "object") {
    if ("type" in value) return typeof (value as any).text === "string" ? (value as any).text : "";
    return Object.values(value).map(stringsIn).join("");
  }
  return "";
}

/**
 * The text the model writes under `patch-tool`: an apply_patch body as Codex's custom tool takes it,
 * with what JSON must escape (newlines, a tab, quotes, a backslash) and what it may leave as is
 * (non-ASCII, an emoji's surrogate pair), so a hop that decodes or re-encodes it wrongly is caught.
 */
export const APPLY_PATCH = [
  "*** Begin Patch",
  "*** Update File: src/greet.ts",
  "@@ export function greet(name: string) {",
  '-  return "Hello, " + name;',
  '+  return `Hello, ${name}! "Café" \\ \t\u00e9 🎉`;',
  "+\t// a tab, a backslash \\ and what only looks like an escape: \\u0041 \\n",
  " }",
  "*** End Patch",
  "",
].join("\n");

/** The second call's argument under `parallel-tool`. */
export const SECOND_TOOL_ARGUMENT = "LICENSE";

/** What the model does this turn. */
export type Plan = {
  reasoning: boolean;
  /** Tool calls instead of text (empty for a text answer). */
  calls: { name: string; args: Record<string, unknown> }[];
  text: string;
  /** The answer is cut off at the output limit (`max-tokens`). */
  truncated: boolean;
};

/**
 * `tools`: the request's declared function tools in order, with their parameter schemas;
 * `toolResult`: the text of the tool result(s) in the request's last turn, if that turn is one.
 */
export function planTurn(scenario: Scenario, tools: { name: string; schema: unknown }[], toolResult: string | undefined, reply: string): Plan {
  const conversational = scenario === "tool" || scenario === "thinking-tool" || scenario === "parallel-tool" || scenario === "patch-tool";
  const reasoning = scenario === "thinking" || scenario === "thinking-tool";
  const base = { reasoning, calls: [], truncated: scenario === "max-tokens" };
  if (!conversational) return { ...base, text: reply };
  if (toolResult !== undefined) return { ...base, text: toolReply(toolResult) };
  if (tools.length === 0) return { ...base, text: reply };
  const { name, schema } = tools[0];
  const calls = [{ name, args: toolArguments(schema, scenario === "patch-tool" ? APPLY_PATCH : TOOL_ARGUMENT) }];
  if (scenario === "parallel-tool") calls.push({ name, args: toolArguments(schema, SECOND_TOOL_ARGUMENT) });
  return { ...base, text: "", calls };
}

/** A text cut into `n` roughly equal deltas (at least one). */
export function deltasOf(text: string, n = 3): string[] {
  if (text.length <= n) return [text];
  const size = Math.ceil(text.length / n);
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

/** Unknown keys of `body` (a whitelist check); `aliases` also accepts another spelling of a key. */
export function unknownKeys(body: Record<string, unknown>, allowed: ReadonlySet<string>, extra: ReadonlySet<string>, alias: (key: string) => string = (key) => key): string[] {
  return Object.keys(body).filter((key) => !allowed.has(key) && !allowed.has(alias(key)) && !extra.has(key));
}
