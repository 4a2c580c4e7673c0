// One try of a relay call on one channel: build the request its kind takes, authorize it, send it
// (once more on a reset keep-alive connection), and read the answer — an error to fail over from or
// to pass on, a JSON body, or a stream relayed as it arrives — into the Attempt the call's loop
// (relay-call.ts) judges. Failures before the first byte reached the client let another channel answer.
import type { ServerResponse } from "node:http";
import type { Request, Response } from "express";
import type { Dispatcher } from "undici";
import { gatewayError, isGatewayError } from "../domain/errors.ts";
import { type Usage, noUsage } from "../domain/usage.ts";
import { estimatedInputTokens } from "../domain/worst-case.ts";
import type { ChannelWithCredentials } from "../store/channels.ts";
import { holdBytes } from "./body-slabs.ts";
import type { RelayChannel } from "./catalog.ts";
import { capabilitiesOn, nextCredential, upstreamModelOf } from "./channels/select.ts";
import { channelRefused, gaveUp, refusalBody, refusalSaid } from "./errors/upstream-refusal.ts";
import { geminiRetryDelayInBody, withoutChannelIdentifiers } from "./errors/gemini.ts";
import { wireFormatOf } from "./errors/wire-format.ts";
import type { RelayCall } from "./forward.ts";
import type { Route } from "./resolve-route.ts";
import { type UpstreamAnswer, exchange, originAndPath } from "./upstream-exchange.ts";
import {
  type ClientRequest,
  type StreamError,
  type StreamSession,
  type StreamText,
  type UpstreamAdapter,
  type UpstreamRequest,
  isBareErrorObject,
} from "./upstreams/adapter.ts";
import { withUserAgent } from "./upstreams/user-agent.ts";
import { type SseEvent, SseSplitter } from "./upstreams/sse.ts";
import { record as metrics } from "../metrics/metrics.ts";

/**
 * Why a channel did not serve the call: an upstream fault; all of these fail over to the next channel.
 * `restSeconds`: the wait the upstream itself asked for, where its status judges the channel (see restAskedBy).
 */
export type Failure = { kind: "timeout" | "rate_limited" | "error"; reason: string; retryAfterSeconds?: number; restSeconds?: number };

/**
 * What happened on the channel that answered: `channelFault` when the upstream failed it after all,
 * `requestFault` when the upstream refused the request itself (no verdict on the channel either way).
 */
export type Outcome = {
  status: string;
  httpStatus: number;
  usage: Usage;
  ttfbMs: number | null;
  finishReason?: string;
  channelFault?: string;
  restSeconds?: number;
  requestFault?: true;
  /** The gateway's own refusal the caller got after the hold: a channel's writer refusing a field. */
  refused?: { code: string; message: string };
};


export type Attempt = { failed: Failure } | { outcome: Outcome };


/** The upstream's stream said it failed before anything of it reached the client. */
class StreamRefused extends Error {
  readonly said: StreamError;
  constructor(said: StreamError) {
    super(said.message);
    this.said = said;
  }
}

const requestIdOf = (res: ServerResponse) => String(res.getHeader("request-id") ?? "");

/** How long keep-alive comments before a stream's first event are held back (see `deliver`). */
const heldCommentsMs = 5_000;
const COLON = 0x3a;

function classify(error: unknown): Failure {
  const code = (error as { code?: string })?.code ?? "";
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || code === "UND_ERR_CONNECT_TIMEOUT") {
    return { kind: "timeout", reason: "upstream timed out" };
  }
  return { kind: "error", reason: code ? `connection failed (${code})` : "connection failed" };
}

/**
 * The connection was closed or reset under a request before any answer came: the race every
 * keep-alive client has with a server closing an idle connection (undici does not retry a POST).
 * Such a request is sent once more, on the same channel — before the first byte, as failover would.
 */
const resetBeforeAnswer = (error: unknown) => {
  const code = (error as { code?: string })?.code;
  return code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET";
};

/** The wait an upstream asked for: its Retry-After header, else the delay its error said (Gemini's RetryInfo); undefined if none. */
function upstreamWaitOf(headers: Record<string, string | string[] | undefined>, saidSeconds?: number): number | undefined {
  const header = headers["retry-after"];
  if (typeof header !== "string") return saidSeconds;
  // Delay-seconds, or an HTTP date (RFC 9110 §10.2.3) to count down to.
  const value = /^\s*\d/.test(header) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : saidSeconds;
}

/** A rate limit's wait for the caller: the upstream's own, else 1 s. */
const retryAfterOf = (headers: Record<string, string | string[] | undefined>, saidSeconds?: number): number => upstreamWaitOf(headers, saidSeconds) ?? 1;

/**
 * The wait that judges the channel, and so holds its circuit open that long (circuit.ts): one said
 * with a rate limit (429) or an overload (503). A wait said with any other status is no word on the
 * channel's capacity, and a refusal of the request never reaches its circuit at all.
 */
const restAskedBy = (status: number, waitSeconds: number | undefined): number | undefined => (status === 429 || status === 503 ? waitSeconds : undefined);

/**
 * An upstream's own words, as a failover reason or a channel's last error: the call log shows them
 * to the organization, and an upstream may name the very credential it was sent (Gemini: `Consumer
 * 'api_key:AIza…' has been suspended`) or the operator's cloud project. Those are taken out.
 */
function upstreamSaid(message: string, channel: ChannelWithCredentials): string {
  let said = message;
  for (const credential of channel.credentials) if (credential.length >= 8) said = said.replaceAll(credential, "(redacted)");
  return withoutChannelIdentifiers(said).slice(0, 200);
}

/**
 * Why a channel whose stream said it failed before its first byte reached the client did not serve:
 * a rate limit is one as an HTTP 429 is (answerError), so every channel so limited is the caller's 429.
 */
function refusedAtStart(said: StreamError, headers: Record<string, string | string[] | undefined>, channel: ChannelWithCredentials): Failure {
  const message = upstreamSaid(said.message, channel);
  const restSeconds = restAskedBy(said.status, upstreamWaitOf(headers, said.retryAfterSeconds));
  if (said.status === 429) return { kind: "rate_limited", reason: `stream began with a rate-limit error: ${message}`, retryAfterSeconds: retryAfterOf(headers, said.retryAfterSeconds), restSeconds };
  return { kind: "error", reason: `stream began with an error event: ${message}`, restSeconds };
}


export const restarting = () => gatewayError("no_channel", "The gateway is restarting and could not finish this call. Retry it.", { retryAfterSeconds: 1 });

/** What one call's tries share: the call, its client's request and response, and how to reach the upstreams. */
export type AttemptContext = {
  call: RelayCall;
  req: Request;
  res: Response;
  /** What the call keeps of the request (admittedRequest). */
  client: ClientRequest;
  route: Route;
  /** The format adapter, aimed as the channel's kind takes it. */
  adapterFor: (channel: ChannelWithCredentials) => UpstreamAdapter;
  /** Aborted when the client goes or a graceful stop's drain time ends. */
  abort: AbortController;
  started: number;
  translated: boolean;
  /** The request's input, as the estimates size it. */
  input: Parameters<typeof estimatedInputTokens>[0];
  dispatcher: Dispatcher;
  drained: AbortSignal;
  log: (event: string, fields: Record<string, unknown>) => void;
};

/** The tries of one call: `tryChannel` for each channel the call's loop claims, in turn. */
export function channelAttempts(context: AttemptContext): { tryChannel: (channel: RelayChannel) => Promise<Attempt> } {
  const { call, req, res, client, route, adapterFor, abort, started, translated, input, dispatcher, drained, log } = context;

  async function tryChannel(channel: RelayChannel): Promise<Attempt> {
    metrics.attempt(channel.name);
    const upstreamModel = upstreamModelOf(channel, route.model.modelId);
    const capabilities = capabilitiesOn(channel, route.model.modelId, route.model.capabilities);
    const target = {
      baseUrl: channel.baseUrl,
      credential: nextCredential(channel),
      upstreamModel,
      preset: channel.preset,
      capabilities,
      region: channel.region,
      project: channel.project,
      apiVersion: channel.apiVersion,
    };
    const adapter = adapterFor(channel);
    let upstreamRequest: ReturnType<UpstreamAdapter["build"]>;
    try {
      upstreamRequest = adapter.build(client, target);
    } catch (error) {
      if (isGatewayError(error)) throw error; // a translation's refusal, naming the field
      throw gatewayError("invalid_request", "The request body could not be sent upstream (it is too deeply nested or not serializable). Simplify the request and retry.");
    }
    // The attempt holds what it sends (a reused slab, see body-slabs.ts) until its answer is in.
    const releaseBody = holdBytes(upstreamRequest.body);
    try {
      return await sendTo(channel, adapter, upstreamRequest);
    } finally {
      releaseBody();
    }
  }

  async function sendTo(channel: RelayChannel, adapter: UpstreamAdapter, upstreamRequest: ReturnType<UpstreamAdapter["build"]>): Promise<Attempt> {
    if (upstreamRequest.authorize) {
      try {
        await upstreamRequest.authorize();
      } catch (error) {
        // The channel's credentials could not sign or buy a token: its fault, never the caller's to read about.
        return { failed: { kind: "error", reason: `could not authenticate to the upstream: ${upstreamSaid(String((error as Error)?.message ?? error), channel)}` } };
      }
    }
    let upstream: UpstreamAnswer;
    for (let resent = false; ; resent = true) {
      try {
        upstream = await exchange(dispatcher, {
          ...originAndPath(upstreamRequest.url),
          headers: withUserAgent(upstreamRequest.headers, channel.upstreamUserAgent),
          body: upstreamRequest.body,
          signal: abort.signal,
          headersTimeout: channel.timeoutMs,
          bodyTimeout: channel.timeoutMs,
        });
        break;
      } catch (error) {
        if (abort.signal.aborted) return interrupted(noUsage(), 0, null);
        if (resent || !resetBeforeAnswer(error)) return { failed: classify(error) };
        // A keep-alive connection the upstream closed just as it was reused: undici drops it, and the request goes once more.
        log("relay.upstream_reset_retried", { request_id: call.requestId, channel_id: channel.id, code: (error as { code?: string }).code });
      }
    }

    if (upstream.statusCode >= 400) return answerError(upstream, adapter, upstreamRequest);
    if (!upstreamRequest.stream) return answerJson(upstream, adapter, upstreamRequest.answerText);
    return relayStream(upstream, adapter, channel, upstreamRequest.streamText?.());
  }

  /** 429, 5xx, refused credentials and a call the upstream gave up fail over; other client errors reach the client in its interface's error shape. */
  async function answerError(upstream: UpstreamAnswer, adapter: UpstreamAdapter, sent: UpstreamRequest): Promise<Attempt> {
    const said = await upstream.text().catch(() => "");
    // A cloud's error in its format's words (Bedrock's as Anthropic's), with the status that means the same.
    const { status, text } = sent.upstreamError ? sent.upstreamError(upstream.statusCode, said, upstream.headers) : { status: upstream.statusCode, text: said };
    const wait = status === 429 || status === 503 ? upstreamWaitOf(upstream.headers, geminiRetryDelayInBody(text)) : undefined;
    if (status === 429) return { failed: { kind: "rate_limited", reason: "upstream answered 429", retryAfterSeconds: wait ?? 1, restSeconds: wait } };
    if (status >= 500 || channelRefused(status, text)) return { failed: { kind: "error", reason: `upstream answered ${status}`, restSeconds: restAskedBy(status, wait) } };
    // The upstream gave the call up: the channel's fault, unless the gateway cancelled it meanwhile (the client left).
    if (gaveUp(status, text)) return abort.signal.aborted ? interrupted(noUsage(), 0, null) : { failed: { kind: "error", reason: `upstream answered ${status}` } };
    // Any other 4xx is the request's own fault: the client hears it, and the channel is healthy.
    const body = adapter.errorBody ? adapter.errorBody(status, text, requestIdOf(res)) : refusalBody(wireFormatOf(req), status, text, requestIdOf(res));
    res.writeHead(status, { "content-type": "application/json" }).end(body);
    return { outcome: { status: "upstream_error", httpStatus: status, usage: noUsage(), ttfbMs: Math.round(performance.now() - started), requestFault: true } };
  }

  /** `answerText`: a cloud's answer in its format's words (Bedrock's Converse as chat), before usage and the client read it. */
  async function answerJson(upstream: UpstreamAnswer, adapter: UpstreamAdapter, answerText?: (text: string) => string): Promise<Attempt> {
    let text: string;
    try {
      text = await upstream.text();
      if (answerText) text = answerText(text);
    } catch (error) {
      if (abort.signal.aborted) return interrupted(noUsage(), 0, null);
      return { failed: classify(error) };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { failed: { kind: "error", reason: "upstream sent a body that is not JSON" } };
    }
    res.writeHead(200, { "content-type": "application/json" }).end(text);
    return { outcome: { status: "ok", httpStatus: 200, usage: adapter.usageOfBody(body), ttfbMs: Math.round(performance.now() - started), finishReason: adapter.finishOfBody?.(body) } };
  }

  async function relayStream(upstream: UpstreamAnswer, adapter: UpstreamAdapter, channel: ChannelWithCredentials, framing?: StreamText): Promise<Attempt> {
    const session = adapter.startStream(client);
    const splitter = new SseSplitter();
    // A cloud's own framing (Bedrock's event-stream) read as the SSE its format's adapter reads.
    const eventsOf = framing ? (chunk: Buffer) => splitter.pushText(framing.push(chunk)) : (chunk: Buffer) => splitter.push(chunk);
    const answered = performance.now(); // this channel's answer began: the comment hold counts from here
    let events = 0;
    let forwarded = 0;
    let ttfbMs: number | null = null;
    // The events of one upstream chunk go to the client in one write, as soon as the chunk arrives;
    // when the client cannot take more yet, the upstream waits (the promise returned).
    const deliver = (upstreamEvents: SseEvent[], last = false): Promise<unknown> | undefined => {
      let out = "";
      for (const event of upstreamEvents) {
        // Until an event says something, a comment (a keep-alive) or text that is no event (a JSON
        // body) is held back: an upstream that sends nothing else has failed, and another channel
        // may still answer. Comments that keep a queued call alive for longer than
        // `heldCommentsMs` are passed on, so no idle timer between here and the client ends it.
        // Gemini's bare error object is an event: what it says decides (a 429 is rate limited).
        if (events === 0 && event.event === undefined && event.data === "" && !(adapter.bareErrorObjects && isBareErrorObject(event))) {
          if (call.stream && event.raw.charCodeAt(0) === COLON && performance.now() - answered > heldCommentsMs) out += event.raw;
          continue;
        }
        events++;
        const text = session.onEvent(event);
        if (text === null || !call.stream) continue;
        forwarded++;
        out += text;
      }
      const tail = last && events > 0 ? session.close?.() : undefined;
      if (tail && call.stream) out += tail;
      if (ttfbMs === null) {
        // A refusal of the request itself goes on to the client: another channel would refuse it too.
        const error = session.endedWithError?.();
        if (error !== undefined && !error.requestFault) throw new StreamRefused(error);
      }
      if (out === "") return undefined;
      if (ttfbMs === null) {
        ttfbMs = Math.round(performance.now() - started);
        res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
      }
      // Wait for room, unless the client is already gone (then 'close' has fired and would never come again).
      if (!res.write(out) && !abort.signal.aborted && !res.destroyed) return roomOrGone(res, abort.signal);
      return undefined;
    };

    try {
      await upstream.forEachChunk((chunk) => deliver(eventsOf(chunk)));
      if (framing) await deliver(splitter.pushText(framing.end()));
      await deliver(splitter.end(), true);
    } catch (error) {
      if (drained.aborted && ttfbMs !== null) {
        res.end(session.errorEvent("The gateway is restarting and ended this stream; the answer is incomplete. Retry the request."));
        return { outcome: { ...disconnected(session.usage(), forwarded, ttfbMs), status: "interrupted", httpStatus: 200 } };
      }
      if (abort.signal.aborted) {
        // The client left once the answer's last word had reached it (an agent that closes at the
        // terminal event, before the upstream's end): the call was served.
        const finished = ttfbMs !== null && !drained.aborted && session.endedWithError?.() === undefined ? session.finishReason?.() : undefined;
        if (finished !== undefined) return { outcome: { status: "ok", httpStatus: 200, usage: reportedOrEstimated(session.usage(), forwarded), ttfbMs, finishReason: finished } };
        return interrupted(session.usage(), forwarded, ttfbMs);
      }
      // Before the first byte reached the client, another channel may still answer.
      if (ttfbMs === null) {
        if (error instanceof StreamRefused) return { failed: refusedAtStart(error.said, upstream.headers, channel) };
        return { failed: classify(error) };
      }
      res.end(session.errorEvent("The upstream stream broke off; the answer is incomplete. Retry the request."));
      return { outcome: { status: "upstream_broken", httpStatus: 200, usage: brokenOffUsage(session, forwarded), ttfbMs, channelFault: "stream broke after its first byte" } };
    }
    if (events === 0) {
      if (ttfbMs === null) return { failed: { kind: "error", reason: "upstream stream had no events" } };
      // Only keep-alive comments, passed on while the call waited: the client hears that nothing came.
      res.end(session.errorEvent("The upstream sent no answer. Retry the request."));
      return { outcome: { status: "upstream_broken", httpStatus: 200, usage: session.usage(), ttfbMs, channelFault: "stream had no events" } };
    }

    // An error event the upstream ended with, after its first bytes reached the client (as it came,
    // or in the client's format); one that blames the channel came before them only in a refusal of the request.
    const error = session.endedWithError?.();
    // The error event itself is no output: a stream that sent nothing before it is charged nothing unreported.
    // Passthrough forwarded it as it came (counted); a translation says it in close()'s tail, never counted.
    const forwardedBeforeError = translated ? forwarded : forwarded - 1;
    // A streamed one is charged as a disconnect is (its usage may be an opening report only, as
    // Anthropic's message_start); one answered as a whole object got no events, only what was reported.
    const endedBy = (said: StreamError, at: number | null): Outcome =>
      said.requestFault
        ? { status: "upstream_error", httpStatus: 200, usage: session.usage(), ttfbMs: at, requestFault: true }
        : {
            status: "upstream_broken",
            httpStatus: 200,
            usage: call.stream ? brokenOffUsage(session, forwardedBeforeError) : reportedOrEstimated(session.usage(), events - 1),
            ttfbMs: at,
            channelFault: `stream ended with an error event: ${upstreamSaid(said.message, channel)}`,
            restSeconds: restAskedBy(said.status, said.retryAfterSeconds),
          };
    if (call.stream) {
      res.end();
      if (error !== undefined) return { outcome: endedBy(error, ttfbMs) };
      return { outcome: { status: "ok", httpStatus: 200, usage: reportedOrEstimated(session.usage(), forwarded), ttfbMs, finishReason: session.finishReason?.() } };
    }
    // The client asked for one object (Responses): the terminal event's response (a failed one too), or a failure.
    const assembled = session.assembled?.();
    if (!assembled && error?.requestFault) {
      // Refused with an error event and no final response: the client hears the refusal, in its
      // shape, with the status the event stands for (a 404, a 413), as an HTTP refusal would be.
      const status = error.status >= 400 && error.status < 500 ? error.status : 400;
      res.writeHead(status, { "content-type": "application/json" }).end(refusalSaid(wireFormatOf(req), status, error.message, requestIdOf(res)));
      return { outcome: { status: "upstream_error", httpStatus: status, usage: session.usage(), ttfbMs: Math.round(performance.now() - started), requestFault: true } };
    }
    if (!assembled) return { failed: { kind: "error", reason: "upstream stream ended without a final response" } };
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(assembled));
    const answeredMs = Math.round(performance.now() - started);
    if (error !== undefined) return { outcome: endedBy(error, answeredMs) };
    return { outcome: { status: "ok", httpStatus: 200, usage: reportedOrEstimated(session.usage(), events), ttfbMs: answeredMs, finishReason: session.finishReason?.() } };
  }

  /**
   * The call was aborted from our side: by the client going away (it pays what was used), or by
   * the end of a graceful stop's drain time before any byte reached the client (an error it can
   * retry, and no fault of the channel's).
   */
  function interrupted(usage: Usage, forwarded: number, ttfbMs: number | null): Attempt {
    if (drained.aborted && ttfbMs === null) throw restarting();
    return { outcome: disconnected(usage, forwarded, ttfbMs) };
  }

  /** Settles what was used: metered usage, or an estimate where the stream had not reported it yet. */
  function disconnected(usage: Usage, forwarded: number, ttfbMs: number | null): Outcome {
    return { status: "client_disconnected", httpStatus: 499, usage: withEstimate(usage, forwarded), ttfbMs };
  }

  /**
   * Usage with what a stream had not reported yet estimated: input from the request, output at
   * least one token per event it sent. What a client left, or an upstream broke off, is charged so:
   * a count reported before the end (Anthropic's message_start gives one output token) is no
   * measure of what the client received.
   */
  function withEstimate(usage: Usage, events: number): Usage {
    // Input counted as cache reads or writes was reported, though none of it was uncached (a prompt cached to its last message).
    const inputReported = usage.input + usage.cacheRead + usage.cacheWrite > 0;
    return { ...usage, input: inputReported || events === 0 ? usage.input : estimatedInputTokens(input), output: Math.max(usage.output, events) };
  }

  /**
   * A stream broken off after its first byte: charged as a disconnect, unless the upstream had
   * said it finished (its finish carries the whole usage: Anthropic's message_delta, Gemini's last
   * chunk), when it is charged what it reported, as the same stream ending cleanly would be.
   */
  function brokenOffUsage(session: StreamSession, forwarded: number): Usage {
    return session.finishReason?.() !== undefined || session.finishSaid?.() ? reportedOrEstimated(session.usage(), forwarded) : withEstimate(session.usage(), forwarded);
  }

  /**
   * The usage a finished stream reported, or, where it reported none at all (an upstream that
   * ignores `stream_options.include_usage`, or ends without its terminal event), the estimate a
   * disconnect is charged: no call that answered is billed as free.
   */
  function reportedOrEstimated(usage: Usage, events: number): Usage {
    const reported = usage.input + usage.output + usage.cacheRead + usage.cacheWrite > 0;
    return reported ? usage : withEstimate(usage, events);
  }

  return { tryChannel };
}

/**
 * Resolves when the client can take more, has gone, or the call was aborted, and leaves no
 * listener behind: a race of `once()`s would leave two of three on a long stream's every wait.
 */
export function roomOrGone(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done).off("close", done).off("error", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    res.on("drain", done).on("close", done).on("error", done);
    signal.addEventListener("abort", done);
  });
}
