import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { usageFromChat } from "../../domain/usage.ts";
import { SseSplitter } from "../../gateway/upstreams/sse.ts";
import { Assembler } from "../assemble.ts";
import type { StreamEvent } from "../canonical.ts";
import { chatCodec } from "./index.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

/** Feeds SSE text through the relay's splitter and the chat stream reader, in small byte pieces. */
function readStream(sse: string, piece = 97): StreamEvent[] {
  const splitter = new SseSplitter();
  const reader = chatCodec.streamReader();
  const bytes = new TextEncoder().encode(sse);
  const events: StreamEvent[] = [];
  for (let at = 0; at < bytes.length; at += piece) for (const event of splitter.push(bytes.subarray(at, at + piece))) events.push(...reader.read(event));
  for (const event of splitter.end()) events.push(...reader.read(event));
  events.push(...reader.end());
  return events;
}

const assemble = (events: StreamEvent[]) => {
  const assembler = new Assembler();
  for (const event of events) assembler.add(event);
  return assembler.response();
};

const chunk = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}\n\n`;

describe("chat stream reader", () => {
  it("reads MiniMax's reasoning_details, streamed as new text or as the text so far, into one reasoning block carrying the entry", () => {
    const entry = { type: "reasoning.text", id: "reasoning-text-1", format: "MiniMax-response-v1", index: 0 };
    const read = (texts: string[]) =>
      readStream([...texts.map((text) => chunk({ reasoning_details: [{ ...entry, text }] })), chunk({ content: "Hi." }), chunk({}, "stop"), "data: [DONE]\n\n"].join(""));
    const expected = (deltas: string[]) => [
      { type: "start", id: "x", model: "m", created: 1 },
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      ...deltas.map((text) => ({ type: "reasoning_delta", index: 0, text })),
      { type: "reasoning_opaque", index: 0, opaque: { origin: "chat", value: { ...entry, text: "The user greets me." } } },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "text" } },
      { type: "text_delta", index: 1, text: "Hi." },
      { type: "block_stop", index: 1 },
      { type: "finish", stopReason: "end_turn", stopSequence: null, usage: usageFromChat(undefined) },
    ];
    // MiniMax-M2.7 sends each piece's new text; MiniMax's docs example reads each as the text so far.
    expect(read(["The user", " greets me."])).toEqual(expected(["The user", " greets me."]));
    expect(read(["The user", "The user greets me.", "The user greets me."])).toEqual(expected(["The user", " greets me."]));
  });

  it("reads OpenAI text and two tool calls, finishing at the usage chunk", () => {
    const sse = fixture("stream-openai-tools.sse");
    const events = readStream(sse);
    const usage = usageFromChat({ prompt_tokens: 1432, completion_tokens: 58, total_tokens: 1490, prompt_tokens_details: { cached_tokens: 1280 } });
    expect(events).toEqual([
      { type: "start", id: "chatcmpl-BfXq2kR8aZ1pL0mN3oP4qR5sT6", model: "gpt-4.1-2025-04-14", created: 1749112233 },
      { type: "block_start", index: 0, block: { type: "text" } },
      { type: "text_delta", index: 0, text: "Checking" },
      { type: "text_delta", index: 0, text: " both." },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "tool_call", id: "call_Jx81nQ2vWm3kP0aB", name: "get_weather" } },
      { type: "tool_arguments_delta", index: 1, json: '{"ci' },
      { type: "tool_arguments_delta", index: 1, json: 'ty": "Paris"}' },
      { type: "block_stop", index: 1 },
      { type: "block_start", index: 2, block: { type: "tool_call", id: "call_Qp4mZ7cT9sL2wE5r", name: "get_time" } },
      { type: "tool_arguments_delta", index: 2, json: '{"tz": "Europe/Paris"}' },
      { type: "block_stop", index: 2 },
      { type: "finish", stopReason: "tool_use", stopSequence: null, usage },
    ]);
    expect(usage).toEqual({ input: 152, output: 58, cacheRead: 1280, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 });
    // The finish comes with the usage chunk, before [DONE].
    const reader = chatCodec.streamReader();
    const perEvent = new SseSplitter().push(new TextEncoder().encode(sse)).map((event) => reader.read(event));
    expect(perEvent.at(-2)?.at(-1)?.type).toBe("finish");
    expect(perEvent.at(-1)).toEqual([]);
    expect(assemble(events)).toEqual({
      id: "chatcmpl-BfXq2kR8aZ1pL0mN3oP4qR5sT6",
      model: "gpt-4.1-2025-04-14",
      created: 1749112233,
      content: [
        { type: "text", text: "Checking both." },
        { type: "tool_call", id: "call_Jx81nQ2vWm3kP0aB", name: "get_weather", arguments: '{"city": "Paris"}' },
        { type: "tool_call", id: "call_Qp4mZ7cT9sL2wE5r", name: "get_time", arguments: '{"tz": "Europe/Paris"}' },
      ],
      stopReason: "tool_use",
      stopSequence: null,
      usage,
    });
  });

  it("reads DeepSeek reasoning with its opaque, usage on the finish chunk, finishing at [DONE]", () => {
    const events = readStream(fixture("stream-deepseek-reasoner.sse"), 31);
    const usage = { input: 14, output: 120, cacheRead: 16, cacheWrite: 0, cacheWrite1h: 0, reasoning: 95 };
    const opaque = { origin: "chat", value: { reasoning_content: "Rain in Paris, so yes." } };
    expect(events).toEqual([
      { type: "start", id: "5b0c1f3e-8d2a-4c7b-9e61-0f3a2d4b6c8e", model: "deepseek-reasoner", created: 1749112301 },
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      { type: "reasoning_delta", index: 0, text: "Rain in" },
      { type: "reasoning_delta", index: 0, text: " Paris, so yes." },
      { type: "reasoning_opaque", index: 0, opaque },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "text" } },
      { type: "text_delta", index: 1, text: "Yes," },
      { type: "text_delta", index: 1, text: " take one." },
      { type: "block_stop", index: 1 },
      { type: "finish", stopReason: "end_turn", stopSequence: null, usage },
    ]);
    const response = assemble(events)!;
    expect(response.content).toEqual([
      { type: "reasoning", text: "Rain in Paris, so yes.", opaque },
      { type: "text", text: "Yes, take one." },
    ]);
    // The next turn sends the reasoning back to DeepSeek as it came.
    const next: any = chatCodec.writeRequest({ model: "deepseek-reasoner", system: [], turns: [{ role: "user", parts: [{ type: "text", text: "Umbrella?" }] }, { role: "assistant", parts: response.content }], tools: [], stream: false });
    expect(next.messages[1]).toEqual({ role: "assistant", content: "Yes, take one.", reasoning_content: "Rain in Paris, so yes." });
  });

  it("maps finish reasons; tool calls win over stop", () => {
    const stopOf = (sse: string) => readStream(sse).find((e) => e.type === "finish");
    expect(stopOf(chunk({ content: "a" }) + chunk({}, "length") + "data: [DONE]\n\n")).toMatchObject({ stopReason: "max_tokens" });
    expect(stopOf(chunk({ content: "a" }) + chunk({}, "content_filter") + "data: [DONE]\n\n")).toMatchObject({ stopReason: "refusal" });
    const call = { tool_calls: [{ index: 0, id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] };
    expect(stopOf(chunk(call) + chunk({}, "stop") + "data: [DONE]\n\n")).toMatchObject({ stopReason: "tool_use" });
  });

  it("reads Kimi's usage on the choice, refusals, and a stream with no [DONE]", () => {
    const usage = { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13, cached_tokens: 0 };
    const sse = chunk({ role: "assistant", content: "" }) + chunk({ refusal: "No." }) + `data: ${JSON.stringify({ id: "x", created: 1, model: "kimi-k2", choices: [{ index: 0, delta: {}, finish_reason: "stop", usage }] })}\n\n`;
    const events = readStream(sse);
    expect(events.slice(1)).toEqual([
      { type: "block_start", index: 0, block: { type: "refusal" } },
      { type: "refusal_delta", index: 0, text: "No." },
      { type: "block_stop", index: 0 },
      { type: "finish", stopReason: "end_turn", stopSequence: null, usage: { input: 10, output: 3, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
    ]);
  });

  it("gives no finish for a stream that never finished, but closes its block and reports usage seen", () => {
    const events = readStream(chunk({ content: "Hel" }) + chunk({ tool_calls: [{ id: "c1", function: { name: "f", arguments: '{"a"' } }] }));
    expect(events.map((e) => e.type)).toEqual(["start", "block_start", "text_delta", "block_stop", "block_start", "tool_arguments_delta", "block_stop"]);
    const withUsage = readStream(chunk({ content: "Hi" }, null, { usage: { prompt_tokens: 5, completion_tokens: 1 } }));
    expect(withUsage.filter((e) => e.type === "usage" || e.type === "finish")).toEqual([{ type: "usage", usage: { input: 5, output: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } }]);
  });

  it("ends at an error chunk sent mid-stream, keeping what it said, with no finish", () => {
    const reader = chatCodec.streamReader();
    reader.read({ raw: "", data: JSON.stringify({ id: "x", choices: [{ index: 0, delta: { content: "a" } }] }) });
    expect(reader.read({ raw: "", data: JSON.stringify({ error: { message: "overloaded", type: "server_error" } }) })).toEqual([{ type: "block_stop", index: 0 }]);
    expect(reader.upstreamError).toEqual({ status: 500, message: "overloaded", type: "server_error" });
    expect(reader.end().some((event) => event.type === "finish")).toBe(false);
  });

  it("reads an error chunk's type as the status the caller's error event is typed for", () => {
    const said = (error: object) => {
      const reader = chatCodec.streamReader();
      reader.read({ raw: "", data: JSON.stringify({ error }) });
      return reader.upstreamError?.status;
    };
    expect(said({ message: "Rate limit reached for requests", type: "rate_limit_exceeded" })).toBe(429);
    expect(said({ message: "Input data may contain inappropriate content.", type: "data_inspection_failed" })).toBe(400);
    expect(said({ message: "Invalid request", type: "invalid_request_error" })).toBe(400);
    expect(said({ message: "overloaded", type: "server_error" })).toBe(500);
    expect(said({ message: "no type" })).toBe(500);
  });

  it("keeps parallel tool calls apart when the upstream interleaves their fragments (headers first, then arguments)", () => {
    const sse =
      chunk({ role: "assistant", tool_calls: [
        { index: 0, id: "call_a", type: "function", function: { name: "fa", arguments: "" } },
        { index: 1, id: "call_b", type: "function", function: { name: "fb", arguments: "" } },
      ] }) +
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"x":' } }] }) +
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"y":2}' } }] }) +
      chunk({ tool_calls: [{ index: 0, function: { arguments: "1}" } }] }) +
      chunk({}, "tool_calls") +
      "data: [DONE]\n\n";
    const events = readStream(sse, 13);
    expect(events.slice(1, -1)).toEqual([
      { type: "block_start", index: 0, block: { type: "tool_call", id: "call_a", name: "fa" } },
      { type: "block_start", index: 1, block: { type: "tool_call", id: "call_b", name: "fb" } },
      { type: "tool_arguments_delta", index: 0, json: '{"x":' },
      { type: "tool_arguments_delta", index: 1, json: '{"y":2}' },
      { type: "tool_arguments_delta", index: 0, json: "1}" },
      { type: "block_stop", index: 0 },
      { type: "block_stop", index: 1 },
    ]);
    expect(assemble(events)?.content).toEqual([
      { type: "tool_call", id: "call_a", name: "fa", arguments: '{"x":1}' },
      { type: "tool_call", id: "call_b", name: "fb", arguments: '{"y":2}' },
    ]);
  });

  it("a tool call cut off by the output limit finishes as max_tokens, not as a call to run", () => {
    const sse =
      chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_w", type: "function", function: { name: "write", arguments: '{"path":"a.txt","content":"hel' } }] }) +
      chunk({}, "length") +
      "data: [DONE]\n\n";
    expect(readStream(sse).at(-1)).toMatchObject({ type: "finish", stopReason: "max_tokens" });
    // A call the upstream finished with `stop` is still a call (some upstreams say stop).
    const stopped = chunk({ role: "assistant", tool_calls: [{ index: 0, id: "call_r", type: "function", function: { name: "read", arguments: "{}" } }] }) + chunk({}, "stop") + "data: [DONE]\n\n";
    expect(readStream(stopped).at(-1)).toMatchObject({ type: "finish", stopReason: "tool_use" });
  });
});
