// An upstream's stream that says it failed, read for the status its error stands for, as an HTTP
// answer of that status would be: a rate limit before the first byte reached the caller fails over
// as a 429 does (every channel so: the caller gets 429 with Retry-After, in its own format); a
// refusal of the request given only as a status code (Gemini's `code: 400`) is the request's fault,
// not the channel's, passthrough and translated alike; and a translated chat caller's error chunk is
// typed and coded as Tollgate's own error body of that status. Gemini's error object counts as its
// stream's first event also when written bare, its Google status name says its status, and its
// RetryInfo delay is the caller's Retry-After; a caller without a stream hears a refusal's own
// status. One scripted upstream serves every channel kind, so a test says exactly which events go out.
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { type Script, sseData, sseEvent, type ScriptedUpstream, useScriptedRelay } from "../helpers/scripted-upstream.ts";

let env: RelayEnv;
let scripted: ScriptedUpstream;
useScriptedRelay({ quietCircuits: true }, (started) => ({ env, scripted } = started));

const named = sseEvent;
const data = sseData;
/** Gemini's error object as Gemini writes it bare in a stream: the JSON alone, over several lines, no `data:`. */
const bare = (value: unknown) => `${JSON.stringify(value, null, 2)}\r\n\r\n`;

// Each format's rate limit, said inside a stream that opened with 200.
const anthropicRateLimit = named("error", { type: "error", error: { type: "rate_limit_error", message: "Number of request tokens has exceeded your per-minute rate limit." } });
const geminiRateLimit = { error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED" } };
const chatRateLimit = data({ error: { message: "Rate limit reached for requests per min.", type: "requests", param: null, code: "rate_limit_exceeded" } });
const responsesRateLimit = named("error", { type: "error", code: "rate_limit_exceeded", message: "Rate limit reached for requests per min.", param: null, sequence_number: 0 });
const responsesFailed = (status: string) => ({ id: "resp_1", object: "response", created_at: 1, status, model: "gpt-5", output: [], error: null, usage: null });

type Caller = { path: (model: string) => string; headers: (key: string) => Record<string, string>; body: (model: string) => unknown; format: "anthropic" | "openai" | "gemini" };
const callers = {
  messages: {
    path: () => "/v1/messages",
    headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
    body: (model) => ({ model, max_tokens: 64, stream: true, messages: [{ role: "user", content: "Please answer with a short greeting." }] }),
    format: "anthropic",
  },
  chat: {
    path: () => "/v1/chat/completions",
    headers: (key) => ({ authorization: `Bearer ${key}` }),
    body: (model) => ({ model, stream: true, messages: [{ role: "user", content: "Please answer with a short greeting." }] }),
    format: "openai",
  },
  responses: {
    path: () => "/v1/responses",
    headers: (key) => ({ authorization: `Bearer ${key}` }),
    body: (model) => ({ model, stream: true, input: "Please answer with a short greeting." }),
    format: "openai",
  },
  "responses, no stream": {
    path: () => "/v1/responses",
    headers: (key) => ({ authorization: `Bearer ${key}` }),
    body: (model) => ({ model, input: "Please answer with a short greeting." }),
    format: "openai",
  },
  gemini: {
    path: (model) => `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
    headers: (key) => ({ "x-goog-api-key": key }),
    body: () => ({ contents: [{ role: "user", parts: [{ text: "Please answer with a short greeting." }] }] }),
    format: "gemini",
  },
} satisfies Record<string, Caller>;

const groups = {
  anthropic: { group: "claude-smart", model: "claude-sonnet-4-6" },
  chat: { group: "qwen-trial", model: "qwen3-max" },
  openai: { group: "gpt-trial", model: "gpt-5" },
  gemini: { group: "gemini-official", model: "gemini-2.5-flash" },
};

async function callWith(caller: Caller, upstream: { group: string; model: string }, name: string) {
  const response = await fetch(`${env.tollgate.url}${caller.path(upstream.model)}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...caller.headers(await env.key(upstream.group, name)) },
    body: JSON.stringify(caller.body(upstream.model)),
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), text: await response.text() };
}

/** The caller's own error body for a rate limit. */
function expectRateLimitBody(format: Caller["format"], text: string) {
  const body = JSON.parse(text);
  if (format === "anthropic") expect(body).toMatchObject({ type: "error", error: { type: "rate_limit_error", message: expect.stringMatching(/rate limited/) } });
  if (format === "openai") expect(body.error).toMatchObject({ type: "rate_limit_exceeded", code: "rate_limit_exceeded", message: expect.stringMatching(/rate limited/) });
  if (format === "gemini") expect(body.error).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
}

describe("a stream that opens with the upstream's rate-limit error, on every channel", () => {
  const cases: [string, Caller, { group: string; model: string }, string[]][] = [
    ["passthrough Anthropic (event: error, rate_limit_error)", callers.messages, groups.anthropic, [anthropicRateLimit]],
    ["passthrough Gemini (RESOURCE_EXHAUSTED as a data: line)", callers.gemini, groups.gemini, [data(geminiRateLimit)]],
    ["passthrough chat (code rate_limit_exceeded, type requests)", callers.chat, groups.openai, [chatRateLimit]],
    ["passthrough Responses (an error event coded rate_limit_exceeded)", callers.responses, groups.openai, [responsesRateLimit]],
    [
      "passthrough Responses, no stream (response.failed coded rate_limit_exceeded)",
      callers["responses, no stream"],
      groups.openai,
      [
        named("response.created", { type: "response.created", sequence_number: 0, response: responsesFailed("in_progress") }),
        named("response.failed", { type: "response.failed", sequence_number: 1, response: { ...responsesFailed("failed"), error: { code: "rate_limit_exceeded", message: "Rate limit reached." } } }),
      ],
    ],
    ["passthrough Gemini (RESOURCE_EXHAUSTED bare, the stream's very first thing)", callers.gemini, groups.gemini, [bare(geminiRateLimit)]],
    ["translated, Anthropic caller on Gemini", callers.messages, groups.gemini, [data(geminiRateLimit)]],
    ["translated, Anthropic caller on Gemini (bare, the stream's very first thing)", callers.messages, groups.gemini, [bare(geminiRateLimit)]],
    ["translated, chat caller on Gemini (bare, the stream's very first thing)", callers.chat, groups.gemini, [bare(geminiRateLimit)]],
    ["translated, Responses caller without a stream on Gemini (bare, the stream's very first thing)", callers["responses, no stream"], groups.gemini, [bare(geminiRateLimit)]],
    ["translated, chat caller on Anthropic", callers.chat, groups.anthropic, [anthropicRateLimit]],
    ["translated, Anthropic caller on an OpenAI-compatible chat upstream", callers.messages, groups.chat, [chatRateLimit]],
    ["translated, Gemini caller on Responses", callers.gemini, groups.openai, [responsesRateLimit]],
  ];
  for (const [label, caller, upstream, events] of cases) {
    it(`${label}: the caller gets 429 with Retry-After in its own format, recorded as rate limited`, async () => {
      scripted.play(events);
      const name = unique("stream-429");
      const answer = await callWith(caller, upstream, name);
      expect(answer.status, answer.text).toBe(429);
      // As for an HTTP 429 whose upstream named no Retry-After.
      expect(answer.retryAfter).toBe("1");
      expectRateLimitBody(caller.format, answer.text);
      const [call] = await env.ledger(name);
      expect(call).toMatchObject({ status: "rate_limited", http_status: 429, cost: 0 });
      // The channel did not serve because it was rate limited, not because it broke.
      const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      expect(detail.failovers).toEqual([expect.objectContaining({ reason: expect.stringMatching(/^stream began with a rate-limit error/) })]);
    });
  }

  it("reaches the Anthropic SDK as its RateLimitError", async () => {
    scripted.play([anthropicRateLimit]);
    const client = new Anthropic({ apiKey: await env.key(groups.anthropic.group, unique("stream-429-sdk")), baseURL: env.tollgate.url, maxRetries: 0 });
    const error = await (async () => {
      for await (const _ of client.messages.stream({ model: groups.anthropic.model, max_tokens: 64, messages: [{ role: "user", content: "hi" }] }));
    })().catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
  });
});

describe("a translated chat caller's stream that the upstream's rate limit ends after its first byte", () => {
  it("ends with an error chunk typed and coded as Tollgate's own 429 body (rate_limit_exceeded), which the OpenAI SDK raises", async () => {
    const opening = [
      named("message_start", { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, usage: { input_tokens: 9, output_tokens: 1 } } }),
      named("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      named("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } }),
    ];
    scripted.play([...opening, anthropicRateLimit]);
    const client = new OpenAI({ apiKey: await env.key(groups.anthropic.group, unique("stream-429-chat")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    let text = "";
    const error = await (async () => {
      const stream = await client.chat.completions.create({ model: groups.anthropic.model, stream: true, messages: [{ role: "user", content: "hi" }] });
      for await (const part of stream) text += part.choices[0]?.delta?.content ?? "";
    })().catch((e) => e);
    expect(text).toBe("Hello");
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.error).toEqual({ message: "Number of request tokens has exceeded your per-minute rate limit.", type: "rate_limit_exceeded", param: null, code: "rate_limit_exceeded" });
  });
});

describe("a Gemini error that gives only its code, 400 (no status name)", () => {
  const refusal = { error: { code: 400, message: "Request contains an invalid argument." } };
  const geminiChunk = (text: string) =>
    data({ candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1, totalTokenCount: 10 } });

  /** The Gemini channel's health: what it last failed with. */
  async function lastChannelError(channelId: string) {
    const { data: channels } = await env.operator.GET("/api/admin/channels");
    return channels!.data.find((channel) => channel.id === channelId)!.health.last_error ?? "";
  }

  it("refuses the request as an HTTP 400 would, passthrough and translated: the caller hears it, recorded as the request's fault, never the channel's", async () => {
    for (const [label, caller, opening] of [
      ["passthrough, before any chunk", callers.gemini, []],
      ["passthrough, after a chunk", callers.gemini, [geminiChunk("Hel")]],
      ["translated, before any chunk", callers.messages, []],
      ["translated, after a chunk", callers.messages, [geminiChunk("Hel")]],
    ] as const) {
      scripted.play([...opening, data(refusal)]);
      const name = unique("gemini-code-400");
      const answer = await callWith(caller, groups.gemini, name);
      // The refusal reaches the caller (a stream that began; no other channel was tried).
      expect(answer.status, `${label}: ${answer.text}`).toBe(200);
      expect(answer.text, label).toContain(refusal.error.message);
      if (caller === callers.messages) expect(answer.text, label).toContain('"type":"invalid_request_error"');
      const [call] = await env.ledger(name);
      expect(call, label).toMatchObject({ status: "upstream_error", http_status: 200 });
      expect(await lastChannelError(call.channel_id!), label).not.toContain(refusal.error.message);
    }
  });
});

describe("an upstream's error that names the channel's own credential or cloud project", () => {
  const suspended = {
    error: { code: 503, message: `Consumer 'api_key:${upstreamKeys.gemini}' of project_number:123456789012 is unavailable; the key ${upstreamKeys.gemini} was used.`, status: "UNAVAILABLE" },
  };
  const geminiChunk = data({ candidates: [{ content: { role: "model", parts: [{ text: "Hel" }] }, index: 0 }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1, totalTokenCount: 10 } });

  it("is a failover reason and a channel's last error without them: the organization reads the first in its call log", async () => {
    for (const [label, caller, opening] of [
      ["passthrough, before any chunk (a failover)", callers.gemini, []],
      ["passthrough, after a chunk (the channel's fault)", callers.gemini, [geminiChunk]],
      ["translated, before any chunk (a failover)", callers.messages, []],
      ["translated, after a chunk (the channel's fault)", callers.messages, [geminiChunk]],
    ] as const) {
      scripted.play([...opening, data(suspended)]);
      const name = unique("names-its-key");
      await callWith(caller, groups.gemini, name);
      const [call] = await env.ledger(name);
      const detail = (await env.tenant.owner.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      const { data: channels } = await env.operator.GET("/api/admin/channels");
      const seen = JSON.stringify([detail.failovers, channels!.data.map((channel) => channel.health.last_error)]);
      expect(seen, label).toMatch(/is unavailable/);
      expect(seen, label).not.toContain(upstreamKeys.gemini);
      expect(seen, label).not.toContain("123456789012");
    }
  });
});

describe("a Gemini stream whose very first thing is its error object, bare (no data: line)", () => {
  const refusal = { error: { code: 400, message: "* GenerateContentRequest.contents: contents is not specified", status: "INVALID_ARGUMENT" } };
  const overloaded = { error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } };

  it("that refuses the request (400) reaches the caller, passthrough and translated: never failed over, recorded as the request's fault", async () => {
    for (const [label, caller] of [
      ["passthrough", callers.gemini],
      ["translated, Anthropic caller", callers.messages],
      ["translated, chat caller", callers.chat],
    ] as const) {
      scripted.play([bare(refusal)]);
      const name = unique("gemini-bare-400");
      const answer = await callWith(caller, groups.gemini, name);
      expect(answer.status, `${label}: ${answer.text}`).toBe(200);
      expect(answer.text, label).toContain(refusal.error.message);
      const [call] = await env.ledger(name);
      expect(call, label).toMatchObject({ status: "upstream_error", http_status: 200 });
      const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      expect(detail.failovers, label).toEqual([]);
    }
  });

  it("that says the upstream failed (503) fails over for what it said, not as a stream with no events", async () => {
    for (const caller of [callers.gemini, callers.messages]) {
      scripted.play([bare(overloaded)]);
      const name = unique("gemini-bare-503");
      const answer = await callWith(caller, groups.gemini, name);
      expect(answer.status, answer.text).toBe(503);
      const [call] = await env.ledger(name);
      const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      expect(detail.failovers).toEqual([expect.objectContaining({ reason: `stream began with an error event: ${overloaded.error.message}` })]);
    }
  });

  it("that says a rate limit reaches the google-genai SDK as its ApiError of status 429", async () => {
    scripted.play([bare(geminiRateLimit)]);
    const ai = new GoogleGenAI({ apiKey: await env.key(groups.gemini.group, unique("gemini-bare-429-sdk")), httpOptions: { baseUrl: env.tollgate.url } });
    const error = await (async () => {
      for await (const _ of await ai.models.generateContentStream({ model: groups.gemini.model, contents: "hi" }));
    })().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
  });
});

describe("Gemini's own retry delay (google.rpc.RetryInfo in the error's details)", () => {
  const limited = (retryDelay: string) => ({
    error: {
      code: 429,
      message: "You exceeded your current quota, please check your plan and billing details.",
      status: "RESOURCE_EXHAUSTED",
      details: [
        { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [{ quotaMetric: "generativelanguage.googleapis.com/generate_content_free_tier_requests", quotaId: "PerMinute" }] },
        { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay },
      ],
    },
  });
  /** Nothing of the details reaches the caller: they can name the operator's cloud project. */
  const expectNoDetails = (text: string) => {
    for (const said of ["RetryInfo", "QuotaFailure", "googleapis", "PerMinute"]) expect(text).not.toContain(said);
  };

  it("is the caller's Retry-After, rounded up to whole seconds, when the upstream's HTTP 429 has no Retry-After header", async () => {
    for (const [caller, delay, seconds] of [
      [callers.gemini, "37s", "37"],
      [callers.messages, "37s", "37"],
      [callers.gemini, "1.5s", "2"],
    ] as const) {
      scripted.play({ status: 429, events: [JSON.stringify(limited(delay))] });
      const name = unique("gemini-retry-info");
      const answer = await callWith(caller, groups.gemini, name);
      expect(answer.status, answer.text).toBe(429);
      expect(answer.retryAfter, `${caller.format} ${delay}`).toBe(seconds);
      expectNoDetails(answer.text);
      expect(await env.ledger(name)).toEqual([expect.objectContaining({ status: "rate_limited" })]);
    }
  });

  it("is the caller's Retry-After when a stream opens with that 429, as a data: line or bare, passthrough and translated", async () => {
    for (const [caller, form] of [
      [callers.gemini, data],
      [callers.gemini, bare],
      [callers.messages, data],
      [callers.chat, bare],
    ] as const) {
      scripted.play([form(limited("1.5s"))]);
      const answer = await callWith(caller, groups.gemini, unique("gemini-retry-info-stream"));
      expect(answer.status, answer.text).toBe(429);
      expect(answer.retryAfter, caller.format).toBe("2");
      expectNoDetails(answer.text);
    }
  });

  it("gives way to a Retry-After header the upstream sent", async () => {
    scripted.play({ status: 429, events: [JSON.stringify(limited("37s"))], headers: { "retry-after": "5" } });
    const answer = await callWith(callers.gemini, groups.gemini, unique("gemini-retry-header"));
    expect(answer.status).toBe(429);
    expect(answer.retryAfter).toBe("5");
  });
});

describe("an upstream's wait past the circuits' ceiling on a rest (TOLLGATE_CIRCUIT_MAX_REST_MS, 10 min by default)", () => {
  // The gateway asks the channel again after 10 minutes, whatever the upstream said: so is the caller told.
  const expectToldTenMinutes = (answer: Awaited<ReturnType<typeof callWith>>, label: string) => {
    expect(answer.status, `${label}: ${answer.text}`).toBe(429);
    expect(answer.retryAfter, label).toBe("600");
    expect(answer.text, label).not.toContain("86400");
  };

  it("is the caller's Retry-After and message at the ceiling: an HTTP 429's Retry-After: 86400, as seconds and as a date", async () => {
    for (const [label, retryAfter] of [
      ["seconds", "86400"],
      ["an HTTP date", new Date(Date.now() + 86_400_000).toUTCString()],
    ]) {
      scripted.play({ status: 429, events: [JSON.stringify({ error: { message: "Rate limit reached for requests per min.", type: "requests", param: null, code: "rate_limit_exceeded" } })], headers: { "retry-after": retryAfter } });
      const answer = await callWith(callers.chat, groups.openai, unique("day-wait"));
      expectToldTenMinutes(answer, label);
      expect(JSON.parse(answer.text).error.message, label).toMatch(/Retry after 600 seconds/);
    }
  });

  it("so is Gemini's RetryInfo of a day, in an HTTP 429 and in a rate limit its stream opens with, passthrough and translated", async () => {
    const dayLimited = {
      error: { code: 429, message: "You exceeded your current quota.", status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "86400s" }] },
    };
    for (const [label, caller, script] of [
      ["HTTP 429, Gemini caller", callers.gemini, { status: 429, events: [JSON.stringify(dayLimited)] }],
      ["stream, Gemini caller", callers.gemini, [data(dayLimited)]],
      ["stream, Anthropic caller", callers.messages, [bare(dayLimited)]],
    ] as [string, Caller, string[] | Script][]) {
      scripted.play(script);
      expectToldTenMinutes(await callWith(caller, groups.gemini, unique("day-wait-gemini")), label);
    }
  });
});

describe("a Gemini stream error with a Google status name", () => {
  const notFound = { error: { code: 404, message: "models/gemini-2.5-flash is not found for API version v1beta, or is not supported for generateContent.", status: "NOT_FOUND" } };

  it("NOT_FOUND before any chunk is judged as Gemini's HTTP 404 is: the caller hears it, passthrough and translated, never failed over nor the channel's fault", async () => {
    for (const [label, caller, form] of [
      ["passthrough, a data: line", callers.gemini, data],
      ["passthrough, bare", callers.gemini, bare],
      ["translated, Anthropic caller", callers.messages, data],
      ["translated, chat caller", callers.chat, bare],
    ] as const) {
      scripted.play([form(notFound)]);
      const name = unique("gemini-not-found");
      const answer = await callWith(caller, groups.gemini, name);
      expect(answer.status, `${label}: ${answer.text}`).toBe(200);
      expect(answer.text, label).toContain(notFound.error.message);
      if (caller === callers.messages) expect(answer.text, label).toContain('"type":"not_found_error"');
      const [call] = await env.ledger(name);
      expect(call, label).toMatchObject({ status: "upstream_error", http_status: 200 });
      const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      expect(detail.failovers, label).toEqual([]);
    }
  });

  it("PERMISSION_DENIED before any chunk is still the channel's: it fails over as the HTTP 403 would", async () => {
    scripted.play([data({ error: { code: 403, message: "Permission denied on resource project.", status: "PERMISSION_DENIED" } })]);
    const name = unique("gemini-permission");
    const answer = await callWith(callers.gemini, groups.gemini, name);
    expect(answer.status, answer.text).toBe(503);
    const [call] = await env.ledger(name);
    const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
    expect(detail.failovers).toEqual([expect.objectContaining({ reason: "stream began with an error event: Permission denied on resource project." })]);
  });
});

describe("a Gemini stream error that refuses the channel's own key (400 INVALID_ARGUMENT, reason API_KEY_INVALID)", () => {
  // As Gemini answers a key it does not take, over HTTP (upstream-refusal.ts) and so inside a stream; the message names the key here.
  const keyRefused = {
    error: {
      code: 400,
      message: `API key not valid. Please pass a valid API key. (consumer 'api_key:${upstreamKeys.gemini}')`,
      status: "INVALID_ARGUMENT",
      details: [
        { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com", metadata: { service: "generativelanguage.googleapis.com" } },
        { "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message: "API key not valid. Please pass a valid API key." },
      ],
    },
  };
  const geminiChunk = data({ candidates: [{ content: { role: "model", parts: [{ text: "Hel" }] }, index: 0 }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1, totalTokenCount: 10 } });

  it("as the stream's first thing is the channel's, passthrough and translated: failed over (alone, the caller's 503), never the caller's own 400, and nothing of the key is said", async () => {
    for (const [label, caller, form] of [
      ["passthrough, a data: line", callers.gemini, data],
      ["passthrough, bare", callers.gemini, bare],
      ["translated, Anthropic caller", callers.messages, data],
      ["translated, chat caller, bare", callers.chat, bare],
      ["translated, Responses caller without a stream", callers["responses, no stream"], bare],
    ] as const) {
      scripted.play([form(keyRefused)]);
      const name = unique("gemini-key-refused");
      const answer = await callWith(caller, groups.gemini, name);
      expect(answer.status, `${label}: ${answer.text}`).toBe(503);
      expect(answer.text, label).not.toContain(upstreamKeys.gemini);
      const [call] = await env.ledger(name);
      const detail = (await env.tenant.owner.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      expect(detail.failovers, label).toEqual([expect.objectContaining({ reason: expect.stringMatching(/^stream began with an error event: API key not valid/) })]);
      expect(JSON.stringify(detail.failovers), label).not.toContain(upstreamKeys.gemini);
    }
  });

  it("after the stream's first chunk is the channel's stream that broke off, not the request's refusal", async () => {
    for (const caller of [callers.gemini, callers.messages]) {
      scripted.play([geminiChunk, data(keyRefused)]);
      const name = unique("gemini-key-refused-midway");
      expect((await callWith(caller, groups.gemini, name)).status).toBe(200);
      expect(await env.ledger(name), caller.format).toEqual([expect.objectContaining({ status: "upstream_broken" })]);
    }
  });
});

describe("Google's ABORTED and CANCELLED from the upstream (the gateway did not cancel the call)", () => {
  // google.rpc.Code maps them to 409 and 499, yet neither is the request's fault: ABORTED is a
  // concurrency conflict to retry at a higher level, and CANCELLED from an upstream means it gave up.
  const gaveUp = [
    { code: 409, message: "The operation was aborted.", status: "ABORTED" },
    { code: 499, message: "The operation was cancelled.", status: "CANCELLED" },
  ];
  const geminiChunk = data({ candidates: [{ content: { role: "model", parts: [{ text: "Hel" }] }, index: 0 }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 1, totalTokenCount: 10 } });

  it("are the channel's, as an HTTP answer and inside a stream, passthrough and translated: failed over (alone, the caller's 503), never the caller's own 409 or 499", async () => {
    for (const error of gaveUp) {
      for (const [label, caller, script] of [
        ["HTTP answer, passthrough", callers.gemini, { status: error.code, events: [JSON.stringify({ error })] }],
        ["HTTP answer, translated Anthropic caller", callers.messages, { status: error.code, events: [JSON.stringify({ error })] }],
        ["stream, a data: line, passthrough", callers.gemini, [data({ error })]],
        ["stream, bare, translated Anthropic caller", callers.messages, [bare({ error })]],
        ["stream, a data: line, translated chat caller", callers.chat, [data({ error })]],
        ["stream, bare, translated Responses caller without a stream", callers["responses, no stream"], [bare({ error })]],
      ] as [string, Caller, string[] | Script][]) {
        scripted.play(script);
        const name = unique("gemini-gave-up");
        const answer = await callWith(caller, groups.gemini, name);
        expect(answer.status, `${error.status}, ${label}: ${answer.text}`).toBe(503);
        const [call] = await env.ledger(name);
        const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
        expect(detail.failovers, `${error.status}, ${label}`).toEqual([
          expect.objectContaining({ reason: "status" in script ? `upstream answered ${error.code}` : `stream began with an error event: ${error.message}` }),
        ]);
      }
    }
  });

  it("after the stream's first chunk, are the channel's stream that broke off, not the request's refusal", async () => {
    for (const error of gaveUp) {
      for (const caller of [callers.gemini, callers.messages]) {
        scripted.play([geminiChunk, data({ error })]);
        const name = unique("gemini-gave-up-midway");
        const answer = await callWith(caller, groups.gemini, name);
        expect(answer.status).toBe(200);
        expect(await env.ledger(name), `${error.status}, ${caller.format}`).toEqual([expect.objectContaining({ status: "upstream_broken" })]);
      }
    }
  });
});

describe("a caller without a stream whose request an error inside the upstream's stream refuses", () => {
  const anthropicRefusal = (type: string, message: string) => named("error", { type: "error", error: { type, message } });
  const geminiNotFound = { error: { code: 404, message: "models/gemini-2.5-flash is not found for API version v1beta.", status: "NOT_FOUND" } };

  it("hears the error's own status, not always 400: the OpenAI SDK's Responses call, translated and passthrough", async () => {
    for (const [label, upstream, events, status, message] of [
      ["on Anthropic, not_found_error", groups.anthropic, [anthropicRefusal("not_found_error", "model: claude-x")], 404, "model: claude-x"],
      ["on Anthropic, request_too_large", groups.anthropic, [anthropicRefusal("request_too_large", "Request exceeds the maximum size")], 413, "Request exceeds the maximum size"],
      ["on Gemini, NOT_FOUND", groups.gemini, [data(geminiNotFound)], 404, geminiNotFound.error.message],
      ["passthrough, an error event coded not_found_error", groups.openai, [named("error", { type: "error", code: "not_found_error", message: "No such model.", param: null, sequence_number: 0 })], 404, "No such model."],
    ] as const) {
      scripted.play([...events]);
      const name = unique("no-stream-refused");
      const client = new OpenAI({ apiKey: await env.key(upstream.group, name), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
      const error = await client.responses.create({ model: upstream.model, input: "hi" }).catch((e) => e);
      expect(error, label).toBeInstanceOf(OpenAI.APIError);
      expect(error.status, label).toBe(status);
      expect(error.error?.message, label).toBe(message);
      const [call] = await env.ledger(name);
      expect(call, label).toMatchObject({ status: "upstream_error", http_status: status });
    }
  });

  it("never hears the channel's refused key as its own 401: OpenAI's invalid-key object (type invalid_request_error, code invalid_api_key) in a chat stream fails over", async () => {
    // OpenAI's own words for a key it does not know, as an OpenAI-compatible relay says them inside a 200 stream.
    const keyRefused = { error: { message: "Incorrect API key provided: sk-up***89. You can find your API key at https://platform.openai.com/account/api-keys.", type: "invalid_request_error", param: null, code: "invalid_api_key" } };
    for (const [label, caller, upstream] of [
      ["translated, Anthropic caller without a stream", callers.messages, groups.chat],
      ["passthrough chat", callers.chat, groups.chat],
    ] as const) {
      scripted.play([data(keyRefused)]);
      const name = unique("chat-key-refused");
      const answer = await callWith({ ...caller, body: (model) => ({ ...(caller.body(model) as object), stream: label.startsWith("passthrough") }) }, upstream, name);
      expect(answer.status, `${label}: ${answer.text}`).toBe(503);
      expect(answer.text, label).not.toContain("sk-up");
      const [call] = await env.ledger(name);
      const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: call.id } } })).data!;
      expect(detail.failovers, label).toEqual([expect.objectContaining({ reason: expect.stringContaining("stream began with an error event: Incorrect API key provided") })]);
    }
  });

  it("hears it so through the chat and Anthropic SDKs too", async () => {
    scripted.play([data(geminiNotFound)]);
    const openai = new OpenAI({ apiKey: await env.key(groups.gemini.group, unique("no-stream-chat")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const chatError = await openai.chat.completions.create({ model: groups.gemini.model, messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(chatError).toBeInstanceOf(OpenAI.NotFoundError);
    const anthropic = new Anthropic({ apiKey: await env.key(groups.gemini.group, unique("no-stream-messages")), baseURL: env.tollgate.url, maxRetries: 0 });
    const messagesError = await anthropic.messages.create({ model: groups.gemini.model, max_tokens: 64, messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(messagesError).toBeInstanceOf(Anthropic.NotFoundError);
    expect(messagesError.error).toMatchObject({ type: "error", error: { type: "not_found_error", message: geminiNotFound.error.message } });
  });
});
