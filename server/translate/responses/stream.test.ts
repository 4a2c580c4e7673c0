import { readFileSync } from "node:fs";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { SseSplitter } from "../../gateway/upstreams/sse.ts";
import { Assembler } from "../assemble.ts";
import { carry } from "../carry.ts";
import type { CanonicalRequest, Opaque, StreamEvent } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { APPLY_PATCH } from "../../../test/mock-upstreams/conversation.ts";
import { freeformParameters } from "../freeform-tools.ts";
import { messagesCodec } from "../messages/index.ts";
import { responsesCodec } from "./index.ts";
import type { ResponsesStreamReader } from "./stream-read.ts";

const fixtureText = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

function readStream(sse: string): { events: StreamEvent[]; reader: ResponsesStreamReader } {
  const splitter = new SseSplitter();
  const reader = responsesCodec.streamReader() as ResponsesStreamReader;
  const events: StreamEvent[] = [];
  for (const event of [...splitter.push(new TextEncoder().encode(sse)), ...splitter.end()]) events.push(...reader.read(event));
  events.push(...reader.end());
  return { events, reader };
}

const sse = (type: string, data: Record<string, unknown>) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

describe("responses stream reader: a recorded upstream stream", () => {
  const { events } = readStream(fixtureText("upstream-stream.sse"));
  const recorded = fixtureText("upstream-stream.sse")
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)));
  const reasoningItem = recorded.find((event) => event.type === "response.output_item.done" && event.item.type === "reasoning").item;

  it("gives the canonical events in order", () => {
    expect(events).toEqual([
      { type: "start", id: "resp_68c1f0b9e0a48190a3c2d1e0f9a8b7c6", model: "gpt-5-2025-08-07", created: 1757540537 },
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      { type: "reasoning_delta", index: 0, text: "**Checking" },
      { type: "reasoning_delta", index: 0, text: " the weather**\n\nThe user wants Paris weather; I'll call get_weather." },
      { type: "reasoning_delta", index: 0, text: "\n\n" },
      { type: "reasoning_delta", index: 0, text: "Then I'll" },
      { type: "reasoning_delta", index: 0, text: " answer briefly." },
      { type: "reasoning_opaque", index: 0, opaque: { origin: "responses", value: reasoningItem } },
      { type: "block_stop", index: 0 },
      { type: "block_start", index: 1, block: { type: "text" } },
      { type: "text_delta", index: 1, text: "Let me" },
      { type: "text_delta", index: 1, text: " check Paris" },
      { type: "text_delta", index: 1, text: "." },
      { type: "block_stop", index: 1 },
      { type: "block_start", index: 2, block: { type: "tool_call", id: "call_Qm3xL8vR2tY5wZ9a", name: "get_weather" } },
      { type: "tool_arguments_delta", index: 2, json: '{"city"' },
      { type: "tool_arguments_delta", index: 2, json: ':"Paris' },
      { type: "tool_arguments_delta", index: 2, json: '"}' },
      { type: "block_stop", index: 2 },
      { type: "finish", stopReason: "tool_use", usage: { input: 1134, output: 312, cacheRead: 4096, cacheWrite: 0, cacheWrite1h: 0, reasoning: 192 } },
    ]);
  });

  it("assembles into the response, the reasoning item kept whole with its encrypted_content", () => {
    const assembler = new Assembler();
    for (const event of events) assembler.add(event);
    const response = assembler.response();
    expect(response).toEqual({
      id: "resp_68c1f0b9e0a48190a3c2d1e0f9a8b7c6",
      model: "gpt-5-2025-08-07",
      created: 1757540537,
      content: [
        { type: "reasoning", text: "**Checking the weather**\n\nThe user wants Paris weather; I'll call get_weather.\n\nThen I'll answer briefly.", opaque: { origin: "responses", value: reasoningItem } },
        { type: "text", text: "Let me check Paris." },
        { type: "tool_call", id: "call_Qm3xL8vR2tY5wZ9a", name: "get_weather", arguments: '{"city":"Paris"}' },
      ],
      stopReason: "tool_use",
      stopSequence: undefined,
      usage: { input: 1134, output: 312, cacheRead: 4096, cacheWrite: 0, cacheWrite1h: 0, reasoning: 192 },
    });
    expect((reasoningItem as { encrypted_content: string }).encrypted_content).toMatch(/^gAAAAAB/);
  });
});

describe("responses stream reader: endings", () => {
  const created = sse("response.created", { sequence_number: 0, response: { id: "resp_1", model: "gpt-5", created_at: 1, output: [] } });
  const message =
    sse("response.output_item.added", { output_index: 0, item: { id: "msg_1", type: "message", role: "assistant", content: [], status: "in_progress" } }) +
    sse("response.content_part.added", { item_id: "msg_1", output_index: 0, content_index: 0, part: { type: "output_text", text: "", annotations: [] } }) +
    sse("response.output_text.delta", { item_id: "msg_1", output_index: 0, content_index: 0, delta: "Hel" });

  it("incomplete for max_output_tokens → max_tokens; open blocks are closed first", () => {
    const usage = { input_tokens: 10, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
    const { events } = readStream(created + message + sse("response.incomplete", { response: { id: "resp_1", status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, usage } }));
    expect(events.slice(-2)).toEqual([
      { type: "block_stop", index: 0 },
      { type: "finish", stopReason: "max_tokens", usage: { input: 10, output: 5, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
    ]);
  });

  it("content_filter → refusal; a refusal part is a refusal block", () => {
    const refusal =
      sse("response.output_item.added", { output_index: 0, item: { id: "msg_1", type: "message", role: "assistant", content: [], status: "in_progress" } }) +
      sse("response.content_part.added", { item_id: "msg_1", output_index: 0, content_index: 0, part: { type: "refusal", refusal: "" } }) +
      sse("response.refusal.delta", { item_id: "msg_1", output_index: 0, content_index: 0, delta: "I can't" }) +
      sse("response.refusal.done", { item_id: "msg_1", output_index: 0, content_index: 0, refusal: "I can't help." }) +
      sse("response.content_part.done", { item_id: "msg_1", output_index: 0, content_index: 0, part: { type: "refusal", refusal: "I can't help." } }) +
      sse("response.completed", { response: { id: "resp_1", status: "completed", usage: null } });
    const { events } = readStream(created + refusal);
    expect(events.slice(1)).toEqual([
      { type: "block_start", index: 0, block: { type: "refusal" } },
      { type: "refusal_delta", index: 0, text: "I can't" },
      { type: "refusal_delta", index: 0, text: " help." },
      { type: "block_stop", index: 0 },
      { type: "finish", stopReason: "refusal", usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 } },
    ]);
  });

  it("response.failed and error events end without a finish, keeping what the upstream said", () => {
    const failed = readStream(created + message + sse("response.failed", { response: { id: "resp_1", status: "failed", error: { code: "server_error", message: "The model broke." } } }));
    expect(failed.events.some((event) => event.type === "finish")).toBe(false);
    expect(failed.reader.upstreamError).toEqual({ status: 500, message: "The model broke.", type: "server_error" });
    const errored = readStream(created + sse("error", { code: "rate_limit_exceeded", message: "Slow down.", param: null }));
    expect(errored.reader.upstreamError).toEqual({ status: 429, message: "Slow down.", type: "rate_limit_exceeded" });
    const cut = readStream(created + message);
    expect(cut.events.slice(-1)).toEqual([{ type: "block_stop", index: 0 }]);
  });

  it("an error's code stands for the status the caller's error event is typed for: a refused prompt the request's fault, as the relay records it", () => {
    const failed = readStream(created + sse("response.failed", { response: { id: "resp_1", status: "failed", error: { code: "invalid_prompt", message: "Invalid prompt: flagged." } } }));
    expect(failed.reader.upstreamError).toEqual({ status: 400, message: "Invalid prompt: flagged.", type: "invalid_prompt" });
    expect(JSON.parse(messagesCodec.streamWriter(context).error(failed.reader.upstreamError!.message, failed.reader.upstreamError!.status).split("data: ")[1])).toMatchObject({
      error: { type: "invalid_request_error", message: "Invalid prompt: flagged." },
    });
    const quota = readStream(created + sse("error", { code: "insufficient_quota", message: "You exceeded your current quota.", param: null }));
    expect(quota.reader.upstreamError?.status).toBe(429);
    // As chat's error chunk is read: the code first, then the type when the code says nothing known.
    const typed = readStream(created + sse("error", { type: "error", error: { type: "insufficient_quota", code: "quota_exceeded_for_project", message: "Quota.", param: null } }));
    expect(typed.reader.upstreamError?.status).toBe(429);
  });

  it("reasoning_text deltas are reasoning text; arguments only in .done are not lost", () => {
    const events = readStream(
      created +
        sse("response.output_item.added", { output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [] } }) +
        sse("response.content_part.added", { item_id: "rs_1", output_index: 0, content_index: 0, part: { type: "reasoning_text", text: "" } }) +
        sse("response.reasoning_text.delta", { item_id: "rs_1", output_index: 0, content_index: 0, delta: "think" }) +
        sse("response.output_item.done", { output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [], content: [{ type: "reasoning_text", text: "think" }] } }) +
        sse("response.output_item.added", { output_index: 1, item: { id: "fc_1", type: "function_call", call_id: "call_1", name: "f", arguments: "" } }) +
        sse("response.function_call_arguments.done", { item_id: "fc_1", output_index: 1, arguments: '{"x":1}' }) +
        sse("response.output_item.done", { output_index: 1, item: { id: "fc_1", type: "function_call", call_id: "call_1", name: "f", arguments: '{"x":1}' } }),
    ).events;
    expect(events.filter((event) => event.type === "reasoning_delta" || event.type === "tool_arguments_delta")).toEqual([
      { type: "reasoning_delta", index: 0, text: "think" },
      { type: "tool_arguments_delta", index: 1, json: '{"x":1}' },
    ]);
  });
});

const request: CanonicalRequest = {
  model: "claude-sonnet-4-5",
  system: [{ type: "text", text: "Be brief." }],
  turns: [{ role: "user", parts: [{ type: "text", text: "Weather in Paris?" }] }],
  tools: [{ name: "get_weather", description: "Weather", parameters: { type: "object", properties: { city: { type: "string" } } } }],
  toolChoice: { type: "auto" },
  maxOutputTokens: 1024,
  stream: true,
};
const context: CallerContext = { model: "claude-sonnet-4-5", includeUsage: false, request, estimatedInputTokens: 12 };
const thinking: Opaque = { origin: "messages", value: { type: "thinking", thinking: "Paris → call the tool.", signature: "ErUBCkYIBxgCKkB0c2lnbmF0dXJlLWJ5dGVz/+==" } };

function canonicalStream(stopReason: "tool_use" | "max_tokens" = "tool_use"): StreamEvent[] {
  const usage = { input: 20, output: 50, cacheRead: 100, cacheWrite: 30, cacheWrite1h: 0, reasoning: 0 };
  return [
    { type: "start", id: "msg_01XyZ", model: "claude-sonnet-4-5-20250929", created: 1757540000 },
    { type: "block_start", index: 0, block: { type: "reasoning" } },
    { type: "reasoning_delta", index: 0, text: "Paris → " },
    { type: "reasoning_delta", index: 0, text: "call the tool." },
    { type: "reasoning_opaque", index: 0, opaque: thinking },
    { type: "block_stop", index: 0 },
    { type: "block_start", index: 1, block: { type: "text" } },
    { type: "text_delta", index: 1, text: "Checking " },
    { type: "text_delta", index: 1, text: "now." },
    { type: "block_stop", index: 1 },
    { type: "block_start", index: 2, block: { type: "tool_call", id: "toolu_01Abc", name: "get_weather" } },
    { type: "tool_arguments_delta", index: 2, json: '{"city":' },
    { type: "tool_arguments_delta", index: 2, json: '"Paris"}' },
    { type: "block_stop", index: 2 },
    { type: "usage", usage },
    { type: "finish", stopReason, usage },
  ];
}

function written(events: StreamEvent[]): string {
  const writer = responsesCodec.streamWriter(context);
  return events.map((event) => writer.write(event)).join("") + writer.end();
}

/** An OpenAI client whose upstream is the given SSE text (or JSON), as a caller's SDK sees Tollgate. */
function client(body: string, contentType = "text/event-stream"): OpenAI {
  return new OpenAI({ apiKey: "k", baseURL: "http://tollgate.test/v1", maxRetries: 0, fetch: async () => new Response(body, { headers: { "content-type": contentType } }) });
}

describe("responses stream writer: read back by the openai SDK", () => {
  it("ResponseStream accumulates the stream into the final response", async () => {
    const text = written(canonicalStream());
    const stream = client(text).responses.stream({ model: "claude-sonnet-4-5", input: "Weather in Paris?" });
    const deltas: string[] = [];
    stream.on("response.output_text.delta", (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(deltas).toEqual(["Checking ", "now."]);
    expect(final.id).toBe("resp_msg_01XyZ");
    expect(final.status).toBe("completed");
    expect(final.model).toBe("claude-sonnet-4-5");
    expect(final.output_text).toBe("Checking now.");
    expect(final.output.map((item) => item.type)).toEqual(["reasoning", "message", "function_call"]);
    expect(final.output[0]).toMatchObject({ type: "reasoning", summary: [{ type: "summary_text", text: "Paris → call the tool." }], encrypted_content: carry(thinking) });
    expect(final.output[2]).toMatchObject({ type: "function_call", call_id: "toolu_01Abc", name: "get_weather", arguments: '{"city":"Paris"}', status: "completed" });
    expect(final.usage).toEqual({ input_tokens: 150, input_tokens_details: { cached_tokens: 100 }, output_tokens: 50, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 200 });
    expect(final).toMatchObject({ instructions: "Be brief.", max_output_tokens: 1024, tool_choice: "auto", tools: [{ type: "function", name: "get_weather" }] });
  });

  it("every event has its type as the SSE event name and sequence numbers from 0", () => {
    const text = written(canonicalStream());
    const blocks = text.trim().split("\n\n");
    const parsed = blocks.map((block) => {
      const [event, data] = block.split("\n");
      const json = JSON.parse(data.slice(6));
      expect(event).toBe(`event: ${json.type}`);
      return json;
    });
    expect(parsed.map((event) => event.sequence_number)).toEqual(parsed.map((_, i) => i));
    expect(parsed.slice(0, 4).map((event) => event.type)).toEqual(["response.created", "response.in_progress", "response.output_item.added", "response.reasoning_summary_part.added"]);
    expect(parsed.at(-1).type).toBe("response.completed");
    expect(text).not.toContain("[DONE]");
  });

  it("the raw event iterator sees the SDK's own event types", async () => {
    const stream = await client(written(canonicalStream())).responses.create({ model: "m", input: "x", stream: true });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types).toContain("response.function_call_arguments.done");
    expect(types.at(-1)).toBe("response.completed");
  });

  it("max_tokens ends with response.incomplete", async () => {
    const final = await client(written(canonicalStream("max_tokens"))).responses.stream({ model: "m", input: "x" }).finalResponse();
    expect(final.status).toBe("incomplete");
    expect(final.incomplete_details).toEqual({ reason: "max_output_tokens" });
  });

  it("a refusal block is a message with a refusal part", async () => {
    const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
    const events: StreamEvent[] = [
      { type: "start", id: "chatcmpl-1", model: "gpt-4o", created: 1 },
      { type: "block_start", index: 0, block: { type: "refusal" } },
      { type: "refusal_delta", index: 0, text: "No." },
      { type: "block_stop", index: 0 },
      { type: "finish", stopReason: "end_turn", usage },
    ];
    const final = await client(written(events)).responses.stream({ model: "m", input: "x" }).finalResponse();
    expect(final.output[0]).toMatchObject({ type: "message", content: [{ type: "refusal", refusal: "No." }] });
  });

  it("a stream broken mid-way ends with an error event the SDK raises", async () => {
    const writer = responsesCodec.streamWriter(context);
    const text = canonicalStream().slice(0, 8).map((event) => writer.write(event)).join("") + writer.error("upstream connection reset");
    await expect(client(text).responses.stream({ model: "m", input: "x" }).finalResponse()).rejects.toThrow(/upstream connection reset/);
  });

  it("a broken stream's error event has the code a passthrough Responses stream's has; an upstream's own error is coded for its status", async () => {
    const raised = (error: string) => client(error).responses.stream({ model: "m", input: "x" }).finalResponse().catch((e) => e);
    const broken = await raised(responsesCodec.streamWriter(context).error("upstream connection reset"));
    expect(broken).toBeInstanceOf(OpenAI.APIError);
    expect(broken.code).toBe("upstream_stream_broken");
    expect((await raised(responsesCodec.streamWriter(context).error("Slow down.", 429))).code).toBe("rate_limit_exceeded");
  });

  it("the non-stream response is the completed event's response, read by the SDK", async () => {
    const assembler = new Assembler();
    for (const event of canonicalStream()) assembler.add(event);
    const body = responsesCodec.writeResponse(assembler.response()!, context) as Record<string, any>;
    const response = await client(JSON.stringify(body), "application/json").responses.create({ model: "m", input: "x" });
    expect(response.output_text).toBe("Checking now.");
    expect(response.output.map((item) => item.type)).toEqual(["reasoning", "message", "function_call"]);
    expect(body).toMatchObject({ object: "response", status: "completed", usage: { input_tokens: 150, total_tokens: 200 } });
  });

  it("carried reasoning comes back on the next turn as the same opaque, byte-exact", async () => {
    const final = await client(written(canonicalStream())).responses.stream({ model: "m", input: "x" }).finalResponse();
    // Codex sends back the output items it kept, with a function_call_output.
    const next = responsesCodec.readRequest(
      { model: "m", input: [{ role: "user", content: "Weather in Paris?" }, ...final.output, { type: "function_call_output", call_id: "toolu_01Abc", output: "18°C" }] },
      { stream: true, model: "m" },
    );
    const reasoning = next.turns[1].parts[0];
    expect(reasoning.type === "reasoning" && JSON.stringify(reasoning.opaque)).toBe(JSON.stringify(thinking));
    expect(next.turns[1].parts.map((part) => part.type)).toEqual(["reasoning", "text", "tool_call"]);
    expect(next.turns[2].parts[0]).toMatchObject({ type: "tool_result", callId: "toolu_01Abc", name: "get_weather" });
  });
});

describe("responses writers: a compaction's answer", () => {
  const compacting: CallerContext = { ...context, request: { ...request, compaction: true } };
  const summaryOf = (item: any) => responsesCodec.readRequest({ model: "m", input: [item] }, { stream: false, model: "m" }).turns[0].parts[0];

  it.each(["tool_use", "max_tokens"] as const)("is one compaction item of the model's text, reasoning and any tool call left out, completed (stop %s)", async (stopReason) => {
    const writer = responsesCodec.streamWriter(compacting);
    const sse = canonicalStream(stopReason).map((event) => writer.write(event)).join("");
    // No message, reasoning or call reaches the caller while the summary is written; a progress event does, naming the item to come.
    expect(sse).not.toMatch(/output_text|reasoning_summary|function_call/);
    const progress = sse.split("\n").filter((line) => line.startsWith("data: ") && line.includes('"response.compaction.compacting"')).map((line) => JSON.parse(line.slice(6)));
    expect(progress).toHaveLength(1); // at most one a second
    const done = sse.split("\n").find((line) => line.includes('"response.output_item.done"'))!;
    expect(JSON.parse(done.slice(6)).item.id).toBe(progress[0].item_id);
    const streamed = await client(sse).responses.stream({ model: "m", input: "x" }).finalResponse();
    const assembler = new Assembler();
    for (const event of canonicalStream(stopReason)) assembler.add(event);
    const whole = responsesCodec.writeResponse(assembler.response()!, compacting) as any;
    for (const response of [streamed, whole]) {
      // A summary cut short by the output limit is still the summary: Codex takes no compaction from an incomplete response.
      expect(response.status).toBe("completed");
      expect(response.output).toEqual([{ id: expect.stringMatching(/^cmp_/), type: "compaction", encrypted_content: expect.any(String) }]);
      expect(summaryOf(response.output[0])).toEqual({ type: "text", text: expect.stringMatching(/compacted[\s\S]*\n\nChecking now\.$/) });
    }
  });
});

describe("responses writers: a custom tool's call is a custom_tool_call with the freeform input", () => {
  const patchRequest: CanonicalRequest = {
    ...request,
    tools: [...request.tools, { name: "apply_patch", description: "Edit files.", parameters: freeformParameters(undefined), freeform: {} }],
    toolChoice: { type: "tool", name: "apply_patch" },
  };
  const patchContext: CallerContext = { ...context, request: patchRequest };
  const args = JSON.stringify({ input: APPLY_PATCH });
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, reasoning: 0 };
  // The arguments JSON in pieces cut inside escapes, as an upstream streams it.
  const pieces = [args.slice(0, 5), args.slice(5, 40), args.slice(40, 41), args.slice(41, 97), args.slice(97)];
  const events: StreamEvent[] = [
    { type: "start", id: "msg_01Patch", model: "claude-sonnet-4-5", created: 1 },
    { type: "block_start", index: 0, block: { type: "tool_call", id: "toolu_01Patch", name: "apply_patch" } },
    ...pieces.map((json): StreamEvent => ({ type: "tool_arguments_delta", index: 0, json })),
    { type: "block_stop", index: 0 },
    { type: "block_start", index: 1, block: { type: "tool_call", id: "toolu_01Weather", name: "get_weather" } },
    { type: "tool_arguments_delta", index: 1, json: '{"city":"Paris"}' },
    { type: "block_stop", index: 1 },
    { type: "finish", stopReason: "tool_use", usage },
  ];

  it("streamed: custom_tool_call_input events (no function-call argument events for it), read back by the SDK", async () => {
    const writer = responsesCodec.streamWriter(patchContext);
    const text = events.map((event) => writer.write(event)).join("");
    const stream = client(text).responses.stream({ model: "m", input: "x" });
    const deltas: string[] = [];
    const argumentDeltas: string[] = [];
    stream.on("response.custom_tool_call_input.delta", (event) => deltas.push(event.delta));
    stream.on("response.function_call_arguments.delta", (event) => argumentDeltas.push(event.delta));
    const done: string[] = [];
    stream.on("response.custom_tool_call_input.done", (event) => done.push(event.input));
    const final = await stream.finalResponse();
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(APPLY_PATCH);
    expect(done).toEqual([APPLY_PATCH]);
    expect(argumentDeltas).toEqual(['{"city":"Paris"}']);
    expect(final.output).toEqual([
      { type: "custom_tool_call", id: expect.stringMatching(/^ctc_/), call_id: "toolu_01Patch", name: "apply_patch", input: APPLY_PATCH, status: "completed" },
      expect.objectContaining({ type: "function_call", call_id: "toolu_01Weather", name: "get_weather", arguments: '{"city":"Paris"}' }),
    ]);
    expect(final.tools[1]).toEqual({ type: "custom", name: "apply_patch", description: "Edit files.", format: { type: "text" } });
    expect(final.tool_choice).toEqual({ type: "custom", name: "apply_patch" });
  });

  it("not streamed: the same items", async () => {
    const assembler = new Assembler();
    for (const event of events) assembler.add(event);
    const body = responsesCodec.writeResponse(assembler.response()!, patchContext);
    const response = await client(JSON.stringify(body), "application/json").responses.create({ model: "m", input: "x" });
    expect(response.output[0]).toEqual({ type: "custom_tool_call", id: expect.stringMatching(/^ctc_/), call_id: "toolu_01Patch", name: "apply_patch", input: APPLY_PATCH, status: "completed" });
    expect(response.output[1]).toMatchObject({ type: "function_call", arguments: '{"city":"Paris"}' });
  });

  it("a caller without custom tools gets a function call of the same name, as before", async () => {
    const writer = responsesCodec.streamWriter(context);
    const final = await client(events.map((event) => writer.write(event)).join("")).responses.stream({ model: "m", input: "x" }).finalResponse();
    expect(final.output[0]).toMatchObject({ type: "function_call", name: "apply_patch", arguments: args });
  });
});

describe("responses stream reader: a custom_tool_call (a freeform tool declared as the custom tool it is)", () => {
  const created = sse("response.created", { sequence_number: 0, response: { id: "resp_1", model: "gpt-5", created_at: 1, output: [] } });
  const item = { id: "ctc_1", type: "custom_tool_call", call_id: "call_p", name: "apply_patch", input: APPLY_PATCH, status: "completed" };
  const at = { item_id: "ctc_1", output_index: 0 };
  const added = sse("response.output_item.added", { output_index: 0, item: { ...item, input: "", status: "in_progress" } });
  const done = sse("response.custom_tool_call_input.done", { ...at, input: APPLY_PATCH }) + sse("response.output_item.done", { output_index: 0, item });
  const completed = sse("response.completed", { response: { id: "resp_1", status: "completed", output: [item], usage: { input_tokens: 5, output_tokens: 9 } } });
  const argumentsOf = (events: StreamEvent[]) => events.flatMap((event) => (event.type === "tool_arguments_delta" ? [event.json] : []));

  it("is a tool call whose arguments are {input: the text}, streamed as the text's deltas come (a surrogate pair cut between them too)", () => {
    const deltas = APPLY_PATCH.match(/[\s\S]{1,5}/g)!.map((delta) => sse("response.custom_tool_call_input.delta", { ...at, delta })).join("");
    const { events } = readStream(created + added + deltas + done + completed);
    expect(events[1]).toEqual({ type: "block_start", index: 0, block: { type: "tool_call", id: "call_p", name: "apply_patch" } });
    const json = argumentsOf(events);
    expect(json.length).toBeGreaterThan(10);
    expect(JSON.parse(json.join(""))).toEqual({ input: APPLY_PATCH });
    expect(events.at(-1)).toMatchObject({ type: "finish", stopReason: "tool_use" });
  });

  it("a text given only in the .done events is not lost", () => {
    const { events } = readStream(created + added + done + completed);
    expect(JSON.parse(argumentsOf(events).join(""))).toEqual({ input: APPLY_PATCH });
  });
});

describe("responses error reader", () => {
  it("reads OpenAI's error body", () => {
    expect(responsesCodec.readError(429, JSON.stringify({ error: { message: "Rate limit reached", type: "tokens", param: null, code: "rate_limit_exceeded" } }))).toEqual({
      status: 429,
      message: "Rate limit reached",
      type: "tokens",
    });
    expect(responsesCodec.readError(502, "<html>Bad gateway</html>")).toEqual({ status: 502, message: "<html>Bad gateway</html>" });
  });
});
