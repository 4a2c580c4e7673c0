// OpenCode (opencode-ai, pinned; its native binary comes in the opencode-<platform>-<arch> optional
// package) as a new user runs it against Tollgate: a provider of its own in the config
// (OPENCODE_CONFIG_CONTENT) whose baseURL is Tollgate's /v1 and whose key is a Tollgate key —
// `@ai-sdk/openai-compatible` (chat completions) on every group, and `@ai-sdk/anthropic` (messages)
// on the Claude group as well — and `opencode run -m gw/<model> --auto` non-interactive, in a real
// tool loop of three turns (the model asks for `read` of README.md, then for `bash` with
// `cat NOTES.md`; OpenCode runs each and sends the result back; the model quotes both), streamed.
// OpenCode knows nothing of a custom provider's models and asks each for its default 32,000 output
// tokens: the gateway holds that to the model's maximum where the catalog knows one (gpt-4o-mini's
// 16,384, deepseek-chat's 8,192), on passthrough too, and sends it as asked to a model it does not
// know. `--title` names the session, so OpenCode's title agent makes no call of its own (it would
// race the loop, and be cut off when `run` exits first).
// Groups: Claude (passthrough with @ai-sdk/anthropic; translated chat → messages with the compatible
// provider, its `cache_control` kept as Anthropic's), GPT (gpt-4o-mini, and gpt-5, which reasons),
// Gemini (chat → generateContent), DeepSeek on the `deepseek` preset and on a generic
// OpenAI-compatible channel (`custom` preset), and a `custom` compatible channel strict as servers
// that refuse unknown fields (the mock's `strict/` models).
//
// Network kept off: OPENCODE_DISABLE_MODELS_FETCH (without it OpenCode fetches its model list from
// models.opencode.ai at start; it has a built-in copy), and a config directory that already lists
// OpenCode's plugin SDK as installed: at every start OpenCode runs `npm install @opencode-ai/plugin`
// in each config directory it reads (~/.config/opencode here; for custom tools and plugins) unless
// that directory has a node_modules and a package-lock.json that names it, or cannot be written
// (opencode 1.18.33's Npm.install; root can write anything). Both of these reached the sink until
// set. As precautions: OPENCODE_DISABLE_AUTOUPDATE and `autoupdate: false`, `share: "disabled"`
// and OPENCODE_DISABLE_SHARE, OPENCODE_DISABLE_LSP_DOWNLOAD, OPENCODE_DISABLE_DEFAULT_PLUGINS,
// OPENCODE_DISABLE_CLAUDE_CODE (no reading of ~/.claude); temporary HOME; proxies to the refusing
// sink (harness.ts), asserted unused. Where the binary is missing or does not start, the suite is
// skipped with the reason.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamKeys } from "../helpers/relay-env.ts";
import { type AgentEnv, addCompatibleGroup, cliEnv, expectChannelCredentialOnly, expectLedger, expectToolLoopRan, modulesDir, runCli, startAgentEnv, transcript, unavailable, workspace } from "./harness.ts";

// The platform package's binary (its baseline build for CPUs without AVX2), else the copy opencode-ai's postinstall made.
const candidates = ["", "-baseline"].map((variant) => join(modulesDir, `opencode-${process.platform}-${process.arch}${variant}`, "bin", "opencode")).filter((path) => existsSync(path));
candidates.push(join(modulesDir, "opencode-ai/bin/opencode.exe"));
let opencode = candidates[0];
let skipped: string | null = null;
for (opencode of candidates) if (!(skipped = await unavailable(opencode))) break;
if (skipped) console.warn(`OpenCode suite skipped: ${skipped}`);

let env: AgentEnv;
beforeAll(async () => {
  if (skipped) return;
  env = await startAgentEnv({ "claude-smart": ["chat"], "gemini-official": ["chat"] });
  await addCompatibleGroup(env, { name: "DeepSeek Compatible", identifier: "deepseek-compatible", model: "deepseek-chat" });
  await addCompatibleGroup(env, { name: "Local Models", identifier: "local-strict", model: "strict/local-model", family: "compatible" });
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
});
afterAll(async () => {
  await env?.stop();
});

type Provider = "@ai-sdk/openai-compatible" | "@ai-sdk/anthropic";

/** The config a user writes: one provider `gw`, Tollgate's base URL, the key from the environment, the model by its call name. */
const config = (baseUrl: string, provider: Provider, model: string) => ({
  $schema: "https://opencode.ai/config.json",
  autoupdate: false,
  share: "disabled",
  provider: { gw: { npm: provider, name: "Tollgate", options: { baseURL: `${baseUrl}/v1`, apiKey: "{env:TOLLGATE_API_KEY}" }, models: { [model]: { name: model } } } },
});

async function runOpenCode(identifier: string, model: string, options: { provider?: Provider; baseUrl?: string } = {}) {
  const ws = workspace("opencode");
  // OpenCode's plugin SDK listed as installed in its config directory, so it runs no npm install there.
  const configDir = join(ws.home, ".config", "opencode");
  mkdirSync(join(configDir, "node_modules"), { recursive: true });
  writeFileSync(join(configDir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies: { "@opencode-ai/plugin": "1.18.33" } } } }));
  const { key, name } = await env.key(identifier);
  env.agent.script.steps = [{ read: { filePath: ws.file } }, { bash: { command: "cat NOTES.md", description: "Show NOTES.md" } }];
  const from = env.agent.requests.length;
  const fromUsage = env.agent.usage.length;
  const run = await runCli(opencode, ["run", "-m", `gw/${model}`, "--auto", "--title", "Tollgate tool loop", "What do README.md and NOTES.md say? Read the first, cat the second."], {
    cwd: ws.dir,
    timeoutMs: 50_000, // its 185 MB binary starts slowly on a loaded machine (up to 30 s a session seen here)
    env: cliEnv(ws, env.sink, {
      OPENCODE_CONFIG_CONTENT: JSON.stringify(config(options.baseUrl ?? env.relay.tollgate.url, options.provider ?? "@ai-sdk/openai-compatible", model)),
      TOLLGATE_API_KEY: key,
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_SHARE: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
      OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
      OPENCODE_DISABLE_CLAUDE_CODE: "1",
    }),
  });
  ws.remove();
  return { run, ws, key, name, requests: env.agent.requests.slice(from), fromUsage };
}

/** The loop's three calls ran on chat completions upstream, each tool result back in the next, with `max_tokens` as the upstream got it. */
function expectChatLoop(requests: { body: any; path: string }[], ws: { canary: string; notesCanary: string }, model: string, maxTokens: number) {
  expect(requests).toHaveLength(3);
  for (const turn of requests) {
    expect(turn.path).toBe("/v1/chat/completions");
    expect(turn.body).toMatchObject({ model, stream: true, stream_options: { include_usage: true }, max_tokens: maxTokens });
    expect(turn.body.tools.map((tool: any) => tool.function.name)).toEqual(expect.arrayContaining(["read", "bash"]));
  }
  const last = requests.at(-1)!.body.messages;
  expect(last.at(-1)).toMatchObject({ role: "tool" });
  expect(JSON.stringify(last)).toContain(ws.canary);
  expect(last.at(-1).content).toContain(ws.notesCanary);
}

describe.skipIf(skipped)(`OpenCode ${skipped ? `(skipped: ${skipped})` : ""}`.trim(), { timeout: 60_000 }, () => {
  it("runs a read-then-bash tool loop on a Claude group with @ai-sdk/anthropic: passthrough, its 32,000 output tokens within the model's", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runOpenCode("claude-smart", "claude-sonnet-4-6", { provider: "@ai-sdk/anthropic" });
    expectToolLoopRan({ run, ws, requests });
    expect(requests, transcript(run)).toHaveLength(3);
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/messages");
      expect(turn.headers["anthropic-version"]).toBe("2023-06-01");
      expect(turn.body).toMatchObject({ model: "claude-sonnet-4-6", stream: true, max_tokens: 32_000 });
    }
    const last = requests.at(-1)!.body.messages;
    expect(JSON.stringify(last)).toContain(ws.canary);
    expect(JSON.stringify(last.at(-1))).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    await expectLedger(env, name, fromUsage, "messages");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a Claude group with @ai-sdk/openai-compatible, translated to messages: its cache_control as Anthropic's breakpoints", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runOpenCode("claude-smart", "claude-sonnet-4-6");
    expectToolLoopRan({ run, ws, requests });
    expect(requests, transcript(run)).toHaveLength(3);
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/messages");
      expect(turn.body).toMatchObject({ model: "claude-sonnet-4-6", stream: true, max_tokens: 32_000 });
    }
    for (const turn of requests) expect(turn.body.tools.map((tool: any) => tool.name)).toEqual(expect.arrayContaining(["read", "bash"]));
    // OpenCode marks its system prompt and the conversation's end for caching on a Claude model; the upstream gets those marks.
    for (const turn of requests) expect(turn.raw).toContain('"cache_control":{"type":"ephemeral"}');
    expect(JSON.stringify(requests.at(-1)!.body.messages.at(-1))).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    const calls = await expectLedger(env, name, fromUsage, "chat");
    // The later turns read the prompt an earlier one marked: billed as cache reads.
    expect(calls.some((call) => call.cache_read_tokens > 0)).toBe(true);
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT group's model that does not reason (gpt-4o-mini), passthrough: its 32,000 output tokens held to the model's 16,384", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runOpenCode("gpt-trial", "gpt-4o-mini");
    expectToolLoopRan({ run, ws, requests });
    expectChatLoop(requests, ws, "gpt-4o-mini", 16_384);
    // OpenCode asks this model for no reasoning (OpenAI would refuse reasoning_effort on it).
    for (const turn of requests) expect(turn.body).not.toHaveProperty("reasoning_effort");

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT group's reasoning model (gpt-5), passthrough: its reasoning effort and 32,000 output tokens as sent", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runOpenCode("gpt-trial", "gpt-5");
    expectToolLoopRan({ run, ws, requests });
    expectChatLoop(requests, ws, "gpt-5", 32_000);
    for (const turn of requests) expect(turn.body.reasoning_effort).toBe("medium");

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on the Gemini group, translated to generateContent", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runOpenCode("gemini-official", "gemini-2.5-flash");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent");
      expect(turn.body.generationConfig.maxOutputTokens).toBe(32_000);
    }
    const loop = requests.filter((turn) => JSON.stringify(turn.body.tools ?? []).includes('"bash"'));
    expect(requests, transcript(run)).toHaveLength(3);
    for (const turn of loop) expect(turn.body.tools.flatMap((tool: any) => tool.functionDeclarations ?? []).map((d: any) => d.name)).toEqual(expect.arrayContaining(["read", "bash"]));
    expect(JSON.stringify(requests.at(-1)!.body.contents.at(-1))).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.gemini);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  for (const [identifier, preset] of [
    ["deepseek-trial", "the `deepseek` preset"],
    ["deepseek-compatible", "a generic OpenAI-compatible channel"],
  ] as const) {
    it(`runs the same loop on a DeepSeek group on ${preset}, passthrough: its 32,000 output tokens held to deepseek-chat's 8,192`, async () => {
      const { run, ws, key, name, requests, fromUsage } = await runOpenCode(identifier, "deepseek-chat");
      expectToolLoopRan({ run, ws, requests });
      expectChatLoop(requests, ws, "deepseek-chat", 8_192);

      expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
      await expectLedger(env, name, fromUsage, "chat");
      expect(env.sink.attempts).toEqual([]);
    });
  }

  it("runs the same loop on a custom compatible channel that refuses unknown fields: chat's common core, a model the catalog does not know sent what OpenCode asked", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runOpenCode("local-strict", "strict/local-model");
    expectToolLoopRan({ run, ws, requests });
    expectChatLoop(requests, ws, "strict/local-model", 32_000);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("honours the proxy settings: a base URL off loopback goes to the sink, so an empty sink means nothing left", async () => {
    const { run, requests } = await runOpenCode("gpt-trial", "gpt-4o-mini", { baseUrl: `http://tollgate.invalid:${new URL(env.relay.tollgate.url).port}` });
    expect(run.code, transcript(run)).not.toBe(0);
    expect(requests).toEqual([]);
    expect(env.sink.attempts.length, transcript(run)).toBeGreaterThan(0);
    expect(env.sink.attempts.every((attempt) => attempt.includes("tollgate.invalid"))).toBe(true);
    env.sink.attempts.length = 0;
  });
});
