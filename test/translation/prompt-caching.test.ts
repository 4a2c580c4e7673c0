// Prompt caching through translation to a Claude group, with the OpenAI SDK as the caller (Responses
// as Codex calls it, and chat). OpenAI caches prompts on its own; Anthropic only at the breakpoints a
// request marks, and bills the writing. So a caller that asks for caching in its own terms
// (`prompt_cache_key`, and `prompt_cache_retention: "24h"` for longer) gets Anthropic's breakpoints,
// and one that does not is sent none. The Anthropic mock's `prompt-cache` scenario caches as
// Anthropic does (test/mock-upstreams/prompt-cache.ts): a turn reads what the turn before it marked.
// The caller is told the cache reads in its own terms, and the ledger bills the reads and writes.
import OpenAI from "openai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, type UsageCall } from "../helpers/relay-env.ts";
import { cacheBreakpoints } from "../helpers/translation.ts";
import { ANTHROPIC_OUTPUT_TOKENS, ANTHROPIC_REPLY } from "../mock-upstreams/anthropic.ts";
import { inputTokensOf, type RecordedRequest } from "../mock-upstreams/server.ts";

const model = "claude-sonnet-4-6";
let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
  const group = env.groups.get("claude-smart")!;
  const { error } = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: ["chat", "responses"] } });
  if (error) throw new Error(JSON.stringify(error));
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
});
afterAll(async () => {
  await env?.stop();
});
afterEach(() => {
  env.mocks.anthropic.dropQueued();
});

async function client(prefix: string) {
  const name = unique(prefix);
  const key = await env.key("claude-smart", name);
  return { name, openai: new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 }) };
}


/** The calls to the Anthropic mock during `run`, each answered in the `prompt-cache` scenario. */
async function upstreamOf<T>(calls: number, run: () => Promise<T>): Promise<{ result: T; upstream: RecordedRequest[] }> {
  const mock = env.mocks.anthropic;
  const since = mock.requests.length;
  mock.next(...Array(calls).fill("prompt-cache"));
  const result = await run();
  const upstream = mock.requests.slice(since);
  expect(upstream.map((request) => request.path)).toEqual(Array(calls).fill("/v1/messages"));
  return { result, upstream };
}

const tokensOf = (call: UsageCall) => ({ input: call.input_tokens, read: call.cache_read_tokens, written: call.cache_write_tokens, written1h: call.cache_write_1h_tokens });

const tools: OpenAI.Responses.Tool[] = [
  { type: "function", name: "exec_command", description: "Runs a shell command.", parameters: { type: "object", properties: { cmd: { type: "string" } }, required: ["cmd"] }, strict: false },
];

describe("OpenAI SDK on a Claude group: prompt caching asked in OpenAI's terms", () => {
  it("Responses with prompt_cache_key, as Codex sends it: breakpoints upstream, the second turn reads the first turn's prompt from the cache, billed so", async () => {
    const { name, openai } = await client("cache-responses");
    const instructions = `You are a coding agent. Session ${name}: follow the project's rules.`;
    const first: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: "What does README.md say about the build?" }];
    const params = { model, instructions, tools, store: false, prompt_cache_key: `session-${name}` };
    const { result, upstream } = await upstreamOf(2, async () => {
      const one = await openai.responses.create({ ...params, input: first });
      // Stateless, as Codex runs: the next turn sends the conversation so far and the new ask.
      const second: OpenAI.Responses.ResponseInputItem[] = [...first, ...(one.output as OpenAI.Responses.ResponseInputItem[]), { role: "user", content: "And about the tests?" }];
      const stream = openai.responses.stream({ ...params, input: second });
      return [one, await stream.finalResponse()];
    });
    const [one, two] = result;
    expect(two.output_text).toBe(ANTHROPIC_REPLY);

    const ephemeral = { type: "ephemeral" };
    expect(cacheBreakpoints(upstream[0].body)).toEqual({ "tools[0]": ephemeral, "system[0]": ephemeral, "messages[0].content[0]": ephemeral });
    // The previous turn's end stays marked beside this turn's: 4 breakpoints, Anthropic's most.
    expect(cacheBreakpoints(upstream[1].body)).toEqual({ "tools[0]": ephemeral, "system[0]": ephemeral, "messages[0].content[0]": ephemeral, "messages[2].content[0]": ephemeral });

    // Turn one writes its whole prompt; turn two reads it back and writes only what it added.
    const firstPrompt = inputTokensOf(upstream[0].body);
    const secondPrompt = inputTokensOf(upstream[1].body);
    expect(one.usage).toMatchObject({ input_tokens: firstPrompt, input_tokens_details: { cached_tokens: 0 }, output_tokens: ANTHROPIC_OUTPUT_TOKENS });
    expect(two.usage).toMatchObject({ input_tokens: secondPrompt, input_tokens_details: { cached_tokens: firstPrompt }, output_tokens: ANTHROPIC_OUTPUT_TOKENS });
    const calls = (await env.ledger(name, 2)).slice().reverse();
    expect(calls.map(tokensOf)).toEqual([
      { input: 0, read: 0, written: firstPrompt, written1h: 0 },
      { input: 0, read: firstPrompt, written: secondPrompt - firstPrompt, written1h: 0 },
    ]);
    for (const call of calls) expect(call).toMatchObject({ status: "ok", interface: "responses" });
  });

  it("chat with prompt_cache_key and prompt_cache_retention 24h, streamed: 1-hour breakpoints, cached_tokens in the usage chunk, 1-hour writes billed", async () => {
    const { name, openai } = await client("cache-chat");
    const system = `You answer questions about the project ${name}.`;
    const ask = (messages: OpenAI.Chat.ChatCompletionMessageParam[]) =>
      openai.chat.completions.create({ model, messages, stream: true, stream_options: { include_usage: true }, prompt_cache_key: `chat-${name}`, prompt_cache_retention: "24h" });
    const usageOf = async (stream: Awaited<ReturnType<typeof ask>>) => {
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) usage = chunk.usage ?? usage;
      return usage;
    };
    const first: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "system", content: system }, { role: "user", content: "Which license does it use?" }];
    const { result, upstream } = await upstreamOf(2, async () => [
      await usageOf(await ask(first)),
      await usageOf(await ask([...first, { role: "assistant", content: ANTHROPIC_REPLY }, { role: "user", content: "Since when?" }])),
    ]);
    const hour = { type: "ephemeral", ttl: "1h" };
    expect(cacheBreakpoints(upstream[1].body)).toEqual({ "system[0]": hour, "messages[0].content[0]": hour, "messages[2].content[0]": hour });
    const firstPrompt = inputTokensOf(upstream[0].body);
    const secondPrompt = inputTokensOf(upstream[1].body);
    expect(result[1]).toMatchObject({ prompt_tokens: secondPrompt, prompt_tokens_details: { cached_tokens: firstPrompt } });
    const calls = (await env.ledger(name, 2)).slice().reverse();
    expect(calls.map(tokensOf)).toEqual([
      { input: 0, read: 0, written: firstPrompt, written1h: firstPrompt },
      { input: 0, read: firstPrompt, written: secondPrompt - firstPrompt, written1h: secondPrompt - firstPrompt },
    ]);
  });

  it("without prompt_cache_key nothing is marked, nothing cached, nothing billed as cache", async () => {
    const { name, openai } = await client("cache-none");
    const input = `A question from ${name} that asks for no caching.`;
    const { upstream } = await upstreamOf(2, async () => {
      await openai.responses.create({ model, instructions: "Be brief.", tools, input });
      await openai.chat.completions.create({ model, messages: [{ role: "system", content: "Be brief." }, { role: "user", content: input }] });
    });
    for (const request of upstream) expect(request.raw).not.toContain("cache_control");
    const calls = await env.ledger(name, 2);
    for (const call of calls) expect(tokensOf(call)).toMatchObject({ read: 0, written: 0 });
  });
});
