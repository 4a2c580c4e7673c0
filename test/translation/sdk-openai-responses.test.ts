// The OpenAI JS SDK's responses API against a Claude group and a Gemini group, by translation:
// text, the SDK's ResponseStream, a two-turn tool loop, a base64 image, and reasoning whose
// upstream proof (a thinking signature, a thoughtSignature) rides in a reasoning item's
// `encrypted_content` and must reach the upstream byte-exact on the next turn — the stateless
// way Codex runs (store: false, include: ["reasoning.encrypted_content"], the output sent back).
// Codex's freeform apply_patch tool (a custom tool) on a Claude, a chat and a Gemini group: declared
// upstream as a function of one string, its call given back as a custom_tool_call with the exact text.
// An allowed_tools tool choice: Claude gets only the allowed tools, Gemini allowedFunctionNames.
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
useSdkEnv("responses", ["claude", "gemini", "qwen"], (started) => (env = started));

type Params = Omit<OpenAI.Responses.ResponseCreateParamsNonStreaming, "stream">;
type Input = OpenAI.Responses.ResponseInputItem[];

const replyOf = (group: Group) => (group.mock === "gemini" ? GEMINI_REPLY : ANTHROPIC_REPLY);
const client = (secret: string) => new OpenAI({ apiKey: secret, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
const tools: OpenAI.Responses.Tool[] = [{ type: "function", ...TOOL, strict: false }];
const codex: Pick<Params, "store" | "include" | "reasoning"> = { store: false, include: ["reasoning.encrypted_content"], reasoning: { effort: "low", summary: "auto" } };

/** One call, streamed through the SDK's ResponseStream (its text deltas and final response) or not. */
async function call(openai: OpenAI, params: Params, stream: boolean): Promise<OpenAI.Responses.Response> {
  if (!stream) return openai.responses.create(params);
  const responseStream = openai.responses.stream(params);
  let streamed = "";
  responseStream.on("response.output_text.delta", ({ delta }) => (streamed += delta));
  const response = await responseStream.finalResponse();
  expect(streamed).toBe(response.output_text);
  return response;
}

/** The upstream's proofs carried in the response's reasoning items. */
const proofsOf = (group: Group, response: OpenAI.Responses.Response) =>
  response.output.flatMap((item) => (item.type === "reasoning" && item.encrypted_content ? [proofIn(group, item.encrypted_content)] : []));

describe.each([["claude", groups.claude], ["gemini", groups.gemini]] as const)("OpenAI SDK responses on the %s group", (_, group) => {
  it("plain text: the upstream's answer as a response, its usage, billed", async () => {
    const key = await keyFor(env, group, "r-text");
    const since = mark(env, group);
    const response = await client(key.secret).responses.create({ model: group.model, instructions: "Be brief.", input: "Hello there" });
    const [upstream] = upstreamSince(env, group, since);
    expect(response).toMatchObject({ object: "response", status: "completed", model: group.model, instructions: "Be brief." });
    expect(response.output_text).toBe(replyOf(group));
    expect(response.output).toEqual([expect.objectContaining({ type: "message", role: "assistant", status: "completed" })]);
    expect(response.usage).toMatchObject({ input_tokens: inputTokensOf(upstream.body), output_tokens: group.output, input_tokens_details: { cached_tokens: 0 } });
    if (group.mock === "gemini") expect(upstream.body.systemInstruction.parts).toEqual([{ text: "Be brief." }]);
    else expect([upstream.body.system].flat().map((s: any) => (typeof s === "string" ? s : s.text))).toEqual(["Be brief."]);
    await expectLedger(env, key.name, group, [upstream], { interface: "responses", stream: [false] });
  });

  it("stream: the SDK's ResponseStream sees the event grammar in order and the completed response", async () => {
    const key = await keyFor(env, group, "r-stream");
    const since = mark(env, group);
    const stream = client(key.secret).responses.stream({ model: group.model, input: "Hello there" });
    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    stream.on("event", (event) => events.push(event));
    let text = "";
    stream.on("response.output_text.delta", ({ delta }) => (text += delta));
    const response = await stream.finalResponse();
    const [upstream] = upstreamSince(env, group, since);
    expect(text).toBe(replyOf(group));
    expect(response.status).toBe("completed");
    expect(response.output_text).toBe(replyOf(group));
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    expect(events[0].type).toBe("response.created");
    expect(events.at(-1)!.type).toBe("response.completed");
    const names = events.map((e) => e.type);
    for (const type of ["response.output_item.added", "response.content_part.added", "response.output_text.done", "response.content_part.done", "response.output_item.done"]) {
      expect(names).toContain(type);
    }
    expect(response.usage).toMatchObject({ input_tokens: inputTokensOf(upstream.body), output_tokens: group.output });
    await expectLedger(env, key.name, group, [upstream], { interface: "responses", stream: [true] });
  });

  it.each([false, true])("two-turn tool loop (stream %s): the output items as the SDK returned them, then the function_call_output", async (stream) => {
    const key = await keyFor(env, group, "r-tool");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("tool", "tool");
    const input: Input = [{ role: "user", content: "Read the README, please." }];
    const first = await call(openai, { model: group.model, tools, input }, stream);
    const calls = first.output.filter((item) => item.type === "function_call");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ type: "function_call", name: TOOL.name, status: "completed" });
    expect(JSON.parse(calls[0].arguments)).toEqual({ path: TOOL_ARGUMENT });

    input.push(...(first.output as Input));
    input.push({ type: "function_call_output", call_id: calls[0].call_id, output: TOOL_RESULT });
    const second = await call(openai, { model: group.model, tools, input }, stream);
    expect(second.status).toBe("completed");
    expect(second.output_text).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(upstreamToolResult(group, upstream[1].body)).toMatchObject({ callName: TOOL.name });
    expect(upstreamToolResult(group, upstream[1].body).text).toContain(TOOL_RESULT);
    await expectLedger(env, key.name, group, upstream, { interface: "responses", stream: [stream, stream] });
  });

  it("an image (input_image, base64 data URL) reaches the upstream as the same bytes and media type", async () => {
    const key = await keyFor(env, group, "r-image");
    const since = mark(env, group);
    const response = await client(key.secret).responses.create({
      model: group.model,
      input: [{ role: "user", content: [{ type: "input_image", image_url: `data:image/png;base64,${PNG_BASE64}`, detail: "auto" }, { type: "input_text", text: "What is this?" }] }],
    });
    expect(response.output_text).toBe(replyOf(group));
    const [upstream] = upstreamSince(env, group, since);
    expect(upstreamImage(group, upstream.body)).toEqual({ mediaType: "image/png", data: PNG_BASE64 });
    await expectLedger(env, key.name, group, [upstream], { interface: "responses", stream: [false] });
  });

  it.each([false, true])("reasoning across a tool loop (stream %s): the upstream's proof rides in encrypted_content and returns byte-exact", async (stream) => {
    const key = await keyFor(env, group, "r-think-tool");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking-tool", "thinking-tool");
    const input: Input = [{ role: "user", content: "Read the README, please." }];
    const first = await call(openai, { model: group.model, ...codex, tools, input }, stream);
    expect(first.output.some((item) => item.type === "reasoning" && item.summary.length > 0)).toBe(true);
    const proofs = proofsOf(group, first);
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatch(proofPattern[group.mock]);
    const call0 = first.output.find((item) => item.type === "function_call")!;

    input.push(...(first.output as Input));
    input.push({ type: "function_call_output", call_id: call0.call_id, output: TOOL_RESULT });
    const second = await call(openai, { model: group.model, ...codex, tools, input }, stream);
    expect(second.output_text).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    expect(upstream[1].raw).toContain(JSON.stringify(proofs[0]));
    await expectLedger(env, key.name, group, upstream, { interface: "responses", stream: [stream, stream] });
  });

  it("reasoning across a plain two-turn conversation: the first answer's proof goes back on the second turn", async () => {
    const key = await keyFor(env, group, "r-think");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking", "thinking");
    const input: Input = [{ role: "user", content: "Say hello." }];
    const first = await openai.responses.create({ model: group.model, ...codex, input });
    expect(first.output_text).toBe(replyOf(group));
    const proofs = proofsOf(group, first);
    expect(proofs).toHaveLength(1);
    input.push(...(first.output as Input), { role: "user", content: "And again." });
    const second = await openai.responses.create({ model: group.model, ...codex, input });
    expect(second.output_text).toBe(replyOf(group));
    const upstream = upstreamSince(env, group, since);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    await expectLedger(env, key.name, group, upstream, { interface: "responses", stream: [false, false] });
  });

  // Codex with OpenAI's own provider compacts its context this way (remote compaction v2).
  it.each([false, true])("compaction (stream %s): a compaction_trigger gets one compaction item of the upstream's summary, which sent back reaches the upstream as that summary", async (stream) => {
    const key = await keyFor(env, group, `r-compact-${stream}`);
    const openai = client(key.secret);
    const since = mark(env, group);
    const history: Input = [
      { role: "user", content: "Fix the failing test." },
      { type: "function_call", call_id: "call_1", name: TOOL.name, arguments: JSON.stringify({ path: TOOL_ARGUMENT }) },
      { type: "function_call_output", call_id: "call_1", output: TOOL_RESULT },
    ];
    const compacted = await call(openai, { model: group.model, tools, input: [...history, { type: "compaction_trigger" }] as Input }, stream);
    expect(compacted.status).toBe("completed");
    expect(compacted.output).toEqual([{ id: expect.stringMatching(/^cmp_/), type: "compaction", encrypted_content: expect.any(String) }]);
    expect(compacted.output_text).toBe("");
    const [asked] = upstreamSince(env, group, since);
    // The upstream was asked for a summary after the whole conversation, its tools declared but not to be called.
    const upstreamText = JSON.stringify(group.mock === "gemini" ? asked.body.contents.at(-1) : asked.body.messages.at(-1));
    expect(upstreamText).toContain("Your context is about to be replaced by a summary");
    expect(JSON.stringify(asked.body)).toContain(TOOL_RESULT);
    if (group.mock === "gemini") expect(asked.body.toolConfig).toEqual({ functionCallingConfig: { mode: "NONE" } });
    else expect(asked.body.tool_choice).toEqual({ type: "none" });

    // Sent back in place of the history, the item is the summary (the upstream's answer) in a user turn.
    const next = await call(openai, { model: group.model, tools, input: [...(compacted.output as Input), { role: "user", content: "Go on." }] }, stream);
    expect(next.output_text).toBe(replyOf(group));
    const [, continued] = upstreamSince(env, group, since);
    const continuedText = JSON.stringify(group.mock === "gemini" ? continued.body.contents : continued.body.messages);
    expect(continuedText).toContain("The conversation before this point was compacted");
    expect(continuedText).toContain(JSON.stringify(replyOf(group)).slice(1, -1));
    expect(continuedText).not.toContain(TOOL_RESULT);
    await expectLedger(env, key.name, group, upstreamSince(env, group, since), { interface: "responses", stream: [stream, stream] });
  });

  it("compaction: a compaction OpenAI made, or a trigger that is not last, is refused naming the item", async () => {
    const key = await keyFor(env, group, "r-compact-refused");
    const openai = client(key.secret);
    const since = mark(env, group);
    const foreign = openai.responses.create({ model: group.model, input: [{ type: "compaction", encrypted_content: "gAAAAABpZ-not-ours" }, { role: "user", content: "Go on." }] as Input });
    await expect(foreign).rejects.toMatchObject({ status: 400, error: { param: "input[0].encrypted_content", message: expect.stringContaining("only OpenAI can read it") } });
    const early = openai.responses.create({ model: group.model, input: [{ type: "compaction_trigger" }, { role: "user", content: "Go on." }] as Input });
    await expect(early).rejects.toMatchObject({ status: 400, error: { param: "input[0]", message: expect.stringContaining("must be the last input item") } });
    expect(upstreamSince(env, group, since)).toEqual([]);
  });
});

const patchTools: OpenAI.Responses.Tool[] = [
  { type: "custom", name: "apply_patch", description: PATCH_DESCRIPTION, format: { type: "grammar", syntax: "lark", definition: PATCH_GRAMMAR } },
  { type: "function", ...TOOL, strict: false },
];

describe.each([["claude", groups.claude], ["chat", groups.qwen], ["gemini", groups.gemini]] as const)("Codex's apply_patch (a custom tool) on the %s group", (_, group) => {
  it.each([false, true])("stream %s: a function of `input` upstream; a custom_tool_call with the exact patch back; its output the function's result", async (stream) => {
    const key = await keyFor(env, group, "r-patch");
    const openai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("patch-tool", "patch-tool");
    const input: Input = [{ role: "user", content: "Make the greeting warmer." }];
    const params = { model: group.model, tools: patchTools, input, store: false };

    let first: OpenAI.Responses.Response;
    const streamedInput: string[] = [];
    const functionDeltas: string[] = [];
    if (stream) {
      const responseStream = openai.responses.stream(params);
      responseStream.on("response.custom_tool_call_input.delta", ({ delta }) => streamedInput.push(delta));
      responseStream.on("response.function_call_arguments.delta", ({ delta }) => functionDeltas.push(delta));
      first = await responseStream.finalResponse();
      expect(streamedInput.join("")).toBe(APPLY_PATCH);
      expect(functionDeltas).toEqual([]);
    } else first = await openai.responses.create(params);
    // Beside the call, only the reasoning item that carries Gemini's thought signature for it.
    expect(first.output.filter((item) => item.type !== "reasoning")).toEqual([
      { type: "custom_tool_call", id: expect.stringMatching(/^ctc_/), call_id: expect.any(String), name: "apply_patch", input: APPLY_PATCH, status: "completed" },
    ]);
    expect(first.tools[0]).toEqual(patchTools[0]);

    const call0 = first.output.find((item) => item.type === "custom_tool_call")!;
    input.push(...(first.output as Input), { type: "custom_tool_call_output", call_id: call0.call_id, output: PATCH_RESULT });
    const second = await call(openai, { ...params, input }, stream);
    expect(second.output_text).toBe(toolReply(PATCH_RESULT));

    const upstream = upstreamSince(env, group, since);
    expectPatchToolUpstream(group, upstream);
    await expectLedger(env, key.name, group, upstream, { interface: "responses", stream: [stream, stream] });
  });
});

describe.each([["claude", groups.claude], ["gemini", groups.gemini]] as const)("tool_choice allowed_tools on the %s group", (_, group) => {
  const parameters = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
  const declared: OpenAI.Responses.Tool[] = [
    { type: "function", name: "list_dir", description: "Lists a directory.", parameters, strict: false },
    { type: "web_search" },
    { type: "function", ...TOOL, strict: false },
    { type: "custom", name: "apply_patch", description: PATCH_DESCRIPTION },
  ];
  const declaredUpstream = (body: any): string[] => (group.mock === "gemini" ? body.tools[0].functionDeclarations : body.tools).map((tool: any) => tool.name);
  const toolChoiceUpstream = (body: any) => (group.mock === "gemini" ? body.toolConfig.functionCallingConfig : body.tool_choice);

  it("mode required: the model may call only the allowed function; the hosted web_search allowed beside it is left out, as it is of the tools", async () => {
    const key = await keyFor(env, group, "r-allowed");
    const openai = client(key.secret);
    const since = mark(env, group);
    const params = { model: group.model, tools: declared, input: "Read the README, please." };
    // The same tools twice with tool_choice auto first: what is written of them then is remembered (tools-memo.ts).
    for (let i = 0; i < 2; i++) await openai.responses.create({ ...params, tool_choice: "auto" });
    env.mocks[group.mock].next("tool");
    const toolChoice: OpenAI.Responses.ToolChoiceAllowed = { type: "allowed_tools", mode: "required", tools: [{ type: "function", name: TOOL.name }, { type: "web_search" }] };
    const response = await openai.responses.create({ ...params, tool_choice: toolChoice });
    expect(response.output.filter((item) => item.type === "function_call")).toEqual([expect.objectContaining({ name: TOOL.name })]);
    expect(response.tool_choice).toEqual({ type: "allowed_tools", mode: "required", tools: [{ type: "function", name: TOOL.name }] });

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(3);
    expect(declaredUpstream(upstream[1].body)).toEqual(["list_dir", TOOL.name, "apply_patch"]);
    if (group.mock === "gemini") {
      expect(declaredUpstream(upstream[2].body)).toEqual(["list_dir", TOOL.name, "apply_patch"]);
      expect(toolChoiceUpstream(upstream[2].body)).toEqual({ mode: "ANY", allowedFunctionNames: [TOOL.name] });
    } else {
      expect(declaredUpstream(upstream[2].body)).toEqual([TOOL.name]);
      expect(toolChoiceUpstream(upstream[2].body)).toEqual({ type: "any" });
    }
    await expectLedger(env, key.name, group, upstream, { interface: "responses", stream: [false, false, false] });
  });

  it("mode auto: only the allowed tools are declared, in their declared order (Gemini takes allowedFunctionNames with AUTO never)", async () => {
    const key = await keyFor(env, group, "r-allowed-auto");
    const since = mark(env, group);
    const tool_choice: OpenAI.Responses.ToolChoiceAllowed = { type: "allowed_tools", mode: "auto", tools: [{ type: "custom", name: "apply_patch" }, { type: "function", name: TOOL.name }] };
    const response = await client(key.secret).responses.stream({ model: group.model, tools: declared, tool_choice, input: "Hello there" }).finalResponse();
    expect(response.output_text).toBe(replyOf(group));
    const [upstream] = upstreamSince(env, group, since);
    expect(declaredUpstream(upstream.body)).toEqual([TOOL.name, "apply_patch"]);
    expect(toolChoiceUpstream(upstream.body)).toEqual(group.mock === "gemini" ? { mode: "AUTO" } : { type: "auto" });
  });

  it("an allowed tool that is not declared is refused, naming it, before any upstream call", async () => {
    const key = await keyFor(env, group, "r-allowed-unknown");
    const since = mark(env, group);
    const tool_choice: OpenAI.Responses.ToolChoiceAllowed = { type: "allowed_tools", mode: "auto", tools: [{ type: "function", name: TOOL.name }, { type: "function", name: "delete_file" }] };
    const error = await client(key.secret).responses.create({ model: group.model, tools: declared, tool_choice, input: "Hi" }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toMatch(/`tool_choice\.tools\[1\]`: function tool `delete_file` is not declared in `tools`/);
    expect(upstreamSince(env, group, since)).toEqual([]);
  });
});

describe("tool_choice allowed_tools through OpenAI SDK responses on the gpt group", () => {
  it("is passthrough: the channel's Responses gets the tools and tool_choice byte for byte", async () => {
    const key = await keyFor(env, groups.gpt, "r-allowed-gpt");
    const since = env.mocks.openai.requests.length;
    const declared: OpenAI.Responses.Tool[] = [{ type: "function", ...TOOL, strict: false }, { type: "web_search" }];
    const toolChoice: OpenAI.Responses.ToolChoiceAllowed = { type: "allowed_tools", mode: "required", tools: [{ type: "function", name: TOOL.name }, { type: "web_search" }] };
    await client(key.secret).responses.create({ model: groups.gpt.model, tools: declared, tool_choice: toolChoice, input: "Read the README, please." });
    const [upstream] = env.mocks.openai.requests.slice(since);
    expect(upstream.path).toBe("/v1/responses");
    expect(upstream.raw).toContain(`"tools":${JSON.stringify(declared)},"tool_choice":${JSON.stringify(toolChoice)}`);
  });
});
