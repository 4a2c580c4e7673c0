// @google/genai against a Claude group and a GPT group (Responses upstream), by translation: text,
// the SDK's stream iterator, a two-turn tool loop, a base64 image, and reasoning whose upstream
// proof (a thinking signature, encrypted_content) rides in a part's `thoughtSignature` and must
// reach the upstream byte-exact on the next turn.
import { type Content, type GenerateContentParameters, type GenerateContentResponse, GoogleGenAI, type Part } from "@google/genai";
import { describe, expect, it } from "vitest";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { inputTokensOf } from "../mock-upstreams/server.ts";
import {
  ANTHROPIC_REPLY,
  expectLedger,
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
useSdkEnv("generate-content", ["claude", "gpt"], (started) => (env = started));

const replyOf = (group: Group) => (group.mock === "anthropic" ? ANTHROPIC_REPLY : OPENAI_REPLY);
const client = (secret: string) => new GoogleGenAI({ apiKey: secret, httpOptions: { baseUrl: env.tollgate.url } });
const tools = [{ functionDeclarations: [{ name: TOOL.name, description: TOOL.description, parametersJsonSchema: TOOL.parameters }] }];
const thinkingConfig = { includeThoughts: true, thinkingBudget: 1024 };
/** A functionResponse's `response` object reaches a text-result upstream as its JSON text, whole. */
const RESULT_TEXT = JSON.stringify({ result: TOOL_RESULT });
const answerText = (content: Content) => (content.parts ?? []).filter((p) => !p.thought && p.text).map((p) => p.text).join("");

/**
 * One call, streamed through the SDK's async iterator or not. Streamed, the model's turn is every
 * chunk's parts in order (what a client keeps), the finish reason and usage the last chunk's.
 */
async function call(ai: GoogleGenAI, params: GenerateContentParameters, stream: boolean): Promise<{ content: Content; finishReason?: string; usage?: GenerateContentResponse["usageMetadata"] }> {
  if (!stream) {
    const response = await ai.models.generateContent(params);
    expect(response.candidates).toHaveLength(1);
    return { content: response.candidates![0].content!, finishReason: response.candidates![0].finishReason, usage: response.usageMetadata };
  }
  const parts: Part[] = [];
  let last: GenerateContentResponse | undefined;
  for await (const chunk of await ai.models.generateContentStream(params)) {
    parts.push(...(chunk.candidates?.[0]?.content?.parts ?? []));
    last = chunk;
  }
  return { content: { role: "model", parts }, finishReason: last?.candidates?.[0]?.finishReason, usage: last?.usageMetadata };
}

/** The upstream's proofs carried in a model turn's thoughtSignatures. */
const proofsOf = (group: Group, content: Content) => (content.parts ?? []).filter((p) => p.thoughtSignature).map((p) => proofIn(group, p.thoughtSignature!));

describe.each([["claude", groups.claude], ["gpt", groups.gpt]] as const)("google-genai on the %s group", (_, group) => {
  it("plain text: the upstream's answer as a GenerateContentResponse, its usage, billed", async () => {
    const key = await keyFor(env, group, "c-text");
    const since = mark(env, group);
    const response = await client(key.secret).models.generateContent({ model: group.model, contents: "Hello there", config: { systemInstruction: "Be brief." } });
    const [upstream] = upstreamSince(env, group, since);
    expect(response.text).toBe(replyOf(group));
    expect(response.candidates![0]).toMatchObject({ finishReason: "STOP", content: { role: "model" } });
    expect(response.modelVersion).toBeTruthy();
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: inputTokensOf(upstream.body), candidatesTokenCount: group.output });
    if (group.mock === "anthropic") expect([upstream.body.system].flat().map((s: any) => (typeof s === "string" ? s : s.text))).toEqual(["Be brief."]);
    else expect(upstream.body.instructions).toBe("Be brief.");
    await expectLedger(env, key.name, group, [upstream], { interface: "generate-content", stream: [false] });
  });

  it("stream: the SDK's iterator yields the answer in chunks, the last with finishReason and usage", async () => {
    const key = await keyFor(env, group, "c-stream");
    const since = mark(env, group);
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of await client(key.secret).models.generateContentStream({ model: group.model, contents: "Hello there" })) chunks.push(chunk);
    const [upstream] = upstreamSince(env, group, since);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.text ?? "").join("")).toBe(replyOf(group));
    expect(chunks.at(-1)!.candidates![0].finishReason).toBe("STOP");
    expect(chunks.slice(0, -1).every((c) => c.candidates?.[0]?.finishReason === undefined)).toBe(true);
    expect(chunks.at(-1)!.usageMetadata).toMatchObject({ promptTokenCount: inputTokensOf(upstream.body), candidatesTokenCount: group.output });
    await expectLedger(env, key.name, group, [upstream], { interface: "generate-content", stream: [true] });
  });

  it.each([false, true])("two-turn tool loop (stream %s): the model turn as the SDK returned it, then the functionResponse", async (stream) => {
    const key = await keyFor(env, group, "c-tool");
    const ai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("tool", "tool");
    const contents: Content[] = [{ role: "user", parts: [{ text: "Read the README, please." }] }];
    const first = await call(ai, { model: group.model, contents, config: { tools } }, stream);
    expect(first.finishReason).toBe("STOP");
    const calls = (first.content.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall!);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: TOOL.name, args: { path: TOOL_ARGUMENT } });

    contents.push(first.content);
    contents.push({ role: "user", parts: [{ functionResponse: { id: calls[0].id, name: calls[0].name, response: { result: TOOL_RESULT } } }] });
    const second = await call(ai, { model: group.model, contents, config: { tools } }, stream);
    expect(second.finishReason).toBe("STOP");
    expect(answerText(second.content)).toBe(toolReply(RESULT_TEXT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(upstreamToolResult(group, upstream[1].body)).toEqual({ callName: TOOL.name, text: RESULT_TEXT });
    await expectLedger(env, key.name, group, upstream, { interface: "generate-content", stream: [stream, stream] });
  });

  it("a functionResponse without the call's id (older Gemini clients) is matched to its call by name", async () => {
    const key = await keyFor(env, group, "c-tool-noid");
    const ai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("tool", "tool");
    const contents: Content[] = [{ role: "user", parts: [{ text: "Read the README, please." }] }];
    const first = await call(ai, { model: group.model, contents, config: { tools } }, false);
    const functionCall = first.content.parts!.find((p) => p.functionCall)!.functionCall!;
    contents.push(first.content, { role: "user", parts: [{ functionResponse: { name: functionCall.name, response: { result: TOOL_RESULT } } }] });
    const second = await call(ai, { model: group.model, contents, config: { tools } }, false);
    expect(answerText(second.content)).toBe(toolReply(RESULT_TEXT));
    const upstream = upstreamSince(env, group, since);
    expect(upstreamToolResult(group, upstream[1].body)).toEqual({ callName: TOOL.name, text: RESULT_TEXT });
    await expectLedger(env, key.name, group, upstream, { interface: "generate-content", stream: [false, false] });
  });

  it("an image (inlineData) reaches the upstream as the same bytes and media type", async () => {
    const key = await keyFor(env, group, "c-image");
    const since = mark(env, group);
    const response = await client(key.secret).models.generateContent({
      model: group.model,
      contents: [{ role: "user", parts: [{ inlineData: { mimeType: "image/png", data: PNG_BASE64 } }, { text: "What is this?" }] }],
    });
    expect(response.text).toBe(replyOf(group));
    const [upstream] = upstreamSince(env, group, since);
    expect(upstreamImage(group, upstream.body)).toEqual({ mediaType: "image/png", data: PNG_BASE64 });
    await expectLedger(env, key.name, group, [upstream], { interface: "generate-content", stream: [false] });
  });

  it.each([false, true])("reasoning across a tool loop (stream %s): the upstream's proof rides in thoughtSignature and returns byte-exact", async (stream) => {
    const key = await keyFor(env, group, "c-think-tool");
    const ai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking-tool", "thinking-tool");
    const config = { tools, thinkingConfig };
    const contents: Content[] = [{ role: "user", parts: [{ text: "Read the README, please." }] }];
    const first = await call(ai, { model: group.thinks, contents, config }, stream);
    expect((first.content.parts ?? []).some((p) => p.thought && p.text)).toBe(true);
    const proofs = proofsOf(group, first.content);
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatch(proofPattern[group.mock]);
    const functionCall = first.content.parts!.find((p) => p.functionCall)!.functionCall!;

    contents.push(first.content);
    contents.push({ role: "user", parts: [{ functionResponse: { id: functionCall.id, name: functionCall.name, response: { result: TOOL_RESULT } } }] });
    const second = await call(ai, { model: group.thinks, contents, config }, stream);
    expect(answerText(second.content)).toBe(toolReply(RESULT_TEXT));

    const upstream = upstreamSince(env, group, since);
    expect(upstream).toHaveLength(2);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    expect(upstream[1].raw).toContain(JSON.stringify(proofs[0]));
    await expectLedger(env, key.name, group, upstream, { interface: "generate-content", stream: [stream, stream] });
  });

  it("reasoning across a plain two-turn conversation: the first answer's proof goes back on the second turn", async () => {
    const key = await keyFor(env, group, "c-think");
    const ai = client(key.secret);
    const since = mark(env, group);
    env.mocks[group.mock].next("thinking", "thinking");
    const contents: Content[] = [{ role: "user", parts: [{ text: "Say hello." }] }];
    const first = await call(ai, { model: group.thinks, contents, config: { thinkingConfig } }, false);
    expect(answerText(first.content)).toBe(replyOf(group));
    const proofs = proofsOf(group, first.content);
    expect(proofs).toHaveLength(1);
    contents.push(first.content, { role: "user", parts: [{ text: "And again." }] });
    const second = await call(ai, { model: group.thinks, contents, config: { thinkingConfig } }, false);
    expect(answerText(second.content)).toBe(replyOf(group));
    const upstream = upstreamSince(env, group, since);
    expect(proofsReceived(group, upstream[1].body)).toEqual(proofs);
    await expectLedger(env, key.name, group, upstream, { interface: "generate-content", stream: [false, false] });
  });
});
