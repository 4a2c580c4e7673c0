// Caller side: canonical events → streamGenerateContent?alt=sse chunks, as the Gemini API sends
// them: `data: <GenerateContentResponse>\r\n\r\n`, each chunk with only its new parts, candidate
// index 0, role model, modelVersion (the caller's model name) and responseId (the upstream's id);
// usageMetadata on every chunk once usage is known, and on the last chunk (with finishReason)
// always. Text and refusal deltas are text parts, reasoning deltas thought parts; a function call
// goes whole when its block stops (args parsed from the accumulated JSON). No `[DONE]`.
//
// Signatures. Gemini CLI keeps only non-thought parts in its history (thought parts are shown and
// dropped) and merges consecutive text parts into the first, so a signature survives the next turn
// only on the first content part after the reasoning. Reasoning from another vendor is therefore
// carried (carry.ts) as the `thoughtSignature` of the next text or function-call part — where
// Gemini itself puts signatures, one per part. Several blocks in a row (Anthropic's thinking then
// redacted thinking, several Responses reasoning items) go together in that one signature; only
// when no such part follows do they go on an empty thought part. Gemini's own signatures go back
// where Gemini put them.
import { geminiErrorBody } from "../../gateway/errors/gemini.ts";
import { type Carried, carryAll } from "../carry.ts";
import type { Opaque, StreamEvent } from "../canonical.ts";
import type { CallerContext, StreamWriter } from "../codec.ts";
import type { Usage } from "../../domain/usage.ts";
import { finishReasonOf, parseObject, usageMetadata } from "./common.ts";

type Json = Record<string, any>;

/** Signatures waiting for the part they go on. */
export class Signatures {
  /** A Gemini signature for the next part. */
  private native: Json | null = null;
  /** Other vendors' reasoning, in order, for the next part's one signature. */
  private carried: Carried[] = [];

  /** The opaque's signature: held for the next content part, or returned as parts to send now. */
  add(opaque: Opaque, attachesToNext: boolean | undefined): Json[] {
    if (opaque.origin === "generate-content") {
      if (!attachesToNext) return [{ text: "", thought: true, ...opaque.value }];
      const now = this.flush();
      this.native = opaque.value;
      return now;
    }
    const now = this.native ? this.flush() : [];
    this.carried.push({ opaque, attachesToNext });
    return now;
  }

  /** `part` with the held signature on it. */
  onto(part: Json): Json {
    const held = this.take();
    if (held) Object.assign(part, held);
    return part;
  }

  /** The held signature on an empty thought part (nothing followed it). */
  flush(): Json[] {
    const held = this.take();
    return held ? [{ text: "", thought: true, ...held }] : [];
  }

  private take(): Json | null {
    const held = this.native ?? (this.carried.length ? { thoughtSignature: carryAll(this.carried) } : null);
    this.native = null;
    this.carried = [];
    return held;
  }
}

export function functionCallPart(id: string, name: string, argumentsJson: string): Json {
  return { functionCall: { id, name, args: parseObject(argumentsJson.trim() || "{}") ?? {} } };
}

export class GeminiStreamWriter implements StreamWriter {
  private context: CallerContext;
  private id = "";
  private usage: Usage | undefined;
  private calls = new Map<number, { id: string; name: string; json: string }>();
  private signatures = new Signatures();

  constructor(context: CallerContext) {
    this.context = context;
  }

  write(event: StreamEvent): string {
    switch (event.type) {
      case "start":
        this.id = event.id;
        this.usage = event.usage;
        return "";
      case "block_start":
        if (event.block.type === "tool_call") this.calls.set(event.index, { id: event.block.id, name: event.block.name, json: "" });
        return "";
      case "text_delta":
      case "refusal_delta":
        return event.text ? this.chunk([this.signatures.onto({ text: event.text })]) : "";
      case "reasoning_delta":
        return event.text ? this.chunk([{ text: event.text, thought: true }]) : "";
      case "reasoning_opaque": {
        const now = this.signatures.add(event.opaque, event.attachesToNext);
        return now.length ? this.chunk(now) : "";
      }
      case "tool_arguments_delta": {
        const call = this.calls.get(event.index);
        if (call) call.json += event.json;
        return "";
      }
      case "block_stop": {
        const call = this.calls.get(event.index);
        if (!call) return "";
        this.calls.delete(event.index);
        return this.chunk([this.signatures.onto(functionCallPart(call.id, call.name, call.json))]);
      }
      case "usage":
        this.usage = event.usage;
        return "";
      case "finish": {
        this.usage = event.usage;
        const left = this.signatures.flush();
        return (left.length ? this.chunk(left) : "") + this.chunk([], finishReasonOf(event.stopReason));
      }
    }
  }

  end(): string {
    return "";
  }

  error(message: string, status = 502): string {
    // Bare JSON, as the passthrough relay ends a broken Gemini stream: the JS SDK raises only on that.
    return `${JSON.stringify(geminiErrorBody(status, message))}\n`;
  }

  private chunk(parts: Json[], finishReason?: string): string {
    const candidate: Json = { content: { role: "model", parts } };
    if (finishReason) candidate.finishReason = finishReason;
    candidate.index = 0;
    const body: Json = { candidates: [candidate] };
    if (this.usage) body.usageMetadata = usageMetadata(this.usage);
    body.modelVersion = this.context.model;
    if (this.id) body.responseId = this.id;
    return `data: ${JSON.stringify(body)}\r\n\r\n`;
  }
}
