// Tool names one vendor takes and another refuses, through the official SDKs: a Gemini caller's
// `files.read` and `github:create_issue` (dots and colons, which Anthropic and OpenAI refuse) on a
// Claude group and a chat group, and an Anthropic caller's 100-character MCP tool (Claude Code's
// `mcp__<server>__<tool>`; OpenAI takes 64) on a GPT group. The mocks refuse such names as each
// vendor does; the gateway sends stand-ins, gives the caller its own names back, and sends the
// same stand-ins on the next turn so that the upstream sees the same prefix.
import Anthropic from "@anthropic-ai/sdk";
import { type Content, type GenerateContentParameters, GoogleGenAI, type Part } from "@google/genai";
import { describe, expect, it } from "vitest";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { expectLedger, type Group, groups, keyFor, mark, TOOL, TOOL_ARGUMENT, TOOL_RESULT, toolReply, upstreamSince, useSdkEnv } from "./sdk-helpers.ts";

/** The function names an upstream body declares, in whichever format it went. */
function declaredUpstream(group: Group, body: any): string[] {
  if (group.path.test("/v1/chat/completions")) return body.tools.map((tool: any) => tool.function.name);
  return body.tools.map((tool: any) => tool.name);
}

/** The names of the calls in an upstream body's history. */
function calledUpstream(group: Group, body: any): string[] {
  if (group.mock === "anthropic") return body.messages.flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])).filter((b: any) => b.type === "tool_use").map((b: any) => b.name);
  if (group.path.test("/v1/chat/completions")) return body.messages.flatMap((m: any) => m.tool_calls ?? []).map((call: any) => call.function.name);
  return body.input.filter((item: any) => item.type === "function_call").map((item: any) => item.name);
}

/** What the upstream's body holds before its last turn: what a prompt cache matches on turn to turn. */
function prefixOf(group: Group, body: any): unknown {
  if (group.mock === "anthropic") return { tools: body.tools, system: body.system, first: body.messages.slice(0, 1) };
  if (group.path.test("/v1/chat/completions")) return { tools: body.tools, first: body.messages.slice(0, 1) };
  return { tools: body.tools, instructions: body.instructions, first: body.input.slice(0, 1) };
}

describe("a Gemini caller's dotted and coloned names on the Claude and chat groups", () => {
  let env: RelayEnv;
  useSdkEnv("generate-content", ["claude", "qwen"], (started) => (env = started));
  const client = (secret: string) => new GoogleGenAI({ apiKey: secret, httpOptions: { baseUrl: env.tollgate.url } });
  const tools = [
    {
      functionDeclarations: [
        { name: "files.read", description: TOOL.description, parametersJsonSchema: TOOL.parameters },
        { name: "github:create_issue", description: "Opens an issue.", parametersJsonSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
      ],
    },
  ];

  async function call(ai: GoogleGenAI, params: GenerateContentParameters, stream: boolean): Promise<Content> {
    if (!stream) return (await ai.models.generateContent(params)).candidates![0].content!;
    const parts: Part[] = [];
    for await (const chunk of await ai.models.generateContentStream(params)) parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
    return { role: "model", parts };
  }

  describe.each([
    ["claude", groups.claude],
    ["chat", groups.qwen],
  ] as const)("on the %s group", (_, group) => {
    it.each([false, true])("stream %s: the call comes back as files.read, its result goes back under the same stand-in", async (stream) => {
      const key = await keyFor(env, group, "tn-genai");
      const ai = client(key.secret);
      const since = mark(env, group);
      env.mocks[group.mock].next("tool", "tool");
      const contents: Content[] = [{ role: "user", parts: [{ text: "Read the README, please." }] }];
      const first = await call(ai, { model: group.model, contents, config: { tools } }, stream);
      const calls = (first.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall!);
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ name: "files.read", args: { path: TOOL_ARGUMENT } });

      contents.push(first, { role: "user", parts: [{ functionResponse: { id: calls[0].id, name: calls[0].name, response: { result: TOOL_RESULT } } }] });
      const second = await call(ai, { model: group.model, contents, config: { tools } }, stream);
      const text = (second.parts ?? []).filter((p) => p.text && !p.thought).map((p) => p.text).join("");
      expect(text).toBe(toolReply(JSON.stringify({ result: TOOL_RESULT })));

      const upstream = upstreamSince(env, group, since);
      expect(upstream).toHaveLength(2);
      expect(declaredUpstream(group, upstream[0].body)).toEqual(["files_read", "github_create_issue"]);
      expect(calledUpstream(group, upstream[1].body)).toEqual(["files_read"]);
      expect(prefixOf(group, upstream[1].body)).toEqual(prefixOf(group, upstream[0].body));
      await expectLedger(env, key.name, group, upstream, { interface: "generate-content", stream: [stream, stream] });
    });
  });
});

describe("an Anthropic caller's 100-character MCP tool name on the GPT group", () => {
  let env: RelayEnv;
  useSdkEnv("messages", ["gpt"], (started) => (env = started));
  const group = groups.gpt;
  const client = (secret: string) => new Anthropic({ apiKey: secret, baseURL: env.tollgate.url, maxRetries: 0 });
  const longName = `mcp__acme-internal-knowledge-base-server__${"search_engineering_design_documents_by_topic".padEnd(58, "x")}`;
  const tools: Anthropic.Tool[] = [
    { name: longName, description: TOOL.description, input_schema: TOOL.parameters as Anthropic.Tool.InputSchema },
    { name: TOOL.name, description: TOOL.description, input_schema: TOOL.parameters as Anthropic.Tool.InputSchema },
  ];

  it("is 100 characters, more than OpenAI takes", () => {
    expect(longName).toHaveLength(100);
  });

  it.each([false, true])("stream %s: the tool_use comes back under the whole name; OpenAI is sent 64 characters at most, the same both turns", async (stream) => {
    const key = await keyFor(env, group, "tn-anthropic");
    const anthropic = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("tool", "tool");
    const send = (messages: Anthropic.MessageParam[]) =>
      stream ? anthropic.messages.stream({ model: group.model, max_tokens: 256, tools, messages }).finalMessage() : anthropic.messages.create({ model: group.model, max_tokens: 256, tools, messages });
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Find the design document on caching." }];
    const first = await send(messages);
    expect(first.stop_reason).toBe("tool_use");
    const use = first.content.find((b) => b.type === "tool_use");
    expect(use).toMatchObject({ type: "tool_use", name: longName, input: { path: TOOL_ARGUMENT } });

    messages.push({ role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: use!.id, content: TOOL_RESULT }] });
    const second = await send(messages);
    expect(second.stop_reason).toBe("end_turn");
    expect(second.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("")).toBe(toolReply(TOOL_RESULT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    const [standIn, plain] = declaredUpstream(group, upstream[0].body);
    // The name's first 55 characters and a hash of all of it: 64, and still readable.
    expect(standIn).toHaveLength(64);
    expect(standIn.slice(0, 56)).toBe(`${longName.slice(0, 55)}_`);
    expect(standIn).toMatch(/_[0-9a-f]{8}$/);
    expect(plain).toBe(TOOL.name);
    expect(calledUpstream(group, upstream[1].body)).toEqual([standIn]);
    expect(prefixOf(group, upstream[1].body)).toEqual(prefixOf(group, upstream[0].body));
    await expectLedger(env, key.name, group, upstream, { interface: "messages", stream: [stream, stream] });
  });
});
