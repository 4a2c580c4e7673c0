// Translated calls end to end through the official SDKs against the mock upstreams: the smallest
// proof per direction that a group accepting another interface answers it in the caller's format,
// bills the upstream's usage, and refuses what a pair cannot carry.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
const accept = async (identifier: string, translated: ("messages" | "chat" | "responses" | "generate-content")[]) => {
  const group = env.groups.get(identifier)!;
  const patched = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: translated } });
  expect(patched.data?.translated_interfaces).toEqual(translated);
};

beforeAll(async () => {
  env = await startRelayEnv();
  await accept("gpt-trial", ["messages", "generate-content"]);
  await accept("claude-smart", ["chat", "responses", "generate-content"]);
  await accept("gemini-official", ["messages", "chat", "responses"]);
  await accept("qwen-trial", ["messages", "responses", "generate-content"]);
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
});
afterAll(async () => {
  await env?.stop();
});

describe("translated calls", () => {
  it("Anthropic SDK on the GPT group: the Responses upstream answers, in messages", async () => {
    const keyName = unique("a-on-b");
    const client = new Anthropic({ apiKey: await env.key("gpt-trial", keyName), baseURL: env.tollgate.url, maxRetries: 0 });
    const message = await client.messages.create({ model: "gpt-4o-mini", max_tokens: 64, system: "Be brief.", messages: [{ role: "user", content: "Hello" }] });
    expect(message.content[0]).toMatchObject({ type: "text" });
    expect(env.mocks.openai.requests.at(-1)!.path).toBe("/v1/responses");
    const stream = client.messages.stream({ model: "gpt-4o-mini", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] });
    const final = await stream.finalMessage();
    expect(final.stop_reason).toBe("end_turn");
    const [call] = await env.ledger(keyName, 2);
    expect(call).toMatchObject({ status: "ok", interface: "messages", finish_reason: "end_turn" });
    expect(call.input_tokens).toBeGreaterThan(0);
  });

  it("OpenAI SDK on the Claude group, chat and responses", async () => {
    const client = new OpenAI({ apiKey: await env.key("claude-smart", unique("b-on-a")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const response = await client.responses.create({ model: "claude-sonnet-4-6", instructions: "Be brief.", input: "Hello" });
    expect(response.output_text.length).toBeGreaterThan(0);
    expect(env.mocks.anthropic.requests.at(-1)!.path).toBe("/v1/messages");
    const stream = client.responses.stream({ model: "claude-sonnet-4-6", input: "Hello" });
    expect((await stream.finalResponse()).status).toBe("completed");
  });

  it("OpenAI SDK chat on the Claude and Gemini groups; Anthropic SDK on a domestic group (chat upstream)", async () => {
    for (const [identifier, model, mock] of [["claude-smart", "claude-sonnet-4-6", "anthropic"], ["gemini-official", "gemini-2.5-flash", "gemini"]] as const) {
      const client = new OpenAI({ apiKey: await env.key(identifier, unique("chat")), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
      const completion = await client.chat.completions.create({ model, messages: [{ role: "system", content: "Be brief." }, { role: "user", content: "Hello" }] });
      expect(completion.choices[0].message.content?.length).toBeGreaterThan(0);
      expect(env.mocks[mock].requests.length).toBeGreaterThan(0);
      // No max_tokens from the caller: Anthropic gets the limit the hold was made for (chat's default, 4096).
      if (mock === "anthropic") expect(env.mocks.anthropic.requests.at(-1)!.body.max_tokens).toBe(4096);
      const stream = client.chat.completions.stream({ model, messages: [{ role: "user", content: "Hello" }], stream_options: { include_usage: true } });
      const final = await stream.finalChatCompletion();
      expect(final.choices[0].finish_reason).toBe("stop");
      expect(final.usage?.prompt_tokens).toBeGreaterThan(0);
    }
    const anthropic = new Anthropic({ apiKey: await env.key("qwen-trial", unique("a-on-chat")), baseURL: env.tollgate.url, maxRetries: 0 });
    const message = await anthropic.messages.stream({ model: "qwen3-max", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] }).finalMessage();
    expect(message.content[0]).toMatchObject({ type: "text" });
    expect(env.mocks.openai.requests.at(-1)!.path).toBe("/v1/chat/completions");
  });

  it("google-genai on the Claude and GPT groups", async () => {
    const ai = new GoogleGenAI({ apiKey: await env.key("claude-smart", unique("c-on-a")), httpOptions: { baseUrl: env.tollgate.url } });
    const answer = await ai.models.generateContent({ model: "claude-sonnet-4-6", contents: "Hello" });
    expect(answer.text?.length).toBeGreaterThan(0);
    const gpt = new GoogleGenAI({ apiKey: await env.key("gpt-trial", unique("c-on-b")), httpOptions: { baseUrl: env.tollgate.url } });
    let text = "";
    for await (const chunk of await gpt.models.generateContentStream({ model: "gpt-4o-mini", contents: "Hello" })) text += chunk.text ?? "";
    expect(text.length).toBeGreaterThan(0);
  });
});
