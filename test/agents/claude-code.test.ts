// Claude Code (@anthropic-ai/claude-code, pinned) as a new user runs it against Tollgate: only
// ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY changed, `claude -p` non-interactive, a real tool loop
// of three turns (the model asks for `Read` of README.md, then for `Bash` with `cat NOTES.md`;
// Claude Code runs each and sends the result back; the model quotes both), streamed — on a Claude group (passthrough, /v1/messages?beta=true) and on a GPT group
// (translated to the Responses API, where OpenAI's limits apply: Claude Code's 150-character
// metadata.user_id goes as its SHA-256 digest), and on a Gemini and a DeepSeek group (translated to
// generateContent and chat completions).
//
// Network kept off: DISABLE_TELEMETRY, DISABLE_AUTOUPDATER, DISABLE_ERROR_REPORTING,
// DISABLE_BUG_COMMAND, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC (documented as all of the former
// together) and CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY set; a temporary HOME (no credentials, no
// settings); proxies to the refusing sink (harness.ts), asserted unused. Under strace, these runs
// (all three CLI suites) made no DNS lookup and no connection off loopback.
// The native binary is taken from its platform package, so the suite runs whether or not the
// wrapper's postinstall copied it into place; where neither runs, the suite is skipped with the reason.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamKeys } from "../helpers/relay-env.ts";
import { type AgentEnv, cliEnv, expectChannelCredentialOnly, expectLedger, expectToolLoopRan, modulesDir, runCli, startAgentEnv, transcript, unavailable, workspace } from "./harness.ts";

const platformBinary = join(modulesDir, `@anthropic-ai/claude-code-${process.platform}-${process.arch}`, "claude");
const claude = existsSync(platformBinary) ? platformBinary : join(modulesDir, "@anthropic-ai/claude-code/bin/claude.exe");
const skipped = await unavailable(claude);
if (skipped) console.warn(`Claude Code suite skipped: ${skipped}`);

let env: AgentEnv;
beforeAll(async () => {
  if (skipped) return;
  env = await startAgentEnv({ "gpt-trial": ["messages"], "gemini-official": ["messages"], "deepseek-trial": ["messages"] });
});
afterAll(async () => {
  await env?.stop();
});

/** The tools Claude Code declares deferred (`defer_loading`, Anthropic's tool search). */
const deferredTools = (body: any): string[] => body.tools.filter((tool: any) => tool.defer_loading === true).map((tool: any) => tool.name);

/**
 * A translated group's first upstream request carries every tool Claude Code declared, its
 * deferred one (the placeholder that keeps tool search on) in full, and the session had no refusal
 * (expectLedger): tool search does not cost three refused round trips before Claude Code gives it up.
 */
function expectDeferredToolsDeclared(firstUpstreamRequest: string) {
  expect(firstUpstreamRequest).not.toContain("defer_loading");
  for (const name of ["ToolSearch", "DeferredToolPlaceholder", "Read", "Bash"]) expect(firstUpstreamRequest).toContain(`"${name}"`);
}

async function runClaude(identifier: string, model: string, baseUrl = env.relay.tollgate.url) {
  const ws = workspace("claude-code");
  const { key, name } = await env.key(identifier);
  env.agent.script.steps = [{ Read: { file_path: ws.file } }, { Bash: { command: "cat NOTES.md", description: "Show NOTES.md" } }];
  const from = env.agent.requests.length;
  const fromUsage = env.agent.usage.length;
  const run = await runCli(claude, ["-p", "What do README.md and NOTES.md say? Read the first, cat the second.", "--model", model, "--allowedTools", "Read,Bash", "--output-format", "text"], {
    cwd: ws.dir,
    env: cliEnv(ws, env.sink, {
      ANTHROPIC_BASE_URL: baseUrl,
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
      ANTHROPIC_DEFAULT_SONNET_MODEL: model,
      ANTHROPIC_DEFAULT_OPUS_MODEL: model,
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      DISABLE_BUG_COMMAND: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: "1",
    }),
  });
  ws.remove();
  return { run, ws, key, name, requests: env.agent.requests.slice(from), fromUsage };
}

describe.skipIf(skipped)(`Claude Code ${skipped ? `(skipped: ${skipped})` : ""}`.trim(), { timeout: 50_000 }, () => {
  it("runs a Read-then-Bash tool loop on a Claude group: passthrough with its betas, thinking and signatures intact", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runClaude("claude-smart", "claude-sonnet-4-6");
    expectToolLoopRan({ run, ws, requests });

    const turns = requests.filter((r) => r.path === "/v1/messages");
    expect(turns.length, transcript(run)).toBeGreaterThanOrEqual(2);
    for (const turn of turns) {
      expect(turn.query).toEqual({ beta: "true" });
      expect(turn.headers["anthropic-version"]).toBe("2023-06-01");
      expect(String(turn.headers["anthropic-beta"])).toContain("claude-code-20250219");
      expect(turn.body.stream).toBe(true);
      expect(turn.body.thinking?.type).toBe("adaptive");
      expect(turn.body.tools.map((tool: any) => tool.name)).toEqual(expect.arrayContaining(["Read", "Bash", "Edit"]));
      // A JSON string (device, account, session): longer than the 64 characters OpenAI takes (the GPT group's test).
      expect(turn.body.metadata.user_id.length).toBeGreaterThan(64);
    }
    // Claude Code uses Anthropic's tool search: its ToolSearch tool, and a deferred placeholder that
    // keeps it on (the deferred tools themselves are named in a system message, loaded by ToolSearch).
    expect(deferredTools(turns[0].body)).toEqual(["DeferredToolPlaceholder"]);
    expect(turns[0].body.tools.map((tool: any) => tool.name)).toContain("ToolSearch");
    // The second turn carries the Read result and, first in the assistant turn, the signed thinking byte-exact.
    const loop = turns.find((turn) => turn.raw.includes("tool_result"))!;
    expect(JSON.stringify(loop.body.messages.at(-1))).toContain(ws.canary);
    const assistant = loop.body.messages.findLast((m: any) => m.role === "assistant");
    expect(assistant.content[0].type).toBe("thinking");
    expect(env.agent.proofs.issued).toContainEqual({ proof: assistant.content[0].signature, about: "Read" });
    // The last request holds both signed calls (Read, then Bash), their signatures byte-exact.
    for (const tool of ["Read", "Bash"]) {
      const proofs = env.agent.proofs.issued.filter(({ proof, about }) => about === tool && proof.startsWith("Eq"));
      expect(proofs).toHaveLength(1);
      expect(turns.at(-1)!.raw).toContain(proofs[0].proof);
    }

    expectChannelCredentialOnly(requests, key, upstreamKeys.anthropic);
    await expectLedger(env, name, fromUsage, "messages");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT group, translated to the Responses API, reasoning carried in thinking signatures", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runClaude("gpt-trial", "gpt-5");
    expectToolLoopRan({ run, ws, requests });

    const turns = requests.filter((r) => r.path === "/v1/responses");
    expect(turns.length, transcript(run)).toBeGreaterThanOrEqual(2);
    expect(requests.every((r) => r.path === "/v1/responses")).toBe(true);
    for (const turn of turns) {
      expect(turn.headers["anthropic-beta"]).toBeUndefined();
      expect(turn.body.stream).toBe(true);
      // Claude Code's adaptive thinking asks for reasoning, with its encrypted content to carry back.
      expect(turn.body.reasoning).toBeTruthy();
      expect(turn.body.include).toContain("reasoning.encrypted_content");
      expect(turn.body.tools.filter((tool: any) => tool.type === "function").map((tool: any) => tool.name)).toEqual(expect.arrayContaining(["Read", "Bash"]));
    }
    // Claude Code's user id, past OpenAI's 64 characters, goes as its SHA-256 digest: the same on every turn.
    expect(turns[0].body.safety_identifier).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(turns.map((turn) => turn.body.safety_identifier)).size).toBe(1);
    const loop = turns.find((turn) => turn.body.input.some((item: any) => item.type === "function_call_output"))!;
    const output = loop.body.input.find((item: any) => item.type === "function_call_output");
    expect(JSON.stringify(output)).toContain(ws.canary);
    // The reasoning issued with the call came back on the second turn byte-exact, carried in Claude Code's thinking signature.
    const proofs = env.agent.proofs.issued.filter(({ proof, about }) => ["Read", "Bash"].includes(about) && proof.startsWith("gAAAAAB")).map(({ proof }) => proof);
    expect(proofs).toHaveLength(2);
    for (const proof of proofs) expect(turns.at(-1)!.raw).toContain(proof);

    expectDeferredToolsDeclared(turns[0].raw);
    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "messages");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a GPT group's model that does not reason (gpt-4o-mini): no reasoning asked, output within the model's 16,384", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runClaude("gpt-trial", "gpt-4o-mini");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.path).toBe("/v1/responses");
      // Claude Code's adaptive thinking and effort are dropped: OpenAI refuses reasoning.effort (and its encrypted content) on this model.
      expect(turn.body.reasoning).toBeUndefined();
      expect(turn.body.include).toBeUndefined();
      // Its 32,000 output tokens go as the model's maximum.
      expect(turn.body.max_output_tokens).toBe(16_384);
    }
    expectDeferredToolsDeclared(requests[0].raw);
    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "messages");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on the Gemini group, translated to generateContent: each call's thought signature carried in a thinking signature", async () => {
    const issuedBefore = env.agent.proofs.issued.length;
    const { run, ws, key, name, requests, fromUsage } = await runClaude("gemini-official", "gemini-2.5-flash");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(turn.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent");
      // Claude Code's adaptive thinking as a Gemini 2.5 budget (never a level beside it); its thinking
      // display "omitted" as includeThoughts false: the signatures come with the calls all the same.
      expect(turn.body.generationConfig.thinkingConfig).toEqual({ thinkingBudget: expect.any(Number), includeThoughts: false });
      expect(turn.body.generationConfig.thinkingConfig.thinkingBudget).toBeGreaterThan(0);
      expect(turn.body.tools.flatMap((tool: any) => tool.functionDeclarations ?? []).map((d: any) => d.name)).toEqual(expect.arrayContaining(["Read", "Bash"]));
    }
    const loop = requests.find((turn) => turn.raw.includes("functionResponse"))!;
    expect(JSON.stringify(loop.body.contents.at(-1))).toContain(ws.canary);
    // Both calls' thought signatures came back on the last turn byte-exact, through Claude Code's history.
    const proofs = env.agent.proofs.issued.slice(issuedBefore).filter(({ about }) => ["Read", "Bash"].includes(about)).map(({ proof }) => proof);
    expect(proofs).toHaveLength(2);
    for (const proof of proofs) expect(requests.at(-1)!.raw).toContain(proof);

    expectDeferredToolsDeclared(requests[0].raw);
    expectChannelCredentialOnly(requests, key, upstreamKeys.gemini);
    await expectLedger(env, name, fromUsage, "messages");
    expect(env.sink.attempts).toEqual([]);
  });

  it("runs the same loop on a DeepSeek group, translated to chat completions", async () => {
    const { run, ws, key, name, requests, fromUsage } = await runClaude("deepseek-trial", "deepseek-chat");
    expectToolLoopRan({ run, ws, requests });
    for (const turn of requests) {
      expect(`${turn.method} ${turn.path}`).toBe("POST /v1/chat/completions");
      expect(turn.body).toMatchObject({ model: "deepseek-chat", stream: true, stream_options: { include_usage: true } });
      expect(turn.body.tools.map((tool: any) => tool.function.name)).toEqual(expect.arrayContaining(["Read", "Bash"]));
      // Claude Code's long metadata.user_id, past OpenAI-style APIs' 64 characters, goes as its digest.
      expect(turn.body.user).toMatch(/^[0-9a-f]{64}$/);
      // Its adaptive thinking switches deepseek-chat's thinking mode on (no effort: DeepSeek's default).
      expect(turn.body.thinking).toEqual({ type: "enabled" });
      // Its 32,000 output tokens go as deepseek-chat's maximum, which DeepSeek refuses past.
      expect(turn.body.max_tokens).toBe(8_192);
    }
    expectDeferredToolsDeclared(requests[0].raw);
    const loop = requests.find((turn) => turn.body.messages.at(-1).role === "tool")!;
    expect(JSON.stringify(loop.body.messages)).toContain(ws.canary);
    // The mock reasoned, as DeepSeek does in thinking mode, and its reasoning_content came back on the loop.
    expect(loop.body.messages.find((message: any) => message.role === "assistant")?.reasoning_content).toEqual(expect.any(String));

    expectChannelCredentialOnly(requests, key, upstreamKeys.openai);
    await expectLedger(env, name, fromUsage, "messages");
    expect(env.sink.attempts).toEqual([]);
  });

  it("honours the proxy settings: a base URL off loopback goes to the sink, so an empty sink means nothing left", async () => {
    const { run, requests } = await runClaude("claude-smart", "claude-sonnet-4-6", `http://tollgate.invalid:${new URL(env.relay.tollgate.url).port}`);
    expect(run.code, transcript(run)).not.toBe(0);
    expect(requests).toEqual([]);
    expect(env.sink.attempts.length, transcript(run)).toBeGreaterThan(0);
    expect(env.sink.attempts.every((attempt) => attempt.includes("tollgate.invalid"))).toBe(true);
    env.sink.attempts.length = 0;
  });
});
