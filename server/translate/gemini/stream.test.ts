import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SseSplitter } from "../../gateway/upstreams/sse.ts";
import { Assembler } from "../assemble.ts";
import type { CanonicalRequest, CanonicalResponse, Opaque, StreamEvent } from "../canonical.ts";
import { carry } from "../carry.ts";
import { stopReasonOf } from "./common.ts";
import type { CallerContext } from "../codec.ts";
import { codecs } from "../codecs.ts";
import { geminiCodec } from "./index.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

function readStream(name: string): StreamEvent[] {
  const splitter = new SseSplitter();
  const reader = geminiCodec.streamReader();
  const events = [...splitter.push(new TextEncoder().encode(fixture(name))), ...splitter.end()].flatMap((event) => reader.read(event));
  return [...events, ...reader.end()];
}

function assemble(events: StreamEvent[]): CanonicalResponse {
  const assembler = new Assembler();
  for (const event of events) assembler.add(event);
  return assembler.response()!;
}

const request: CanonicalRequest = { model: "gemini-2.5-flash", system: [], turns: [], tools: [], stream: true };
const context: CallerContext = { model: "gemini-2.5-pro", includeUsage: true, request, estimatedInputTokens: 12 };
const tools = "CiQBVKhc7vB2Zr0pQ1a6L1xwq1JTq3C0m0yAg3CmfYb7q9Rkq2YSQAFUqFzu";

describe("generate-content stream reader", () => {
  it("reads thoughts, a signed function call and cumulative usage", () => {
    const events = readStream("stream-tools.sse");
    const weatherId = (events.find((e) => e.type === "block_start" && e.block.type === "tool_call") as any).block.id;
    const timeId = (events.filter((e) => e.type === "block_start" && e.block.type === "tool_call")[1] as any).block.id;
    expect(weatherId).toMatch(/^call_tggem_[0-9a-f]{20}$/);
    const finalUsage = { input: 156, output: 88, cacheRead: 256, cacheWrite: 0, cacheWrite1h: 0, reasoning: 57 };
    expect(events).toEqual([
      { type: "start", id: "mXl0aPqBEoW_kdUPsc6HoAg", model: "gemini-2.5-flash", created: expect.any(Number) },
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      { type: "reasoning_delta", index: 0, text: "**Checking the forecast**\n\nThe user wants Paris weather; " },
      { type: "usage", usage: { input: 412, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
      { type: "reasoning_delta", index: 0, text: "I will call get_weather." },
      { type: "usage", usage: { input: 412, output: 57, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 57 } },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "reasoning" } },
      { type: "reasoning_opaque", index: 1, opaque: { origin: "generate-content", value: { thoughtSignature: tools } }, attachesToNext: true },
      { type: "block_stop", index: 1 },
      { type: "block_start", index: 2, block: { type: "tool_call", id: weatherId, name: "get_weather" } },
      { type: "tool_arguments_delta", index: 2, json: '{"city":"Paris"}' },
      { type: "block_stop", index: 2 },
      { type: "block_start", index: 3, block: { type: "tool_call", id: timeId, name: "get_time" } },
      { type: "tool_arguments_delta", index: 3, json: '{"city":"Paris"}' },
      { type: "block_stop", index: 3 },
      { type: "usage", usage: finalUsage },
      { type: "finish", stopReason: "tool_use", stopSequence: null, usage: finalUsage },
    ]);
  });

  it("assembles a response whose signature goes back upstream on the same call", () => {
    const response = assemble(readStream("stream-tools.sse"));
    expect(response.stopReason).toBe("tool_use");
    const next = geminiCodec.writeRequest({ ...request, turns: [{ role: "user", parts: [{ type: "text", text: "weather?" }] }, { role: "assistant", parts: response.content }] });
    expect((next.contents as any[])[1]).toEqual({
      role: "model",
      parts: [
        { text: "**Checking the forecast**\n\nThe user wants Paris weather; I will call get_weather.", thought: true },
        { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: tools },
        { functionCall: { name: "get_time", args: { city: "Paris" } } },
      ],
    });
  });

  it("reads a signed text answer cut at max tokens", () => {
    const response = assemble(readStream("stream-text.sse"));
    expect(response).toMatchObject({
      id: "Hk4VaeOtLYW2kdUP9u_E2Q0",
      stopReason: "max_tokens",
      usage: { input: 9, output: 111, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 103 },
      content: [
        { type: "reasoning", opaque: { origin: "generate-content", value: { thoughtSignature: "EkQKQgFUqFzuR2Tt3y2mFv3xkq+0c8Bf7q5tF1xQfWc8mV0Tn9vJp3m7yqS0" } }, attachesToNext: true },
        { type: "text", text: "Paris is 18C with light rain." },
      ],
    });
  });

  it("reads a blocked prompt as a refusal, and a cut stream as unfinished", () => {
    expect(readStream("stream-blocked.sse").at(-1)).toEqual({ type: "finish", stopReason: "refusal", stopSequence: null, usage: { input: 15, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } });
    const reader = geminiCodec.streamReader();
    reader.read({ raw: "", data: '{"candidates":[{"content":{"parts":[{"text":"Hel"}],"role":"model"},"index":0}]}' });
    expect(reader.end().map((e) => e.type)).toEqual(["block_stop"]);
  });

  it("reads the error object a stream ends with, as a data: line or bare, as what the upstream said: its message and status, nothing of its details", () => {
    const details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "RATE_LIMIT_EXCEEDED", metadata: { consumer: "projects/913372816364" } }];
    const text = 'data: {"candidates":[{"content":{"parts":[{"text":"Hel"}],"role":"model"},"index":0}]}\r\n\r\n';
    const ended = (end: string) => {
      const splitter = new SseSplitter();
      const reader = geminiCodec.streamReader();
      const events = [...splitter.push(new TextEncoder().encode(text + end)), ...splitter.end()].flatMap((event) => reader.read(event));
      return { events: [...events, ...reader.end()], said: reader.upstreamError };
    };
    const quota = JSON.stringify({ error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED", details } });
    for (const end of [`data: ${quota}\r\n\r\n`, `${quota}\r\n\r\n`, JSON.stringify(JSON.parse(quota), null, 2)]) {
      const { events, said } = ended(end);
      expect(said, end).toEqual({ status: 429, message: "Resource has been exhausted (e.g. check quota).", type: "RESOURCE_EXHAUSTED" });
      expect(events.some((e) => e.type === "finish")).toBe(false);
    }
    // A status name without a usable code stands for its HTTP status; an error without a message says which it was.
    expect(ended(`${JSON.stringify({ error: { status: "UNAVAILABLE" } })}\n\n`).said).toEqual({ status: 503, message: "Gemini's stream ended with an error (UNAVAILABLE).", type: "UNAVAILABLE" });
    expect(ended("").said).toBeNull();
    // Of the details, only a RetryInfo's delay is read (for the relay's Retry-After), in whole seconds rounded up.
    const retry = [...details, { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "36.2s" }];
    expect(ended(`${JSON.stringify({ error: { code: 429, message: "slow down", status: "RESOURCE_EXHAUSTED", details: retry } })}\r\n\r\n`).said).toEqual({
      status: 429,
      message: "slow down",
      type: "RESOURCE_EXHAUSTED",
      retryAfterSeconds: 37,
    });
    // A reason API_KEY_INVALID says the channel's key was refused, though its status says a bad request.
    const keyRefused = { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT", details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID" }] };
    expect(ended(`${JSON.stringify({ error: keyRefused })}\r\n\r\n`).said).toEqual({ status: 400, message: keyRefused.message, type: "INVALID_ARGUMENT", keyRefused: true });
    // Gemini's messages can name the channel's key and project: those are taken out.
    const key = `AIza${"x".repeat(35)}`;
    const named = { code: 403, message: `Consumer 'api_key:${key}' (projects/578829824020, ${key}) has been suspended.`, status: "PERMISSION_DENIED" };
    expect(ended(`data: ${JSON.stringify({ error: named })}\r\n\r\n`).said?.message).toBe("Consumer 'api_key:(redacted)' (projects/(redacted), (redacted)) has been suspended.");
  });
});

// What a messages upstream's stream reads as: signed thinking, text, a tool call in pieces.
const thinking: Opaque = { origin: "messages", value: { type: "thinking", thinking: "Paris, so metric.", signature: "EqQBCkYIBxgCKkAsig==" } };
const upstream: StreamEvent[] = [
  { type: "start", id: "msg_01XFDUDYJgAACzvnptvVoYEL", model: "claude-sonnet-4-5", created: 1, usage: { input: 10, output: 1, cacheRead: 5, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
  { type: "block_start", index: 0, block: { type: "reasoning" } },
  { type: "reasoning_delta", index: 0, text: "Paris, so metric." },
  { type: "reasoning_opaque", index: 0, opaque: thinking },
  { type: "block_stop", index: 0 },
  { type: "block_start", index: 1, block: { type: "text" } },
  { type: "text_delta", index: 1, text: "Let me " },
  { type: "text_delta", index: 1, text: "check." },
  { type: "block_stop", index: 1 },
  { type: "block_start", index: 2, block: { type: "tool_call", id: "toolu_01A", name: "get_weather" } },
  { type: "tool_arguments_delta", index: 2, json: '{"ci' },
  { type: "tool_arguments_delta", index: 2, json: 'ty":"Paris"}' },
  { type: "block_stop", index: 2 },
  { type: "finish", stopReason: "tool_use", stopSequence: null, usage: { input: 10, output: 40, cacheRead: 5, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
];

describe("generate-content caller side, through @google/genai", () => {
  let server: Server;
  let ai: GoogleGenAI;
  /** What the stream route answers, each piece as its own network write. */
  let sse: string | string[] = "";
  let json: unknown = {};
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        if (req.url?.includes(":streamGenerateContent")) {
          res.writeHead(200, { "content-type": "text/event-stream" });
          const pieces = typeof sse === "string" ? [sse] : [...sse];
          const next = () => (pieces.length > 1 ? res.write(pieces.shift(), () => setTimeout(next, 20)) : res.end(pieces.shift()));
          next();
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(json));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    ai = new GoogleGenAI({ apiKey: "tg-test", httpOptions: { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("streams chunks the SDK reads: thoughts, text, a whole function call, finish and usage", async () => {
    const writer = geminiCodec.streamWriter(context);
    sse = upstream.map((event) => writer.write(event)).join("") + writer.end();
    expect((sse as string).split("\r\n\r\n").filter(Boolean).every((chunk) => chunk.startsWith("data: {"))).toBe(true);
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.5-pro", contents: "weather?" })) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.text ?? null)).toEqual([null, "Let me ", "check.", null, null]);
    expect(chunks[0].candidates![0].content!.parts).toEqual([{ text: "Paris, so metric.", thought: true }]);
    expect(chunks[1].candidates![0].content!.parts![0].thoughtSignature).toBe(carry(thinking));
    expect(chunks[3].functionCalls).toEqual([{ id: "toolu_01A", name: "get_weather", args: { city: "Paris" } }]);
    const last = chunks.at(-1)!;
    expect(last.candidates![0].finishReason).toBe("STOP");
    expect(last.usageMetadata).toEqual({ promptTokenCount: 15, cachedContentTokenCount: 5, candidatesTokenCount: 40, totalTokenCount: 55 });
    expect(last.responseId).toBe("msg_01XFDUDYJgAACzvnptvVoYEL");
    expect(last.modelVersion).toBe("gemini-2.5-pro");

    // Gemini CLI's history keeps the non-thought parts and merges text into the first part: the
    // carried signature still comes back, and the reader restores the messages block byte-exact.
    const kept = chunks.flatMap((chunk) => chunk.candidates?.[0]?.content?.parts ?? []).filter((part) => !part.thought);
    const history = [{ text: kept[0].text! + kept[1].text!, thoughtSignature: kept[0].thoughtSignature }, kept[2]];
    const next = geminiCodec.readRequest({ contents: [{ role: "user", parts: [{ text: "weather?" }] }, { role: "model", parts: history }] }, { stream: true, model: "m" });
    expect(next.turns[1].parts[0]).toEqual({ type: "reasoning", opaque: thinking });
    expect(JSON.stringify((next.turns[1].parts[0] as any).opaque)).toBe(JSON.stringify(thinking));
    expect(next.turns[1].parts[2]).toEqual({ type: "tool_call", id: "toolu_01A", name: "get_weather", arguments: '{"city":"Paris"}' });
  });

  it("answers a non-stream call the SDK reads, carrying reasoning that attaches to a call", async () => {
    const onCall: Opaque = { origin: "responses", value: { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAAAABo" } };
    const assembled = assemble(upstream);
    assembled.content.push({ type: "reasoning", opaque: onCall, attachesToNext: true }, { type: "tool_call", id: "call_2", name: "get_time", arguments: "{}" });
    json = geminiCodec.writeResponse(assembled, context);
    const response = await ai.models.generateContent({ model: "gemini-2.5-pro", contents: "weather?" });
    expect(response.text).toBe("Let me check.");
    expect(response.functionCalls).toEqual([
      { id: "toolu_01A", name: "get_weather", args: { city: "Paris" } },
      { id: "call_2", name: "get_time", args: {} },
    ]);
    const parts = response.candidates![0].content!.parts!;
    expect(response.candidates![0].finishReason).toBe("STOP");
    expect(parts[3].thoughtSignature).toBe(carry(onCall, true));
    const next = geminiCodec.readRequest({ contents: [{ role: "model", parts }] }, { stream: false, model: "m" });
    expect(next.turns[0].parts.filter((part) => part.type === "reasoning" && part.opaque)).toEqual([
      { type: "reasoning", opaque: thinking },
      { type: "reasoning", opaque: onCall, attachesToNext: true },
    ]);
  });

  it("puts reasoning blocks in a row into one signature on the next part, and a history without thought parts gives them all back", async () => {
    // Anthropic may answer thinking then redacted thinking before the text; OpenAI several reasoning items before a call.
    const redacted: Opaque = { origin: "messages", value: { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4a" } };
    const writer = geminiCodec.streamWriter(context);
    const events: StreamEvent[] = [
      ...upstream.slice(0, 5),
      { type: "block_start", index: 9, block: { type: "reasoning" } },
      { type: "reasoning_opaque", index: 9, opaque: redacted },
      { type: "block_stop", index: 9 },
      ...upstream.slice(5),
    ];
    sse = events.map((event) => writer.write(event)).join("") + writer.end();
    const parts = [];
    for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.5-pro", contents: "weather?" })) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
    const signed = parts.filter((part) => part.thoughtSignature !== undefined);
    expect(signed, "one signature, on the first part after the reasoning, as Gemini puts it").toEqual([{ text: "Let me ", thoughtSignature: expect.any(String) }]);

    const nonStream = assemble(events);
    const answer = geminiCodec.writeResponse(nonStream, context) as any;
    expect(answer.candidates[0].content.parts.filter((part: any) => part.thoughtSignature !== undefined).map((part: any) => Object.keys(part))).toEqual([["text", "thoughtSignature"]]);

    // Gemini CLI keeps the non-thought parts: both blocks reach the Anthropic upstream byte-exact, in order.
    const history = parts.filter((part) => !part.thought);
    const next = geminiCodec.readRequest({ contents: [{ role: "user", parts: [{ text: "weather?" }] }, { role: "model", parts: history }] }, { stream: true, model: "m" });
    expect(next.turns[1].parts.filter((part) => part.type === "reasoning")).toEqual([
      { type: "reasoning", opaque: thinking },
      { type: "reasoning", opaque: redacted },
    ]);
    const upstreamBody = codecs.messages.writeRequest(next) as any;
    expect(JSON.stringify(upstreamBody.messages[1].content.slice(0, 2))).toBe(JSON.stringify([thinking.value, redacted.value]));
  });

  it("ends a broken stream with the bare error object the SDK raises on", async () => {
    const writer = geminiCodec.streamWriter(context);
    // The error arrives as its own read, as it does when the upstream breaks after a while.
    sse = [writer.write(upstream[0]) + writer.write(upstream[5]) + writer.write(upstream[6]), writer.error("The upstream stream broke off.")];
    const seen: string[] = [];
    await expect(async () => {
      for await (const chunk of await ai.models.generateContentStream({ model: "gemini-2.5-pro", contents: "x" })) seen.push(chunk.text ?? "");
    }).rejects.toThrow(/broke off/);
    expect(seen).toEqual(["Let me "]);
  });

  it("says an upstream's error event with the status it stood for", () => {
    const said = JSON.parse(geminiCodec.streamWriter(context).error("Rate limited.", 429));
    expect(said).toEqual({ error: { code: 429, message: "Rate limited.", status: "RESOURCE_EXHAUSTED" } });
  });
});

describe("the stop reason of a Gemini answer", () => {
  it("is tool_use where it called a function, unless it was cut off or refused", () => {
    expect(stopReasonOf("STOP", true)).toBe("tool_use");
    expect(stopReasonOf("MAX_TOKENS", true)).toBe("max_tokens");
    expect(stopReasonOf("SAFETY", true)).toBe("refusal");
    expect(stopReasonOf("STOP", false)).toBe("end_turn");
  });
});
