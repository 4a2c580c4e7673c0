import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Usage, billableTokens, usageFromAnthropic } from "../../domain/usage.ts";
import { SseSplitter } from "../../gateway/upstreams/sse.ts";
import { Assembler } from "../assemble.ts";
import { chatUsage } from "../chat/common.ts";
import type { StreamEvent } from "../canonical.ts";
import { messagesCodec } from "./index.ts";
import type { MessagesStreamReader } from "./stream-reader.ts";

function readStream(name: string): { events: StreamEvent[]; reader: MessagesStreamReader } {
  const splitter = new SseSplitter();
  const bytes = readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
  const reader = messagesCodec.streamReader() as MessagesStreamReader;
  const events: StreamEvent[] = [];
  // Fed in small pieces, as a network would.
  for (let i = 0; i < bytes.length; i += 97) for (const event of splitter.push(bytes.subarray(i, i + 97))) events.push(...reader.read(event));
  for (const event of splitter.end()) events.push(...reader.read(event));
  events.push(...reader.end());
  return { events, reader };
}

const redacted = { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP" };
const finalUsage = { input: 472, output: 89, cacheRead: 20480, cacheWrite: 1024, cacheWrite1h: 0, reasoning: 41 };

describe("messages stream reader", () => {
  it("a recorded stream with thinking, redacted thinking, text and a tool call → canonical events", () => {
    const { events } = readStream("stream-thinking-tool.sse");
    const start = events[0];
    expect(start).toMatchObject({ type: "start", id: "msg_01XFDUDYJgAACzvnptvVoYEL", model: "claude-sonnet-4-5-20250929", usage: { input: 472, output: 2, cacheRead: 20480, cacheWrite: 1024 } });
    expect(events.slice(1)).toEqual([
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      { type: "reasoning_delta", index: 0, text: "The user wants the weather" },
      { type: "reasoning_delta", index: 0, text: " in Paris. I'll call the tool." },
      {
        type: "reasoning_opaque",
        index: 0,
        opaque: { origin: "messages", value: { type: "thinking", thinking: "The user wants the weather in Paris. I'll call the tool.", signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" } },
      },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "reasoning" } },
      { type: "reasoning_opaque", index: 1, opaque: { origin: "messages", value: redacted } },
      { type: "block_stop", index: 1 },
      { type: "block_start", index: 2, block: { type: "text" } },
      { type: "text_delta", index: 2, text: "Let me check" },
      { type: "text_delta", index: 2, text: " the weather." },
      { type: "block_stop", index: 2 },
      { type: "block_start", index: 3, block: { type: "tool_call", id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "get_weather" } },
      { type: "tool_arguments_delta", index: 3, json: '{"city": "Pa' },
      { type: "tool_arguments_delta", index: 3, json: 'ris"}' },
      { type: "block_stop", index: 3 },
      { type: "usage", usage: finalUsage },
      { type: "finish", stopReason: "tool_use", stopSequence: null, usage: finalUsage },
    ]);
  });

  it("folds into the response the Assembler gives, usage as usage.ts computes it", () => {
    const { events } = readStream("stream-thinking-tool.sse");
    const assembler = new Assembler();
    for (const event of events) assembler.add(event);
    const response = assembler.response()!;
    expect(response.stopReason).toBe("tool_use");
    const billed = usageFromAnthropic({ input_tokens: 472, cache_creation_input_tokens: 1024, cache_read_input_tokens: 20480, output_tokens: 89 });
    expect({ ...response.usage, reasoning: 0 }).toEqual(billed);
    expect(response.content).toEqual([
      { type: "reasoning", text: "The user wants the weather in Paris. I'll call the tool.", opaque: { origin: "messages", value: { type: "thinking", thinking: "The user wants the weather in Paris. I'll call the tool.", signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" } } },
      { type: "reasoning", opaque: { origin: "messages", value: redacted } },
      { type: "text", text: "Let me check the weather." },
      { type: "tool_call", id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "get_weather", arguments: '{"city": "Paris"}' },
    ]);
  });

  it("the read thinking, written upstream next turn, is the block Anthropic sent", () => {
    const { events } = readStream("stream-thinking-tool.sse");
    const assembler = new Assembler();
    for (const event of events) assembler.add(event);
    const content = assembler.response()!.content;
    const body = messagesCodec.writeRequest({ model: "m", system: [], tools: [], stream: true, turns: [{ role: "user", parts: [{ type: "text", text: "weather?" }] }, { role: "assistant", parts: content }] }) as any;
    expect(body.messages[1].content).toEqual([
      { type: "thinking", thinking: "The user wants the weather in Paris. I'll call the tool.", signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds" },
      redacted,
      { type: "text", text: "Let me check the weather." },
      { type: "tool_use", id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "get_weather", input: { city: "Paris" } },
    ]);
  });

  it("an error event's type stands for its status, every type Anthropic documents (a 401 or 404 is not the upstream's 500)", () => {
    const statusOf = (type: string) => {
      const reader = messagesCodec.streamReader() as MessagesStreamReader;
      const data = JSON.stringify({ type: "error", error: { type, message: "m" } });
      reader.read({ raw: `event: error\ndata: ${data}\n\n`, event: "error", data });
      return reader.upstreamError?.status;
    };
    const expected = { invalid_request_error: 400, authentication_error: 401, billing_error: 402, permission_error: 403, not_found_error: 404, request_too_large: 413, rate_limit_error: 429, api_error: 500, timeout_error: 504, overloaded_error: 529, something_new: 500 };
    expect(Object.fromEntries(Object.keys(expected).map((type) => [type, statusOf(type)]))).toEqual(expected);
  });

  it("a mid-stream error event: nothing after it, open blocks closed, no finish, the error kept", () => {
    const { events, reader } = readStream("stream-overloaded.sse");
    expect(events.map((event) => event.type)).toEqual(["start", "block_start", "text_delta", "block_stop"]);
    expect(reader.upstreamError).toEqual({ status: 529, message: "Overloaded", type: "overloaded_error" });
    const assembler = new Assembler();
    for (const event of events) assembler.add(event);
    expect(assembler.response()).toBeNull();
  });

  it("maps model_context_window_exceeded to max_tokens and keeps the matched stop sequence", () => {
    const reader = messagesCodec.streamReader();
    const event = (name: string, data: unknown) => ({ raw: "", event: name, data: JSON.stringify(data) });
    reader.read(event("message_start", { type: "message_start", message: { id: "msg_1", model: "m", usage: { input_tokens: 3, output_tokens: 1 } } }));
    reader.read(event("message_delta", { type: "message_delta", delta: { stop_reason: "model_context_window_exceeded", stop_sequence: null }, usage: { output_tokens: 7 } }));
    expect(reader.read(event("message_stop", { type: "message_stop" })).at(-1)).toMatchObject({ type: "finish", stopReason: "max_tokens", usage: { input: 3, output: 7 } });
    const second = messagesCodec.streamReader();
    second.read(event("message_start", { type: "message_start", message: { id: "msg_2", model: "m", usage: { input_tokens: 3, output_tokens: 1 } } }));
    second.read(event("message_delta", { type: "message_delta", delta: { stop_reason: "stop_sequence", stop_sequence: "END" }, usage: { output_tokens: 2 } }));
    expect(second.read(event("message_stop", { type: "message_stop" })).at(-1)).toMatchObject({ stopReason: "stop_sequence", stopSequence: "END" });
  });

  it("counts thinking tokens an upstream should not have sent (a fraction, a negative) as whole and never below zero", () => {
    const event = (name: string, data: unknown) => ({ raw: "", event: name, data: JSON.stringify(data) });
    for (const [reported, counted] of [[12.5, 13], [-4, 0]]) {
      const reader = messagesCodec.streamReader();
      reader.read(event("message_start", { type: "message_start", message: { id: "msg_1", model: "m", usage: { input_tokens: 3, output_tokens: 1 } } }));
      reader.read(event("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 20, output_tokens_details: { thinking_tokens: reported } } }));
      expect(reader.read(event("message_stop", { type: "message_stop" })).at(-1)).toMatchObject({ type: "finish", usage: { output: 20, reasoning: counted } });
    }
  });

  it("carries message_start's 1-hour cache writes to the finish: a translated caller is told every write, billing prices the split", () => {
    const event = (name: string, data: unknown) => ({ raw: "", event: name, data: JSON.stringify(data) });
    const reader = messagesCodec.streamReader();
    const cacheCreation = { ephemeral_5m_input_tokens: 10, ephemeral_1h_input_tokens: 20 };
    reader.read(event("message_start", { type: "message_start", message: { id: "msg_1", model: "m", usage: { input_tokens: 4, output_tokens: 1, cache_creation_input_tokens: 30, cache_read_input_tokens: 0, cache_creation: cacheCreation } } }));
    // message_delta has the total only (the SDK's MessageDeltaUsage has no cache_creation).
    reader.read(event("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { input_tokens: 4, output_tokens: 9, cache_creation_input_tokens: 30, cache_read_input_tokens: 0 } }));
    const finish = reader.read(event("message_stop", { type: "message_stop" })).at(-1);
    expect(finish).toMatchObject({ type: "finish", usage: { input: 4, output: 9, cacheWrite: 30, cacheWrite1h: 20 } });
    const usage = (finish as { usage: Usage }).usage;
    expect(chatUsage(usage)).toMatchObject({ prompt_tokens: 4 + 30, total_tokens: 4 + 30 + 9 });
    expect(billableTokens(usage)).toEqual({ input: 4, output: 9, cache_read: 0, cache_write: 10, cache_write_1h: 20 });
  });
});

describe("messages error reader", () => {
  it("reads Anthropic's error body, and a body that is not one", () => {
    expect(messagesCodec.readError(429, '{"type":"error","error":{"type":"rate_limit_error","message":"Number of requests has exceeded your rate limit"},"request_id":"req_1"}')).toEqual({
      status: 429,
      type: "rate_limit_error",
      message: "Number of requests has exceeded your rate limit",
    });
    expect(messagesCodec.readError(502, "<html>Bad Gateway</html>")).toEqual({ status: 502, type: "api_error", message: "<html>Bad Gateway</html>" });
  });
});
