// Codex (@openai/codex, pinned; its native binary comes in the @openai/codex-<platform> optional
// package) as a new user runs it against Tollgate: a custom model provider with
// `wire_api = "responses"` whose base_url is Tollgate's /v1 and whose key is a Tollgate key, and
// `codex exec` non-interactive, in a real tool loop of three turns (the model asks for
// `exec_command` with `cat README.md`, then `cat NOTES.md`; Codex runs each and sends the output
// back; the model quotes both), streamed — on a
// GPT group (passthrough), on a Claude group (translated to the Messages API) and on the Gemini
// group (translated to generateContent: Gemini 2.5 refuses a thinking level, so Codex's reasoning
// effort goes as a thinking budget). On the Claude group its `prompt_cache_key` becomes Anthropic's
// cache breakpoints, and its later turns are billed cache reads.
// On the Claude and Gemini groups Codex runs with `web_search = "disabled"` and `[features] multi_agent = false`:
// by default it declares a hosted `web_search` tool and a `namespace` tool (multi_agent_v1, its
// sub-agent functions), which a translated call refuses — loudly, as the last test shows.
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
import { toolReply } from "../mock-upstreams/conversation.ts";
import { type AgentEnv, cliEnv, expectChannelCredentialOnly, expectLedger, modulesDir, runCli, startAgentEnv, transcript, unavailable, workspace } from "./harness.ts";

const codexJs = join(modulesDir, "@openai/codex/bin/codex.js");
const skipped = existsSync(codexJs) ? await unavailable(process.execPath, [codexJs, "--version"]) : `${codexJs} is not installed`;
if (skipped) console.warn(`Codex suite skipped: ${skipped}`);

let env: AgentEnv;
beforeAll(async () => {
  if (skipped) return;
  env = await startAgentEnv({ "claude-smart": ["responses"], "gemini-official": ["responses"] });
});
afterAll(async () => {
  await env?.stop();
});

const config = (baseUrl: string, model: string, extra = "", features = "") => `model = "${model}"
model_provider = "tollgate"${extra}
approval_policy = "never"
sandbox_mode = "read-only"
check_for_update_on_startup = false

[model_providers.tollgate]
name = "Tollgate"
base_url = "${baseUrl}/v1"
env_key = "TOLLGATE_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

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

async function runCodex(identifier: string, model: string, options: { top?: string; features?: string; baseUrl?: string } = {}) {
  const ws = workspace("codex");
  const codexHome = join(ws.home, ".codex");
  mkdirSync(codexHome);
  writeFileSync(join(codexHome, "config.toml"), config(options.baseUrl ?? env.relay.tollgate.url, model, options.top, options.features));
  const { key, name } = await env.key(identifier);
  env.agent.script.steps = [{ exec_command: { cmd: "cat README.md" } }, { exec_command: { cmd: "cat NOTES.md" } }];
  const from = env.agent.requests.length;
  const fromUsage = env.agent.usage.length;
  const run = await runCli(process.execPath, [codexJs, "exec", "--skip-git-repo-check", "--color", "never", "What do README.md and NOTES.md say? Run cat to read them."], {
    cwd: ws.dir,
    env: cliEnv(ws, env.sink, { CODEX_HOME: codexHome, TOLLGATE_API_KEY: key }),
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
    const { run, ws, key, name, requests, fromUsage } = await runCodex("claude-smart", "claude-sonnet-4-6", { top: '\nweb_search = "disabled"', features: "multi_agent = false\n" });
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
    const top = '\nmodel_reasoning_effort = "medium"\nweb_search = "disabled"';
    const { run, ws, key, name, requests, fromUsage } = await runCodex("gemini-official", "gemini-2.5-flash", { top, features: "multi_agent = false\n" });
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
      expect(turn.body.tools.flatMap((tool: any) => tool.functionDeclarations ?? []).map((d: any) => d.name)).toContain("exec_command");
    }
    const loop = requests.find((turn) => turn.raw.includes("functionResponse"))!;
    expect(JSON.stringify(loop.body.contents.at(-1))).toContain(ws.canary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.gemini);
    await expectLedger(env, name, fromUsage, "responses");
    expect(env.sink.attempts).toEqual([]);
  });

  it("with its default tools on a Claude group, Codex gets a 400 naming the tool it cannot carry, and nothing reaches the upstream", async () => {
    // Until translation carries `namespace` tools (their functions) and refuses only the hosted ones.
    const { run, requests } = await runCodex("claude-smart", "claude-sonnet-4-6");
    expect(run.code, transcript(run)).not.toBe(0);
    expect(run.stderr, transcript(run)).toMatch(/tools\[\d+\]\.type.*namespace/);
    expect(requests).toEqual([]);
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
