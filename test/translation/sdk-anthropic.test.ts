// The Anthropic JS SDK against a GPT group (Responses upstream) and a Gemini group, by translation:
// text, the SDK's stream helper, a two-turn tool loop, a base64 image (and what message_start says
// it costs), and reasoning whose upstream proof (encrypted_content, thoughtSignature) rides in a
// thinking block's `signature` and must reach the upstream byte-exact on the next turn.
import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { base64, png } from "../helpers/images.ts";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { inputTokensOf } from "../mock-upstreams/server.ts";
import {
  expectLedger,
  GEMINI_REPLY,
  type Group,
  groups,
  keyFor,
  mark,
  OPENAI_REPLY,
  PNG_BASE64,
  proofIn,
  proofPattern,
  proofsReceived,
  useSdkEnv,
  TOOL,
  TOOL_ARGUMENT,
  TOOL_RESULT,
  toolReply,
  upstreamImage,
  upstreamSince,
  upstreamToolResult,
} from "./sdk-helpers.ts";

let env: RelayEnv;
useSdkEnv("messages", ["gpt", "gemini"], (started) => (env = started));

const replyOf = (group: Group) => (group.mock === "gemini" ? GEMINI_REPLY : OPENAI_REPLY);
const client = (secret: string) => new Anthropic({ apiKey: secret, baseURL: env.tollgate.url, maxRetries: 0 });
const tools: Anthropic.Tool[] = [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.parameters as Anthropic.Tool.InputSchema }];
const textOf = (message: Anthropic.Message) => message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");

/** One call, streamed through the SDK's MessageStream (its text events and accumulated message) or not. */
async function call(anthropic: Anthropic, params: Anthropic.MessageCreateParamsNonStreaming, stream: boolean): Promise<Anthropic.Message> {
  if (!stream) return anthropic.messages.create(params);
  const messageStream = anthropic.messages.stream(params);
  let streamed = "";
  messageStream.on("text", (delta) => (streamed += delta));
  const message = await messageStream.finalMessage();
  expect(streamed).toBe(textOf(message));
  return message;
}

describe.each([["gpt", groups.gpt], ["gemini", groups.gemini]] as const)("Anthropic SDK on the %s group", (_, group) => {
  it("plain text: the upstream's answer as a message, its usage, billed", async () => {
    const key = await keyFor(env, group, "a-text");
    const since = mark(env, group);
    const message = await client(key.secret).messages.create({
      model: group.model,
      max_tokens: 256,
      system: "Be brief.",
      messages: [{ role: "user", content: "Hello there" }],
    });
    const [upstream] = upstreamSince(env, group, since);
    expect(message).toMatchObject({ type: "message", role: "assistant", model: group.model, stop_reason: "end_turn", stop_sequence: null });
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: replyOf(group) })]);
    expect(message.usage).toMatchObject({ input_tokens: inputTokensOf(upstream.body), output_tokens: group.output });
    // The system prompt went where the upstream keeps it.
    if (group.mock === "gemini") expect(upstream.body.systemInstruction.parts).toEqual([{ text: "Be brief." }]);
    else expect(upstream.body.instructions).toBe("Be brief.");
    await expectLedger(env, key.name, group, [upstream], { interface: "messages", stream: [false] });
  });

  it("six stop sequences: the upstream gets what it takes (Gemini five, Responses none), the answer ends before the sixth, stream and not, billed as metered", async () => {
    const key = await keyFor(env, group, "a-stops");
    const since = mark(env, group);
    const stops = ["END", "STOP", "###", "Human:", "Assistant:", " mock"];
    const params = { model: group.model, max_tokens: 256, stop_sequences: stops, messages: [{ role: "user", content: "Hello there" }] } as Anthropic.MessageCreateParamsNonStreaming;
    for (const stream of [false, true]) {
      const message = await call(client(key.secret), params, stream);
      expect(textOf(message)).toBe(replyOf(group).replace(" mock.", ""));
      expect(message).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: " mock" });
    }
    const upstream = upstreamSince(env, group, since);
    for (const request of upstream) {
      if (group.mock === "gemini") expect(request.body.generationConfig.stopSequences).toEqual(stops.slice(0, 5));
      else expect(request.body).not.toHaveProperty("stop");
    }
    await expectLedger(env, key.name, group, upstream, { interface: "messages", stream: [false, true] });
  });

  it("a stop at the answer's very start: no empty text block, which Anthropic refuses when the turn is sent back", async () => {
    const key = await keyFor(env, group, "a-stop-first");
    const params = { model: group.model, max_tokens: 256, stop_sequences: ["Hello"], messages: [{ role: "user", content: "Hello there" }] } as Anthropic.MessageCreateParamsNonStreaming;
    for (const stream of [false, true]) {
      const message = await call(client(key.secret), params, stream);
      expect(message.content, `stream ${stream}`).toEqual([]);
      expect(message).toMatchObject({ stop_reason: "stop_sequence", stop_sequence: "Hello" });
    }
  });

  it("more stop sequences than the gateway keeps: a 400 naming stop_sequences, before any upstream is called", async () => {
    const key = await keyFor(env, group, "a-stops-many");
    const since = mark(env, group);
    const params: Anthropic.MessageCreateParamsNonStreaming = { model: group.model, max_tokens: 256, stop_sequences: Array.from({ length: 65 }, (_, i) => `stop-${i}`), messages: [{ role: "user", content: "Hi" }] };
    const error = await client(key.secret).messages.create(params).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.error.error.message).toMatch(/^`stop_sequences`: the gateway keeps at most 64 stop sequences; send fewer/);
    expect(upstreamSince(env, group, since)).toEqual([]);
  });

  it("stream: the SDK's MessageStream accumulates the upstream's answer, usage in message_start and message_delta", async () => {
    const key = await keyFor(env, group, "a-stream");
    const since = mark(env, group);
    const stream = client(key.secret).messages.stream({ model: group.model, max_tokens: 256, messages: [{ role: "user", content: "Hello there" }] });
    const events: string[] = [];
    let startInput = -1;
    let text = "";
    stream.on("streamEvent", (event) => {
      events.push(event.type);
      if (event.type === "message_start") startInput = event.message.usage.input_tokens;
    });
    stream.on("text", (delta) => (text += delta));
    const message = await stream.finalMessage();
    const [upstream] = upstreamSince(env, group, since);
    expect(text).toBe(replyOf(group));
    expect(message.content).toEqual([expect.objectContaining({ type: "text", text: replyOf(group) })]);
    expect(message.stop_reason).toBe("end_turn");
    expect(events[0]).toBe("message_start");
    expect(events.at(-1)).toBe("message_stop");
    expect(events.filter((e) => e === "message_delta")).toHaveLength(1);
    expect(startInput).toBeGreaterThan(0); // never the zero that makes Claude Code fall back
    expect(message.usage).toMatchObject({ input_tokens: inputTokensOf(upstream.body), output_tokens: group.output });
    await expectLedger(env, key.name, group, [upstream], { interface: "messages", stream: [true] });
  });

  it.each([false, true])("two-turn tool loop (stream %s): the assistant turn as the SDK returned it, then the tool result", async (stream) => {
    const key = await keyFor(env, group, "a-tool");
    const anthropic = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("tool", "tool");
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Read the README, please." }];
    const first = await call(anthropic, { model: group.model, max_tokens: 256, tools, messages }, stream);
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((b) => b.type === "tool_use");
    expect(use).toMatchObject({ type: "tool_use", name: TOOL.name, input: { path: TOOL_ARGUMENT } });

    messages.push({ role: "assistant", content: first.content });
    messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: use!.id, content: TOOL_RESULT }] });
    const second = await call(anthropic, { model: group.model, max_tokens: 256, tools, messages }, stream);
    expect(second.stop_reason).toBe("end_turn");
    expect(textOf(second)).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(upstreamToolResult(group, upstream[1].body)).toMatchObject({ callName: TOOL.name });
    expect(upstreamToolResult(group, upstream[1].body).text).toContain(TOOL_RESULT);
    await expectLedger(env, key.name, group, upstream, { interface: "messages", stream: [stream, stream] });
  });

  it("an image (base64) reaches the upstream as the same bytes and media type", async () => {
    const key = await keyFor(env, group, "a-image");
    const since = mark(env, group);
    const message = await client(key.secret).messages.create({
      model: group.model,
      max_tokens: 256,
      messages: [{ role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } }, { type: "text", text: "What is this?" }] }],
    });
    expect(textOf(message)).toBe(replyOf(group));
    const [upstream] = upstreamSince(env, group, since);
    expect(upstreamImage(group, upstream.body)).toEqual({ mediaType: "image/png", data: PNG_BASE64 });
    await expectLedger(env, key.name, group, [upstream], { interface: "messages", stream: [false] });
  });

  it("stream with an image: message_start says its input by Anthropic's rule for the image's size, not its base64 as text", async () => {
    const key = await keyFor(env, group, "a-image-start");
    // A 1000 × 750 screenshot: 750,000 / 750 = 1,000 tokens, sent as 400 KB of base64.
    const data = base64(png(1000, 750, 300_000));
    const params = {
      model: group.model,
      max_tokens: 256,
      messages: [{ role: "user" as const, content: [{ type: "image" as const, source: { type: "base64" as const, media_type: "image/png" as const, data } }, { type: "text" as const, text: "What is this?" }] }],
    };
    const stream = client(key.secret).messages.stream(params);
    let startInput = -1;
    stream.on("streamEvent", (event) => {
      if (event.type === "message_start") startInput = event.message.usage.input_tokens;
    });
    await stream.finalMessage();
    // The rest of the body at four bytes a token (the SDK adds `stream: true`), and the image's 1,000.
    const text = Buffer.byteLength(JSON.stringify({ ...params, stream: true })) - data.length;
    expect(startInput).toBe(Math.ceil(text / 4) + 1000);
  });

  it.each([false, true])("reasoning across a tool loop (stream %s): the upstream's proof rides in the thinking signature and returns byte-exact", async (stream) => {
    const key = await keyFor(env, group, "a-think-tool");
    const anthropic = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking-tool", "thinking-tool");
    const thinking = { type: "enabled", budget_tokens: 1024 } as const;
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Read the README, please." }];
    const first = await call(anthropic, { model: group.thinks, max_tokens: 2048, thinking, tools, messages }, stream);
    expect(first.stop_reason).toBe("tool_use");
    // A readable thought without a proof (Gemini's thought part) comes with an empty signature.
    const signatures = first.content.flatMap((b) => (b.type === "thinking" && b.signature ? [b.signature] : []));
    const proofs = signatures.map((s) => proofIn(group, s));
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatch(proofPattern[group.mock]);
    const use = first.content.find((b) => b.type === "tool_use")!;

    messages.push({ role: "assistant", content: first.content });
    messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: use.id, content: TOOL_RESULT }] });
    const second = await call(anthropic, { model: group.thinks, max_tokens: 2048, thinking, tools, messages }, stream);
    expect(textOf(second)).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    expect(upstream[1].raw).toContain(JSON.stringify(proofs[0]));
    await expectLedger(env, key.name, group, upstream, { interface: "messages", stream: [stream, stream] });
  });

  it("reasoning across a plain two-turn conversation: the first answer's proof goes back on the second turn", async () => {
    const key = await keyFor(env, group, "a-think");
    const anthropic = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking", "thinking");
    const thinking = { type: "enabled", budget_tokens: 1024 } as const;
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Say hello." }];
    const first = await anthropic.messages.create({ model: group.thinks, max_tokens: 2048, thinking, messages });
    expect(textOf(first)).toBe(replyOf(group));
    const proofs = first.content.flatMap((b) => (b.type === "thinking" && b.signature ? [proofIn(group, b.signature)] : []));
    expect(proofs).toHaveLength(1);
    messages.push({ role: "assistant", content: first.content }, { role: "user", content: "And again." });
    const second = await anthropic.messages.create({ model: group.thinks, max_tokens: 2048, thinking, messages });
    expect(textOf(second)).toBe(replyOf(group));
    const upstream = upstreamSince(env, group, since);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    await expectLedger(env, key.name, group, upstream, { interface: "messages", stream: [false, false] });
  });
});
