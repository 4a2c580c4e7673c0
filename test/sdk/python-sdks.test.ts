// The official Python SDKs (anthropic, openai, google-genai), run by pytest against the gateway with
// only base URL and key changed, and the usage each reported compared with the ledger: once with
// the seed's groups on the vendors' own APIs, once with groups of the same models on the clouds
// (Claude on Bedrock, GPT on Azure OpenAI, Gemini on Vertex AI), which the SDKs cannot tell apart.
// Needs TOLLGATE_PYTHON: an interpreter with test/python/requirements.txt installed (.ci/run makes
// one in .venv). Without it the suite is skipped, with the reason and how to enable it.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { ANTHROPIC_OUTPUT_TOKENS } from "../mock-upstreams/anthropic.ts";
import { GEMINI_OUTPUT_TOKENS } from "../mock-upstreams/gemini.ts";
import { OPENAI_OUTPUT_TOKENS } from "../mock-upstreams/openai.ts";
import { AZURE_API_VERSIONS, startAzureOpenAIMock } from "../mock-upstreams/clouds/azure-openai.ts";
import { startBedrockMock } from "../mock-upstreams/clouds/bedrock.ts";
import { startVertexMock } from "../mock-upstreams/clouds/vertex.ts";
import { expectedInputTokens } from "../mock-upstreams/server.ts";

const root = resolve(import.meta.dirname, "../..");
const python = process.env.TOLLGATE_PYTHON;
const enable =
  "to run it: python3 -m venv .venv && .venv/bin/pip install -r test/python/requirements.txt, then TOLLGATE_PYTHON=$PWD/.venv/bin/python";
const probe = python ? spawnSync(python, ["-c", "import anthropic, openai, google.genai, pytest"], { encoding: "utf8", timeout: 60_000 }) : undefined;
const skipReason = !python
  ? `TOLLGATE_PYTHON is not set; ${enable}`
  : probe!.status !== 0
    ? `${python} cannot import anthropic, openai, google.genai and pytest (${(probe!.error?.message ?? probe!.stderr.trim().split("\n").at(-1)) || "unknown error"}); ${enable}`
    : undefined;

const prompt = "Hello there, gateway: please greet me.";
const PYTEST_TIMEOUT_MS = 150_000;

/** As the ledger names them: a compaction is logged as the endpoint called, not as the response call inside. */
type Interface = "messages" | "chat" | "responses" | "responses/compact" | "generate-content";
type Case = { group: string; iface: Interface; stream: boolean };
const output: Record<Interface, number> = {
  messages: ANTHROPIC_OUTPUT_TOKENS,
  chat: OPENAI_OUTPUT_TOKENS,
  responses: OPENAI_OUTPUT_TOKENS,
  "responses/compact": OPENAI_OUTPUT_TOKENS,
  "generate-content": GEMINI_OUTPUT_TOKENS,
};

/** Every case test/python/test_sdks.py reports, by name: one key each, bound to this group. */
const cases: Record<string, Case> = {
  anthropic_create: { group: "claude-smart", iface: "messages", stream: false },
  anthropic_stream_raw: { group: "claude-smart", iface: "messages", stream: true },
  anthropic_stream: { group: "claude-smart", iface: "messages", stream: true },
  anthropic_stream_async: { group: "claude-smart", iface: "messages", stream: true },
  openai_chat: { group: "gpt-trial", iface: "chat", stream: false },
  openai_chat_stream: { group: "gpt-trial", iface: "chat", stream: true },
  openai_chat_stream_helper: { group: "gpt-trial", iface: "chat", stream: true },
  // Without stream: true the gateway streams upstream and assembles, but the call is not a stream.
  openai_responses: { group: "gpt-trial", iface: "responses", stream: false },
  openai_responses_compact: { group: "gpt-trial", iface: "responses/compact", stream: false },
  openai_responses_stream: { group: "gpt-trial-plus", iface: "responses", stream: true },
  openai_responses_stream_async: { group: "gpt-trial", iface: "responses", stream: true },
  genai_generate_v1: { group: "gemini-official", iface: "generate-content", stream: false },
  genai_generate_v1beta: { group: "gemini-official", iface: "generate-content", stream: false },
  genai_stream_v1: { group: "gemini-official", iface: "generate-content", stream: true },
  genai_stream_v1beta: { group: "gemini-official", iface: "generate-content", stream: true },
  genai_stream_async: { group: "gemini-official", iface: "generate-content", stream: true },
};

type Reported = { input: number; output: number; model: string; stream: boolean };
type Report = { cases: Record<string, Reported>; outcomes: Record<string, string> };
type Run = { code: number | null; signal: NodeJS.Signals | null; output: string };

/** Asynchronously: the mock upstreams live in this process and must keep answering meanwhile. */
function runPytest(env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(python!, ["-m", "pytest", "test/python", "-q", "-p", "no:cacheprovider", "-rfEs"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: PYTEST_TIMEOUT_MS,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", fail);
    child.on("close", (code, signal) => done({ code, signal, output }));
  });
}

/** The child's environment: ours, without what would point an SDK elsewhere or through a proxy. */
function childEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(ANTHROPIC|OPENAI|GOOGLE|GEMINI)_/i.test(name) || /^(HTTPS?|ALL|NO)_PROXY$/i.test(name)) continue;
    env[name] = value;
  }
  return { ...env, PYTHONDONTWRITEBYTECODE: "1", PYTHONUNBUFFERED: "1", ...extra };
}

/** How the cases' groups are served: the seed's groups on the vendors' own APIs, or groups of the same models on the clouds. */
type Serving = { groupOf: (group: string) => string; stop: () => Promise<void> };

const vendors = async (): Promise<Serving> => ({ groupOf: (group) => group, stop: async () => {} });

/** Claude on Bedrock, GPT on Azure OpenAI (deployments named apart from the models) and Gemini on Vertex AI, each its family's group. */
async function clouds(env: RelayEnv): Promise<Serving> {
  const region = "us-east-1";
  const [bedrock, azure, vertex] = await Promise.all([
    startBedrockMock({ region, keys: { AKIAPYTHONSUITE00001: { secretAccessKey: "python/suite/secret" } }, models: ["anthropic.claude-sonnet-4-6", "anthropic.claude-haiku-4-5"] }),
    startAzureOpenAIMock({ apiKey: "azure-python-suite", deployments: { "gpt5-prod": "gpt-5", "gpt41-prod": "gpt-4.1" } }),
    startVertexMock({ project: "python-suite" }),
  ]);
  const prices = { input: 1_000_000, output: 2_000_000 };
  const made: Record<string, string> = {};
  const groups = [
    { family: "claude", name: "Claude on Bedrock", models: ["claude-sonnet-4-6", "claude-haiku-4-5"], channel: { kind: "bedrock", base_url: bedrock.url, region, credentials: ["AKIAPYTHONSUITE00001:python/suite/secret"], model_mapping: { "claude-sonnet-4-6": "us.anthropic.claude-sonnet-4-6", "claude-haiku-4-5": "global.anthropic.claude-haiku-4-5" } } },
    { family: "gpt", name: "GPT on Azure", models: ["gpt-5", "gpt-4.1"], channel: { kind: "azure-openai", base_url: azure.url, api_version: AZURE_API_VERSIONS[0], credentials: ["azure-python-suite"], model_mapping: { "gpt-5": "gpt5-prod", "gpt-4.1": "gpt41-prod" } } },
    { family: "gemini", name: "Gemini on Vertex", models: ["gemini-2.5-flash", "gemini-2.5-pro"], channel: { kind: "vertex", base_url: vertex.url, region: "global", credentials: [vertex.serviceAccountKey()] } },
  ];
  for (const group of groups) {
    const identifier = unique(group.family).toLowerCase();
    const created = await env.operator.POST("/api/admin/groups", { body: { name: `${group.name} ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public", models: group.models.map((model_id) => ({ model_id, prices })) } });
    if (!created.data) throw new Error(JSON.stringify(created.error));
    const channel = await env.operator.POST("/api/admin/channels", { body: { name: identifier, group_ids: [created.data.id], ...group.channel } as never });
    if (!channel.data) throw new Error(JSON.stringify(channel.error));
    env.groups.set(identifier, created.data);
    made[group.family] = identifier;
  }
  return {
    groupOf: (group) => made[group.startsWith("claude") ? "claude" : group.startsWith("gpt") ? "gpt" : "gemini"],
    stop: () => Promise.all([bedrock.close(), azure.close(), vertex.close()]).then(() => undefined),
  };
}

describe.each([
  ["on the vendors' own APIs", vendors],
  ["on the clouds (Claude on Bedrock, GPT on Azure OpenAI, Gemini on Vertex AI)", clouds],
] as const)("official Python SDKs, groups %s", (_, serve) => {
  if (skipReason) {
    it.skip(`skipped: ${skipReason}`, () => {});
    return;
  }

  let env: RelayEnv;
  let serving: Serving;
  const keyNames: Record<string, string> = {};
  let run: Run;
  let report: Report | undefined;
  let reportError = "";

  beforeAll(async () => {
    env = await startRelayEnv();
    serving = await serve(env);
    const keys: Record<string, string> = {};
    for (const [name, { group }] of Object.entries(cases)) {
      keyNames[name] = unique(name);
      keys[name] = await env.key(serving.groupOf(group), keyNames[name]);
    }
    const dir = mkdtempSync(join(tmpdir(), "tollgate-py-"));
    const reportPath = join(dir, "report.json");
    try {
      run = await runPytest(
        childEnv({ TOLLGATE_URL: env.tollgate.url, TOLLGATE_KEYS: JSON.stringify(keys), TOLLGATE_PROMPT: prompt, TOLLGATE_PY_REPORT: reportPath }),
      );
      try {
        report = JSON.parse(readFileSync(reportPath, "utf8"));
      } catch (error) {
        reportError = `no report from pytest at ${reportPath}: ${(error as Error).message}`;
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // pytest's summary line in the log, so a CI reader sees the Python suite really ran.
    console.log(`pytest (${python}): ${run.output.trim().split("\n").at(-1)}`);
  }, PYTEST_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await serving?.stop();
    await env?.stop();
  });

  it("pytest exits 0 with every test passed and none skipped", () => {
    const how = run.signal ? `killed by ${run.signal} (timeout ${PYTEST_TIMEOUT_MS} ms?)` : `exit code ${run.code}`;
    const notPassed = Object.entries(report?.outcomes ?? {}).filter(([, outcome]) => outcome !== "passed");
    const problems = [run.code !== 0 && how, reportError, notPassed.length > 0 && `not passed: ${JSON.stringify(notPassed)}`].filter(Boolean);
    expect(problems, `pytest output:\n${run.output}`).toEqual([]);
    expect(Object.keys(report!.outcomes).length).toBeGreaterThanOrEqual(Object.keys(cases).length);
    expect(Object.keys(report!.cases).sort()).toEqual(Object.keys(cases).sort());
  });

  it.each(Object.keys(cases))("%s: the usage the SDK reported equals the ledger's", async (name) => {
    const reported = report?.cases[name];
    expect(reported, `${name} reported nothing; pytest output:\n${run.output}`).toBeDefined();
    const { iface, stream } = cases[name];
    // The SDK saw the mock's deterministic usage, not zeros or nulls…
    expect(reported).toEqual({ input: expectedInputTokens(prompt), output: output[iface], model: reported!.model, stream });
    // …and the ledger recorded the very same call.
    const calls = await env.ledger(keyNames[name]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      status: "ok",
      http_status: 200,
      interface: iface,
      stream,
      model_id: reported!.model,
      input_tokens: reported!.input,
      output_tokens: reported!.output,
    });
  });
});
