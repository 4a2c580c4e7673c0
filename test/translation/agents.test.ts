// The users, as their agents call: Claude Code (Anthropic Messages), Codex (Responses),
// an OpenAI-SDK chat agent, Gemini CLI (generateContent) — each request with the fields those
// clients really send (cache_control, metadata, prompt_cache_key, safety settings …), on every
// upstream the caller can be translated to. Harmless transport fields must not be refused; what
// arrives upstream must pass the strict mock; the answer comes back in the caller's format.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { requestText } from "../mock-upstreams/server.ts";
import { TOOL } from "./callers/types.ts";
import { optIn, type Pair, pairs } from "./pairs.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
  await optIn(env);
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

const SYSTEM = "You are an interactive CLI agent helping with software engineering tasks.";
/** Claude Code's metadata.user_id: a JSON string of 150 characters, past OpenAI's 64 for `user` and `safety_identifier`. */
const CLAUDE_CODE_USER_ID = JSON.stringify({ device_id: "3f2a9c1e".repeat(8), account_uuid: "", session_id: "0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e" });
const ASK = "List the files of this repository.";

/** Each caller's agent request, as that client sends it (model and stream set by the caller format). */
const agentBodies: Record<string, (model: string, stream: boolean) => Record<string, unknown>> = {
  // Claude Code: system blocks with cache_control, metadata.user_id, tools with cache_control, thinking, tool_choice auto.
  messages: (model, stream) => ({
    model,
    max_tokens: 32000,
    system: [
      { type: "text", text: "You are Claude Code, Anthropic's official CLI for Claude." },
      { type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } },
    ],
    messages: [{ role: "user", content: [{ type: "text", text: ASK, cache_control: { type: "ephemeral" } }] }],
    tools: [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.schema, cache_control: { type: "ephemeral" } }],
    tool_choice: { type: "auto" },
    metadata: { user_id: CLAUDE_CODE_USER_ID },
    thinking: { type: "enabled", budget_tokens: 10000 },
    stream,
  }),
  // Codex: instructions, a developer item, reasoning with encrypted content, store false, prompt_cache_key, parallel tools.
  responses: (model, stream) => ({
    model,
    instructions: SYSTEM,
    input: [
      { type: "message", role: "developer", content: [{ type: "input_text", text: "<permissions instructions>sandbox: workspace-write</permissions instructions>" }] },
      { type: "message", role: "user", content: [{ type: "input_text", text: ASK }] },
    ],
    tools: [{ type: "function", name: TOOL.name, description: TOOL.description, strict: false, parameters: TOOL.schema }],
    tool_choice: "auto",
    parallel_tool_calls: false,
    reasoning: { effort: "medium", summary: "auto" },
    store: false,
    stream,
    include: ["reasoning.encrypted_content"],
    prompt_cache_key: "0199a6f1-7a55-7d52-a4b0-5c8c8fbb2b3e",
  }),
  // An OpenAI-SDK chat agent: system, tools, tool_choice, parallel_tool_calls, temperature 0, user, stream usage.
  chat: (model, stream) => ({
    model,
    messages: [
      { role: "system", content: SYSTEM },
      { role: "user", content: ASK },
    ],
    tools: [{ type: "function", function: { name: TOOL.name, description: TOOL.description, parameters: TOOL.schema } }],
    tool_choice: "auto",
    parallel_tool_calls: true,
    temperature: 0,
    user: "agent-user-1",
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  }),
  // Gemini CLI: systemInstruction with a role, tools with parametersJsonSchema, thinking with thoughts, temperature/topP.
  "generate-content": () => ({
    contents: [{ role: "user", parts: [{ text: ASK }] }],
    systemInstruction: { role: "user", parts: [{ text: SYSTEM }] },
    tools: [{ functionDeclarations: [{ name: TOOL.name, description: TOOL.description, parametersJsonSchema: TOOL.schema }] }],
    generationConfig: { temperature: 0, topP: 1, thinkingConfig: { includeThoughts: true, thinkingBudget: 8192 } },
  }),
};

async function agentCall(pair: Pair, stream: boolean) {
  const { caller, upstream } = pair;
  const key = await env.key(upstream.group, unique("agent"));
  const mock = upstream.mock(env);
  const before = mock.requests.length;
  mock.next("tool");
  const response = await fetch(`${env.tollgate.url}${caller.path(upstream.model, stream)}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...caller.headers(key) },
    body: JSON.stringify(agentBodies[caller.format](upstream.model, stream)),
  });
  const raw = await response.text();
  if (mock.requests.length === before) mock.dropQueued();
  expect(response.status, raw.slice(0, 600)).toBe(200);
  const received = mock.requests.at(-1)!;
  expect(requestText(received.body)).toContain(SYSTEM);
  const reply = caller.read(raw, stream);
  expect(reply.calls.map((c) => c.name)).toEqual([TOOL.name]);
  expect(reply.stop).toBe(caller.stops.tool);
  return received.body;
}

describe.each(pairs)("$name", (pair) => {
  it.each([false, true])("the agent's own request (stream %s) is served", (stream) => agentCall(pair, stream));
});

// What an upstream's models refuse of these agents' own fields (the mocks refuse it as the vendors
// do, with their status and words) reaches them in a form they take.
describe("the agents' fields an upstream model refuses", () => {
  const pair = (from: string, to: string) => pairs.find((p) => p.caller.format === from && p.upstream.format === to)!;

  it("Claude Code's 150-character metadata.user_id reaches OpenAI (64 at most) as its SHA-256 hex digest", async () => {
    const digest = createHash("sha256").update(CLAUDE_CODE_USER_ID).digest("hex");
    expect((await agentCall(pair("messages", "responses"), true)).safety_identifier).toBe(digest);
    expect((await agentCall(pair("messages", "chat"), true)).user).toBe(digest);
  });

  it("Gemini CLI's temperature 0 and topP 1: a Claude group thinking gets top_p 1 only; a GPT-5 group neither", async () => {
    const claude = await agentCall(pair("generate-content", "messages"), true);
    expect(claude).toMatchObject({ thinking: { type: "enabled", budget_tokens: 8192 }, top_p: 1 });
    expect(claude).not.toHaveProperty("temperature");
    const gpt = await agentCall(pair("generate-content", "responses"), true);
    expect(gpt).not.toHaveProperty("temperature");
    expect(gpt).not.toHaveProperty("top_p");
  });

  it("Codex's reasoning effort medium reaches Gemini 2.5 as a thinking budget of 8192, not a level", async () => {
    const gemini = await agentCall(pair("responses", "generate-content"), true);
    expect(gemini.generationConfig.thinkingConfig).toEqual({ thinkingBudget: 8192, includeThoughts: true });
  });
});

// An agent's long strings (a file read, a long prompt) reach the upstream as the bytes the caller
// sent, its own escapes included, rather than escaped again (server/translate/raw-strings.ts).
const LONG_ASK = `Review this file — café → ${"const line = 1;\tdone\n".repeat(40)}`;
const asCallerWrote = JSON.stringify(LONG_ASK).replaceAll("é", "\\u00e9").replaceAll("→", "\\u2192").replaceAll("—", "\\u2014");

describe.each(pairs)("$name", (pair) => {
  it("a long string reaches the upstream as the caller's bytes", async () => {
    const { caller, upstream } = pair;
    const key = await env.key(upstream.group, unique("agent"));
    const mock = upstream.mock(env);
    const before = mock.requests.length;
    mock.next("tool");
    const body = JSON.stringify(agentBodies[caller.format](upstream.model, false)).replace(JSON.stringify(ASK), asCallerWrote);
    expect(body).toContain(asCallerWrote);
    const response = await fetch(`${env.tollgate.url}${caller.path(upstream.model, false)}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...caller.headers(key) },
      body,
    });
    const text = await response.text();
    if (mock.requests.length === before) mock.dropQueued();
    expect(response.status, text.slice(0, 600)).toBe(200);
    const received = mock.requests.at(-1)!;
    expect(received.raw).toContain(asCallerWrote);
    expect(requestText(received.body)).toContain(LONG_ASK);
  });
});
