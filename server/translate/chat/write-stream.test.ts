import { Stream } from "openai/core/streaming";
import { ChatCompletionStream } from "openai/lib/ChatCompletionStream";
import { describe, expect, it } from "vitest";
import { uncarry } from "../carry.ts";
import type { CanonicalRequest, Opaque, StreamEvent } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { APPLY_PATCH } from "../../../test/mock-upstreams/conversation.ts";
import { freeformArguments, freeformParameters } from "../freeform-tools.ts";
import { chatCodec } from "./index.ts";

const request: CanonicalRequest = { model: "claude-sonnet-4-5", system: [], turns: [], tools: [], stream: true };
const context = (includeUsage: boolean): CallerContext => ({ model: "claude-smart/claude-sonnet-4-5", includeUsage, request, estimatedInputTokens: 300 });

function writeAll(events: StreamEvent[], includeUsage: boolean): string {
  const writer = chatCodec.streamWriter(context(includeUsage));
  return events.map((event) => writer.write(event)).join("") + writer.end();
}

/** The caller's view: the openai SDK's own SSE parser, then its ChatCompletionStream accumulator. */
async function throughSdk(sse: string) {
  const stream = Stream.fromSSEResponse(new Response(sse, { headers: { "content-type": "text/event-stream" } }), new AbortController());
  const runner = ChatCompletionStream.fromReadableStream(stream.toReadableStream());
  const chunks: any[] = [];
  runner.on("chunk", (chunk) => chunks.push(chunk));
  const final: any = await runner.finalChatCompletion();
  return { final, chunks };
}

const thinking: Opaque = { origin: "messages", value: { type: "thinking", thinking: "The user wants weather.", signature: "EqQBCkgIBxABGAIiQJ3+/signature==" } };
const usage = { input: 100, output: 50, cacheRead: 200, cacheWrite: 30, cacheWrite1h: 0, reasoning: 12 };

const claudeTurn: StreamEvent[] = [
  { type: "start", id: "msg_01XFDUDYJgAACzvnptvVoYEL", model: "claude-sonnet-4-5-20250929", created: 1749112400 },
  { type: "block_start", index: 0, block: { type: "reasoning" } },
  { type: "reasoning_delta", index: 0, text: "The user wants weather." },
  { type: "reasoning_opaque", index: 0, opaque: thinking },
  { type: "block_stop", index: 0 },
  { type: "block_start", index: 1, block: { type: "text" } },
  { type: "text_delta", index: 1, text: "Let me" },
  { type: "text_delta", index: 1, text: " check." },
  { type: "block_stop", index: 1 },
  { type: "block_start", index: 2, block: { type: "tool_call", id: "toolu_01A09q90qw90lq917835lq9", name: "get_weather" } },
  { type: "tool_arguments_delta", index: 2, json: '{"city":' },
  { type: "tool_arguments_delta", index: 2, json: ' "Paris"}' },
  { type: "block_stop", index: 2 },
  { type: "block_start", index: 3, block: { type: "tool_call", id: "toolu_01B", name: "get_time" } },
  { type: "tool_arguments_delta", index: 3, json: "{}" },
  { type: "block_stop", index: 3 },
  { type: "usage", usage },
  { type: "finish", stopReason: "tool_use", stopSequence: null, usage },
];

describe("chat stream writer", () => {
  it("writes OpenAI's exact chunk grammar", () => {
    const sse = writeAll(
      [
        { type: "start", id: "resp_1", model: "x", created: 7 },
        { type: "block_start", index: 0, block: { type: "text" } },
        { type: "text_delta", index: 0, text: "Hi" },
        { type: "block_stop", index: 0 },
        { type: "finish", stopReason: "end_turn", usage: { input: 3, output: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
      ],
      true,
    );
    const head = '{"id":"chatcmpl-resp_1","object":"chat.completion.chunk","created":7,"model":"claude-smart/claude-sonnet-4-5","choices":[{"index":0,"delta":';
    expect(sse).toBe(
      `data: ${head}{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],"usage":null}\n\n` +
        `data: ${head}{"content":"Hi"},"logprobs":null,"finish_reason":null}],"usage":null}\n\n` +
        `data: ${head}{},"logprobs":null,"finish_reason":"stop"}],"usage":null}\n\n` +
        `data: {"id":"chatcmpl-resp_1","object":"chat.completion.chunk","created":7,"model":"claude-smart/claude-sonnet-4-5","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":1,"total_tokens":4,"prompt_tokens_details":{"cached_tokens":0},"completion_tokens_details":{"reasoning_tokens":0}}}\n\n` +
        "data: [DONE]\n\n",
    );
  });

  it("is accumulated by the openai SDK into the expected completion, with usage", async () => {
    const { final, chunks } = await throughSdk(writeAll(claudeTurn, true));
    expect(final).toMatchObject({
      id: "chatcmpl-msg_01XFDUDYJgAACzvnptvVoYEL",
      object: "chat.completion",
      created: 1749112400,
      model: "claude-smart/claude-sonnet-4-5",
      usage: { prompt_tokens: 330, completion_tokens: 50, total_tokens: 380, prompt_tokens_details: { cached_tokens: 200 }, completion_tokens_details: { reasoning_tokens: 12 } },
    });
    expect(final.choices).toHaveLength(1);
    expect(final.choices[0].finish_reason).toBe("tool_calls");
    const message = final.choices[0].message;
    expect(message.role).toBe("assistant");
    expect(message.content).toBe("Let me check.");
    expect(message.tool_calls).toEqual([
      { id: "toolu_01A09q90qw90lq917835lq9", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } },
      { id: "toolu_01B", type: "function", function: { name: "get_time", arguments: "{}" } },
    ]);
    expect(chunks.map((c) => c.choices[0]?.delta.reasoning_content).filter(Boolean)).toEqual(["The user wants weather."]);
    expect(message.reasoning_details).toHaveLength(1);
    // Followed by text, not by a call: the entry names no call.
    expect(Object.keys(message.reasoning_details[0]).sort()).toEqual(["data", "format", "index", "type"]);
    expect(message.reasoning_details[0]).toMatchObject({ type: "reasoning.encrypted", format: "tollgate-carry", index: 0 });
    expect(uncarry(message.reasoning_details[0].data)).toEqual({ opaque: thinking });

    // The caller sends the SDK's message back on the next turn: the thinking block comes back whole.
    const next = chatCodec.readRequest({ model: "m", messages: [{ role: "user", content: "Weather?" }, message] }, { stream: true, model: "m" });
    const parts = next.turns[1].parts;
    expect(parts.map((p) => p.type)).toEqual(["reasoning", "text", "tool_call", "tool_call"]);
    const reasoning = parts[0];
    expect(reasoning.type === "reasoning" && JSON.stringify(reasoning.opaque)).toBe(JSON.stringify(thinking));
  });

  it("carries Gemini's signature on a call, without usage when the caller did not ask for it", async () => {
    const signature: Opaque = { origin: "generate-content", value: { thoughtSignature: "CiQB0e2Kb6Xx/yZ+tn0==" } };
    const sse = writeAll(
      [
        { type: "start", id: "", model: "gemini-2.5-pro", created: 1749112500 },
        { type: "block_start", index: 0, block: { type: "reasoning" } },
        { type: "reasoning_opaque", index: 0, opaque: signature, attachesToNext: true },
        { type: "block_stop", index: 0 },
        { type: "block_start", index: 1, block: { type: "tool_call", id: "call_g1", name: "ls" } },
        { type: "tool_arguments_delta", index: 1, json: '{"path":"."}' },
        { type: "block_stop", index: 1 },
        { type: "finish", stopReason: "tool_use", usage },
      ],
      false,
    );
    expect(sse).not.toContain('"usage"');
    const { final } = await throughSdk(sse);
    expect(final.id).toMatch(/^chatcmpl-[0-9a-f]{24}$/);
    expect(final.usage).toBeUndefined();
    const message = final.choices[0].message;
    expect(message.reasoning_details[0].id).toBe("call_g1");
    const next = chatCodec.readRequest({ model: "m", messages: [{ role: "user", content: "ls" }, message] }, { stream: true, model: "m" });
    expect(next.turns[1].parts).toEqual([
      { type: "reasoning", opaque: signature, attachesToNext: true },
      { type: "tool_call", id: "call_g1", name: "ls", arguments: '{"path":"."}' },
    ]);
  });

  it("writes refusals, and several carried entries in one delta the SDK keeps whole", async () => {
    const second: Opaque = { origin: "responses", value: { type: "reasoning", id: "rs_2", summary: [], encrypted_content: "gAAAA==" } };
    const { final } = await throughSdk(
      writeAll(
        [
          { type: "start", id: "chatcmpl-r", model: "x", created: 9 },
          { type: "block_start", index: 0, block: { type: "reasoning" } },
          { type: "reasoning_opaque", index: 0, opaque: thinking },
          { type: "block_stop", index: 0 },
          { type: "block_start", index: 1, block: { type: "reasoning" } },
          { type: "reasoning_opaque", index: 1, opaque: second },
          { type: "block_stop", index: 1 },
          { type: "block_start", index: 2, block: { type: "refusal" } },
          { type: "refusal_delta", index: 2, text: "I can't help with that." },
          { type: "block_stop", index: 2 },
          { type: "finish", stopReason: "refusal", usage },
        ],
        true,
      ),
    );
    expect(final.id).toBe("chatcmpl-r");
    expect(final.choices[0]).toMatchObject({ finish_reason: "content_filter", message: { refusal: "I can't help with that." } });
    expect(final.choices[0].message.reasoning_details.map((entry: any) => uncarry(entry.data)?.opaque)).toEqual([thinking, second]);
  });

  it("streams a custom tool's call as custom input deltas, the freeform text exactly, beside a function call", async () => {
    const args = freeformArguments(APPLY_PATCH);
    const pieces = args.match(/[\s\S]{1,7}/g)!; // cuts escapes and the emoji's surrogate pair
    const withCustom = { ...request, tools: [{ name: "apply_patch", parameters: freeformParameters(undefined), freeform: {} }, { name: "ls", parameters: {} }] };
    const writer = chatCodec.streamWriter({ ...context(false), request: withCustom });
    const events: StreamEvent[] = [
      { type: "start", id: "chatcmpl-c", model: "x", created: 9 },
      { type: "block_start", index: 0, block: { type: "tool_call", id: "call_p", name: "apply_patch" } },
      ...pieces.map((json): StreamEvent => ({ type: "tool_arguments_delta", index: 0, json })),
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "tool_call", id: "call_l", name: "ls" } },
      { type: "tool_arguments_delta", index: 1, json: '{"path":"."}' },
      { type: "block_stop", index: 1 },
      { type: "finish", stopReason: "tool_use", usage },
    ];
    const sse = events.map((event) => writer.write(event)).join("") + writer.end();
    const { final, chunks } = await throughSdk(sse);
    const deltas = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);
    expect(deltas[0]).toEqual({ index: 0, id: "call_p", type: "custom", custom: { name: "apply_patch", input: "" } });
    const inputs = deltas.filter((delta: any) => delta.index === 0 && delta.custom?.input).map((delta: any) => delta.custom.input);
    expect(inputs.length).toBeGreaterThan(10); // the text grows as it comes, not once at the end
    expect(deltas.some((delta: any) => delta.index === 0 && delta.function)).toBe(false);
    expect(final.choices[0].finish_reason).toBe("tool_calls");
    expect(final.choices[0].message.tool_calls).toEqual([
      { id: "call_p", type: "custom", custom: { name: "apply_patch", input: APPLY_PATCH } },
      { id: "call_l", type: "function", function: { name: "ls", arguments: '{"path":"."}' } },
    ]);
  });

  it("gives a custom tool's arguments that are not {input: string} as the input, unchanged", async () => {
    const withCustom = { ...request, tools: [{ name: "apply_patch", parameters: freeformParameters(undefined), freeform: {} }] };
    const writer = chatCodec.streamWriter({ ...context(false), request: withCustom });
    const events: StreamEvent[] = [
      { type: "start", id: "chatcmpl-o", model: "x", created: 9 },
      { type: "block_start", index: 0, block: { type: "tool_call", id: "call_p", name: "apply_patch" } },
      { type: "tool_arguments_delta", index: 0, json: '{"patch":' },
      { type: "tool_arguments_delta", index: 0, json: '"x"}' },
      { type: "block_stop", index: 0 },
      { type: "finish", stopReason: "tool_use", usage },
    ];
    const { final } = await throughSdk(events.map((event) => writer.write(event)).join("") + writer.end());
    expect(final.choices[0].message.tool_calls[0].custom).toEqual({ name: "apply_patch", input: '{"patch":"x"}' });
  });

  it("ends a broken stream with an error chunk the SDK raises", async () => {
    const writer = chatCodec.streamWriter(context(true));
    const sse = writer.write(claudeTurn[0]) + writer.error("upstream connection reset");
    await expect(throughSdk(sse)).rejects.toThrow(/upstream connection reset/);
  });

  it("says the upstream's rate limit typed and coded as Tollgate's own 429 body is", async () => {
    const writer = chatCodec.streamWriter(context(true));
    const thrown = await throughSdk(writer.write(claudeTurn[0]) + writer.error("slow down", 429)).catch((e) => e);
    expect(thrown.error).toEqual({ message: "slow down", type: "rate_limit_exceeded", param: null, code: "rate_limit_exceeded" });
  });
});
