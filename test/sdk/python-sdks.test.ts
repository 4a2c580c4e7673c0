// The official Python SDKs (anthropic, openai, google-genai), run by pytest against the gateway,
// and the usage each reported compared with the ledger. Needs TOLLGATE_PYTHON: an interpreter with
// test/python/requirements.txt installed (.ci/run creates one in .venv).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

const python = process.env.TOLLGATE_PYTHON;
const ready = python ? spawnSync(python, ["-c", "import anthropic, openai, google.genai, pytest"]).status === 0 : false;
const reason = python ? `${python} cannot import anthropic, openai, google.genai and pytest (pip install -r test/python/requirements.txt)` : "TOLLGATE_PYTHON is not set";

const cases: Record<string, string> = {
  anthropic_create: "claude-smart",
  anthropic_stream: "claude-smart",
  openai_chat: "gpt-trial",
  openai_chat_stream: "gpt-trial",
  openai_responses: "gpt-trial",
  openai_responses_stream: "gpt-trial",
  genai_generate: "gemini-official",
  genai_stream: "gemini-official",
};

(ready ? describe : describe.skip)(`official Python SDKs${ready ? "" : ` (skipped: ${reason})`}`, () => {
  let env: RelayEnv;
  const names: Record<string, string> = {};
  let report: Record<string, { input: number; output: number }>;
  let output = "";

  beforeAll(async () => {
    env = await startRelayEnv();
    const keys: Record<string, string> = {};
    for (const [name, group] of Object.entries(cases)) {
      names[name] = unique(name);
      keys[name] = await env.key(group, names[name]);
    }
    const reportPath = join(mkdtempSync(join(tmpdir(), "tollgate-py-")), "report.json");
    // Asynchronously: the mock upstreams live in this process and must keep answering.
    const run = await promisify(execFile)(python!, ["-m", "pytest", resolve(import.meta.dirname, "../python"), "-q", "-p", "no:cacheprovider"], {
      env: { ...process.env, TOLLGATE_URL: env.tollgate.url, TOLLGATE_KEYS: JSON.stringify(keys), TOLLGATE_PY_REPORT: reportPath },
      timeout: 120_000,
    }).catch((error) => ({ stdout: `${error.stdout}\n${error.stderr}\nexit: ${error.code}`, stderr: "" }));
    output = run.stdout;
    report = JSON.parse(readFileSync(reportPath, "utf8"));
  }, 180_000);

  afterAll(async () => {
    await env?.stop();
  });

  it("pytest passes every SDK case", () => {
    expect(output).toMatch(/\d+ passed/);
    expect(output).not.toMatch(/failed|error/i);
  });

  it.each(Object.keys(cases))("%s: the usage the SDK reported equals the ledger's", async (name) => {
    const [call] = await env.ledger(names[name]);
    expect(report[name]).toBeDefined();
    expect({ input: call.input_tokens, output: call.output_tokens }).toEqual(report[name]);
  });
});
