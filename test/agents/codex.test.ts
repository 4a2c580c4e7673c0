// Codex (@openai/codex, pinned; its native binary comes in the @openai/codex-<platform> optional
// package) as a new user runs it against Tollgate: a custom model provider with
// `wire_api = "responses"` whose base_url is Tollgate's /v1 and whose key is a Tollgate key, and
// `codex exec` non-interactive, in a real tool loop of three turns (the model asks for
// `exec_command` with `cat README.md`, then `cat NOTES.md`; Codex runs each and sends the output
// back; the model quotes both), streamed — on a
// GPT group (passthrough), on a Claude group (translated to the Messages API) and on the Gemini
// group (translated to generateContent: Gemini 2.5 refuses a thinking level, so Codex's reasoning
// effort goes as a thinking budget). On the Claude group its `prompt_cache_key` becomes Anthropic's
// cache breakpoints, and its later turns are billed cache reads. On a DeepSeek group (translated to
// chat completions) the upstream gets only fields DeepSeek documents (none of Codex's
// prompt_cache_key, include, store or parallel_tool_calls; effort none as thinking disabled, any
// other effort with thinking enabled), and the reasoning_content of deepseek-reasoner, or of
// deepseek-chat asked to reason, goes back with each tool call through Codex's reasoning
// item, as DeepSeek's thinking mode requires; on a Qwen group the same loop runs.
// Codex runs with its default tools everywhere: beside its functions it declares a hosted
// `web_search` tool and a `namespace` tool (multi_agent_v1, its sub-agent functions). On a
// translated group web_search is left out and the namespace's functions go up one by one under
// qualified names (multi_agent_v1__spawn_agent); a call to one comes back to Codex named as it
// declared it, which one test shows by having the model call multi_agent_v1's close_agent.
// With OpenAI's own provider and only its base URL and key changed (openai_base_url, CODEX_API_KEY)
// Codex talks over the Responses API's WebSocket mode, and compacts at its context limit with a
// compaction_trigger, which a Claude group answers through translation.
//
// Network kept off: config.toml in a temporary CODEX_HOME sets check_for_update_on_startup = false,
// [analytics] enabled = false, [feedback] enabled = false, [otel] exporter = "none", and
// [features] plugins = false (without it Codex 0.169 resolves github.com, api.github.com and
// chatgpt.com at start, for its plugin marketplace), with remote_plugin, apps,
// api_key_model_discovery, in_app_updates and skill_mcp_dependency_install off as well since they
// too fetch from OpenAI or GitHub on their own; temporary HOME; proxies to the refusing sink
// (harness.ts), asserted unused. Under strace these runs made no DNS lookup and no connection off
// loopback. Where the binary is missing or does not start, the suite is skipped with the reason.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamKeys } from "../helpers/relay-env.ts";
import type { AgentScript } from "../mock-upstreams/agent.ts";
import { REASONING_TEXT, toolReply } from "../mock-upstreams/conversation.ts";
import { type AgentEnv, cliEnv, expectChannelCredentialOnly, expectLedger, expectToolLoopRan, modulesDir, runCli, startAgentEnv, transcript, unavailable, workspace } from "./harness.ts";

const codexJs = join(modulesDir, "@openai/codex/bin/codex.js");
const skipped = existsSync(codexJs) ? await unavailable(process.execPath, [codexJs, "--version"]) : `${codexJs} is not installed`;
if (skipped) console.warn(`Codex suite skipped: ${skipped}`);

let env: AgentEnv;
beforeAll(async () => {
  if (skipped) return;
  env = await startAgentEnv({ "claude-smart": ["responses"], "gemini-official": ["responses"], "deepseek-trial": ["responses"], "qwen-trial": ["responses"] });
});
afterAll(async () => {
  await env?.stop();
});

/** The Call Guide's setup: a provider of its own. `openai`: OpenAI's own provider, only its base URL changed (and the key in CODEX_API_KEY). */
const providerConfig = (baseUrl: string, provider: "tollgate" | "openai") =>
  provider === "openai"
    ? { top: `openai_base_url = "${baseUrl}/v1"`, section: "" }
    : {
        top: 'model_provider = "tollgate"',
        section: `
[model_providers.tollgate]
name = "Tollgate"
base_url = "${baseUrl}/v1"
env_key = "TOLLGATE_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0
`,
      };

const config = (baseUrl: string, model: string, extra = "", features = "", provider: "tollgate" | "openai" = "tollgate") => `model = "${model}"
${providerConfig(baseUrl, provider).top}${extra}
approval_policy = "never"
sandbox_mode = "read-only"
check_for_update_on_startup = false
${providerConfig(baseUrl, provider).section}
[analytics]
enabled = false

[feedback]
enabled = false

[otel]
exporter = "none"

[features]
plugins = false
remote_plugin = false
apps = false
api_key_model_discovery = false
in_app_updates = false
skill_mcp_dependency_install = false
${features}`;

// DeepSeek's chat fields (api-docs.deepseek.com/api/create-chat-completion, guides/thinking_mode) and message roles.
const deepseekFields = ["model", "messages", "thinking", "reasoning_effort", "frequency_penalty", "max_tokens", "presence_penalty", "response_format", "stop", "stream", "stream_options", "temperature", "top_p", "tools", "tool_choice", "logprobs", "top_logprobs"];
const deepseekMessageFields: Record<string, string[]> = {
  system: ["role", "content", "name"],
  user: ["role", "content", "name"],
  assistant: ["role", "content", "name", "prefix", "reasoning_content", "tool_calls"],
  tool: ["role", "content", "tool_call_id"],
};

/** Nothing DeepSeek lacks: none of Codex's Responses fields (prompt_cache_key, include, store, parallel_tool_calls…), no developer role. */
function expectDeepSeekFieldsOnly(body: any) {
  expect(Object.keys(body).filter((field) => !deepseekFields.includes(field))).toEqual([]);
  for (const message of body.messages) {
    expect(Object.keys(deepseekMessageFields), JSON.stringify(message).slice(0, 200)).toContain(message.role);
    expect(Object.keys(message).filter((field) => !deepseekMessageFields[message.role].includes(field))).toEqual([]);
  }
}

/** response.create messages the gateway took over the Responses WebSocket, from its metrics. */
const websocketEvents = async () => {
  const text = await (await fetch(`${env.relay.tollgate.url}/metrics`)).text();
  return Number(/^tollgate_responses_websocket_events_total\{event="response\.create"\} (\d+)/m.exec(text)?.[1] ?? 0);
};

const readBoth: AgentScript["steps"] = [{ exec_command: { cmd: "cat README.md" } }, { exec_command: { cmd: "cat NOTES.md" } }];

async function runCodex(identifier: string, model: string, options: { top?: string; features?: string; baseUrl?: string; steps?: AgentScript["steps"]; provider?: "tollgate" | "openai" } = {}) {
  const ws = workspace("codex");
  const codexHome = join(ws.home, ".codex");
  mkdirSync(codexHome);
  writeFileSync(join(codexHome, "config.toml"), config(options.baseUrl ?? env.relay.tollgate.url, model, options.top, options.features, options.provider));
  const { key, name } = await env.key(identifier);
  env.agent.script.steps = options.steps ?? readBoth;
  const from = env.agent.requests.length;
  const fromUsage = env.agent.usage.length;
  const run = await runCli(process.execPath, [codexJs, "exec", "--skip-git-repo-check", "--color", "never", "What do README.md and NOTES.md say? Run cat to read them."], {
    cwd: ws.dir,
    env: cliEnv(ws, env.sink, { CODEX_HOME: codexHome, [options.provider === "openai" ? "CODEX_API_KEY" : "TOLLGATE_API_KEY"]: key }),
  });
  ws.remove();
  return { run, ws, key, name, requests: env.agent.requests.slice(from), fromUsage };
}

describe.skipIf(skipped)(`Codex ${skipped ? `(skipped: ${skipped})` : ""}`.trim(), { timeout: 50_000 }, () => {
  it("runs a two-call exec_command loop on a GPT group (wire_api responses): passthrough, encrypted reasoning intact", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runCodex("gpt-trial", "gpt-5");
    expect(run.code, transcript(run)).toBe(0);
    expect(run.stdout, transcript(run)).toContain(toolReply(""));
    expect(run.stdout, transcript(run)).toContain(ws.canary);
    expect(run.stdout, transcript(run)).toContain(ws.notesCanary);

    expect(requests.every((r) => r.method === "POST" && r.path === "/v1/responses"), transcript(run)).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const turn of requests) {
      expect(turn.body.stream).toBe(true);
      expect(turn.body.store).toBe(false);
      expect(turn.body.include).toContain("reasoning.encrypted_content");
      expect(turn.body.tools.map((tool: any) => tool.name)).toContain("exec_command");
    }
    const loop = requests.find((turn) => turn.body.input.some((item: any) => item.type === "function_call_output"))!;
    expect(JSON.stringify(loop.body.input.at(-1))).toContain(ws.canary);
    // Codex sends the reasoning item back with its encrypted content, byte-exact through the relay.
    const proofs = env.agent.proofs.issued.filter(({ proof, about }) => about === "exec_command" && proof.startsWith("gAAAAAB")).map(({ proof }) => proof);
    expect(proofs).toHaveLength(2);
    for (const proof of proofs) expect(requests.at(-1)!.raw).toContain(proof);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a Claude group, translated to the Messages API, its thinking signature carried in Codex's reasoning item", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runCodex("claude-smart", "claude-sonnet-4-6");
    expect(run.code, transcript(run)).toBe(0);
    expect(run.stdout, transcript(run)).toContain(toolReply(""));
    expect(run.stdout, transcript(run)).toContain(ws.canary);
    expect(run.stdout, transcript(run)).toContain(ws.notesCanary);

    expect(requests.every((r) => r.method === "POST" && r.path === "/v1/messages"), transcript(run)).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const turn of requests) {
      expect(turn.body.stream).toBe(true);
      expect(turn.headers["anthropic-version"]).toBe("2023-06-01");
      expect(turn.body.tools.map((tool: any) => tool.name)).toContain("exec_command");
    }
    // Codex's reasoning request became adaptive thinking; the signed thinking block rode back in
    // Codex's encrypted reasoning item and reached the upstream again first in the assistant turn, byte-exact.
    for (const turn of requests) expect(turn.body.thinking?.type).toBe("adaptive");
    const loop = requests.find((turn) => turn.raw.includes("tool_result"))!;
    expect(JSON.stringify(loop.body.messages.at(-1))).toContain(ws.canary);
    const assistant = loop.body.messages.findLast((m: any) => m.role === "assistant");
    expect(assistant.content.map((block: any) => block.type)).toEqual(["thinking", "tool_use"]);
    const proofs = env.agent.proofs.issued.filter(({ proof, about }) => about === "exec_command" && proof.startsWith("Eq")).map(({ proof }) => proof);
    expect(proofs).toHaveLength(2);
    expect(proofs[0]).toBe(assistant.content[0].signature);
    for (const proof of proofs) expect(requests.at(-1)!.raw).toContain(proof);

    // Codex asks for prompt caching: its session id as `prompt_cache_key`, the same on every turn.
    // Anthropic caches only where a request marks it, so each turn marks the last tool, the
    // instructions, the end of its prompt and (from the second turn) the end of the turn before's...
    const ephemeral = { type: "ephemeral" };
    for (const [i, turn] of requests.entries()) {
      expect(turn.body.tools.at(-1).cache_control).toEqual(ephemeral);
      expect(turn.body.system.at(-1).cache_control).toEqual(ephemeral);
      expect(turn.body.messages.at(-1).content.at(-1).cache_control).toEqual(ephemeral);
      expect(turn.raw.match(/"cache_control"/g), `turn ${i}`).toHaveLength(i === 0 ? 3 : 4);
    }
    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    // ...and every turn after the first reads the prompt before it from the cache, billed as such.
    const calls = (await expectLedger(env, name, fromUsage, "responses")).slice().reverse();
    expect(calls[0].cache_read_tokens).toBe(0);
    expect(calls[0].cache_write_tokens).toBeGreaterThan(0);
    for (const call of calls.slice(1)) expect(call.cache_read_tokens).toBeGreaterThanOrEqual(calls[0].cache_write_tokens);
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on the Gemini group, translated to generateContent: its reasoning effort as a Gemini 2.5 thinking budget", async () => {
    // For a model it does not know Codex asks for reasoning without an effort; a user sets one so.
    const top = '\nmodel_reasoning_effort = "medium"';
    const { run, ws, key, name, requests, fromUsage } = await runCodex("gemini-official", "gemini-2.5-flash", { top });
    expect(run.code, transcript(run)).toBe(0);
    expect(run.stdout, transcript(run)).toContain(toolReply(""));
    expect(run.stdout, transcript(run)).toContain(ws.canary);
    expect(run.stdout, transcript(run)).toContain(ws.notesCanary);

    expect(requests.every((r) => r.method === "POST" && r.path === "/v1beta/models/gemini-2.5-flash:streamGenerateContent"), transcript(run)).toBe(true);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const turn of requests) {
      // Reasoning effort medium: Gemini's own mapping of it for 2.5 (a level would be refused).
      expect(turn.body.generationConfig.thinkingConfig).toMatchObject({ thinkingBudget: 8192 });
      expect(turn.body.generationConfig.thinkingConfig).not.toHaveProperty("thinkingLevel");
      const declared = turn.body.tools.flatMap((tool: any) => tool.functionDeclarations ?? []).map((d: any) => d.name);
      expect(declared).toEqual(expect.arrayContaining(["exec_command", "multi_agent_v1__spawn_agent"]));
    }
    const loop = requests.find((turn) => turn.raw.includes("functionResponse"))!;
    expect(JSON.stringify(loop.body.contents.at(-1))).toContain(ws.canary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.gemini);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("with its default tools on a Claude group, Codex runs its loop: web_search left out, multi_agent_v1's functions qualified, and a call into the namespace reaches Codex's own handler", async () => {
    // The model first calls the namespace's close_agent (on an agent id that does not exist), then reads both files.
    const steps = [{ multi_agent_v1__close_agent: { target: "nobody" } }, ...readBoth];
    const { run, ws, key, name, requests, fromUsage } = await runCodex("claude-smart", "claude-sonnet-4-6", { steps });
    expectToolLoopRan({ run, ws, requests });
    expect(requests.every((r) => r.method === "POST" && r.path === "/v1/messages"), transcript(run)).toBe(true);
    for (const turn of requests) {
      const names: string[] = turn.body.tools.map((tool: any) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["exec_command", ...["close_agent", "resume_agent", "send_input", "spawn_agent", "wait_agent"].map((f) => `multi_agent_v1__${f}`)]));
      expect(names.filter((n) => /web_search/.test(n))).toEqual([]);
      for (const n of names) expect(n).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
    }
    // Codex found close_agent by its namespace and ran it: the result is its handler's own answer
    // (an unknown agent id), not "unsupported call"; its call came back under the qualified name.
    const afterClose = requests[1].body.messages;
    const call = afterClose.findLast((m: any) => m.role === "assistant").content.find((block: any) => block.type === "tool_use");
    expect(call).toMatchObject({ name: "multi_agent_v1__close_agent", input: { target: "nobody" } });
    const result = afterClose.at(-1).content.find((block: any) => block.type === "tool_result");
    expect(result.tool_use_id).toBe(call.id);
    expect(JSON.stringify(result.content), transcript(run)).toMatch(/invalid agent id nobody/);
    expect(run.stdout).not.toMatch(/unsupported call/i);

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop with its default settings on a DeepSeek group, translated to chat completions: only fields DeepSeek has", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runCodex("deepseek-trial", "deepseek-chat");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/chat/completions");
      expect(turn.body).toMatchObject({ model: "deepseek-chat", stream: true, stream_options: { include_usage: true }, tool_choice: "auto" });
      expectDeepSeekFieldsOnly(turn.body);
      const names: string[] = turn.body.tools.map((tool: any) => tool.function.name);
      expect(names).toEqual(expect.arrayContaining(["exec_command", "multi_agent_v1__spawn_agent"]));
      expect(names.filter((n) => /web_search/.test(n))).toEqual([]);
      // Codex's instructions and developer messages lead as system messages; its prompt follows.
      expect(turn.body.messages[0].role).toBe("system");
      expect(turn.body.messages.filter((m: any) => m.role === "user").at(-1).content).toContain("What do README.md and NOTES.md say?");
    }
    const [, second, third] = requests;
    const call = second.body.messages.at(-2);
    expect(call).toMatchObject({ role: "assistant", tool_calls: [{ type: "function", function: { name: "exec_command", arguments: JSON.stringify({ cmd: "cat README.md" }) } }] });
    expect(second.body.messages.at(-1)).toMatchObject({ role: "tool", tool_call_id: call.tool_calls[0].id });
    expect(second.body.messages.at(-1).content).toContain(ws.canary);
    expect(third.body.messages.at(-1).content).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on deepseek-reasoner: DeepSeek's reasoning_content rides in Codex's reasoning item and goes back with each tool call, as DeepSeek requires", async () => {
    const top = '\nmodel_reasoning_effort = "high"';
    const { run, ws, key, name, requests, fromUsage } = await runCodex("deepseek-trial", "deepseek-reasoner", { top });
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.body).toMatchObject({ model: "deepseek-reasoner", reasoning_effort: "high" });
      expectDeepSeekFieldsOnly(turn.body);
    }
    const calls = requests.at(-1)!.body.messages.filter((m: any) => m.role === "assistant");
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ reasoning_content: REASONING_TEXT, tool_calls: [{ function: { name: "exec_command" } }] });

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("with a reasoning effort on deepseek-chat, thinking goes switched on (the effort alone leaves deepseek-chat not thinking), and its reasoning_content goes back with each tool call", async () => {
    const top = '\nmodel_reasoning_effort = "high"';
    const { run, ws, requests } = await runCodex("deepseek-trial", "deepseek-chat", { top });
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.body).toMatchObject({ model: "deepseek-chat", thinking: { type: "enabled" }, reasoning_effort: "high" });
      expectDeepSeekFieldsOnly(turn.body);
    }
    const calls = requests.at(-1)!.body.messages.filter((m: any) => m.role === "assistant");
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ reasoning_content: REASONING_TEXT });
    expect(env.sink.attempts).toEqual([]);
  });

  it("with reasoning effort none on a DeepSeek group, thinking goes as DeepSeek switches it off (it has no effort none)", async () => {
    const top = '\nmodel_reasoning_effort = "none"';
    const { run, ws, requests } = await runCodex("deepseek-trial", "deepseek-reasoner", { top });
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.body).toMatchObject({ model: "deepseek-reasoner", thinking: { type: "disabled" } });
      expectDeepSeekFieldsOnly(turn.body);
    }
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop with its default settings on a Qwen group, translated to chat completions", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runCodex("qwen-trial", "qwen3-max");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/chat/completions");
      // DashScope documents parallel_tool_calls: Codex's goes along.
      expect(turn.body).toMatchObject({ model: "qwen3-max", stream: true, stream_options: { include_usage: true }, parallel_tool_calls: true });
    }
    expect(requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(requests.at(-1)!.body.messages.at(-1).content).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("with OpenAI's own provider, only the base URL and key changed, on a Claude group: over the Responses WebSocket, and at its context limit a compaction through translation", async () => {
    const before = await websocketEvents();
    const plain = await runCodex("claude-smart", "claude-sonnet-4-6", { provider: "openai" });
    expectToolLoopRan(plain);
    // It talked over the WebSocket (each turn a response.create on it), with nothing to fall back from.
    expect(plain.run.stderr, transcript(plain.run)).not.toMatch(/responses_websocket|falling back|Reconnecting/i);
    expect((await websocketEvents()) - before).toBeGreaterThanOrEqual(plain.requests.length);
    expect(plain.requests.every((r) => r.method === "POST" && r.path === "/v1/messages")).toBe(true);

    // The same session with a context limit that a long tool output crosses (the first turn's prompt,
    // the mock's count of it, plus about half of `seq 1 4000`'s output): Codex compacts mid-turn by
    // sending a compaction_trigger, and goes on from the compaction item it gets back.
    const first = env.agent.usage[plain.fromUsage];
    const limit = first.input + first.cacheRead + first.cacheWrite + 1300;
    const steps = [{ exec_command: { cmd: "seq 1 4000" } }, ...readBoth];
    const { run, ws, key, name, requests, fromUsage } = await runCodex("claude-smart", "claude-sonnet-4-6", { provider: "openai", steps, top: `\nmodel_auto_compact_token_limit = ${limit}` });
    expect(run.code, transcript(run)).toBe(0);
    expect(run.stderr, transcript(run)).toMatch(/context compacted/);
    const compactions = requests.filter((turn) => turn.body.tool_choice?.type === "none");
    expect(compactions, transcript(run)).toHaveLength(1);
    const [compaction] = compactions;
    // The upstream was asked for the summary after the whole conversation, the long output in it, no tool to be called.
    expect(JSON.stringify(compaction.body.messages.at(-1))).toContain("Your context is about to be replaced by a summary");
    expect(compaction.raw).toContain("\\n3999\\n");
    // Afterwards the summary stands in for that history: the long output is gone, the work goes on.
    const after = requests.slice(requests.indexOf(compaction) + 1);
    expect(after.length).toBeGreaterThanOrEqual(2);
    for (const turn of after) {
      expect(turn.raw).toContain("The conversation before this point was compacted");
      expect(turn.raw).not.toContain("\\n3999\\n");
    }
    expect(run.stdout, transcript(run)).toContain(ws.canary);
    expect(run.stdout, transcript(run)).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    // Every call, the compaction's too, is billed as the upstream reported it.
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("honours the proxy settings: a base URL off loopback goes to the sink, so an empty sink means nothing left", async () => {
    const { run, requests } = await runCodex("gpt-trial", "gpt-5", { baseUrl: `http://tollgate.invalid:${new URL(env.relay.tollgate.url).port}` });
    expect(run.code, transcript(run)).not.toBe(0);
    expect(requests).toEqual([]);
    expect(env.sink.attempts.length, transcript(run)).toBeGreaterThan(0);
    expect(env.sink.attempts.every((attempt) => attempt.includes("tollgate.invalid"))).toBe(true);
    env.sink.attempts.length = 0;
  });
});
