// Gemini CLI (@google/gemini-cli, pinned) as a new user runs it against Tollgate: only
// GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY changed, `gemini -p` non-interactive, in a real tool loop
// of three turns (the model asks for `read_file` of README.md, then of NOTES.md; Gemini CLI reads
// each and sends it back as a functionResponse; the model quotes both), streamed
// (`:streamGenerateContent?alt=sse`) — on the Gemini group (passthrough), on a DeepSeek group
// (translated to chat completions), on a Claude group (translated to messages) and on a GPT group
// (translated to Responses). Gemini CLI sends sampling settings on every call (temperature, topP,
// and for chat models topK and thoughts), which the Claude and GPT-5 upstreams refuse in part
// (temperature beside top_p; with thinking anything but temperature 1; any temperature on a
// reasoning model): translation leaves out what they refuse.
// By default every chat model gets `topK: 64`, which OpenAI's APIs and DeepSeek have no field for:
// translation leaves it out there, and sends it as `top_k` to a Qwen group (DashScope takes it). The
// loop also runs with a custom model alias (settings.json modelConfigs.customAliases, extending its
// "base" alias rather than "chat-base"), which sends no topK and no thinkingConfig.
//
// Network kept off: ~/.gemini/settings.json in a temporary HOME with telemetry.enabled = false,
// privacy.usageStatisticsEnabled = false (no Clearcut usage logging), general.disableAutoUpdate and
// general.disableUpdateNag = true (no registry version check), ide.enabled = false, and
// security.auth.selectedType = "gemini-api-key" (no Google sign-in); GEMINI_CLI_TRUST_WORKSPACE=true
// for the headless run; proxies to the refusing sink (harness.ts), asserted unused. Where the CLI is
// missing or does not start, the suite is skipped with the reason.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamKeys } from "../helpers/relay-env.ts";
import { geminiModelInPath } from "../../web/src/pages/call-guide/gemini-model.ts";
import { type AgentEnv, cliEnv, expectChannelCredentialOnly, expectLedger, expectToolLoopRan, modulesDir, runCli, startAgentEnv, transcript, unavailable, workspace } from "./harness.ts";

const geminiJs = join(modulesDir, "@google/gemini-cli/bundle/gemini.js");
const skipped = existsSync(geminiJs) ? await unavailable(process.execPath, [geminiJs, "--version"]) : `${geminiJs} is not installed`;
if (skipped) console.warn(`Gemini CLI suite skipped: ${skipped}`);

let env: AgentEnv;
beforeAll(async () => {
  if (skipped) return;
  env = await startAgentEnv({ "deepseek-trial": ["generate-content"], "qwen-trial": ["generate-content"], "claude-smart": ["generate-content"], "gpt-trial": ["generate-content"] });
});
afterAll(async () => {
  await env?.stop();
});

const settings = {
  general: { disableAutoUpdate: true, disableUpdateNag: true },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false },
  security: { auth: { selectedType: "gemini-api-key" } },
};

/** A model alias without Gemini's topK (which chat and Responses upstreams have no field for) and without thinkingConfig; temperature and topP as Gemini CLI sends them. */
const chatUpstreamAlias = (model: string) => ({
  modelConfigs: { customAliases: { [model]: { extends: "base", modelConfig: { model, generateContentConfig: { temperature: 1, topP: 0.95 } } } } },
});

async function runGemini(identifier: string, model: string, extraSettings: object = {}, baseUrl = env.relay.tollgate.url) {
  const ws = workspace("gemini-cli");
  mkdirSync(join(ws.home, ".gemini"));
  writeFileSync(join(ws.home, ".gemini", "settings.json"), JSON.stringify({ ...settings, ...extraSettings }, null, 2));
  const { key, name } = await env.key(identifier);
  env.agent.script.steps = [{ read_file: { file_path: ws.file } }, { read_file: { file_path: ws.notes } }];
  const from = env.agent.requests.length;
  const fromUsage = env.agent.usage.length;
  const run = await runCli(process.execPath, [geminiJs, "-p", "What do README.md and NOTES.md say? Read them with read_file.", "-m", model, "--output-format", "text"], {
    cwd: ws.dir,
    env: cliEnv(ws, env.sink, { GOOGLE_GEMINI_BASE_URL: baseUrl, GEMINI_API_KEY: key, GEMINI_CLI_TRUST_WORKSPACE: "true" }),
  });
  ws.remove();
  return { run, ws, key, name, requests: env.agent.requests.slice(from), fromUsage };
}

describe.skipIf(skipped)(`Gemini CLI ${skipped ? `(skipped: ${skipped})` : ""}`.trim(), { timeout: 50_000 }, () => {
  it("runs a two-call read_file loop on the Gemini group: passthrough, thoughts asked for and both calls' signatures back", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runGemini("gemini-official", "gemini-2.5-flash");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent");
      expect(turn.query).toEqual({ alt: "sse" });
      expect(turn.body.generationConfig.thinkingConfig).toMatchObject({ includeThoughts: true });
      expect(turn.body.tools.flatMap((tool: any) => tool.functionDeclarations ?? []).map((d: any) => d.name)).toContain("read_file");
    }
    const loop = requests.find((turn) => turn.raw.includes("functionResponse"))!;
    expect(JSON.stringify(loop.body.contents.at(-1))).toContain(ws.canary);
    // Both calls' thought signatures are in the last request's history, byte-exact.
    const proofs = env.agent.proofs.issued.filter(({ about }) => about === "read_file").map(({ proof }) => proof);
    expect(proofs).toHaveLength(2);
    for (const proof of proofs) expect(requests.at(-1)!.raw).toContain(proof);
    expect(env.agent.proofs.returned).toEqual(expect.arrayContaining(proofs));

    expectChannelCredentialOnly(requests, key, upstreamKeys.gemini);
    await expectLedger(env, name, fromUsage, "generate-content");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a DeepSeek group, translated to chat completions", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runGemini("deepseek-trial", "deepseek-chat", chatUpstreamAlias("deepseek-chat"));
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/chat/completions");
      expect(turn.body).toMatchObject({ model: "deepseek-chat", stream: true });
      expect(turn.body.tools.map((tool: any) => tool.function.name)).toContain("read_file");
    }
    const loop = requests.find((turn) => turn.body.messages.at(-1).role === "tool")!;
    expect(loop.body.messages.at(-1).content).toContain(ws.canary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "generate-content");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a Claude group with its default settings, translated to messages: thinking kept, only temperature 1 beside it", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runGemini("claude-smart", "claude-sonnet-4-6");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/messages");
      // Gemini CLI asked for thoughts with temperature 1, topP 0.95 and topK 64: Anthropic takes
      // neither top_k beside thinking nor top_p beside temperature.
      expect(turn.body).toMatchObject({ model: "claude-sonnet-4-6", stream: true, thinking: { type: "adaptive" }, temperature: 1 });
      expect(turn.body).not.toHaveProperty("top_p");
      expect(turn.body).not.toHaveProperty("top_k");
    }
    const loop = requests.find((turn) => turn.raw.includes("tool_result"))!;
    expect(JSON.stringify(loop.body.messages.at(-1))).toContain(ws.canary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    await expectLedger(env, name, fromUsage, "generate-content");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT-5 group, translated to Responses: no temperature or top_p for a reasoning model", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runGemini("gpt-trial", "gpt-5", chatUpstreamAlias("gpt-5"));
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/responses");
      expect(turn.body).toMatchObject({ model: "gpt-5", stream: true });
      expect(turn.body).not.toHaveProperty("temperature");
      expect(turn.body).not.toHaveProperty("top_p");
    }
    const loop = requests.find((turn) => turn.body.input.some((item: any) => item.type === "function_call_output"))!;
    expect(JSON.stringify(loop.body.input.at(-1))).toContain(ws.canary);

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "generate-content");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a DeepSeek group with its default generation settings: topK 64, which DeepSeek has no field for, is left out", async () => {
    const { run, ws, requests } = await runGemini("deepseek-trial", "deepseek-chat");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/chat/completions");
      expect(turn.body).toMatchObject({ model: "deepseek-chat", temperature: 1, top_p: 0.95 });
      expect(turn.body).not.toHaveProperty("top_k");
    }
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a Qwen group with its default generation settings: DashScope takes top_k, so topK 64 goes along", async () => {
    const { run, ws, requests } = await runGemini("qwen-trial", "qwen3-max");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/chat/completions");
      expect(turn.body).toMatchObject({ model: "qwen3-max", temperature: 1, top_p: 0.95, top_k: 64 });
    }
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT-5 group with its default generation settings: topK, which Responses has no field for, is left out", async () => {
    const { run, ws, requests } = await runGemini("gpt-trial", "gpt-5");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/responses");
      expect(turn.body).toMatchObject({ model: "gpt-5", reasoning: { summary: "auto" } });
      for (const field of ["temperature", "top_p", "top_k"]) expect(turn.body).not.toHaveProperty(field);
    }
    expect(env.sink.attempts).toEqual([]);
  });

  it("calls a model id with more `/` than a model path takes by the name the Call Guide gives -m (its `/` as %2F); the upstream gets the id whole", async () => {
    const longId = "accounts/fireworks/models/llama-v3p1-8b-instruct";
    const deepseek = env.relay.groups.get("deepseek-trial")!;
    const current = (await env.relay.operator.GET("/api/admin/groups")).data!.data.find((group) => group.id === deepseek.id)!;
    const models = [...current.models.map(({ model_id, prices }) => ({ model_id, prices })), { model_id: longId, prices: { input: 100_000, output: 200_000 } }];
    expect((await env.relay.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: deepseek.id } }, body: { models } })).response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
    const shown = geminiModelInPath(longId);
    expect(shown).toBe("accounts%2Ffireworks%2Fmodels%2Fllama-v3p1-8b-instruct");
    const { run, ws, requests } = await runGemini("deepseek-trial", shown, chatUpstreamAlias(shown));
    expect(run.code, transcript(run)).toBe(0);
    expect(run.stdout, transcript(run)).toContain(ws.canary);
    expect(requests.length, transcript(run)).toBeGreaterThanOrEqual(2);
    for (const turn of requests) expect(turn.body.model).toBe(longId);
    expect(env.sink.attempts).toEqual([]);
  });

  it("honours the proxy settings: a base URL off loopback goes to the sink, so an empty sink means nothing left", async () => {
    const once = { general: { ...settings.general, maxAttempts: 1 } }; // no retries with backoff
    const { run, requests } = await runGemini("gemini-official", "gemini-2.5-flash", once, `http://tollgate.invalid:${new URL(env.relay.tollgate.url).port}`);
    expect(run.code, transcript(run)).not.toBe(0);
    expect(requests).toEqual([]);
    expect(env.sink.attempts.length, transcript(run)).toBeGreaterThan(0);
    expect(env.sink.attempts.every((attempt) => attempt.includes("tollgate.invalid"))).toBe(true);
    env.sink.attempts.length = 0;
  });
});
