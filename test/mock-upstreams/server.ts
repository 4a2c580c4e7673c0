// Shared harness for the loopback mock upstreams: records every request, hands out scripted
// scenarios one per request, and streams SSE events with optional delays and mid-stream breaks.
//
// Deterministic usage (so tests can predict billing):
//   input tokens  = max(1, ceil(chars / 4)), where chars is the length (UTF-16 code units) of every
//                   string found under a `text`, `content`, `system`, `instructions` or `input` key,
//                   at any depth, inside the request's `system`, `messages`, `instructions`, `input`,
//                   `systemInstruction` and `contents` fields, concatenated with no separator.
//                   Use `expectedInputTokens(text)` with the same concatenation.
//   output tokens = a fixed number per family (ANTHROPIC_OUTPUT_TOKENS etc. in each mock file),
//                   for a fixed reply "Hello from the <Family> mock." sent as several deltas.
//   scenario `cached`   adds CACHE_READ_TOKENS read from cache (Anthropic also CACHE_WRITE_TOKENS written,
//                       to the 1-hour cache where the request's breakpoints ask `ttl: "1h"`).
//   scenario `prompt-cache` (Anthropic) caches as Anthropic does, by the request's cache_control
//                       breakpoints: a prefix an earlier such request marked is read, the rest up to
//                       the last breakpoint written (prompt-cache.ts); input tokens are the remainder.
//   scenario `thinking` adds THINKING_TOKENS reasoning tokens to the output (as do `thinking-tool`'s turns).
//   scenarios `tool` / `thinking-tool` keep the family's fixed output count whatever the text or call.
// Validation (validate.ts) answers 400 in the vendor's format for what the vendor would refuse.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const CACHE_READ_TOKENS = 3;
export const CACHE_WRITE_TOKENS = 2;
export const THINKING_TOKENS = 5;
/**
 * Well past any channel timeout a test sets below a second: undici's headers timeout is a coarse
 * timer (lib/util/timers.js: ticks of 499 ms, counted as ticks, not time), so a 1000 ms timeout
 * fires about 1.5 s after the request, later still on a loaded machine.
 */
export const SLOW_FIRST_BYTE_MS = 3000;
export const RETRY_AFTER_SECONDS = 7;

export type Scenario =
  | "ok"
  | "error-500"
  | "error-429"
  | "error-400"
  | "slow-first-byte"
  | "break-mid-stream"
  | "empty-stream"
  | "hang"
  /** The connection is reset once the request has arrived, before any answer (as a server closing an idle keep-alive connection). */
  | "reset"
  | "cached"
  /** Anthropic: cache reads and writes by the request's breakpoints and what earlier requests marked (prompt-cache.ts). */
  | "prompt-cache"
  | "thinking"
  /** The model calls the first declared tool; once the last turn is a tool result, it answers text quoting it (conversation.ts). */
  | "tool"
  /** As `tool`, with reasoning first whose proof (signature, encrypted content) the mock remembers and demands back byte-exact. */
  | "thinking-tool"
  /** As `tool`, with two parallel calls of the first declared tool (README.md, then LICENSE). */
  | "parallel-tool"
  /** As `tool`, with APPLY_PATCH (a multi-line patch with quotes and escapes) as the first argument's text. */
  | "patch-tool"
  /** The ordinary reply, cut off: each vendor's max-tokens stop (max_tokens, length, incomplete, MAX_TOKENS). */
  | "max-tokens"
  /** Cloud fronts (clouds/): answered by the front itself; every other scenario is passed to the vendor mock behind it. */
  | CloudScenario;

export type CloudScenario =
  /** Bedrock: an HTTP ThrottlingException (429), ServiceUnavailableException (503) or ModelNotReadyException (429). */
  | "throttling"
  | "service-unavailable"
  | "model-not-ready"
  /** Bedrock's stream: a validationException frame before any chunk (the request refused after the 200). */
  | "stream-validation"
  /** Bedrock's stream: half the chunks, then a modelStreamErrorException frame. */
  | "stream-exception"
  /** Vertex AI: Google's 429 RESOURCE_EXHAUSTED and 503 UNAVAILABLE. */
  | "quota-429"
  | "unavailable-503"
  /** Azure OpenAI: the prompt refused by the content filter (400 `content_filter`), or the completion cut by it (`finish_reason: content_filter`). */
  | "content-filter"
  | "content-filter-completion";

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
  /** The body exactly as received, for passthrough byte checks. */
  raw: string;
  scenario: Scenario;
  /** True once the connection closed before the mock finished its answer (client went away). */
  aborted: boolean;
};

export type Exchange = {
  req: IncomingMessage;
  res: ServerResponse;
  request: RecordedRequest;
  scenario: Scenario;
  delayMs: number;
  /** Top-level request fields a test declared as vendor extensions (`Mock.allowFields`): accepted beside the documented ones. */
  extraFields: ReadonlySet<string>;
  /** Reasoning proofs this mock issued (conversation.ts), demanded back byte-exact. */
  issued: Map<string, string>;
};

export type Mock = {
  url: string;
  requests: RecordedRequest[];
  /** Queue scenarios, consumed one per request; the default applies once the queue is empty. */
  next: (...scenarios: Scenario[]) => void;
  setDefault: (scenario: Scenario) => void;
  /** Accept these top-level fields too (a test that sends a vendor extension on purpose, e.g. to check bytes pass through). */
  allowFields: (...fields: string[]) => void;
  /** Every reasoning proof (signature, encrypted content, thought signature) the mock issued, in order. */
  issued: () => string[];
  /** Forgets queued scenarios that no request took (calls aborted before they reached the mock); returns how many. */
  dropQueued: () => number;
  close: () => Promise<void>;
};

export function expectedInputTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

const TEXT_KEYS = new Set(["text", "content", "system", "instructions", "input"]);
const MESSAGE_FIELDS = ["system", "messages", "instructions", "input", "systemInstruction", "contents"];

/** The text of `value` (found under `key`; an array's items count as under its key) by the rule at the top of this file. */
export function textIn(value: unknown, key: string): string {
  const pieces: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string") {
      if (TEXT_KEYS.has(key)) pieces.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(value, key);
  return pieces.join("");
}

/** The user-visible text of a request body, by the rule at the top of this file. */
export function requestText(body: any): string {
  // A bare string in `system`, `instructions` or `input` counts; `messages`/`contents` hold only objects.
  return MESSAGE_FIELDS.filter((field) => body && field in body)
    .map((field) => textIn(body[field], TEXT_KEYS.has(field) ? field : ""))
    .join("");
}

export const inputTokensOf = (body: any) => expectedInputTokens(requestText(body));

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Answers error-400/429/500 with the vendor's body; 429 carries `retry-after`. Returns true if it did. */
export function answerErrorScenario(ex: Exchange, errorBody: (status: number) => unknown, headers: Record<string, string> = {}): boolean {
  const status = ({ "error-400": 400, "error-429": 429, "error-500": 500 } as Record<string, number>)[ex.scenario];
  if (!status) return false;
  sendJson(ex.res, status, errorBody(status), status === 429 ? { ...headers, "retry-after": String(RETRY_AFTER_SECONDS) } : headers);
  return true;
}

/** Scenarios whose behaviour does not depend on the vendor. Returns true if it answered. */
export function answerTransportScenario(ex: Exchange, stream: boolean, headers: Record<string, string> = {}): boolean {
  if (ex.scenario === "empty-stream") {
    ex.res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...headers });
    ex.res.end();
    return true;
  }
  if (ex.scenario === "break-mid-stream" && !stream) {
    // Headers go out, then the connection dies before any body byte.
    ex.res.writeHead(200, { "content-type": "application/json", ...headers });
    ex.res.flushHeaders();
    setImmediate(() => ex.res.socket?.destroy());
    return true;
  }
  return false;
}

// Resolves once the chunk is handed to the socket, or when the connection is gone.
const write = (res: ServerResponse, chunk: string) =>
  new Promise<void>((done) => {
    if (res.destroyed) return done();
    res.once("close", done);
    res.write(chunk, () => {
      res.off("close", done);
      done();
    });
  });

/**
 * Streams pre-formatted SSE events, flushing each one and waiting `delayMs` between them.
 * Under `break-mid-stream` it sends the first half of the events and then destroys the socket.
 */
export async function streamEvents(ex: Exchange, events: string[], headers: Record<string, string> = {}) {
  const { res } = ex;
  if (res.destroyed) return;
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive", ...headers });
  res.flushHeaders();
  const breakAt = ex.scenario === "break-mid-stream" ? Math.ceil(events.length / 2) : Infinity;
  for (const [index, event] of events.entries()) {
    if (res.destroyed) return;
    if (index === breakAt) {
      res.socket?.destroy();
      return;
    }
    if (index > 0 && ex.delayMs > 0) await sleep(ex.delayMs);
    await write(res, event);
  }
  res.end();
}

/** `event:` + `data:` SSE framing (Anthropic, OpenAI Responses). */
export const namedEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** Data-only SSE framing (OpenAI Chat with "\n\n", Gemini with "\r\n\r\n"). */
export const dataEvent = (data: unknown, separator = "\n\n") =>
  `data: ${typeof data === "string" ? data : JSON.stringify(data)}${separator}`;

export async function startMock(handler: (ex: Exchange) => void | Promise<void>, options: { delayMs?: number } = {}): Promise<Mock> {
  const requests: RecordedRequest[] = [];
  const queue: Scenario[] = [];
  let fallback: Scenario = "ok";
  const extraFields = new Set<string>();
  const issued = new Map<string, string>();

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const url = new URL(req.url ?? "/", "http://mock");
    const scenario = queue.shift() ?? fallback;
    const request: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
      raw,
      scenario,
      aborted: false,
    };
    requests.push(request);
    res.on("close", () => (request.aborted = !res.writableFinished));

    if (scenario === "hang") return; // never answer; close() tears the socket down
    if (scenario === "reset") return void req.socket.resetAndDestroy();
    if (scenario === "slow-first-byte") await sleep(SLOW_FIRST_BYTE_MS);
    try {
      await handler({ req, res, request, scenario, delayMs: options.delayMs ?? 0, extraFields, issued });
    } catch (error) {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.destroy();
    }
  });

  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    next: (...scenarios) => void queue.push(...scenarios),
    setDefault: (scenario) => void (fallback = scenario),
    allowFields: (...fields) => fields.forEach((field) => extraFields.add(field)),
    issued: () => [...issued.keys()],
    dropQueued: () => queue.splice(0).length,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
