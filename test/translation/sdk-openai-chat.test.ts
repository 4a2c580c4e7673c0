// The OpenAI JS SDK's chat.completions against a Claude group and a Gemini group, by translation:
// text, the SDK's ChatCompletionStream, a two-turn tool loop, a base64 image, and reasoning whose
// upstream proof (a thinking signature, a thoughtSignature) rides in `reasoning_details[].data`
// and must reach the upstream byte-exact on the next turn. A custom tool (freeform text, an
// apply_patch) declared upstream as a function of one string, its call given back as a custom call;
// on a GPT group (chat served natively) passed through untouched. An allowed_tools tool choice:
// Claude gets only the allowed tools, Gemini allowedFunctionNames.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { APPLY_PATCH } from "../mock-upstreams/conversation.ts";
import { inputTokensOf } from "../mock-upstreams/server.ts";
import { expectPatchToolUpstream, PATCH_DESCRIPTION, PATCH_GRAMMAR, PATCH_RESULT } from "./patch-tool.ts";
import {
  ANTHROPIC_REPLY,
  expectLedger,
  GEMINI_REPLY,
  type Group,
  groups,
  keyFor,
  mark,
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
useSdkEnv("chat", ["claude", "gemini"], (started) => (env = started));

type Message = OpenAI.Chat.ChatCompletionMessage & { reasoning_content?: string; reasoning_details?: { type: string; data?: string }[] };
type Params = Omit<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, "stream">;

const replyOf = (group: Group) => (group.mock === "gemini" ? GEMINI_REPLY : ANTHROPIC_REPLY);
const client = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
const tools: OpenAI.Chat.ChatCompletionTool[] = [{ type: "function", function: TOOL }];

/** One call, streamed through the SDK's ChatCompletionStream (its content deltas and accumulated completion) or not. */
async function call(openai: OpenAI, params: Params, stream: boolean): Promise<OpenAI.Chat.ChatCompletion> {
  if (!stream) return openai.chat.completions.create(params);
  const completionStream = openai.chat.completions.stream({ ...params, stream_options: { include_usage: true } });
  let streamed = "";
  completionStream.on("content.delta", ({ delta }) => (streamed += delta));
  const completion = await completionStream.finalChatCompletion();
  expect(streamed).toBe(completion.choices[0].message.content ?? "");
  return completion;
}

/** The upstream's proofs carried in an assistant message's reasoning_details. */
const proofsOf = (group: Group, message: Message) => (message.reasoning_details ?? []).filter((d) => d.data).map((d) => proofIn(group, d.data!));

describe.each([["claude", groups.claude], ["gemini", groups.gemini]] as const)("OpenAI SDK chat on the %s group", (_, group) => {
  it("plain text: the upstream's answer as a chat.completion, its usage, billed", async () => {
    const key = await keyFor(env, group, "b-text");
    const since = mark(env, group);
    const completion = await client(key.secret).chat.completions.create({
      model: group.model,
      messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hello there" }],
    });
    const [upstream] = upstreamSince(env, group, since);
    expect(completion).toMatchObject({ object: "chat.completion", model: group.model });
    expect(completion.choices).toHaveLength(1);
    expect(completion.choices[0]).toMatchObject({ index: 0, finish_reason: "stop", message: { role: "assistant", content: replyOf(group) } });
    expect(completion.usage).toMatchObject({ prompt_tokens: inputTokensOf(upstream.body), completion_tokens: group.output });
    if (group.mock === "gemini") expect(upstream.body.systemInstruction.parts).toEqual([{ text: "Be brief." }]);
    else expect([upstream.body.system].flat().map((s: any) => (typeof s === "string" ? s : s.text))).toEqual(["Be brief."]);
    expect(upstream.body.messages ?? upstream.body.contents).toHaveLength(1);
    await expectLedger(env, key.name, group, [upstream], { interface: "chat", stream: [false] });
  });

  it("stream: the SDK's ChatCompletionStream accumulates the upstream's answer and the usage chunk", async () => {
    const key = await keyFor(env, group, "b-stream");
    const since = mark(env, group);
    const stream = client(key.secret).chat.completions.stream({
      model: group.model,
      messages: [{ role: "user", content: "Hello there" }],
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    stream.on("chunk", (chunk) => chunks.push(chunk));
    let text = "";
    stream.on("content.delta", ({ delta }) => (text += delta));
    const completion = await stream.finalChatCompletion();
    const [upstream] = upstreamSince(env, group, since);
    expect(text).toBe(replyOf(group));
    expect(completion.choices[0]).toMatchObject({ finish_reason: "stop", message: { role: "assistant", content: replyOf(group) } });
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
    expect(completion.usage).toMatchObject({ prompt_tokens: inputTokensOf(upstream.body), completion_tokens: group.output });
    await expectLedger(env, key.name, group, [upstream], { interface: "chat", stream: [true] });
  });

  it.each([false, true])("two-turn tool loop (stream %s): the assistant message as the SDK returned it, then the tool message", async (stream) => {
    const key = await keyFor(env, group, "b-tool");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("tool", "tool");
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Read the README, please." }];
    const first = await call(openai, { model: group.model, tools, messages }, stream);
    expect(first.choices[0].finish_reason).toBe("tool_calls");
    const message = first.choices[0].message;
    expect(message.tool_calls).toHaveLength(1);
    const [toolCall] = message.tool_calls! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall[];
    expect(toolCall).toMatchObject({ type: "function", function: { name: TOOL.name } });
    expect(JSON.parse(toolCall.function.arguments)).toEqual({ path: TOOL_ARGUMENT });
    expect(toolCall.id.length).toBeGreaterThan(0);

    messages.push(message as OpenAI.Chat.ChatCompletionMessageParam);
    messages.push({ role: "tool", tool_call_id: toolCall.id, content: TOOL_RESULT });
    const second = await call(openai, { model: group.model, tools, messages }, stream);
    expect(second.choices[0].finish_reason).toBe("stop");
    expect(second.choices[0].message.content).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(upstreamToolResult(group, upstream[1].body)).toMatchObject({ callName: TOOL.name });
    expect(upstreamToolResult(group, upstream[1].body).text).toContain(TOOL_RESULT);
    await expectLedger(env, key.name, group, upstream, { interface: "chat", stream: [stream, stream] });
  });

  it("an image (base64 data URL) reaches the upstream as the same bytes and media type", async () => {
    const key = await keyFor(env, group, "b-image");
    const since = mark(env, group);
    const completion = await client(key.secret).chat.completions.create({
      model: group.model,
      messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${PNG_BASE64}` } }, { type: "text", text: "What is this?" }] }],
    });
    expect(completion.choices[0].message.content).toBe(replyOf(group));
    const [upstream] = upstreamSince(env, group, since);
    expect(upstreamImage(group, upstream.body)).toEqual({ mediaType: "image/png", data: PNG_BASE64 });
    await expectLedger(env, key.name, group, [upstream], { interface: "chat", stream: [false] });
  });

  it.each([false, true])("reasoning across a tool loop (stream %s): the upstream's proof rides in reasoning_details and returns byte-exact", async (stream) => {
    const key = await keyFor(env, group, "b-think-tool");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking-tool", "thinking-tool");
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Read the README, please." }];
    const first = await call(openai, { model: group.model, reasoning_effort: "low", tools, messages }, stream);
    expect(first.choices[0].finish_reason).toBe("tool_calls");
    const message = first.choices[0].message as Message;
    expect(message.reasoning_content).toBeTruthy();
    const proofs = proofsOf(group, message);
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatch(proofPattern[group.mock]);
    const [toolCall] = message.tool_calls!;

    messages.push(message as OpenAI.Chat.ChatCompletionMessageParam);
    messages.push({ role: "tool", tool_call_id: toolCall.id, content: TOOL_RESULT });
    const second = await call(openai, { model: group.model, reasoning_effort: "low", tools, messages }, stream);
    expect(second.choices[0].message.content).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    expect(upstream[1].raw).toContain(JSON.stringify(proofs[0]));
    await expectLedger(env, key.name, group, upstream, { interface: "chat", stream: [stream, stream] });
  });

  it("reasoning across a plain two-turn conversation: the first answer's proof goes back on the second turn", async () => {
    const key = await keyFor(env, group, "b-think");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking", "thinking");
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Say hello." }];
    const first = await openai.chat.completions.create({ model: group.model, reasoning_effort: "low", messages });
    const message = first.choices[0].message as Message;
    expect(message.content).toBe(replyOf(group));
    const proofs = proofsOf(group, message);
    expect(proofs).toHaveLength(1);
    messages.push(message as OpenAI.Chat.ChatCompletionMessageParam, { role: "user", content: "And again." });
    const second = await openai.chat.completions.create({ model: group.model, reasoning_effort: "low", messages });
    expect(second.choices[0].message.content).toBe(replyOf(group));
    const upstream = upstreamSince(env, group, since);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    await expectLedger(env, key.name, group, upstream, { interface: "chat", stream: [false, false] });
  });
});

const patchTools: OpenAI.Chat.ChatCompletionTool[] = [
  { type: "custom", custom: { name: "apply_patch", description: PATCH_DESCRIPTION, format: { type: "grammar", grammar: { syntax: "lark", definition: PATCH_GRAMMAR } } } },
  { type: "function", function: TOOL },
];

/** One patch-tool turn streamed or not; when streamed, the custom input deltas (never function deltas) must add up to the call's input. */
async function patchTurn(openai: OpenAI, params: Params, stream: boolean): Promise<OpenAI.Chat.ChatCompletion> {
  if (!stream) return openai.chat.completions.create(params);
  const streamedInput: string[] = [];
  const completionStream = openai.chat.completions.stream(params);
  completionStream.on("chunk", (chunk) => {
    for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
      expect(delta.function).toBeUndefined();
      if (delta.custom?.input) streamedInput.push(delta.custom.input);
    }
  });
  const completion = await completionStream.finalChatCompletion();
  expect(streamedInput.length).toBeGreaterThan(0);
  expect(streamedInput.join("")).toBe(APPLY_PATCH);
  return completion;
}

describe("Anthropic's cache_control on chat messages (OpenRouter's convention; OpenCode's compatible provider) on the claude group", () => {
  it("reaches Anthropic where the caller set it, and the call is billed as the same upstream usage passthrough", async () => {
    const group = groups.claude;
    const key = await keyFor(env, group, "b-cache");
    const since = mark(env, group);
    // The SDK's types have no cache_control: sent as extra fields, as such clients do.
    const messages = [
      { role: "system", content: "You are a careful assistant with a long, stable prompt.", cache_control: { type: "ephemeral" } },
      { role: "user", content: [{ type: "text", text: "Hello there", cache_control: { type: "ephemeral", ttl: "1h" } }] },
    ] as unknown as OpenAI.Chat.ChatCompletionMessageParam[];
    const completion = await client(key.secret).chat.completions.create({ model: group.model, messages });
    expect(completion.choices[0].message.content).toBe(ANTHROPIC_REPLY);
    const [upstream] = upstreamSince(env, group, since);
    expect(upstream.body.system).toEqual([{ type: "text", text: "You are a careful assistant with a long, stable prompt.", cache_control: { type: "ephemeral" } }]);
    expect(upstream.body.messages[0].content).toEqual([{ type: "text", text: "Hello there", cache_control: { type: "ephemeral", ttl: "1h" } }]);
    await expectLedger(env, key.name, group, [upstream], { interface: "chat", stream: [false] });
  });
});

describe.each([["claude", groups.claude], ["gemini", groups.gemini]] as const)("a custom tool (apply_patch) through OpenAI SDK chat on the %s group", (_, group) => {
  it.each([false, true])("stream %s: a function of `input` upstream; a custom call with the exact patch back; the tool message its result", async (stream) => {
    const key = await keyFor(env, group, "b-patch");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("patch-tool", "patch-tool");
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Make the greeting warmer." }];
    const params = { model: group.model, tools: patchTools, messages };

    const first = await patchTurn(openai, params, stream);
    expect(first.choices[0].finish_reason).toBe("tool_calls");
    const message = first.choices[0].message;
    expect(message.tool_calls).toEqual([{ id: expect.any(String), type: "custom", custom: { name: "apply_patch", input: APPLY_PATCH } }]);

    messages.push(message as OpenAI.Chat.ChatCompletionMessageParam, { role: "tool", tool_call_id: message.tool_calls![0].id, content: PATCH_RESULT });
    const second = await call(openai, { ...params, messages }, stream);
    expect(second.choices[0].message.content).toBe(toolReply(PATCH_RESULT));

    const upstream = upstreamSince(env, group, since);
    expectPatchToolUpstream(group, upstream);
    await expectLedger(env, key.name, group, upstream, { interface: "chat", stream: [stream, stream] });
  });
});

describe("a custom tool (apply_patch) through OpenAI SDK chat on the gpt group", () => {
  it("is passthrough: the channel's chat completions gets the tools and tool_choice byte for byte", async () => {
    const key = await keyFor(env, groups.gpt, "b-patch-gpt");
    const since = env.mocks.openai.requests.length;
    const toolChoice = { type: "custom", custom: { name: "apply_patch" } } as const;
    await client(key.secret).chat.completions.create({ model: groups.gpt.model, tools: patchTools, tool_choice: toolChoice, messages: [{ role: "user", content: "Make the greeting warmer." }] });
    const [upstream] = env.mocks.openai.requests.slice(since);
    expect(upstream.path).toBe("/v1/chat/completions");
    expect(upstream.raw).toContain(`"tools":${JSON.stringify(patchTools)},"tool_choice":${JSON.stringify(toolChoice)}`);
  });
});

describe.each([["claude", groups.claude], ["gemini", groups.gemini]] as const)("tool_choice allowed_tools through OpenAI SDK chat on the %s group", (_, group) => {
  const declared: OpenAI.Chat.ChatCompletionTool[] = [
    { type: "function", function: { name: "list_dir", description: "Lists a directory.", parameters: { type: "object", properties: { path: { type: "string" } } } } },
    { type: "function", function: TOOL },
    { type: "custom", custom: { name: "apply_patch", description: PATCH_DESCRIPTION } },
  ];
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Read the README, please." }];
  const declaredUpstream = (body: any): string[] => (group.mock === "gemini" ? body.tools[0].functionDeclarations : body.tools).map((tool: any) => tool.name);
  const toolChoiceUpstream = (body: any) => (group.mock === "gemini" ? body.toolConfig.functionCallingConfig : body.tool_choice);

  it.each([false, true])("mode required (stream %s): the model may call only the allowed function", async (stream) => {
    const key = await keyFor(env, group, "b-allowed");
    const since = mark(env, group);
    env.mocks[group.mock].next("tool");
    const tool_choice: OpenAI.Chat.ChatCompletionAllowedToolChoice = { type: "allowed_tools", allowed_tools: { mode: "required", tools: [{ type: "function", function: { name: TOOL.name } }] } };
    const completion = await call(client(key.secret), { model: group.model, tools: declared, tool_choice, messages }, stream);
    expect(completion.choices[0].message.tool_calls).toEqual([expect.objectContaining({ type: "function", function: expect.objectContaining({ name: TOOL.name }) })]);

    const [upstream] = upstreamSince(env, group, since);
    if (group.mock === "gemini") {
      expect(declaredUpstream(upstream.body)).toEqual(["list_dir", TOOL.name, "apply_patch"]);
      expect(toolChoiceUpstream(upstream.body)).toEqual({ mode: "ANY", allowedFunctionNames: [TOOL.name] });
    } else {
      expect(declaredUpstream(upstream.body)).toEqual([TOOL.name]);
      expect(toolChoiceUpstream(upstream.body)).toEqual({ type: "any" });
    }
    await expectLedger(env, key.name, group, [upstream], { interface: "chat", stream: [stream] });
  });

  it("mode auto: only the allowed tools are declared, in their declared order", async () => {
    const key = await keyFor(env, group, "b-allowed-auto");
    const since = mark(env, group);
    const tool_choice: OpenAI.Chat.ChatCompletionAllowedToolChoice = {
      type: "allowed_tools",
      allowed_tools: { mode: "auto", tools: [{ type: "custom", custom: { name: "apply_patch" } }, { type: "function", function: { name: "list_dir" } }] },
    };
    const completion = await client(key.secret).chat.completions.create({ model: group.model, tools: declared, tool_choice, messages });
    expect(completion.choices[0].message.content).toBe(replyOf(group));
    const [upstream] = upstreamSince(env, group, since);
    expect(declaredUpstream(upstream.body)).toEqual(["list_dir", "apply_patch"]);
    expect(toolChoiceUpstream(upstream.body)).toEqual(group.mock === "gemini" ? { mode: "AUTO" } : { type: "auto" });
  });

  it("an allowed tool that is not declared is refused, naming it, before any upstream call", async () => {
    const key = await keyFor(env, group, "b-allowed-unknown");
    const since = mark(env, group);
    const tool_choice: OpenAI.Chat.ChatCompletionAllowedToolChoice = { type: "allowed_tools", allowed_tools: { mode: "required", tools: [{ type: "function", function: { name: "delete_file" } }] } };
    const error = await client(key.secret).chat.completions.create({ model: group.model, tools: declared, tool_choice, messages }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toMatch(/`tool_choice\.allowed_tools\.tools\[0\]`: function tool "delete_file" is not declared in tools/);
    expect(upstreamSince(env, group, since)).toEqual([]);
  });
});
