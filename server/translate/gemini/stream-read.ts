// Upstream side: a streamGenerateContent?alt=sse stream → canonical events. Each `data:` chunk is
// a whole GenerateContentResponse carrying only new parts; candidate 0 is read (the writer never
// asks for more). Thought parts are reasoning text; a thoughtSignature is a `reasoning_opaque`
// with value `{thoughtSignature}` — on a thought part it ends that reasoning block, on any other
// part it is a reasoning block of its own, emitted just before that part with attachesToNext
// (the request writer puts it back onto the same part). Function calls arrive whole: a tool_call
// block with one arguments delta. usageMetadata is cumulative: the latest, normalized by
// usageFromGemini, is the usage (a `usage` event when it changes) and goes in `finish`, emitted
// at end() once a finishReason or a promptFeedback.blockReason was seen. Parts other than text,
// thoughts and function calls (images, code execution) cannot occur for what the writer asks and
// are skipped. A chunk that is not JSON yields nothing; the stream then never finishes, which the
// relay treats as broken. Gemini's error object (`{"error": {code, message, status}}`), as a `data:`
// line or bare (Gemini's form midway, no `data:`), is the stream's end: its message and status are
// `upstreamError`, said again in the caller's error event; nothing else of it (its `details` name
// the Google Cloud project; only a RetryInfo's delay is read, for the relay's Retry-After, and an
// API_KEY_INVALID reason, which makes it the channel's fault) goes along, nor the channel's key or
// project its message may name.
import { type Usage, usageFromGemini } from "../../domain/usage.ts";
import { geminiErrorHttpStatus, geminiKeyRefused, geminiRetryDelaySeconds, withoutChannelIdentifiers } from "../../gateway/errors/gemini.ts";
import type { StreamEvent, UpstreamError } from "../canonical.ts";
import type { StreamReader } from "../codec.ts";
import type { SseEvent } from "../../gateway/upstreams/sse.ts";
import { answerCallId, stopReasonOf } from "./common.ts";

type Json = Record<string, any>;

export class GeminiStreamReader implements StreamReader {
  private started = false;
  private next = 0;
  private open: { index: number; type: "text" | "reasoning" } | null = null;
  private usage: Usage | null = null;
  private usageKey = "";
  private finishReason: string | undefined;
  private blocked = false;
  private sawToolCall = false;
  upstreamError: UpstreamError | null = null;

  read(event: SseEvent): StreamEvent[] {
    let chunk: Json;
    try {
      // The bare error object has no `data:` line: its text is the event's.
      chunk = JSON.parse(event.data || event.raw);
    } catch {
      return [];
    }
    if (typeof chunk !== "object" || chunk === null) return [];
    if (chunk.error) {
      this.upstreamError ??= errorOf(chunk.error);
      return [];
    }
    const out: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      out.push({ type: "start", id: chunk.responseId ?? "", model: chunk.modelVersion ?? "", created: Math.floor(Date.now() / 1000) });
    }
    const candidate = chunk.candidates?.[0];
    for (const part of (candidate?.content?.parts ?? []) as Json[]) this.part(part, out);
    if (candidate?.finishReason) this.finishReason = candidate.finishReason;
    if (chunk.promptFeedback?.blockReason) this.blocked = true;
    if (chunk.usageMetadata) {
      const usage = usageFromGemini(chunk.usageMetadata);
      const key = JSON.stringify(usage);
      this.usage = usage;
      if (key !== this.usageKey) {
        this.usageKey = key;
        out.push({ type: "usage", usage });
      }
    }
    return out;
  }

  /** The chunk that finishes carries the final usageMetadata; `finish` waits for the stream's end. */
  finishSaid(): boolean {
    return this.started && (this.finishReason !== undefined || this.blocked);
  }

  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    this.close(out);
    if (this.started && (this.finishReason || this.blocked)) {
      const stopReason = this.blocked ? "refusal" : stopReasonOf(this.finishReason, this.sawToolCall);
      out.push({ type: "finish", stopReason, stopSequence: null, usage: this.usage ?? usageFromGemini(undefined) });
    }
    return out;
  }

  private close(out: StreamEvent[]): void {
    if (this.open) out.push({ type: "block_stop", index: this.open.index });
    this.open = null;
  }

  /** The open block of `type`, or a new one (closing whatever else is open). */
  private block(type: "text" | "reasoning", out: StreamEvent[]): number {
    if (this.open?.type === type) return this.open.index;
    this.close(out);
    const index = this.next++;
    out.push({ type: "block_start", index, block: { type } });
    this.open = { index, type };
    return index;
  }

  private part(part: Json, out: StreamEvent[]): void {
    const signature = part.thoughtSignature;
    const text = typeof part.text === "string" ? part.text : "";
    if (part.thought === true) {
      // A reasoning block that already has its signature is finished: new thoughts start another.
      const index = this.block("reasoning", out);
      if (text) out.push({ type: "reasoning_delta", index, text });
      if (typeof signature === "string") {
        out.push({ type: "reasoning_opaque", index, opaque: { origin: "generate-content", value: { thoughtSignature: signature } } });
        this.close(out);
      }
      return;
    }
    if (typeof signature === "string") {
      this.close(out);
      const index = this.next++;
      out.push({ type: "block_start", index, block: { type: "reasoning" } });
      out.push({ type: "reasoning_opaque", index, opaque: { origin: "generate-content", value: { thoughtSignature: signature } }, attachesToNext: true });
      out.push({ type: "block_stop", index });
    }
    if (part.functionCall) {
      this.close(out);
      const call = part.functionCall;
      const index = this.next++;
      this.sawToolCall = true;
      out.push({ type: "block_start", index, block: { type: "tool_call", id: typeof call.id === "string" && call.id ? call.id : answerCallId(), name: call.name } });
      out.push({ type: "tool_arguments_delta", index, json: JSON.stringify(call.args ?? {}) });
      out.push({ type: "block_stop", index });
      return;
    }
    if (text) out.push({ type: "text_delta", index: this.block("text", out), text });
  }
}

/**
 * What Gemini's error object says: its message, the HTTP status its code or status name stands for,
 * and of its details only the retry delay its RetryInfo asks for and whether it refuses the channel's key.
 */
function errorOf(error: unknown): UpstreamError {
  if (typeof error !== "object" || error === null) return { status: 500, message: typeof error === "string" && error ? withoutChannelIdentifiers(error) : "Gemini's stream ended with an error." };
  const { message, status } = error as Json;
  const said: UpstreamError = {
    status: geminiErrorHttpStatus(error as Json),
    message: typeof message === "string" && message.trim() ? withoutChannelIdentifiers(message) : `Gemini's stream ended with an error${typeof status === "string" ? ` (${status})` : ""}.`,
  };
  if (typeof status === "string") said.type = status;
  if (geminiKeyRefused(error)) said.keyRefused = true;
  const retryAfterSeconds = geminiRetryDelaySeconds(error);
  if (retryAfterSeconds !== undefined) said.retryAfterSeconds = retryAfterSeconds;
  return said;
}
