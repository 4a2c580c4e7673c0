import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import type { CanonicalRequest, CanonicalResponse, Opaque, StreamEvent } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { messagesCodec } from "./index.ts";

const request: CanonicalRequest = { model: "gpt-5", system: [], turns: [], tools: [], stream: true };
const context: CallerContext = { model: "claude-via-gpt", includeUsage: false, request, estimatedInputTokens: 1200 };

/** The SSE text a writer produces for these events. */
function sseOf(events: StreamEvent[]): string {
  const writer = messagesCodec.streamWriter(context);
  return events.map((event) => writer.write(event)).join("") + writer.end();
}

/** The official SDK's client, reading `sse` as the answer to messages.stream(), accumulating the final message. */
async function throughSdk(sse: string) {
  const encoder = new TextEncoder();
  const body = new ReadableStream({
    start(controller) {
      // Small chunks, splitting events mid-line, as a network would.
      for (let i = 0; i < sse.length; i += 53) controller.enqueue(encoder.encode(sse.slice(i, i + 53)));
      controller.close();
    },
  });
  const client = new Anthropic({ apiKey: "sk-test", baseURL: "http://gateway.test", maxRetries: 0, fetch: async () => new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }) });
  const stream = client.messages.stream({ model: "claude-via-gpt", max_tokens: 100, messages: [{ role: "user", content: "hi" }] });
  const seen: string[] = [];
  stream.on("streamEvent", (event) => seen.push(event.type));
  return { message: await stream.finalMessage(), seen };
}

const usage = { input: 900, output: 120, cacheRead: 300, cacheWrite: 0, cacheWrite1h: 0, reasoning: 40 };
const responsesItem: Opaque = { origin: "responses", value: { type: "reasoning", id: "rs_9", summary: [{ type: "summary_text", text: "Plan" }], encrypted_content: "gAAAAABo-enc" } };
const geminiSignature: Opaque = { origin: "generate-content", value: { thoughtSignature: "CiQB0e2Kb/x+sig==" } };

const events: StreamEvent[] = [
  { type: "start", id: "resp_abc", model: "gpt-5", created: 1700000000 },
  { type: "block_start", index: 0, block: { type: "reasoning" } },
  { type: "reasoning_delta", index: 0, text: "Plan" },
  { type: "reasoning_opaque", index: 0, opaque: responsesItem },
  { type: "block_stop", index: 0 },
  { type: "block_start", index: 1, block: { type: "text" } },
  { type: "text_delta", index: 1, text: "Checking " },
  { type: "text_delta", index: 1, text: "now." },
  { type: "block_stop", index: 1 },
  { type: "block_start", index: 2, block: { type: "reasoning" } },
  { type: "reasoning_opaque", index: 2, opaque: geminiSignature, attachesToNext: true },
  { type: "block_stop", index: 2 },
  { type: "block_start", index: 3, block: { type: "tool_call", id: "call_77", name: "get_weather" } },
  { type: "tool_arguments_delta", index: 3, json: '{"city":' },
  { type: "tool_arguments_delta", index: 3, json: '"Paris"}' },
  { type: "block_stop", index: 3 },
  { type: "usage", usage: { ...usage, output: 60 } },
  { type: "finish", stopReason: "tool_use", stopSequence: null, usage },
];

describe("messages stream writer", () => {
  it("writes Anthropic's exact grammar: event lines, indexes from 0, usage estimate then cumulative", () => {
    const sse = sseOf(events);
    const parsed = sse
      .split("\n\n")
      .filter(Boolean)
      .map((chunk) => {
        const [eventLine, dataLine] = chunk.split("\n");
        const data = JSON.parse(dataLine.slice("data: ".length));
        expect(eventLine).toBe(`event: ${data.type}`);
        return data;
      });
    expect(parsed.map((data) => data.type)).toEqual([
      "message_start",
      "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
      "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
      "content_block_start", "content_block_delta", "content_block_stop",
      "content_block_start", "content_block_delta", "content_block_delta", "content_block_stop",
      "message_delta", "message_stop",
    ]);
    expect(parsed[0].message).toMatchObject({ id: "msg_resp_abc", model: "claude-via-gpt", content: [], stop_reason: null, usage: { input_tokens: 1200, output_tokens: 1 } });
    expect(parsed.filter((data) => data.type === "content_block_start").map((data) => data.index)).toEqual([0, 1, 2, 3]);
    expect(parsed.at(-2)).toEqual({
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null, stop_details: null, container: null },
      usage: { input_tokens: 900, output_tokens: 120, cache_creation_input_tokens: 0, cache_read_input_tokens: 300, output_tokens_details: { thinking_tokens: 40 }, server_tool_use: null },
    });
  });

  it("the official SDK's MessageStream accumulates it into the expected message", async () => {
    const { message, seen } = await throughSdk(sseOf(events));
    expect(seen[0]).toBe("message_start");
    expect(seen.at(-1)).toBe("message_stop");
    expect(message).toMatchObject({
      id: "msg_resp_abc",
      type: "message",
      role: "assistant",
      model: "claude-via-gpt",
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 900, output_tokens: 120, cache_read_input_tokens: 300, cache_creation_input_tokens: 0 },
    });
    expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "thinking", "tool_use"]);
    expect(message.content[1]).toMatchObject({ type: "text", text: "Checking now." });
    expect(message.content[3]).toMatchObject({ type: "tool_use", id: "call_77", name: "get_weather", input: { city: "Paris" } });
  });

  it("reasoning carried to the caller comes back through the request reader as the same opaque, byte-exact", async () => {
    const { message } = await throughSdk(sseOf(events));
    // The caller sends the assistant message back as the SDK accumulated it.
    const body = JSON.parse(JSON.stringify({ model: "claude-via-gpt", max_tokens: 100, messages: [{ role: "user", content: "hi" }, { role: "assistant", content: message.content }] }));
    const canonical = messagesCodec.readRequest(body, { stream: false, model: "gpt-5" });
    const [first, , second, call] = canonical.turns[1].parts;
    expect(first).toEqual({ type: "reasoning", text: "Plan", opaque: responsesItem });
    expect(JSON.stringify(first.type === "reasoning" && first.opaque)).toBe(JSON.stringify(responsesItem));
    expect(second).toEqual({ type: "reasoning", opaque: geminiSignature, attachesToNext: true });
    expect(call).toEqual({ type: "tool_call", id: "call_77", name: "get_weather", arguments: '{"city":"Paris"}' });
  });

  it("Anthropic's own reasoning (redacted and signed) is written as its own blocks", async () => {
    const own: StreamEvent[] = [
      { type: "start", id: "msg_own", model: "m", created: 1, usage: { input: 10, output: 1, cacheRead: 5, cacheWrite: 2, cacheWrite1h: 0, reasoning: 0 } },
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      { type: "reasoning_opaque", index: 0, opaque: { origin: "messages", value: { type: "redacted_thinking", data: "EmwK" } } },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "reasoning" } },
      { type: "reasoning_delta", index: 1, text: "hm" },
      { type: "reasoning_opaque", index: 1, opaque: { origin: "messages", value: { type: "thinking", thinking: "hm", signature: "Sig1" } } },
      { type: "block_stop", index: 1 },
      { type: "block_start", index: 2, block: { type: "refusal" } },
      { type: "refusal_delta", index: 2, text: "I can't help with that." },
      { type: "block_stop", index: 2 },
      { type: "finish", stopReason: "refusal", stopSequence: null, usage: { input: 10, output: 9, cacheRead: 5, cacheWrite: 2, cacheWrite1h: 0, reasoning: 0 } },
    ];
    const sse = sseOf(own);
    expect(sse).toContain('"usage":{"input_tokens":10,"output_tokens":1,"cache_creation_input_tokens":2,"cache_read_input_tokens":5');
    const { message } = await throughSdk(sse);
    expect(message.content).toEqual([
      { type: "redacted_thinking", data: "EmwK" },
      { type: "thinking", thinking: "hm", signature: "Sig1" },
      { type: "text", text: "I can't help with that.", citations: null },
    ]);
    expect(message.stop_reason).toBe("refusal");
    expect(message.usage).toMatchObject({ input_tokens: 10, output_tokens: 9, cache_creation_input_tokens: 2, cache_read_input_tokens: 5 });
  });

  it("a stream that breaks ends with Anthropic's error event, which the SDK raises", async () => {
    const writer = messagesCodec.streamWriter(context);
    const sse = writer.write(events[0]) + writer.write(events[5]) + writer.write(events[6]) + writer.error("upstream went away");
    expect(sse.endsWith('event: error\ndata: {"type":"error","error":{"type":"api_error","message":"upstream went away"}}\n\n')).toBe(true);
    await expect(throughSdk(sse)).rejects.toThrow(/upstream went away/);
  });
});

describe("messages response writer", () => {
  it("writes the message object with every field the SDK types list", () => {
    const response: CanonicalResponse = {
      id: "chatcmpl-123",
      model: "gpt-5",
      created: 1700000000,
      content: [
        { type: "reasoning", text: "Plan", opaque: responsesItem },
        { type: "text", text: "Done." },
        { type: "tool_call", id: "call_1", name: "f", arguments: '{"a":[1,2]}' },
        { type: "tool_call", id: "call_2", name: "g", arguments: '{"cut off' },
      ],
      stopReason: "stop_sequence",
      stopSequence: "END",
      usage,
    };
    const written = messagesCodec.writeResponse(response, context) as any;
    expect(written).toMatchObject({
      id: "msg_chatcmpl-123",
      type: "message",
      role: "assistant",
      model: "claude-via-gpt",
      stop_reason: "stop_sequence",
      stop_sequence: "END",
      stop_details: null,
      container: null,
      usage: { input_tokens: 900, output_tokens: 120, cache_creation_input_tokens: 0, cache_read_input_tokens: 300, output_tokens_details: { thinking_tokens: 40 }, server_tool_use: null },
    });
    expect(written.content[0].type).toBe("thinking");
    expect(written.content.slice(1)).toEqual([
      { type: "text", text: "Done.", citations: null },
      { type: "tool_use", id: "call_1", name: "f", input: { a: [1, 2] }, caller: { type: "direct" } },
      { type: "tool_use", id: "call_2", name: "g", input: {}, caller: { type: "direct" } },
    ]);
    const back = messagesCodec.readRequest({ model: "x", max_tokens: 1, messages: [{ role: "assistant", content: written.content }] }, { stream: false, model: "gpt-5" });
    expect(back.turns[0].parts[0]).toEqual({ type: "reasoning", text: "Plan", opaque: responsesItem });
  });
});
