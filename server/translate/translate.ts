// A translated call as the relay sees it: an UpstreamAdapter like the native ones. The caller's
// body is read once into the canonical form (refusals come before anything is held); each channel
// tried gets it written in its own format, always streamed, and the upstream's stream is read back
// into canonical events that the caller's writer turns into the caller's grammar — or, for a
// caller that asked for no stream, folds into one response. Usage is the upstream's own, read by
// the same functions as passthrough (domain/usage.ts), so the call costs what passthrough would.
import { type GatewayError, gatewayError } from "../domain/errors.ts";
import type { RelayInterface } from "../domain/families.ts";
import { type InputTokens, maxOutputTokens } from "../domain/worst-case.ts";
import { type Usage, noUsage } from "../domain/usage.ts";
import { anthropicErrorBody } from "../gateway/errors/anthropic.ts";
import { geminiErrorBody } from "../gateway/errors/gemini.ts";
import { openaiErrorBody } from "../gateway/errors/openai.ts";
import { type StreamError, type UpstreamAdapter, streamError } from "../gateway/upstreams/adapter.ts";
import { nativeAdapters } from "../gateway/upstreams/by-interface.ts";
import { Assembler } from "./assemble.ts";
import { type CanonicalRequest, type Format, type StreamEvent, type UpstreamError, TranslationRefusal, formatLabels } from "./canonical.ts";
import type { CallerContext, Codec, StreamWriter } from "./codec.ts";
import { codecs } from "./codecs.ts";
import { JsonText, jsonBytes } from "./json-bytes.ts";
import { type RawStrings, rawStringsOf } from "./raw-strings.ts";
import { fitToModel } from "./fit-to-model.ts";
import { recallSignature, rememberSignature } from "./signature-memory.ts";
import { StopGuard } from "./stop-guard.ts";
import { UpstreamToolNames } from "./tool-names.ts";
import { rememberedTools } from "./tools-memo.ts";
import type { RawJson } from "../gateway/raw-json.ts";
import { pageless } from "../gateway/errors/upstream-refusal.ts";

export type Translation = {
  /** The adapter for a channel whose upstream speaks `upstream`; throws the 400 when the pair cannot carry the request. */
  to(upstream: Format): UpstreamAdapter;
};

const refusal = (error: TranslationRefusal, caller: Format, upstream: Format | null, field: string): GatewayError =>
  gatewayError(
    "invalid_request",
    `\`${field}\`: ${error.reason} (this group translates ${formatLabels[caller]} calls${upstream ? ` to ${formatLabels[upstream]}` : ""}; see the pair matrix in docs/translation.md).`,
    { field },
  );

/** The canonical request, and which of its strings are the caller's bytes (see raw-strings.ts). */
type Read = { request: CanonicalRequest; strings: RawStrings | null };

/**
 * Reads the caller's body; a field the canonical form cannot hold is answered 400 here, before any
 * hold. `raw` is the body's bytes, whose long strings the upstream's body copies. `reread` parses
 * them again: given it, the canonical turns (as large as the body) are let go once written for a
 * channel, and read again only if another channel is tried.
 */
export function startTranslation(
  caller: Format,
  body: Record<string, any>,
  options: {
    stream: boolean;
    model: string;
    input: Pick<InputTokens, "textBytes" | "imageTokens">;
    raw?: RawJson | null;
    reread?: () => Record<string, any>;
    /** Whose call it is (the API key's id): the Gemini signatures its answers had are remembered under it (signature-memory.ts). */
    scope?: string;
  },
): Translation {
  const callerCodec = codecs[caller];
  const read = (from: Record<string, any>): Read => {
    let request: CanonicalRequest;
    try {
      request = callerCodec.readRequest(from, options);
    } catch (error) {
      if (error instanceof TranslationRefusal) throw refusal(error, caller, null, error.field);
      throw error;
    }
    return { request, strings: options.raw ? rawStringsOf(options.raw, from) : null };
  };
  let first: Read | null = read(body);
  const request = first.request;
  // The gateway may keep the caller's stop sequences itself (stop-guard.ts): they are bounded before any upstream is called.
  const stopRefused = StopGuard.refusalOf(request.stop);
  if (stopRefused) throw refusal(new TranslationRefusal("stop", stopRefused), caller, null, callerCodec.fieldName("stop"));
  const context: CallerContext = {
    model: options.model,
    includeUsage: caller === "chat" && body.stream_options?.include_usage === true,
    // What writers echo (Responses) is all but the turns.
    request: { ...request, turns: [] },
    // Provisional (the final message_delta carries the upstream's count): four bytes a token, as
    // English, code and JSON run, rather than walking an agent-sized body for a closer guess; images
    // by their rule (their base64 is no text).
    estimatedInputTokens: caller === "messages" ? Math.max(1, Math.ceil(options.input.textBytes / 4) + options.input.imageTokens) : 0,
  };
  // Anthropic needs max_tokens, which a caller of another format may leave out: it gets the limit
  // the hold was made for (the caller format's default), so the upstream cannot outrun the hold.
  const heldOutput = request.maxOutputTokens === undefined && request.reasoning?.budgetTokens === undefined ? maxOutputTokens(caller, body) : undefined;
  const take = (): Read => {
    const taken = first ?? read(options.reread!());
    if (options.reread) first = null;
    return taken;
  };
  return {
    to(upstream) {
      const upstreamCodec = codecs[upstream];
      const written = (taken: Read): Read =>
        upstream === "messages" && heldOutput !== undefined ? { ...taken, request: { ...taken.request, maxOutputTokens: heldOutput } } : taken;
      return translatingAdapter(callerCodec, upstreamCodec, () => written(take()), options.raw ?? null, options.stream, context, options.scope ?? null, (error) =>
        refusal(error, caller, upstream, callerCodec.fieldName(error.field)),
      );
    },
  };
}

/** A cloud's own members, set last (adapter.ts `bodyChanges`): undefined takes one out. */
function withCloudChanges(body: Record<string, unknown>, changes: Record<string, unknown>) {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
}

function translatingAdapter(
  caller: Codec,
  upstream: Codec,
  requestToWrite: () => Read,
  raw: RawJson | null,
  callerStreams: boolean,
  context: CallerContext,
  scope: string | null,
  refuse: (error: TranslationRefusal) => GatewayError,
): UpstreamAdapter {
  const native = nativeAdapters[upstream.format as RelayInterface];
  // Tool names the upstream would refuse go as stand-ins (tool-names.ts); its calls come back under the caller's.
  const toolNames = UpstreamToolNames.of(context.request.tools, upstream.format);
  return {
    build(_client, target) {
      let body: Record<string, unknown>;
      const { request, strings } = requestToWrite();
      try {
        const fitted = fitToModel(toolNames.upstreamRequest(request), target.capabilities);
        body = upstream.writeRequest(
          { ...fitted, model: target.upstreamModel, stream: true },
          { preset: target.preset ?? null, capabilities: target.capabilities ?? null, recallSignature: scope === null ? undefined : (callId) => recallSignature(scope, callId) },
        );
      } catch (error) {
        if (error instanceof TranslationRefusal) throw refuse(error);
        throw error;
      }
      // The tools an agent resends every turn are serialized once (tools-memo.ts). Not with an
      // allowed-tools choice: the tools written then depend on it and, for a chat upstream, on the
      // channel's model (allowed-tools.ts), neither of which the memo's key holds.
      if (body.tools !== undefined && raw !== null && request.toolChoice?.type !== "allowed") {
        const known = rememberedTools(caller.format, upstream.format, request.promptCache?.ttl ?? "", caller.toolsReadFrom, raw, body.tools);
        if (known !== null) body.tools = new JsonText(known);
      }
      // The native adapter aims and authenticates it (asked with the members its URL and headers
      // depend on, so it serializes nothing large); nothing of the caller's own headers or query goes along.
      const aimed = native.build({ body: { model: target.upstreamModel, stream: true }, raw: null, stream: true, headers: {}, query: {} }, { ...target, bodyChanges: undefined });
      if (target.bodyChanges) withCloudChanges(body, target.bodyChanges);
      return { url: aimed.url, headers: aimed.headers, body: jsonBytes(body, strings), stream: true };
    },
    bareErrorObjects: native.bareErrorObjects,
    // Translated calls always stream upstream; a body never comes.
    usageOfBody: () => noUsage(),
    startStream() {
      const reader = upstream.streamReader();
      // A streaming caller gets the writer's text; one that asked for no stream, the assembled
      // response (its writer is made only if its stream breaks, for the error event).
      let streamWriter: StreamWriter | undefined;
      const writer = () => (streamWriter ??= caller.streamWriter(context));
      const assembler = callerStreams ? null : new Assembler();
      let usage: Usage = noUsage();
      let finished = false;
      let closed = false;
      let stopReason: string | undefined;
      const renames = toolNames.renames;
      // A Gemini signature that goes with the tool call after it is remembered for this caller (signature-memory.ts).
      const remember = scope !== null && upstream.format === "generate-content";
      let signatureForNext: string | null = null;
      // The caller's stop sequences are kept here too: an upstream may have been sent none or only some (stop-guard.ts).
      const stops = StopGuard.of(context.request.stop);
      // `guarded`: false for what the guard itself gives back (release), which it must not hold again.
      const pass = (read: ReturnType<typeof reader.read>, guarded = true) => {
        let out = "";
        const events = stops && guarded ? stops.apply(read) : read;
        for (const upstreamEvent of events) {
          const event = renames ? toolNames.callerEvent(upstreamEvent) : upstreamEvent;
          if (remember) signatureForNext = rememberedFrom(event, signatureForNext, scope!);
          if (event.type === "finish") (finished = true), (stopReason = event.stopReason);
          if (event.type === "usage" || event.type === "finish") usage = event.usage;
          else if (event.type === "start" && event.usage) usage = event.usage;
          if (assembler) assembler.add(event);
          else out += writer().write(event);
        }
        return out;
      };
      // The text the guard still holds when the stream ends without its finish: the caller gets what the model wrote.
      const released = () => (!finished && stops ? pass(stops.release(), false) : "");
      return {
        onEvent: (event) => pass(reader.read(event)) || null,
        // A stream that ended without finishing (an error event, or cut short) ends with the caller's error event.
        close() {
          closed = true;
          let out = pass(reader.end()) + released();
          if (!callerStreams) return out;
          if (finished) return out + writer().end();
          const said = reader.upstreamError;
          return out + (said ? writer().error(toolNames.callerMessage(said.message), said.status) : writer().error("The upstream stream ended before the answer was complete. Retry the request."));
        },
        usage: () => usage,
        // In the canonical (Anthropic) vocabulary: one word for every upstream a translated call may reach.
        finishReason: () => stopReason,
        finishSaid: () => finished || reader.finishSaid?.() === true,
        // The upstream's error event, or a stream that ended without finishing (close, above, wrote the caller's error event).
        endedWithError: () =>
          reader.upstreamError
            ? upstreamStreamError(reader.upstreamError, toolNames.callerMessage(reader.upstreamError.message))
            : closed && !finished
              ? streamError("the upstream stream ended before the answer was complete", 502)
              : undefined,
        // A stream broken off (the upstream's socket, a graceful stop): what the guard held goes first.
        errorEvent: (message) => released() + writer().error(message),
        assembled() {
          const response = assembler?.response();
          return response && caller.writeResponse(response, context);
        },
      };
    },
    errorBody(status, text, requestId) {
      const error = upstream.readError(status, text);
      // The upstream quotes the names it was sent: a stand-in is said as the caller's own name.
      return JSON.stringify(callerErrorBody(caller.format, { ...error, message: pageless(toolNames.callerMessage(error.message), status) }, requestId));
    },
  };
}

/** Follows a Gemini stream's events: a signature that attaches to the next part, remembered under the tool call that part is. Returns the signature still waiting for its part. */
function rememberedFrom(event: StreamEvent, waiting: string | null, scope: string): string | null {
  if (event.type === "reasoning_opaque" && event.attachesToNext && typeof event.opaque.value.thoughtSignature === "string") return event.opaque.value.thoughtSignature;
  if (event.type !== "block_start") return waiting;
  if (event.block.type === "tool_call" && waiting !== null) rememberSignature(scope, event.block.id, waiting);
  return event.block.type === "reasoning" ? waiting : null;
}

/** The upstream's error event as the relay judges it, with the retry delay it asked for, in the caller's words (`message`: tool names as the caller gave them). */
function upstreamStreamError(said: UpstreamError, message: string): StreamError {
  const error = streamError(message, said.status, said.type);
  if (said.keyRefused) error.requestFault = false; // the channel's key, whatever the status says (errorChunkOf)
  return said.retryAfterSeconds === undefined ? error : { ...error, retryAfterSeconds: said.retryAfterSeconds };
}

/** An upstream's refusal of the request, said in the caller's format with the upstream's status. */
function callerErrorBody(format: Format, error: UpstreamError, requestId: string): unknown {
  switch (format) {
    case "messages":
      return anthropicErrorBody(error.status, error.message, requestId);
    case "generate-content":
      return geminiErrorBody(error.status, error.message);
    default:
      return openaiErrorBody(error.status, error.message);
  }
}
