// What each wire format provides to translation: a reader and a writer for requests (caller side
// in, upstream side out), a stream reader (upstream side) and writer (caller side), a response
// writer (caller side) and an error reader (upstream side). One file set per format under
// server/translate/<format>/; translate.ts joins a caller's codec to an upstream's.
import type { ResolvedCapabilities } from "../domain/model-capabilities.ts";
import type { SseEvent } from "../gateway/upstreams/sse.ts";
import type { CanonicalRequest, CanonicalResponse, Format, StreamEvent, UpstreamError } from "./canonical.ts";

/** What a caller-side writer needs to know of the call. */
export type CallerContext = {
  /** The model name the caller used (its call name), echoed in responses. */
  model: string;
  /** Chat: the caller asked for the usage chunk (`stream_options.include_usage`). */
  includeUsage: boolean;
  /** The caller's request, read: writers that echo request fields (Responses) take them from here. */
  request: CanonicalRequest;
  /** The request's input tokens, estimated: Anthropic's message_start must report input before the upstream has (chat and Gemini say it only at the end). */
  estimatedInputTokens: number;
};

/** What an upstream-side writer knows of the channel it writes for. */
export type UpstreamChannel = {
  /** The channel's preset (domain/channel-presets.ts): which vendor an OpenAI-compatible channel is, null when none or unknown. */
  preset: string | null;
  /** What the upstream model takes (domain/model-capabilities.ts); null when not known (a writer then writes as for any model of its format). */
  capabilities?: ResolvedCapabilities | null;
  /** A Gemini thought signature this caller was answered with for a tool call, where its history lacks it (signature-memory.ts). */
  recallSignature?: (callId: string) => string | undefined;
};

export interface StreamReader {
  /** One upstream SSE event (or, for Gemini, one `data:` chunk) → canonical events. */
  read(event: SseEvent): StreamEvent[];
  /** The upstream stream ended: close what is open; a stream that never finished yields no `finish`. */
  end(): StreamEvent[];
  /** What the upstream said when its stream ended in an error event (then no `finish` comes). */
  upstreamError?: UpstreamError | null;
  /** The upstream has said why its answer ended (its usage is then whole), though the event that ends its stream may not have come. */
  finishSaid?(): boolean;
}

export interface StreamWriter {
  /** One canonical event → the caller's SSE text for it ("" when it has none). */
  write(event: StreamEvent): string;
  /** After the last event (chat's `[DONE]`, nothing for others). */
  end(): string;
  /**
   * The caller format's error event, ending a stream that broke after its first byte. `status`: the
   * HTTP status the upstream's own error event stood for (its type or code then says so); none when
   * the stream broke off.
   */
  error(message: string, status?: number): string;
}

export interface Codec {
  format: Format;
  /** Caller side: the top-level members of a body that its canonical tools are read from (what tools-memo.ts keys on). */
  toolsReadFrom: readonly string[];
  /** Caller side: the validated body → canonical; throws TranslationRefusal for a field with no canonical slot. */
  readRequest(body: Record<string, any>, options: { stream: boolean; model: string }): CanonicalRequest;
  /**
   * Upstream side: canonical → the body to send; throws TranslationRefusal (field in canonical terms) for what this format cannot carry.
   * `channel` says which vendor is behind the format, for extensions only some vendors take (chat's `top_k`).
   */
  writeRequest(request: CanonicalRequest, channel?: UpstreamChannel): Record<string, unknown>;
  /** Upstream side: reads the upstream's stream. */
  streamReader(): StreamReader;
  /** Caller side: writes the stream in the caller's grammar. */
  streamWriter(context: CallerContext): StreamWriter;
  /** Caller side: the non-stream answer body. */
  writeResponse(response: CanonicalResponse, context: CallerContext): unknown;
  /** Upstream side: an error answer (status ≥ 400) → what it says. */
  readError(status: number, body: string): UpstreamError;
  /**
   * Caller side: how a canonical field (a CanonicalRequest key such as "topK", or "part:document",
   * "part:image", "part:tool_result.image") is named in this format, for refusal messages.
   */
  fieldName(canonical: string): string;
}
