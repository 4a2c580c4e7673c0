// The one small interface every upstream adapter implements. Adapters build the upstream request
// (model rewritten, credentials set) and read only usage from what comes back; everything else
// passes through untouched: the client's own bytes go upstream, changed only where they must be.
import type { ResolvedCapabilities } from "../../domain/model-capabilities.ts";
import type { Usage } from "../../domain/usage.ts";
import { geminiFileNotReady, googleStatusCode, upstreamGaveUp } from "../errors/gemini.ts";
import { type RawJson, scanJson, withMembers } from "../raw-json.ts";
import type { SseEvent } from "./sse.ts";

export type ClientRequest = {
  /** The parsed body: what was validated, and what routing and the hold read. */
  body: Record<string, any>;
  /** The same body as the client's bytes, when they can be forwarded (see `upstreamBody`). */
  raw: RawJson | null;
  stream: boolean;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
};

/** The members of a parsed body that the native adapters read; the rest goes upstream as the client's bytes. */
const membersAdaptersRead = ["model", "stream", "stream_options", "generationConfig", "generation_config", "max_tokens", "max_completion_tokens", "max_output_tokens", "thinking"];

/**
 * What an admitted call keeps of the client's request while its upstream answers. Where the
 * client's bytes go upstream, that is the few members adapters read, not the parsed body: an
 * agent-sized body's object graph kept alive until the answer is copied by each young-generation
 * collection of the worker (with 32 such calls in flight, scavenges took 16 ms rather than 1.7 ms:
 * bench/relay-overhead/results.md, twelfth round). Where the bytes cannot go, the body stays whole.
 */
export function admittedRequest(client: ClientRequest): ClientRequest {
  const { raw, body } = client;
  if (!raw || raw.duplicateKeys) return client;
  const kept: Record<string, unknown> = {};
  for (const key of membersAdaptersRead) if (key in body) kept[key] = body[key];
  return { ...client, body: kept };
}

export type UpstreamTarget = {
  baseUrl: string;
  credential: string;
  upstreamModel: string;
  /** The channel's preset (which vendor an OpenAI-compatible channel is): translation writes the extensions that vendor takes. */
  preset?: string | null;
  /** What the upstream model takes (domain/model-capabilities.ts): output limits are clamped to it, and translation fits reasoning to it. Absent: nothing is fitted (count_tokens). */
  capabilities?: ResolvedCapabilities;
  /** A cloud channel's region (Bedrock's AWS region, Vertex AI's location), project (Vertex) and api-version (Azure OpenAI). */
  region?: string | null;
  project?: string | null;
  apiVersion?: string | null;
  /**
   * Top-level body members a cloud needs set beside the format's own changes, applied last; an
   * undefined value removes the member (Bedrock takes the model in its path and refuses it in the body).
   */
  bodyChanges?: Record<string, unknown>;
};

export type UpstreamRequest = {
  url: string;
  headers: Record<string, string>;
  body: Buffer | string;
  /** The upstream answers with SSE (may differ from the client's wish: Responses are always streamed). */
  stream: boolean;
  /** Signs or authorizes the request, right before it is sent, in its headers (SigV4, an OAuth2 token); throws when the channel's credentials cannot. */
  authorize?: () => Promise<void>;
  /** Makes the SSE text the adapter reads of the upstream's stream bytes, per stream (AWS's event-stream framing). */
  streamText?: () => StreamText;
  /**
   * A whole (non-stream) answer's body in the format's own words, read before anything else reads
   * it (usage, the finish, the client): Bedrock's Converse answer as a chat completion.
   */
  answerText?: (text: string) => string;
  /** An error answer in the format's own words and status (AWS's `{"message"}` and error-type header as Anthropic's error). */
  upstreamError?: (status: number, text: string, headers: Record<string, string | string[] | undefined>) => { status: number; text: string };
};

/** One upstream stream's bytes turned into SSE text as they arrive; `end` says what was left when the stream ended. */
export interface StreamText {
  push(chunk: Buffer): string;
  end(): string;
}

export interface StreamSession {
  /** Observes one event and returns the text to forward to the client, or null to drop it. */
  onEvent(event: SseEvent): string | null;
  usage(): Usage;
  /** The format's own error event, to end a stream that broke after its first byte. */
  errorEvent(message: string): string;
  /** When the client asked for no stream but the upstream streamed: the assembled body, if complete. */
  assembled?(): unknown;
  /** After the upstream's last event: text that ends the client's stream (a translated stream's last events). */
  close?(): string;
  /** The upstream's own stop reason, once the stream said it (the ledger and traces record it). */
  finishReason?(): string | undefined;
  /**
   * The upstream said its answer finished, with its whole usage, though the stream's last event may
   * not have come yet (a translated one reports its finish only then); finishReason implies it.
   */
  finishSaid?(): boolean;
  /** The error event the upstream's stream said it failed with, if it sent one. */
  endedWithError?(): StreamError | undefined;
}

/**
 * An error an upstream's stream ended with: the HTTP status it stands for (what an answer of that
 * status would have been: a 429 fails over as rate limited), whether it blames the request (then
 * no other channel would do better), and the wait before a retry it asked for, if it said one
 * (Gemini's RetryInfo; an HTTP 429 says it in its Retry-After header).
 */
export type StreamError = { message: string; status: number; requestFault: boolean; retryAfterSeconds?: number };

// The error types and codes the formats give a refusal of the request itself: Anthropic's types,
// Gemini's statuses, OpenAI's (the Responses codes for a prompt or an image it refused; not a key
// or organization it does not know, which is the channel's), and DashScope's content inspection.
const requestFaults =
  /^(?:invalid_(?!api_key|organization)\w+|image_\w+|empty_image_file|failed_to_download_image|unsupported_image_media_type|request_too_large|not_found_error|INVALID_ARGUMENT|OUT_OF_RANGE|data_inspection_failed)$/;

/** Whether an error type, code or status blames the request itself. */
export const isRequestFault = (kind: string): boolean => requestFaults.test(kind);

/**
 * Whether an upstream's status blames the request, as the relay reads an HTTP answer (answerError in
 * relay-call.ts): a 4xx, but for refused credentials (401, 403), a rate limit (429) and a call the
 * upstream gave up (499: the gateway did not cancel it).
 */
const isRequestFaultStatus = (status: number): boolean => status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 429 && status !== 499;

/**
 * Whether an error blames the request, by the first of its type, code or status that is a word. A
 * Google status name states its HTTP status precisely, and is judged as an HTTP answer of that
 * status (a NOT_FOUND as Gemini's HTTP 404), but FAILED_PRECONDITION: Gemini says so of the
 * channel's own project or region ("User location is not supported"), which another channel need
 * not share, unless its message says a file the request names is not ready (gemini.ts); and ABORTED
 * and CANCELLED, which say the upstream gave the call up. An error that gives no word (Gemini's
 * `{"code": 400}` alone) is judged by its status.
 * A status of refused credentials or a rate limit is the channel's whatever the word: OpenAI types
 * its unknown key `invalid_request_error` (coded `invalid_api_key`, which says 401).
 */
function blamesRequest(kind: string | undefined, status: number, message: unknown): boolean {
  if (kind === undefined || status === 401 || status === 403 || status === 429) return isRequestFaultStatus(status);
  if (kind === "FAILED_PRECONDITION") return geminiFileNotReady(message);
  const named = googleStatusCode(kind);
  if (named !== undefined) return !upstreamGaveUp(kind) && isRequestFaultStatus(named);
  return requestFaults.test(kind);
}

/** A stream's error, from its message, the status it stands for, and the first of its type, code or status that is a word. */
export function streamError(message: unknown, status: number, ...kinds: unknown[]): StreamError {
  const kind = kinds.find((candidate): candidate is string => typeof candidate === "string");
  return {
    message: typeof message === "string" && message !== "" ? message : "upstream stream error",
    status,
    requestFault: blamesRequest(kind, status, message),
  };
}

/**
 * A chat or Gemini stream's error chunk, `data: {"error": …}`, or Gemini's bare error object (no
 * `data:`, which google-genai raises on in a stream as it does on the `data:` form), with the status
 * its format's `statusOf` reads from it, and what its format says beside the status: the retry
 * delay (`retryDelayOf`), and a refusal of the channel's own key under a status that blames the
 * request (`refusesKey`: Gemini's 400 API_KEY_INVALID), which is the channel's, as a 401 always is
 * (blamesRequest). Every event passes here: the raw text is tested first.
 */
const errorChunk = /^data: ?\s*\{\s*"error"\s*:/;
const errorData = /^\s*\{\s*"error"\s*:/;

/** What a format's error object says beyond its status: a retry delay, a refusal of the channel's key. */
export type ErrorReads = { retryDelayOf?: (error: Record<string, unknown>) => number | undefined; refusesKey?: (error: Record<string, unknown>) => boolean };
const noReads: ErrorReads = {};

export function errorChunkOf(event: SseEvent, statusOf: (error: Record<string, unknown>) => number, reads: ErrorReads = noReads): StreamError | undefined {
  const raw = event.raw;
  let text: string;
  if (raw.startsWith("data:")) {
    if (!errorChunk.test(raw)) return undefined;
    text = event.data;
  } else if (errorData.test(raw)) text = raw;
  // An event whose first line is not its data (`id:`, `event:`) is rare: its fields are read.
  else if (errorData.test(event.data)) text = event.data;
  else return undefined;
  const error = json(text)?.error;
  if (typeof error !== "object" || error === null) return streamError(error, 500);
  const said = streamError(error.message, statusOf(error), error.type, error.status, error.code);
  if (said.requestFault && reads.refusesKey?.(error)) said.requestFault = false;
  const retryAfterSeconds = reads.retryDelayOf?.(error);
  return retryAfterSeconds === undefined ? said : { ...said, retryAfterSeconds };
}

/** Text with no `data:` line that is an error object (Gemini's bare form), not a body or comment to hold back. */
export const isBareErrorObject = (event: SseEvent): boolean => errorData.test(event.raw);

export interface UpstreamAdapter {
  build(client: ClientRequest, target: UpstreamTarget): UpstreamRequest;
  /**
   * The upstream's stream may say its error as the bare JSON error object, without `data:` (Gemini
   * does, even as its first thing): such text is an event, not a body that makes the stream empty.
   */
  bareErrorObjects?: boolean;
  usageOfBody(body: any): Usage;
  /** The upstream's own stop reason in a whole answer. */
  finishOfBody?(body: any): string | undefined;
  startStream(client: ClientRequest): StreamSession;
  /** An upstream refusal (a 4xx that is the request's own fault) as the client's format says it; passthrough sends it as it came. */
  errorBody?(status: number, text: string, requestId: string): string;
}

/**
 * The upstream body: the client's bytes with the top-level members in `changes` set in place
 * (nothing else re-serialized, so vendor fields, numbers, escapes and key order arrive as sent), or,
 * where those bytes cannot be forwarded, the parsed body serialized with the changes: a body read
 * in another charset, or one with a top-level key twice (routing and the hold read the last
 * occurrence, as JSON.parse does; an upstream might read the first).
 */
export function upstreamBody(client: ClientRequest, changes: Record<string, unknown>, cloudChanges?: Record<string, unknown>): Buffer | string {
  const { raw } = client;
  const all = cloudChanges ? { ...changes, ...cloudChanges } : changes;
  // JSON.stringify leaves out a member whose value is undefined, as withMembers removes it.
  if (!raw || raw.duplicateKeys) return JSON.stringify({ ...client.body, ...all });
  const set: Record<string, string | undefined> = {};
  for (const key of Object.keys(all)) set[key] = all[key] === undefined ? undefined : JSON.stringify(all[key]);
  return withMembers(raw, set);
}

/**
 * Whether a member the relay reads inside (`stream_options`, `generationConfig`) may go upstream
 * as the client wrote it: not when a key inside it appears twice, of which the relay read the last
 * and an upstream might read the first. Then it is written from the parsed value.
 */
export function readsAsParsed(client: ClientRequest, key: string): boolean {
  const member = client.raw?.members.find((candidate) => candidate.key === key);
  if (!member) return true;
  const inner = scanJson(client.raw!.bytes.subarray(member.valueStart, member.valueEnd), Number.MAX_SAFE_INTEGER);
  return !(!inner.tooDeep && inner.raw?.duplicateKeys);
}

/** The model member to change: none when the call name is the upstream's own model id. */
export const modelChange = (client: ClientRequest, target: UpstreamTarget): { model?: string } =>
  client.body.model === target.upstreamModel ? {} : { model: target.upstreamModel };

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function json(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
