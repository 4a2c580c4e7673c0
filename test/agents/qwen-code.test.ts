// Qwen Code (@qwen-code/qwen-code, pinned) as a new user runs it against Tollgate: only
// OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_MODEL set, `qwen --auth-type openai --yolo <prompt>`
// non-interactive (chat completions), in a real tool loop of three turns (the model asks for
// `read_file` of README.md, then for `run_shell_command` with `cat NOTES.md`; Qwen Code runs each and
// sends the result back; the model quotes both), streamed — on a Claude group (translated to
// messages), a GPT group (gpt-4o-mini, and gpt-5, which reasons; passthrough), the Gemini group
// (translated to generateContent), DeepSeek on the `deepseek` preset and on a generic
// OpenAI-compatible channel (`custom` preset), and a `custom` compatible channel strict as servers
// that refuse unknown fields (the mock's `strict/` models).
// Output tokens: Qwen Code 0.24.4 keeps a table of output limits by model-id pattern (deepseek-chat
// 8K, gpt-5 128K capped at 64K, other gpt-* 16K, gemini-* before Gemini 3 8K, claude-* 64K) and asks
// its default 32,000 only of a model it does not know (strict/local-model here, which the gateway's
// catalog does not know either: sent as asked).
//
// Network kept off: ~/.qwen/settings.json in a temporary HOME with general.enableAutoUpdate = false
// (no registry version check), privacy.usageStatisticsEnabled = false and
// QWEN_USAGE_STATISTICS_ENABLED=0 (no usage logging to Qwen's collector), telemetry.enabled = false;
// proxies to the refusing sink (harness.ts), asserted unused. Where the CLI is missing or does not
// start, the suite is skipped with the reason.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamKeys } from "../helpers/relay-env.ts";
import { type AgentEnv, addCompatibleGroup, cliEnv, expectChannelCredentialOnly, expectLedger, expectToolLoopRan, modulesDir, runCli, startAgentEnv, transcript, unavailable, workspace } from "./harness.ts";

const qwenJs = join(modulesDir, "@qwen-code/qwen-code/cli.js");
const skipped = existsSync(qwenJs) ? await unavailable(process.execPath, [qwenJs, "--version"]) : `${qwenJs} is not installed`;
if (skipped) console.warn(`Qwen Code suite skipped: ${skipped}`);

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

const settings = {
  general: { enableAutoUpdate: false },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
};

async function runQwen(identifier: string, model: string, baseUrl = env.relay.tollgate.url, extraSettings: object = {}) {
  const ws = workspace("qwen-code");
  mkdirSync(join(ws.home, ".qwen"));
  writeFileSync(join(ws.home, ".qwen", "settings.json"), JSON.stringify({ ...settings, ...extraSettings }, null, 2));
  const { key, name } = await env.key(identifier);
  // The shell command waits a little after its output: Qwen Code 0.24.4's headless shell tool takes
  // the child's `exit` (not `close`) as the end of its output, so a command that exits at once can
  // lose what it wrote (seen here under load as "Output: (empty)").
  env.agent.script.steps = [{ read_file: { file_path: ws.file } }, { run_shell_command: { command: "cat NOTES.md && sleep 0.3", description: "Show NOTES.md" } }];
  const from = env.agent.requests.length;
  const fromUsage = env.agent.usage.length;
  const run = await runCli(process.execPath, [qwenJs, "--auth-type", "openai", "--yolo", "What do README.md and NOTES.md say? Read the first, cat the second."], {
    cwd: ws.dir,
    env: cliEnv(ws, env.sink, { OPENAI_BASE_URL: `${baseUrl}/v1`, OPENAI_API_KEY: key, OPENAI_MODEL: model, QWEN_USAGE_STATISTICS_ENABLED: "0", QWEN_CODE_SUPPRESS_YOLO_WARNING: "1" }),
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
    expect(turn.body.tools.map((tool: any) => tool.function.name)).toEqual(expect.arrayContaining(["read_file", "run_shell_command"]));
  }
  const last = requests.at(-1)!.body.messages;
  expect(last.at(-1)).toMatchObject({ role: "tool" });
  expect(JSON.stringify(last)).toContain(ws.canary);
  expect(JSON.stringify(last.at(-1).content)).toContain(ws.notesCanary);
}

describe.skipIf(skipped)(`Qwen Code ${skipped ? `(skipped: ${skipped})` : ""}`.trim(), { timeout: 50_000 }, () => {
  it("runs a read_file-then-run_shell_command tool loop on a Claude group, translated to messages", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runQwen("claude-smart", "claude-sonnet-4-6");
    expectToolLoopRan({ run, ws, requests });
    expect(requests, transcript(run)).toHaveLength(3);
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/messages");
      expect(turn.body).toMatchObject({ model: "claude-sonnet-4-6", stream: true, max_tokens: expect.any(Number) });
      expect(turn.body.max_tokens).toBeLessThanOrEqual(64_000);
      expect(turn.body.tools.map((tool: any) => tool.name)).toEqual(expect.arrayContaining(["read_file", "run_shell_command"]));
    }
    expect(JSON.stringify(requests.at(-1)!.body.messages.at(-1))).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT group's model that does not reason (gpt-4o-mini), passthrough", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runQwen("gpt-trial", "gpt-4o-mini");
    expectToolLoopRan({ run, ws, requests });
    expectChatLoop(requests, ws, "gpt-4o-mini", 16_384);
    for (const turn of requests) expect(turn.body).not.toHaveProperty("reasoning_effort");

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT group's reasoning model (gpt-5), passthrough", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runQwen("gpt-trial", "gpt-5");
    expectToolLoopRan({ run, ws, requests });
    expectChatLoop(requests, ws, "gpt-5", 64_000);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on the Gemini group, translated to generateContent", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runQwen("gemini-official", "gemini-2.5-flash");
    expectToolLoopRan({ run, ws, requests });
    expect(requests, transcript(run)).toHaveLength(3);
    for (const turn of requests) {
      expect(turn.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent");
      expect(turn.body.tools.flatMap((tool: any) => tool.functionDeclarations ?? []).map((d: any) => d.name)).toEqual(expect.arrayContaining(["read_file", "run_shell_command"]));
    }
    expect(JSON.stringify(requests.at(-1)!.body.contents.at(-1))).toContain(ws.notesCanary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.gemini);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  for (const [identifier, preset] of [
    ["deepseek-trial", "the `deepseek` preset"],
    ["deepseek-compatible", "a generic OpenAI-compatible channel"],
  ] as const) {
    it(`runs the same loop on a DeepSeek group on ${preset}, passthrough, within deepseek-chat's 8,192 output tokens`, async () => {
      const { run, ws, key, name, requests, fromUsage } = await runQwen(identifier, "deepseek-chat");
      expectToolLoopRan({ run, ws, requests });
      expectChatLoop(requests, ws, "deepseek-chat", 8_192);

      expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
      await expectLedger(env, name, fromUsage, "chat");
      expect(env.sink.attempts).toEqual([]);
    });
  }

  it("runs the same loop on a custom compatible channel that refuses unknown fields: chat's common core, its default 32,000 output tokens as asked", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runQwen("local-strict", "strict/local-model");
    expectToolLoopRan({ run, ws, requests });
    expectChatLoop(requests, ws, "strict/local-model", 32_000);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "chat");
    expect(env.sink.attempts).toEqual([]);
  });

  it("honours the proxy settings: a base URL off loopback goes to the sink, so an empty sink means nothing left", async () => {
    const once = { model: { generationConfig: { maxRetries: 0 } } }; // no retries with backoff
    const { run, requests } = await runQwen("gpt-trial", "gpt-4o-mini", `http://tollgate.invalid:${new URL(env.relay.tollgate.url).port}`, once);
    expect(run.code, transcript(run)).not.toBe(0);
    expect(requests).toEqual([]);
    expect(env.sink.attempts.length, transcript(run)).toBeGreaterThan(0);
    expect(env.sink.attempts.every((attempt) => attempt.includes("tollgate.invalid"))).toBe(true);
    env.sink.attempts.length = 0;
  });
});
