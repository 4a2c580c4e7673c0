// A Gemini upstream whose stream ends with Gemini's error object after its first chunks — as a
// `data:` line, or bare (the JSON alone, Gemini's own form midway) — reaches a caller of another
// format, through its official SDK, as that format's error event saying Gemini's message with a
// status-like type or code (429 RESOURCE_EXHAUSTED as a rate limit, 503 UNAVAILABLE as a server
// error), not a generic "ended before the answer was complete". Nothing else of the error object
// goes along: its `details` (the consumer project, help links) and nothing of the channel (its key,
// its address). One that refuses the request before any chunk (INVALID_ARGUMENT) reaches the caller
// as that refusal, not failed over as the channel's fault. A scripted upstream says exactly which
// chunks go out.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { startScriptedUpstream } from "../helpers/scripted-upstream.ts";
import { sleep } from "../mock-upstreams/server.ts";

let env: RelayEnv;
let scripted: Awaited<ReturnType<typeof startScriptedUpstream>>;
let upstreamUrl = "";

beforeAll(async () => {
  scripted = await startScriptedUpstream();
  upstreamUrl = scripted.url;
  env = await startRelayEnv({ env: { TOLLGATE_GEMINI_BASE_URL: upstreamUrl } });
  const group = env.groups.get("gemini-official")!;
  const interfaces = ["messages", "chat", "responses"] as const;
  const { error } = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: [...interfaces] } });
  if (error) throw new Error(`opt-in: ${JSON.stringify(error)}`);
  await sleep(1200); // the catalog reloads
}, 60_000);
afterAll(async () => {
  await env?.stop();
  scripted?.close();
});

const chunk = (text: string, candidates: number) =>
  `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0 }], usageMetadata: { promptTokenCount: 9, candidatesTokenCount: candidates, totalTokenCount: 9 + candidates }, modelVersion: "gemini-2.5-flash", responseId: "r1" })}\r\n\r\n`;
const opening = [chunk("Hel", 1), chunk("lo", 2)];

const quota = {
  code: 429,
  message: "Resource has been exhausted (e.g. check quota).",
  status: "RESOURCE_EXHAUSTED",
  details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "RATE_LIMIT_EXCEEDED", metadata: { consumer: "projects/913372816364", service: "generativelanguage.googleapis.com" } }],
};
const overloaded = { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" };
const asDataLine = (error: object) => `data: ${JSON.stringify({ error })}\r\n\r\n`;
const bare = (error: object) => `${JSON.stringify({ error })}\r\n\r\n`;

/** Nothing of the error object but its message, and nothing of the channel. */
function expectNothingSecret(said: string) {
  for (const secret of ["913372816364", "googleapis.com", "RATE_LIMIT_EXCEEDED", upstreamKeys.gemini, upstreamUrl, new URL(upstreamUrl).port]) expect(said).not.toContain(secret);
  expect(said).not.toMatch(/ended before the answer was complete/);
}

const ask = "Please answer with a short greeting.";

describe("a Gemini stream that ends with Gemini's error object, translated", () => {
  for (const [form, end] of [
    ["a data: line", asDataLine],
    ["bare", bare],
  ] as const) {
    it(`(${form}) reaches the Anthropic SDK as an error event of Anthropic's type for the status, with Gemini's message`, async () => {
      scripted.play([...opening, end(quota)]);
      const name = unique("gemini-error-messages");
      const client = new Anthropic({ apiKey: await env.key("gemini-official", name), baseURL: env.tollgate.url, maxRetries: 0 });
      let text = "";
      const error = await (async () => {
        const stream = client.messages.stream({ model: "gemini-2.5-flash", max_tokens: 64, messages: [{ role: "user", content: ask }] });
        for await (const event of stream) if (event.type === "content_block_delta" && event.delta.type === "text_delta") text += event.delta.text;
      })().catch((e) => e);
      expect(text).toBe("Hello");
      expect(error).toBeInstanceOf(Anthropic.APIError);
      expect(error.error).toEqual({ type: "error", error: { type: "rate_limit_error", message: quota.message } });
      expectNothingSecret(JSON.stringify(error.error) + error.message);
      const [call] = await env.ledger(name);
      expect(call).toMatchObject({ status: "upstream_broken", http_status: 200 });
    });

    it(`(${form}) reaches the OpenAI SDK's chat stream as the error chunk it raises, typed for the status, with Gemini's message`, async () => {
      scripted.play([...opening, end(overloaded)]);
      const client = new OpenAI({ apiKey: await env.key("gemini-official", unique("gemini-error-chat")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
      let text = "";
      const error = await (async () => {
        const stream = await client.chat.completions.create({ model: "gemini-2.5-flash", stream: true, messages: [{ role: "user", content: ask }] });
        for await (const part of stream) text += part.choices[0]?.delta?.content ?? "";
      })().catch((e) => e);
      expect(text).toBe("Hello");
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect(error.error).toMatchObject({ message: overloaded.message, type: "server_error" });
      expectNothingSecret(JSON.stringify(error.error) + error.message);
    });

    it(`(${form}) reaches the OpenAI SDK's Responses stream as its error event, coded for the status, with Gemini's message`, async () => {
      scripted.play([...opening, end(quota)]);
      const client = new OpenAI({ apiKey: await env.key("gemini-official", unique("gemini-error-responses")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
      const events: any[] = [];
      const thrown = await (async () => {
        const stream = await client.responses.create({ model: "gemini-2.5-flash", stream: true, input: ask });
        for await (const event of stream) events.push(event);
      })().catch((e) => e);
      const said = thrown instanceof OpenAI.APIError ? thrown.error : events.at(-1);
      expect(said).toMatchObject({ code: "rate_limit_exceeded", message: quota.message });
      expect(events.filter((event) => event.type === "response.output_text.delta").map((event) => event.delta).join("")).toBe("Hello");
      expectNothingSecret(JSON.stringify(said) + String(thrown?.message ?? ""));
    });
  }

  it("says Gemini's message without the channel's key or the Google Cloud project, which Gemini's messages can name", async () => {
    const suspended = { code: 403, message: `Permission denied: Consumer 'api_key:${upstreamKeys.gemini}' has been suspended.`, status: "PERMISSION_DENIED" };
    const perMinute = {
      code: 429,
      message: "Quota exceeded for quota metric 'Generate Content API requests per minute' and limit 'GenerateContent request limit per minute for a region' of service 'generativelanguage.googleapis.com' for consumer 'project_number:913372816364'.",
      status: "RESOURCE_EXHAUSTED",
    };
    for (const [error, type] of [
      [suspended, "permission_error"],
      [perMinute, "rate_limit_error"],
    ] as const) {
      scripted.play([...opening, asDataLine(error)]);
      const client = new Anthropic({ apiKey: await env.key("gemini-official", unique("gemini-error-secret")), baseURL: env.tollgate.url, maxRetries: 0 });
      const thrown = await (async () => {
        for await (const _ of client.messages.stream({ model: "gemini-2.5-flash", max_tokens: 64, messages: [{ role: "user", content: ask }] }));
      })().catch((e) => e);
      expect(thrown).toBeInstanceOf(Anthropic.APIError);
      expect(thrown.error.error.type).toBe(type);
      expect(thrown.error.error.message).toMatch(/^(Permission denied: Consumer|Quota exceeded for quota metric)/);
      expect(JSON.stringify(thrown.error) + thrown.message).not.toContain(upstreamKeys.gemini);
      expect(JSON.stringify(thrown.error) + thrown.message).not.toContain("913372816364");
    }
  });

  it("that refuses the request before any chunk (INVALID_ARGUMENT) reaches the caller as the refusal it is, recorded as the request's fault, not the channel's", async () => {
    const refusal = { code: 400, message: "* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.", status: "INVALID_ARGUMENT" };
    scripted.play([asDataLine(refusal)]);
    const name = unique("gemini-error-refused");
    const client = new Anthropic({ apiKey: await env.key("gemini-official", name), baseURL: env.tollgate.url, maxRetries: 0 });
    const error = await (async () => {
      for await (const _ of client.messages.stream({ model: "gemini-2.5-flash", max_tokens: 64, messages: [{ role: "user", content: ask }] }));
    })().catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.error).toEqual({ type: "error", error: { type: "invalid_request_error", message: refusal.message } });
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "upstream_error" });
  });
});
