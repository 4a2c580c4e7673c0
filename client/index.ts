// Typed Tollgate clients over openapi-fetch: `relayClient` for the four wire formats and model
// lists, `consoleClient` for the console and operator API. Types come from the generated contract.
import createClient from "openapi-fetch";
import { unwrap } from "./errors.ts";
import { readJsonEvents } from "./sse.ts";
import type { ConsolePaths, RelayPaths } from "./types.ts";

export * from "./types.ts";
export { readEvents, readJsonEvents, type ServerSentEvent } from "./sse.ts";
export { TollgateError, detailOf, unwrap, type ErrorDetail, type ErrorFormat } from "./errors.ts";

/** The credential headers each interface expects. */
export const auth = {
  /** Family A messages and model list. */
  familyA: (key: string, version = "2023-06-01") => ({ "x-api-key": key, "anthropic-version": version }),
  /** Responses, chat completions and the OpenAI-style model list. */
  bearer: (key: string) => ({ authorization: `Bearer ${key}` }),
  /** Family C generateContent and model list. */
  familyC: (key: string) => ({ "x-goog-api-key": key }),
  /** The console API with an automation token (tgc_…); browsers use the session cookie instead. */
  consoleToken: (token: string) => ({ authorization: `Bearer ${token}` }),
};

export type ClientOptions = { baseUrl: string; headers?: Record<string, string>; fetch?: typeof fetch };

export function relayClient(options: ClientOptions) {
  return createClient<RelayPaths>(options);
}

export function consoleClient(options: ClientOptions) {
  return createClient<ConsolePaths>(options);
}

/**
 * A fetch that keeps the console's session cookie, for callers outside a browser (scripts, tests).
 * Browsers keep the cookie themselves.
 */
export function withCookieJar(base: typeof fetch = fetch): typeof fetch {
  const cookies = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    if (cookies.size) request.headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    const response = await base(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = pair.split("=");
      if (/max-age=0/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join("="));
    }
    return response;
  };
}

/**
 * The JSON events of a streamed relay call made with `parseAs: "stream"`; a non-2xx answer throws
 * TollgateError before the first event. Chat's closing `[DONE]` ends the iteration.
 *
 *   for await (const { data } of events<ChatCompletionChunk>(relay.POST("/v1/chat/completions", { body, parseAs: "stream" }))) …
 */
export async function* events<T>(call: Promise<{ data?: ReadableStream<Uint8Array> | null; error?: unknown; response: Response }>): AsyncGenerator<{ event?: string; data: T }> {
  const body = await unwrap(call);
  yield* readJsonEvents<T>(body);
}
