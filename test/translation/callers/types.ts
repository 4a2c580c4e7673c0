// What the conformance suite says to every caller format: a neutral conversation (`Spec`) that each
// caller writes in its own wire format, and the answer (`Reply`) each reads back from its own format,
// streamed or not — a stream is checked against the format's grammar on the way.
import type { Format } from "../../../server/translate/canonical.ts";

export type Media = { mediaType: string; data: string };

export type Msg =
  | { role: "user"; text: string; image?: Media; document?: Media; imageUrl?: string }
  | { role: "assistant"; text: string }
  /** An instruction in the middle of the conversation (chat/Responses `developer`). */
  | { role: "system"; text: string }
  | { role: "tool"; callId: string; name: string; text: string; image?: Media }
  /** Caller-format items appended as they are: an earlier answer's assistant turn, as an SDK user sends it back. */
  | { native: unknown[] };

export type Spec = {
  system?: string;
  messages: Msg[];
  /** Declare the `read_file` tool. */
  tools?: boolean;
  /** Ask for reasoning (and, in Responses, its encrypted content). */
  reasoning?: boolean;
  schema?: Record<string, unknown>;
  stop?: string[];
  maxTokens?: number;
  /** Top-level fields merged in as they are (a field some pair cannot represent). */
  extra?: Record<string, unknown>;
};

export type Call = { id: string; name: string; args: unknown };

export type Reply = {
  status: number;
  raw: string;
  /** The non-stream body, or the stream's final object as the format's SDK would assemble it. */
  json: any;
  text: string;
  reasoning: string;
  calls: Call[];
  /** The format's stop/finish reason as it said it. */
  stop: string;
  /** The format's usage object as it said it (message_start usage merged with message_delta's for messages). */
  usage: any;
  /** What an SDK user appends to the history for the next turn. */
  assistant: unknown[];
};

export type Caller = {
  format: Format;
  path(model: string, stream: boolean): string;
  headers(key: string): Record<string, string>;
  body(spec: Spec, model: string, stream: boolean): Record<string, unknown>;
  /** Reads a 200 answer; a stream is checked against the grammar (throws on a violation). */
  read(raw: string, stream: boolean): Reply;
  /** The error body's message, after checking the format's error shape. */
  errorMessage(json: any, status: number): string;
  /** The stop reasons of an ordinary end and of a tool call. */
  stops: { end: string; tool: string; max: string };
  /** The usage this format reports for canonical usage `u` (to match against `Reply.usage`). */
  usageFor(u: { input: number; output: number; cacheRead: number; cacheWrite: number; reasoning: number }): Record<string, unknown>;
  /** Checks the answer's shape: object type, id prefix, the call name echoed (throws on a problem). */
  shape(json: any, model: string): void;
  /** The top-level fields that force the model to call `name`. */
  toolChoice(name: string): Record<string, unknown>;
  /** Whether a stream's text ends with this format's error event (a stream broken mid-way). */
  endsWithError(raw: string): boolean;
  /** A request field no pair can carry, as the caller names it, and the value sent. */
  unrepresentable: { field: string; extra: Record<string, unknown> };
  /** How the caller names the stop sequences and temperature fields (for refusal messages). */
  fields: { stop: string | null; temperature: string };
};

export const TOOL = {
  name: "read_file",
  description: "Reads a file of the repository",
  schema: { type: "object", properties: { path: { type: "string", description: "the file's path" } }, required: ["path"] },
};

/** Splits an SSE text into events: `{event?, data}` (data as text), checking the framing. */
export function sseEvents(raw: string, separator = /\r?\n\r?\n/): { event?: string; data: string }[] {
  const events: { event?: string; data: string }[] = [];
  for (const block of raw.split(separator)) {
    if (!block.trim()) continue;
    let event: string | undefined;
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
      else if (line.startsWith(":")) continue;
      else throw new Error(`SSE line neither event nor data: ${JSON.stringify(line)}`);
    }
    events.push({ event, data: data.join("\n") });
  }
  return events;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`stream grammar: ${message}`);
}

/** The last SSE event of a text, parsed (null when it is not JSON). */
export function lastEvent(raw: string): { event?: string; data: any } | null {
  const blocks = raw.split(/\r?\n\r?\n/).filter((block) => block.trim());
  const last = blocks.at(-1) ?? "";
  const event = /^event: (.*)$/m.exec(last)?.[1];
  const data = /^data: (.*)$/m.exec(last)?.[1];
  try {
    return { event, data: JSON.parse(data ?? last.trim()) };
  } catch {
    return null;
  }
}

export const dataUrl = (media: Media) => `data:${media.mediaType};base64,${media.data}`;
