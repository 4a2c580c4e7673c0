// Billing at the edges of a streamed call, passthrough and translated: an upstream that breaks off
// or ends with its error event (Gemini's bare one too) after the first byte, having reported only
// part of its usage; usage reported in part (zeros in Anthropic's message_delta, a Gemini finish
// without usageMetadata); a client that leaves mid-stream. One scripted upstream serves every
// channel kind here, so a test says exactly which events go out and how the stream ends.
import { ApiError, GoogleGenAI } from "@google/genai";
import { describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { sseData, sseEvent, type ScriptedUpstream, useScriptedRelay } from "../helpers/scripted-upstream.ts";

let env: RelayEnv;
let scripted: ScriptedUpstream;
useScriptedRelay({ quietCircuits: false }, (started) => ({ env, scripted } = started));

const named = sseEvent;
const data = sseData;
const anthropicStart = (usage: object) =>
  named("message_start", { type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], stop_reason: null, usage } });
const anthropicText = (text: string) => named("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } });
const anthropicBlockStart = named("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });

const expectNothingHeld = async () => expect(await env.held()).toEqual({ reservations: 0, keyReserved: 0, memberReserved: 0 });

async function post(path: string, headers: Record<string, string>, body: unknown, signal?: AbortSignal) {
  return fetch(`${env.tollgate.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body), signal });
}

/** The events of a stream as the client received them, by their `event:` names (a data-only event counts as "data"). */
const eventNames = (text: string) => text.split(/\n\n/).filter((event) => event.trim()).map((event) => /^event: (.+)$/m.exec(event)?.[1] ?? "data");

describe("a stream that breaks off after its first byte, having reported only its input", () => {
  // Anthropic's message_start reports the input and a placeholder of one output token; the real count comes in message_delta, which never came.
  const opening = [anthropicStart({ input_tokens: 15, output_tokens: 1 }), anthropicBlockStart, ...["The ", "answer ", "is ", "being ", "written"].map(anthropicText)];

  it("passthrough (the connection reset): the caller gets Anthropic's error event, and pays a token per forwarded event, as a disconnect would", async () => {
    scripted.play({ events: opening, end: "reset" });
    const name = unique("broken-anthropic");
    const before = await env.balance();
    const key = await env.key("claude-smart", name);
    const body = { model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: "Please answer with a short greeting." }] };
    const text = await (await post("/v1/messages", { "x-api-key": key, "anthropic-version": "2023-06-01" }, body)).text();
    const received = eventNames(text);
    expect(received.at(-1)).toBe("error");
    expect(text).toContain("broke off");
    const [call] = await env.ledger(name);
    // Seven events reached the caller before the error event: message_start, content_block_start and five deltas.
    expect(received).toHaveLength(8);
    expect(call).toMatchObject({ status: "upstream_broken", http_status: 200, input_tokens: 15, output_tokens: 7 });
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
  });

  it("translated (a Responses caller on a Claude group, the stream ending with Anthropic's error event): the caller's own error event, and the same floor", async () => {
    scripted.play({ events: [...opening, named("error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } })], end: "end" });
    const name = unique("broken-translated");
    const key = await env.key("claude-smart", name);
    const text = await (await post("/v1/responses", { authorization: `Bearer ${key}` }, { model: "claude-sonnet-4-6", stream: true, input: "Please answer with a short greeting." })).text();
    const received = eventNames(text);
    expect(received.at(-1)).toBe("error");
    expect(text).toContain("Overloaded");
    const [call] = await env.ledger(name);
    expect(received.filter((event) => event === "response.output_text.delta")).toHaveLength(5);
    expect(call).toMatchObject({ status: "upstream_broken", http_status: 200, input_tokens: 15 });
    // At least a token for each upstream event whose text reached the caller, not message_start's placeholder.
    expect(call.output_tokens).toBeGreaterThanOrEqual(5);
    await expectNothingHeld();
  });
});

describe("a Gemini stream that ends with Gemini's bare error object after its first chunks", () => {
  it("reaches google-genai as the error it raises, and the ledger and the channel's circuit record it as broken off, not as ok", async () => {
    const chunk = (text: string, candidates: number) =>
      data({ candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: candidates, totalTokenCount: 9 + candidates } });
    // Gemini's form of an error midway: the JSON object alone, no `data:` line.
    scripted.play({ events: [chunk("Hel", 1), chunk("lo", 2), `${JSON.stringify({ error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } })}\r\n\r\n`], end: "end" });
    const name = unique("gemini-error");
    const before = await env.balance();
    const ai = new GoogleGenAI({ apiKey: await env.key("gemini-official", name), httpOptions: { baseUrl: env.tollgate.url } });
    let text = "";
    const error = await (async () => {
      for await (const part of await ai.models.generateContentStream({ model: "gemini-2.5-flash", contents: "Please answer with a short greeting." })) text += part.text ?? "";
    })().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(503);
    expect(text).toBe("Hello");
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "upstream_broken", http_status: 200, input_tokens: 9, output_tokens: 2 });
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
    const { data: channels } = await env.operator.GET("/api/admin/channels");
    expect(channels!.data.find((channel) => channel.id === call.channel_id)!.health.last_error).toContain("The model is overloaded.");
  });
});

describe("a Gemini stream whose last chunk, with the finish, carries no usageMetadata", () => {
  it("is finished when that chunk has come: a client that leaves then was served (ok, its finish recorded), billed the usage reported", async () => {
    const chunk = (text: string, extra: object) => data({ candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }], ...extra });
    // The finish comes alone; the upstream then keeps the stream open, and the client leaves, as an agent does at the terminal chunk.
    scripted.play({ events: [chunk("Hel", { usageMetadata: { promptTokenCount: 9, candidatesTokenCount: 2, totalTokenCount: 11 } }), chunk("lo", {}).replace('"index":0', '"index":0,"finishReason":"STOP"')], end: "hang" });
    const name = unique("gemini-finish");
    const controller = new AbortController();
    const response = await post("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", { "x-goog-api-key": await env.key("gemini-official", name) }, { contents: [{ role: "user", parts: [{ text: "hi" }] }] }, controller.signal);
    const reader = response.body!.getReader();
    let seen = "";
    while (!seen.includes('"finishReason":"STOP"')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "ok", http_status: 200, finish_reason: "STOP", input_tokens: 9, output_tokens: 2 });
    await expectNothingHeld();
  });
});

describe("a translated stream that ends with the upstream's error event after a single event reached the caller", () => {
  it("is charged the estimate as passthrough is (input from the request, a token for the event), not as free", async () => {
    // An OpenAI-compatible upstream: the opening chunk, then its error chunk; no usage was reported.
    const opening = data({ id: "c", object: "chat.completion.chunk", created: 1, model: "qwen3-max", choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
    scripted.play({ events: [opening, data({ error: { message: "The server is overloaded", type: "server_error" } })], end: "end" });
    const name = unique("translated-error");
    const before = await env.balance();
    const body = { model: "qwen3-max", max_tokens: 64, stream: true, messages: [{ role: "user", content: "Please answer with a short greeting." }] };
    const text = await (await post("/v1/messages", { "x-api-key": await env.key("qwen-trial", name), "anthropic-version": "2023-06-01" }, body)).text();
    expect(eventNames(text)).toEqual(["message_start", "error"]);
    expect(text).toContain("The server is overloaded");
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "upstream_broken", http_status: 200, input_tokens: Math.ceil(Buffer.byteLength(JSON.stringify(body)) / 3), output_tokens: 1 });
    expect(call.cost).toBeGreaterThan(0);
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
  });
});

describe("an Anthropic-format stream whose message_delta gives zeros for what message_start counted", () => {
  it("keeps message_start's input and cache counts (cumulative counts never fall to zero), passthrough and translated", async () => {
    // An Anthropic-compatible endpoint may fill message_delta's usage with zeros for what it does not recount.
    const events = [
      anthropicStart({ input_tokens: 15, cache_read_input_tokens: 40, output_tokens: 1 }),
      anthropicBlockStart,
      anthropicText("Hello"),
      named("content_block_stop", { type: "content_block_stop", index: 0 }),
      named("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 } }),
      named("message_stop", { type: "message_stop" }),
    ];
    for (const [path, headers, body] of [
      ["/v1/messages", (key: string) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }), { model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: "hi" }] }],
      ["/v1/chat/completions", (key: string) => ({ authorization: `Bearer ${key}` }), { model: "claude-sonnet-4-6", stream: true, messages: [{ role: "user", content: "hi" }] }],
    ] as const) {
      scripted.play({ events, end: "end" });
      const name = unique("delta-zeros");
      expect((await post(path, headers(await env.key("claude-smart", name)), body)).status).toBe(200);
      const [call] = await env.ledger(name);
      expect(call, path).toMatchObject({ status: "ok", input_tokens: 15, cache_read_tokens: 40, output_tokens: 5 });
    }
    await expectNothingHeld();
  });
});

describe("a stream that breaks off after the upstream reported its finish and whole usage", () => {
  // message_delta gives the stop reason and the final count; only message_stop, which carries nothing, is missing.
  const finished = [
    anthropicStart({ input_tokens: 15, output_tokens: 1 }),
    anthropicBlockStart,
    anthropicText("Hi"),
    named("content_block_stop", { type: "content_block_stop", index: 0 }),
    named("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 2 } }),
  ];

  it("is charged what the upstream reported, as the same stream completed is, not a token per forwarded event (passthrough and translated)", async () => {
    for (const [path, headers, body] of [
      ["/v1/messages", (key: string) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }), { model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: "hi" }] }],
      ["/v1/responses", (key: string) => ({ authorization: `Bearer ${key}` }), { model: "claude-sonnet-4-6", stream: true, input: "hi" }],
    ] as const) {
      const charged: Record<string, unknown>[] = [];
      for (const end of ["completed", "reset", "error event"] as const) {
        const last = { completed: [named("message_stop", { type: "message_stop" })], reset: [], "error event": [named("error", { type: "error", error: { type: "overloaded_error", message: "Overloaded" } })] }[end];
        scripted.play({ events: [...finished, ...last], end: end === "reset" ? "reset" : "end" });
        const name = unique("finished");
        await (await post(path, headers(await env.key("claude-smart", name)), body)).text();
        const [call] = await env.ledger(name);
        charged.push({ input_tokens: call.input_tokens, output_tokens: call.output_tokens, cost: call.cost });
      }
      expect(charged[0], path).toEqual({ input_tokens: 15, output_tokens: 2, cost: expect.any(Number) });
      expect(charged[1], `${path} reset`).toEqual(charged[0]);
      expect(charged[2], `${path} error event`).toEqual(charged[0]);
    }
    await expectNothingHeld();
  });
});
