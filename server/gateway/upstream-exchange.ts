// One request to an upstream and its answer, through undici's dispatch API. `request()` would
// wrap every call in an async resource, an abort-signal listener and a Readable stream for the
// body; a relay needs none of them: it either takes the body whole or hands each chunk on as it
// arrives. Both are done here with two promises per call and no stream.
import type { Dispatcher } from "undici";
import { holdBytes } from "./body-slabs.ts";

type IncomingHttpHeaders = Record<string, string | string[] | undefined>;

export type ExchangeOptions = {
  origin: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | string;
  /** Aborting it ends the exchange with the signal's reason (before or after the answer began). */
  signal: AbortSignal;
  /** Per-request limits on the wait for the answer's head and between its body's chunks. */
  headersTimeout: number;
  bodyTimeout: number;
};

export interface UpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The whole body as UTF-8 text, once it has all arrived. */
  text(): Promise<string>;
  /**
   * Hands each chunk to `onChunk` as it arrives (any that came first, at once) and resolves at the
   * end of the body. When `onChunk` returns a promise, reading from the upstream pauses until it
   * settles: the client's backpressure reaches the upstream connection.
   */
  forEachChunk(onChunk: (chunk: Buffer) => void | PromiseLike<unknown>): Promise<void>;
}

/** `http://host:port/a/b?c` → origin and path, as the agent takes them (no URL object per call). */
export function originAndPath(url: string): { origin: string; path: string } {
  const slash = url.indexOf("/", url.indexOf("//") + 2);
  return slash < 0 ? { origin: url, path: "/" } : { origin: url.slice(0, slash), path: url.slice(slash) };
}

/** POSTs `options.body` and resolves with the answer's head; rejects with undici's error (its `code` kept) when none comes. */
export function exchange(dispatcher: Dispatcher, options: ExchangeOptions): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    // The body's slab (a large client body, see body-slabs.ts) is not reused while undici may still send it.
    const call = new Exchange(options.signal, resolve, reject, holdBytes(options.body));
    dispatcher.dispatch(
      {
        origin: options.origin,
        path: options.path,
        method: "POST",
        headers: options.headers,
        body: options.body,
        headersTimeout: options.headersTimeout,
        bodyTimeout: options.bodyTimeout,
      },
      call,
    );
  });
}

/** Rejections carry an Error, whatever the signal's reason or a consumer threw. */
const asError = (value: unknown): Error => (value instanceof Error ? value : new Error("the upstream exchange was ended", { cause: value }));

type Consumer = { onChunk: (chunk: Buffer) => void | PromiseLike<unknown>; resolve: () => void; reject: (error: Error) => void };

class Exchange implements Dispatcher.DispatchHandler, UpstreamAnswer {
  statusCode = 0;
  headers: IncomingHttpHeaders = {};
  private controller: Dispatcher.DispatchController | null = null;
  /** Chunks that arrived while nobody was taking them: before a consumer came, or while it was busy. */
  private queued: Buffer[] = [];
  private ended = false;
  private failure: Error | null = null;
  private consumer: Consumer | null = null;
  private busy = false;
  /** The caller's wait for the answer's head, until it comes or the exchange fails first. */
  private waiting: { answered: (answer: UpstreamAnswer) => void; failed: (error: Error) => void } | null;
  private readonly signal: AbortSignal;
  private readonly onAbort = () => {
    const reason = asError(this.signal.reason);
    if (this.controller) this.controller.abort(reason);
    // Still waiting for a connection: undici would hear of it only when the request starts (and
    // then aborts it, in onRequestStart); the caller hears now.
    else this.onResponseError(null, reason);
  };

  /** Lets the body's slab go: once undici is done with the request (answered in full, failed or aborted). */
  private readonly releaseBody: () => void;

  constructor(signal: AbortSignal, answered: (answer: UpstreamAnswer) => void, failed: (error: Error) => void, releaseBody: () => void) {
    this.signal = signal;
    this.releaseBody = releaseBody;
    this.waiting = { answered, failed };
    signal.addEventListener("abort", this.onAbort);
  }

  onRequestStart(controller: Dispatcher.DispatchController) {
    this.controller = controller;
    if (this.signal.aborted) controller.abort(asError(this.signal.reason));
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders) {
    if (statusCode < 200) return; // informational (103 Early Hints): the answer is still to come
    this.statusCode = statusCode;
    this.headers = headers;
    const waiting = this.waiting!;
    this.waiting = null;
    waiting.answered(this);
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer) {
    if (this.consumer && !this.busy && this.queued.length === 0) this.hand(chunk);
    else this.queued.push(chunk);
  }

  onResponseEnd() {
    this.ended = true;
    this.releaseBody();
    this.signal.removeEventListener("abort", this.onAbort);
    this.finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error) {
    // Undici writes nothing more of an aborted or failed request (it destroys the socket), and an
    // abort before the request started is heard here first: undici aborts it when it starts.
    this.releaseBody();
    this.signal.removeEventListener("abort", this.onAbort);
    if (this.failure) return; // failed on our side already (an abort while queued, a consumer's error)
    this.failure = error;
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.failed(error);
    else this.finish();
  }

  text(): Promise<string> {
    const chunks: Buffer[] = [];
    return this.forEachChunk((chunk) => void chunks.push(chunk)).then(() => (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString("utf8"));
  }

  forEachChunk(onChunk: (chunk: Buffer) => void | PromiseLike<unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.consumer = { onChunk, resolve, reject };
      this.flush();
    });
  }

  /** Gives one chunk to the consumer; a promise back pauses the upstream until it settles. */
  private hand(chunk: Buffer) {
    let pending: void | PromiseLike<unknown>;
    try {
      pending = this.consumer!.onChunk(chunk);
    } catch (error) {
      return this.fail(error);
    }
    if (!pending) return;
    this.busy = true;
    if (this.running) this.controller?.pause();
    pending.then(
      () => {
        this.busy = false;
        // What queued up goes first; resuming may hand over new chunks at once, within this call.
        this.flush();
        if (!this.busy && this.running) this.controller?.resume();
      },
      (error: unknown) => this.fail(error),
    );
  }

  /**
   * The request is still in undici's hands. Once it has ended, its controller must be left alone:
   * pausing or resuming it would act on the connection's parser, which may be serving the next
   * request on the same keep-alive connection by then.
   */
  private get running() {
    return !this.ended && !this.failure;
  }

  /** Hands over what queued up while nobody (or a busy consumer) could take it, then ends if the body has. */
  private flush() {
    while (this.queued.length > 0 && !this.busy && !this.failure) this.hand(this.queued.shift()!);
    this.finish();
  }

  private finish() {
    const consumer = this.consumer;
    if (!consumer || this.busy) return;
    if (this.failure) {
      this.consumer = null;
      consumer.reject(this.failure);
    } else if (this.ended && this.queued.length === 0) {
      this.consumer = null;
      consumer.resolve();
    }
  }

  /** The consumer threw: the upstream call ends, and so does the consumer's wait. */
  private fail(error: unknown) {
    const wasRunning = this.running;
    this.busy = false;
    this.failure ??= asError(error);
    if (wasRunning) this.controller?.abort(this.failure);
    this.finish();
  }
}
