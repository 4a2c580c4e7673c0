import { describe, expect, it } from "vitest";
import { scanJson } from "../raw-json.ts";
import { type ClientRequest, admittedRequest } from "./adapter.ts";
import { nativeAdapters } from "./by-interface.ts";

const clientOf = (text: string, stream: boolean): ClientRequest => {
  const scan = scanJson(Buffer.from(text), 64);
  return { body: JSON.parse(text), raw: scan.tooDeep ? null : scan.raw, stream, headers: { "anthropic-version": "2023-06-01" }, query: {} };
};

const bodies = [
  `{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":1.0,"vendor_x":{"a":1e3}}`,
  `{"model":"m","stream":true,"messages":[],"stream_options":{"include_usage":true}}`,
  `{"model":"m","stream":true,"messages":[],"stream_options":{"include_usage":false,"include_usage":true}}`,
  `{"model":"m","stream":true,"messages":[],"stream_options":{"include_obfuscation":false}}`,
  `{"contents":[{"parts":[{"text":"hi"}]}],"generationConfig":{"temperature":1,"temperature":0.5}}`,
  `{"contents":[],"generationConfig":{"maxOutputTokens":8}}`,
  `{"contents":[],"generation_config":{"max_output_tokens":65536,"max_output_tokens":1}}`,
  `{"model":"m","input":"hi","stream":false}`,
  `{"model":"a","model":"m","messages":[]}`,
];

describe("admittedRequest", () => {
  it("keeps only the members adapters read where the client's bytes go upstream, and the whole body where they cannot", () => {
    const client = clientOf(`{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}],"tools":[]}`, true);
    expect(admittedRequest(client).body).toEqual({ model: "m", stream: true });
    const duplicated = clientOf(`{"model":"a","model":"m","messages":[]}`, false);
    expect(admittedRequest(duplicated).body).toBe(duplicated.body);
    const unscanned = { ...clientOf(`{"model":"m","messages":[]}`, false), raw: null };
    expect(admittedRequest(unscanned).body).toBe(unscanned.body);
  });

  // Guards the list of members adapters read: an adapter that starts reading another member of the
  // parsed body would build something else from the admitted request, and fail here.
  it.each(Object.entries(nativeAdapters))("leaves what the %s adapter builds and streams unchanged", (iface, adapter) => {
    for (const text of bodies) {
      for (const stream of [false, true]) {
        for (const upstreamModel of ["m", "upstream-id"]) {
          const client = clientOf(text, stream);
          const target = { baseUrl: "http://upstream.test/v1", credential: "secret", upstreamModel };
          const whole = adapter.build(client, target);
          const admitted = adapter.build(admittedRequest(client), target);
          expect({ ...admitted, body: admitted.body.toString() }).toEqual({ ...whole, body: whole.body.toString() });
          if (iface === "embeddings") continue; // never streamed
          const usageChunk = { raw: `data: {"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2}}\n\n`, data: `{"choices":[],"usage":{"prompt_tokens":3,"completion_tokens":2}}` };
          expect(adapter.startStream(admittedRequest(client)).onEvent(usageChunk)).toEqual(adapter.startStream(client).onEvent(usageChunk));
        }
      }
    }
  });
});

describe("the Gemini adapter", () => {
  it("sends a generation config whose keys repeat as the hold read it (the last value), in either spelling", () => {
    const target = { baseUrl: "http://upstream.test", credential: "secret", upstreamModel: "g" };
    for (const [text, sent] of [
      [`{"contents":[],"generationConfig":{"maxOutputTokens":65536,"maxOutputTokens":1}}`, `{"contents":[],"generationConfig":{"maxOutputTokens":1}}`],
      [`{"contents":[],"generation_config":{"max_output_tokens":65536,"max_output_tokens":1}}`, `{"contents":[],"generation_config":{"max_output_tokens":1}}`],
      [`{"contents":[] , "generation_config":{"max_output_tokens":7}}`, `{"contents":[] , "generation_config":{"max_output_tokens":7}}`],
    ]) {
      expect(nativeAdapters["generate-content"].build(admittedRequest(clientOf(text, false)), target).body.toString()).toBe(sent);
    }
  });
});

describe("a stream that ends with the upstream's error event", () => {
  const event = (data: string, name?: string) => ({ event: name, data, raw: `${name ? `event: ${name}\n` : ""}data: ${data}\n\n` });
  const client = clientOf(`{"model":"m","stream":true,"messages":[]}`, true);
  it.each([
    ["chat", [event(`{"id":"c","choices":[{"index":0,"delta":{"content":"{\\"error\\": 1}"}}]}`), event(`{"error":{"message":"overloaded","type":"server_error"}}`)], 500],
    ["messages", [event(`{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\\"error\\""}}`, "content_block_delta"), event(`{"type":"error","error":{"type":"overloaded_error","message":"overloaded"}}`, "error")], 529],
    ["responses", [event(`{"type":"response.output_text.delta","delta":"x"}`, "response.output_text.delta"), event(`{"type":"error","code":"server_error","message":"overloaded","sequence_number":3}`, "error")], 500],
    ["generate-content", [event(`{"candidates":[{"content":{"parts":[{"text":"error"}]}}]}`), event(`{ "error": {"code":503,"message":"overloaded","status":"UNAVAILABLE"}}`)], 503],
  ] as const)("is told apart from its content in %s, with the status it stands for", (iface, [content, error], status) => {
    const session = nativeAdapters[iface].startStream(client);
    session.onEvent(content);
    expect(session.endedWithError?.()).toBeUndefined();
    session.onEvent(error);
    expect(session.endedWithError?.()).toEqual({ message: "overloaded", status, requestFault: false });
  });

  it.each([
    ["chat", event(`{"error":{"message":"slow down","type":"requests","param":null,"code":"rate_limit_exceeded"}}`)],
    ["messages", event(`{"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}`, "error")],
    ["generate-content", event(`{"error":{"code":429,"message":"slow down","status":"RESOURCE_EXHAUSTED"}}`)],
    ["responses", event(`{"type":"error","code":"rate_limit_exceeded","message":"slow down","param":null,"sequence_number":0}`, "error")],
  ] as const)("in %s, a rate limit stands for 429 (the relay fails over as for an HTTP 429)", (iface, error) => {
    const session = nativeAdapters[iface].startStream(client);
    session.onEvent(error);
    expect(session.endedWithError?.()).toEqual({ message: "slow down", status: 429, requestFault: false });
  });

  it("in Responses, includes a response that failed, and tells a refused prompt from a failing channel", () => {
    const failed = (code: string) => {
      const session = nativeAdapters.responses.startStream(client);
      session.onEvent(event(`{"type":"response.failed","response":{"status":"failed","error":{"code":"${code}","message":"it broke"}}}`, "response.failed"));
      return session.endedWithError?.();
    };
    expect(failed("server_error")).toEqual({ message: "it broke", status: 500, requestFault: false });
    expect(failed("invalid_prompt")).toEqual({ message: "it broke", status: 400, requestFault: true });
  });

  it.each([
    ["chat", event(`{"error":{"message":"bad","type":"invalid_request_error"}}`)],
    ["messages", event(`{"type":"error","error":{"type":"invalid_request_error","message":"bad"}}`, "error")],
    ["generate-content", event(`{"error":{"code":400,"message":"bad","status":"INVALID_ARGUMENT"}}`)],
    ["responses", event(`{"type":"error","code":"invalid_prompt","message":"bad","param":null,"sequence_number":1}`, "error")],
    // The error object nested, as the OpenAI SDKs also read it (`data.error ?? data`).
    ["responses", event(`{"type":"error","error":{"type":"invalid_request_error","code":"invalid_prompt","message":"bad"},"sequence_number":1}`, "error")],
  ] as const)("in %s, an error that refuses the request is the request's fault", (iface, error) => {
    const session = nativeAdapters[iface].startStream(client);
    session.onEvent(error);
    expect(session.endedWithError?.()).toEqual({ message: "bad", status: 400, requestFault: true });
  });

  it("in generate-content, an error that gives only its code is judged as an HTTP answer of that status: 400 the request's fault, 403, 429 and 499 the channel's", () => {
    const gemini = (code: number) => {
      const session = nativeAdapters["generate-content"].startStream(client);
      session.onEvent(event(`{"error":{"code":${code},"message":"said"}}`));
      return session.endedWithError?.();
    };
    expect(gemini(400)).toEqual({ message: "said", status: 400, requestFault: true });
    expect(gemini(404)).toEqual({ message: "said", status: 404, requestFault: true });
    expect(gemini(403)).toEqual({ message: "said", status: 403, requestFault: false });
    expect(gemini(429)).toEqual({ message: "said", status: 429, requestFault: false });
    // 499, CANCELLED's code: the upstream gave the call up, which the gateway did not cancel.
    expect(gemini(499)).toEqual({ message: "said", status: 499, requestFault: false });
    expect(gemini(503)).toEqual({ message: "said", status: 503, requestFault: false });
  });

  it("in generate-content, a Google status name stands for the HTTP status google.rpc.Code maps it to, read before the code, and is judged as an HTTP answer of that status", () => {
    const gemini = (error: object) => {
      const session = nativeAdapters["generate-content"].startStream(client);
      session.onEvent(event(JSON.stringify({ error: { message: "said", ...error } })));
      const said = session.endedWithError?.();
      return [said?.status, said?.requestFault];
    };
    const requestFault = true;
    const channelFault = false;
    for (const [name, code, fault] of [
      ["INVALID_ARGUMENT", 400, requestFault],
      ["OUT_OF_RANGE", 400, requestFault],
      // A 404 is the request's, as every upstream's HTTP 404 and Anthropic's not_found_error event are.
      ["NOT_FOUND", 404, requestFault],
      // The upstream gave the call up (the gateway did not cancel it), or met a concurrency conflict to retry elsewhere.
      ["CANCELLED", 499, channelFault],
      ["ABORTED", 409, channelFault],
      ["UNAUTHENTICATED", 401, channelFault],
      ["PERMISSION_DENIED", 403, channelFault],
      ["RESOURCE_EXHAUSTED", 429, channelFault],
      ["INTERNAL", 500, channelFault],
      ["UNKNOWN", 500, channelFault],
      ["DATA_LOSS", 500, channelFault],
      ["UNAVAILABLE", 503, channelFault],
      ["DEADLINE_EXCEEDED", 504, channelFault],
    ] as const) {
      expect(gemini({ code, status: name }), name).toEqual([code, fault]);
      expect(gemini({ status: name }), `${name} without a code`).toEqual([code, fault]);
      // The name says precisely what happened; a code that disagrees with it (a proxy's) does not.
      expect(gemini({ code: code === 500 ? 503 : 500, status: name }), `${name} with another code`).toEqual([code, fault]);
    }
    // Gemini says FAILED_PRECONDITION of the channel's project or region, which another channel need not share.
    expect(gemini({ code: 400, status: "FAILED_PRECONDITION" })).toEqual([400, channelFault]);
    // A word that is no Google status name is judged as every format's words are; its code gives the status.
    expect(gemini({ code: 404, status: "MODEL_GONE" })).toEqual([404, channelFault]);
  });

  it("in generate-content, a rate limit carries the delay its RetryInfo asks for, in whole seconds rounded up, and nothing else of its details", () => {
    const said = (retryDelay: unknown) => {
      const session = nativeAdapters["generate-content"].startStream(client);
      const details = [{ "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] }, { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay }];
      session.onEvent(event(JSON.stringify({ error: { code: 429, message: "slow down", status: "RESOURCE_EXHAUSTED", details } })));
      return session.endedWithError?.();
    };
    expect(said("37s")).toEqual({ message: "slow down", status: 429, requestFault: false, retryAfterSeconds: 37 });
    expect(said("1.5s")?.retryAfterSeconds).toBe(2);
    expect(said("0.000340s")?.retryAfterSeconds).toBe(1);
    for (const unsaid of ["0s", "37", "-3s", "soon", 37]) expect(said(unsaid), String(unsaid)).not.toHaveProperty("retryAfterSeconds");
  });

  it("a key, an organization or a region the upstream refuses is the channel's fault, and an error chunk after an id line is seen", () => {
    const chat = (data: string, raw = `data: ${data}\n\n`) => {
      const session = nativeAdapters.chat.startStream(client);
      session.onEvent({ event: undefined, data, raw });
      return session.endedWithError?.();
    };
    expect(chat(`{"error":{"message":"bad key","code":"invalid_api_key"}}`)?.requestFault).toBe(false);
    expect(chat(`{"error":{"message":"no org","code":"invalid_organization"}}`)?.requestFault).toBe(false);
    expect(chat(`{"error":{"message":"bad","type":null,"status":400,"code":"invalid_value"}}`)?.requestFault).toBe(true);
    expect(chat(`{"error":{"message":"inspection","code":"data_inspection_failed"}}`)?.requestFault).toBe(true);
    expect(chat(`{"error":{"message":"later","type":"server_error"}}`, `id: 7\ndata: {"error":{"message":"later","type":"server_error"}}\n\n`)).toEqual({ message: "later", status: 500, requestFault: false });
    const gemini = nativeAdapters["generate-content"].startStream(client);
    gemini.onEvent(event(`{"error":{"code":400,"message":"User location is not supported","status":"FAILED_PRECONDITION"}}`));
    expect(gemini.endedWithError?.()?.requestFault).toBe(false);
    // But of a File API file the request names that is not ready yet, it is the request's: another channel would not serve it either.
    const fileNotReady = nativeAdapters["generate-content"].startStream(client);
    fileNotReady.onEvent(event(`{"error":{"code":400,"message":"The File abc123 is not in an ACTIVE state and usage is not allowed.","status":"FAILED_PRECONDITION"}}`));
    expect(fileNotReady.endedWithError?.()?.requestFault).toBe(true);
    // Gemini's refusal of the channel's key says 400 INVALID_ARGUMENT; its reason, API_KEY_INVALID, says whose fault it is.
    const keyRefused = nativeAdapters["generate-content"].startStream(client);
    keyRefused.onEvent(event(`{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT","details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason":"API_KEY_INVALID"}]}}`));
    expect(keyRefused.endedWithError?.()).toEqual({ message: "API key not valid.", status: 400, requestFault: false });
    // A message that only mentions the reason is the request's own.
    const mentions = nativeAdapters["generate-content"].startStream(client);
    mentions.onEvent(event(`{"error":{"code":400,"message":"bad field API_KEY_INVALID","status":"INVALID_ARGUMENT"}}`));
    expect(mentions.endedWithError?.()?.requestFault).toBe(true);
  });
});
