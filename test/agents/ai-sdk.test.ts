// The Vercel AI SDK (`ai` with @ai-sdk/anthropic, @ai-sdk/openai, @ai-sdk/google, pinned) through
// Tollgate: each provider on a group of another family, only baseURL and apiKey changed, running a
// tool loop with `tools` and `stopWhen` — the model asks for `read_file`, the SDK executes it, sends
// the result back and the model quotes it — with generateText and with streamText:
//   @ai-sdk/anthropic (messages)        on the Gemini group (generateContent upstream)
//   @ai-sdk/openai (Responses API)      on a Claude group   (messages upstream)
//   @ai-sdk/google (generateContent)    on a GPT group      (Responses upstream)
// In process: no CLI, nothing but the gateway on loopback is called.
import { readFileSync } from "node:fs";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText, jsonSchema, type LanguageModel, stepCountIs, streamText, tool } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamKeys } from "../helpers/relay-env.ts";
import { toolReply } from "../mock-upstreams/conversation.ts";
import { type AgentEnv, expectChannelCredentialOnly, expectLedger, startAgentEnv, workspace } from "./harness.ts";

let env: AgentEnv;
beforeAll(async () => {
  env = await startAgentEnv({ "gemini-official": ["messages"], "claude-smart": ["responses"], "gpt-trial": ["generate-content"] });
});
afterAll(async () => {
  await env?.stop();
});

const readFile = tool({
  description: "Reads a file and returns its text.",
  inputSchema: jsonSchema<{ path: string }>({ type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false }),
  execute: async ({ path }) => readFileSync(path, "utf8"),
});

type Case = {
  provider: string;
  identifier: string;
  interface: "messages" | "responses" | "generate-content";
  upstream: { path: RegExp; credential: string };
  model: (url: string, key: string) => LanguageModel;
};

const cases: Case[] = [
  {
    provider: "@ai-sdk/anthropic",
    identifier: "gemini-official",
    interface: "messages",
    upstream: { path: /^\/v1beta\/models\/gemini-2\.5-flash:(stream)?[gG]enerateContent$/, credential: upstreamKeys.gemini },
    model: (url, key) => createAnthropic({ baseURL: `${url}/v1`, apiKey: key })("gemini-2.5-flash"),
  },
  {
    provider: "@ai-sdk/openai",
    identifier: "claude-smart",
    interface: "responses",
    upstream: { path: /^\/v1\/messages$/, credential: upstreamKeys.anthropic },
    model: (url, key) => createOpenAI({ baseURL: `${url}/v1`, apiKey: key }).responses("claude-sonnet-4-6"),
  },
  {
    provider: "@ai-sdk/google",
    identifier: "gpt-trial",
    interface: "generate-content",
    upstream: { path: /^\/v1\/responses$/, credential: upstreamKeys.openai },
    model: (url, key) => createGoogleGenerativeAI({ baseURL: `${url}/v1beta`, apiKey: key })("gpt-5"),
  },
];

describe("Vercel AI SDK tool loops across families", { timeout: 50_000 }, () => {
  for (const c of cases) {
    it(`${c.provider} on ${c.identifier}: generateText and streamText run read_file and quote its result`, async () => {
      const ws = workspace("ai-sdk");
      try {
        env.agent.script.steps = [{ read_file: { path: ws.file } }];
        const { key, name } = await env.key(c.identifier);
        const from = env.agent.requests.length;
        const fromUsage = env.agent.usage.length;
        const model = c.model(env.relay.tollgate.url, key);
        const prompt = "What does README.md say? Use read_file.";

        const generated = await generateText({ model, tools: { read_file: readFile }, stopWhen: stepCountIs(3), prompt, maxOutputTokens: 1024, maxRetries: 0 });
        expect(generated.steps.map((step) => step.finishReason)).toEqual(["tool-calls", "stop"]);
        expect(generated.steps[0].toolResults[0]).toMatchObject({ toolName: "read_file", output: `${ws.canary}\n` });
        // The quoted result is the text itself, or the JSON object Gemini's functionResponse wraps it in.
        expect(generated.text.startsWith(toolReply(""))).toBe(true);
        expect(generated.text).toContain(ws.canary);

        const streamed = streamText({ model, tools: { read_file: readFile }, stopWhen: stepCountIs(3), prompt, maxOutputTokens: 1024, maxRetries: 0 });
        let deltas = 0;
        for await (const part of streamed.fullStream) {
          if (part.type === "error") throw part.error;
          if (part.type === "text-delta") deltas++;
        }
        expect(await streamed.text).toBe(generated.text);
        expect(deltas).toBeGreaterThan(1);

        const requests = env.agent.requests.slice(from);
        expect(requests).toHaveLength(4);
        for (const request of requests) expect(request.path).toMatch(c.upstream.path);
        expect(requests.filter((request) => request.raw.includes(ws.canary))).toHaveLength(2);
        expectChannelCredentialOnly(requests, key, c.upstream.credential);
        await expectLedger(env, name, fromUsage, c.interface, null);
      } finally {
        ws.remove();
      }
    });
  }
});
