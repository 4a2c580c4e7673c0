// The three agent CLIs on groups served only by the clouds: a Claude group whose one channel is
// AWS Bedrock (InvokeModel, SigV4), a Claude group whose one channel is Google Vertex AI
// (rawPredict, a service account's OAuth2 token) and a GPT group whose one channel is Azure OpenAI
// (Responses at /openai/v1/responses, the resource's api-key) — Claude Code, Codex and Gemini CLI
// on each, in the same real tool loops as their own suites (claude-code.test.ts, codex.test.ts,
// gemini-cli.test.ts): 9 loops. The cloud fronts (test/mock-upstreams/clouds/) check what the
// clouds check — the signature recomputed by AWS's signer, the JWT grant verified, the api-key and
// the deployment — and stand before the agent mock (`behind`), which plays the loop and refuses a
// thinking or reasoning proof that did not come back byte-exact.
//
// Each cell asserts, at the front: the cloud's request shape (path, version member, mapped model),
// the proof the model issued with the first call carried back on the second turn byte-exact, and
// only the channel's credential (never the Tollgate key); and in the ledger: one record per
// upstream turn with the tokens the upstream reported, each cost exactly those tokens at the
// group's prices and multiplier (rounded up once to the micro), and the balance down by the sum.
// Two more cut every Bedrock stream with an exception frame (the front's `stream-exception`):
// with its non-streaming fallback and retries off, Claude Code ends with Bedrock's exception, in
// bounded time, instead of hanging; with its defaults it asks each turn again without streaming
// (plain InvokeModel) and finishes the loop. Each cut stream is billed as the README's billing
// rules bill a stream that broke off after its first byte.
//
// The fronts refuse `anthropic-beta` flags their cloud lacks, as Bedrock (400 "invalid beta flag")
// and Vertex ("Unexpected value(s) … for the `anthropic-beta` header") do: Claude Code's first-party
// set reaches them filtered to those (server/gateway/upstreams/clouds/betas.ts). Not held to: tools'
// `defer_loading`, which Bedrock is reported to refuse without its tool-search beta.
//
// One agent env (gateway, agent mock, sink) and one of each front serve the whole file. The CLIs'
// network switches are their suites' (see those files' headers); the sink is asserted unused.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type UsageCall, upstreamKeys } from "../helpers/relay-env.ts";
import type { AgentScript } from "../mock-upstreams/agent.ts";
import { BEDROCK_ANTHROPIC_VERSION, startBedrockMock } from "../mock-upstreams/clouds/bedrock.ts";
import { AZURE_API_VERSIONS, type AzureOpenAIMock, startAzureOpenAIMock } from "../mock-upstreams/clouds/azure-openai.ts";
import type { FrontMock } from "../mock-upstreams/clouds/front.ts";
import { startVertexMock, VERTEX_ANTHROPIC_VERSION, type VertexMock } from "../mock-upstreams/clouds/vertex.ts";
import type { RecordedRequest } from "../mock-upstreams/server.ts";
import { type AgentEnv, type CliRun, cliEnv, expectLedger, expectToolLoopRan, modulesDir, runCli, startAgentEnv, transcript, unavailable, type Workspace, workspace } from "./harness.ts";

// ---------------------------------------------------------------------------------------------
// The CLIs, found as their own suites find them; a missing one skips its cells with the reason.

const claudePlatformBinary = join(modulesDir, `@anthropic-ai/claude-code-${process.platform}-${process.arch}`, "claude");
const claude = existsSync(claudePlatformBinary) ? claudePlatformBinary : join(modulesDir, "@anthropic-ai/claude-code/bin/claude.exe");
const codexJs = join(modulesDir, "@openai/codex/bin/codex.js");
const geminiJs = join(modulesDir, "@google/gemini-cli/bundle/gemini.js");
const [claudeSkipped, codexSkipped, geminiSkipped] = await Promise.all([
  unavailable(claude),
  existsSync(codexJs) ? unavailable(process.execPath, [codexJs, "--version"]) : Promise.resolve(`${codexJs} is not installed`),
  existsSync(geminiJs) ? unavailable(process.execPath, [geminiJs, "--version"]) : Promise.resolve(`${geminiJs} is not installed`),
]);
for (const [cli, reason] of [["Claude Code", claudeSkipped], ["Codex", codexSkipped], ["Gemini CLI", geminiSkipped]]) if (reason) console.warn(`cloud groups: ${cli} cells skipped: ${reason}`);
const noCli = Boolean(claudeSkipped && codexSkipped && geminiSkipped);

// ---------------------------------------------------------------------------------------------
// The clouds and the groups they alone serve.

const AWS = { region: "us-west-2", accessKeyId: "AKIAAGENTSCLOUD00001", secretAccessKey: "agents/cloud+secret/000000000000000000000" };
const VERTEX = { project: "tollgate-agents", region: "us-east5" };
const AZURE = { apiKey: "azure-agents-resource-key-0001", apiVersion: AZURE_API_VERSIONS[0], deployment: "gpt5-prod" };

/** Micros per million tokens; no 1-hour cache-write price, so every cache write costs `cache_write`. */
type Prices = { input: number; output: number; cache_read: number; cache_write: number };
const claudePrices: Prices = { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 };
const gptPrices: Prices = { input: 1_250_000, output: 10_000_000, cache_read: 125_000, cache_write: 0 };

type CloudGroup = {
  identifier: string;
  name: string;
  /** The public model id the CLIs ask for. */
  model: string;
  /** What the channel's model mapping sends upstream for it. */
  upstreamModel: string;
  prices: Prices;
  /** Odd on purpose, so a cost is rarely a whole micro before rounding. */
  multiplierMilli: number;
  translated: ("messages" | "responses" | "generate-content")[];
};

// Claude Sonnet 4.6 on Bedrock through the US cross-region inference profile (the model's own id,
// `anthropic.claude-sonnet-4-6`, is one Bedrock serves; `us.` because the channel's region is in the US).
const bedrockGroup: CloudGroup = {
  identifier: "claude-bedrock",
  name: "Claude on Bedrock",
  model: "claude-sonnet-4-6",
  upstreamModel: "us.anthropic.claude-sonnet-4-6",
  prices: claudePrices,
  multiplierMilli: 1_337,
  translated: ["responses", "generate-content"],
};
// Claude Sonnet 4.6 on Vertex AI under a dated-style id (`@default`, Vertex's alias form), so the mapping and the path's `@` are exercised.
const vertexGroup: CloudGroup = {
  identifier: "claude-vertex",
  name: "Claude on Vertex",
  model: "claude-sonnet-4-6",
  upstreamModel: "claude-sonnet-4-6@default",
  prices: claudePrices,
  multiplierMilli: 2_113,
  translated: ["responses", "generate-content"],
};
// GPT-5 on Azure OpenAI: the public id maps to the resource's deployment name.
const azureGroup: CloudGroup = {
  identifier: "gpt-azure",
  name: "GPT on Azure",
  model: "gpt-5",
  upstreamModel: AZURE.deployment,
  prices: gptPrices,
  multiplierMilli: 1_777,
  translated: ["messages", "generate-content"],
};

let env: AgentEnv;
let bedrock: FrontMock;
let vertex: VertexMock;
let azure: AzureOpenAIMock;
let serviceAccountEmail: string;

beforeAll(async () => {
  if (noCli) return;
  env = await startAgentEnv();
  const claudeBehind = { mock: env.agent, apiKey: upstreamKeys.anthropic };
  [bedrock, vertex, azure] = await Promise.all([
    startBedrockMock({ region: AWS.region, keys: { [AWS.accessKeyId]: { secretAccessKey: AWS.secretAccessKey } }, behind: claudeBehind }),
    startVertexMock({ project: VERTEX.project, behind: { anthropic: claudeBehind, gemini: { mock: env.agent, apiKey: upstreamKeys.gemini } } }),
    startAzureOpenAIMock({ apiKey: AZURE.apiKey, deployments: { [AZURE.deployment]: "gpt-5" }, behind: { mock: env.agent, apiKey: upstreamKeys.openai } }),
  ]);
  const serviceAccountKey = vertex.serviceAccountKey("tollgate-agents");
  serviceAccountEmail = JSON.parse(serviceAccountKey).client_email;

  await addCloudGroup(bedrockGroup, { kind: "bedrock", base_url: bedrock.url, region: AWS.region, credentials: [`${AWS.accessKeyId}:${AWS.secretAccessKey}`] });
  await addCloudGroup(vertexGroup, { kind: "vertex", base_url: vertex.url, region: VERTEX.region, project: VERTEX.project, credentials: [serviceAccountKey] });
  await addCloudGroup(azureGroup, { kind: "azure-openai", base_url: azure.url, api_version: AZURE.apiVersion, credentials: [AZURE.apiKey] });
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
}, 120_000);

afterAll(async () => {
  await env?.stop();
  await Promise.all([bedrock?.close(), vertex?.close(), azure?.close()]);
});

/** A group served by nothing but one cloud channel, created as an operator does in the console. */
async function addCloudGroup(group: CloudGroup, channel: { kind: "bedrock" | "vertex" | "azure-openai"; base_url: string; credentials: string[]; region?: string; project?: string; api_version?: string }) {
  const { relay } = env;
  const made = await relay.operator.POST("/api/admin/groups", {
    body: {
      name: group.name,
      identifier: group.identifier,
      translated_interfaces: group.translated,
      multiplier_milli: group.multiplierMilli,
      visibility: "public",
      models: [{ model_id: group.model, prices: group.prices }],
    },
  });
  expect(made.error).toBeUndefined();
  expect(made.data!.translated_interfaces).toEqual(group.translated);
  expect(made.data!.models.map((model) => model.prices)).toEqual([group.prices]);
  const created = await relay.operator.POST("/api/admin/channels", {
    body: { name: unique(group.identifier), ...channel, model_mapping: { [group.model]: group.upstreamModel }, group_ids: [made.data!.id], priority: 10 },
  });
  expect(created.error).toBeUndefined();
  expect(created.data).toMatchObject({ kind: channel.kind, model_mapping: { [group.model]: group.upstreamModel }, region: channel.region ?? null, api_version: channel.api_version ?? null });
  relay.groups.set(group.identifier, made.data!);
}

// ---------------------------------------------------------------------------------------------
// What every cell checks: the credential the cloud saw, and the bill.

/** The front saw only the channel's credential: never the caller's Tollgate key, in any header, query or body. */
function expectCloudCredentialOnly(requests: RecordedRequest[], tollgateKey: string, check: (request: RecordedRequest) => void) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(JSON.stringify(request.headers)).not.toContain(tollgateKey);
    expect(JSON.stringify(request.query)).not.toContain(tollgateKey);
    expect(request.raw).not.toContain(tollgateKey);
    check(request);
  }
}

const sigV4 = (request: RecordedRequest) => {
  // The front recomputed this signature with AWS's signer from the secret it knows; a wrong one would have been a 403.
  expect(request.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${AWS.accessKeyId}/\\d{8}/${AWS.region}/bedrock/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`));
  expect(request.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
  expect(request.headers["x-api-key"]).toBeUndefined();
  expect(request.raw).not.toContain(AWS.secretAccessKey);
};
const vertexToken = (request: RecordedRequest) => {
  // A token the front's token endpoint issued (any other is a 401), for the channel's service account (below).
  expect(request.headers.authorization).toMatch(/^Bearer ya29\.mock-[0-9a-f]{24}$/);
  expect(request.headers["x-api-key"]).toBeUndefined();
  expect(request.headers["x-goog-api-key"]).toBeUndefined();
};
const azureKey = (request: RecordedRequest) => {
  expect(request.headers["api-key"]).toBe(AZURE.apiKey);
  expect(request.headers.authorization).toBeUndefined();
};

/** A call's cost by the rule in server/domain/pricing.ts, worked out here on its own: the exact sum, times the multiplier, rounded up once to the micro. */
function costOf(tokens: { input: number; output: number; cacheRead: number; cacheWrite: number }, prices: Prices, multiplierMilli: number): number {
  const sum =
    BigInt(tokens.input) * BigInt(prices.input) +
    BigInt(tokens.output) * BigInt(prices.output) +
    BigInt(tokens.cacheRead) * BigInt(prices.cache_read) +
    BigInt(tokens.cacheWrite) * BigInt(prices.cache_write);
  const scale = 1_000_000n * 1_000n;
  return Number((sum * BigInt(multiplierMilli) + scale - 1n) / scale);
}

/** How the gateway ended an upstream turn, where not every one was served whole: its ledger status, whether streamed, and the output it charged if not the upstream's. */
type Outcome = { status: "ok" | "upstream_broken"; stream: boolean; outputTokens?: number };

/**
 * The bill, to the micro: every ledger record is one upstream turn with exactly the tokens the
 * upstream reported for it, billed at the group's prices and multiplier as those counts make it
 * (each cost recomputed here from the upstream's own counts, not the record's); and the
 * organization's balance went down by exactly the sum, nothing left held. By default every turn was
 * served whole (expectLedger: all ok and streamed, no refusal); `outcomes` says otherwise, turn by turn.
 */
async function expectBilledExactly(cell: Cell, interfaceName: Parameters<typeof expectLedger>[3], outcomes?: Outcome[]) {
  const { group, name, fromUsage, balanceBefore } = cell;
  const usage = env.agent.usage.slice(fromUsage);
  let calls: UsageCall[];
  if (outcomes) {
    expect(usage).toHaveLength(outcomes.length);
    calls = await env.relay.ledger(name, outcomes.length);
    expect(calls).toHaveLength(outcomes.length);
  } else {
    calls = await expectLedger(env, name, fromUsage, interfaceName);
  }
  // What each turn should have cost, from the upstream's counts (the outcome's output where the gateway charged its own).
  const expected = usage.map((turn, i) => ({ ...turn, output: outcomes?.[i]?.outputTokens ?? turn.output, status: outcomes?.[i]?.status ?? "ok", stream: outcomes?.[i]?.stream ?? true }));
  const shape = (t: { input: number; output: number; cacheRead: number; cacheWrite: number; status: string; stream: boolean }) => `${t.status} ${t.stream} ${t.input}/${t.output}/${t.cacheRead}/${t.cacheWrite}`;
  const recorded = calls.map((call) => ({ input: call.input_tokens, output: call.output_tokens, cacheRead: call.cache_read_tokens, cacheWrite: call.cache_write_tokens, status: call.status, stream: call.stream }));
  // Records are written as calls end, not as they start: the same turns, in any order.
  expect(recorded.map(shape).sort()).toEqual(expected.map(shape).sort());
  const groupId = env.relay.groups.get(group.identifier)!.id;
  for (const call of calls) {
    expect(call).toMatchObject({ group_id: groupId, model_id: group.model, interface: interfaceName, multiplier_milli: group.multiplierMilli });
    expect(call.cost).toBe(costOf({ input: call.input_tokens, output: call.output_tokens, cacheRead: call.cache_read_tokens, cacheWrite: call.cache_write_tokens }, group.prices, group.multiplierMilli));
  }
  const total = expected.reduce((sum, turn) => sum + costOf(turn, group.prices, group.multiplierMilli), 0);
  expect(calls.reduce((sum, call) => sum + call.cost, 0)).toBe(total);
  expect(total).toBeGreaterThan(0);
  let balance = await env.relay.balance();
  for (let attempt = 0; attempt < 50 && balance !== balanceBefore - total; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    balance = await env.relay.balance();
  }
  expect(balanceBefore - balance).toBe(total);
  expect(await env.relay.held()).toMatchObject({ reservations: 0 });
}

// ---------------------------------------------------------------------------------------------
// The runs: each CLI as its suite runs it, against the gateway, on a group's key.

type Cell = {
  run: CliRun;
  ws: Workspace;
  key: string;
  name: string;
  group: CloudGroup;
  /** What the cloud front received during the run, and what reached the agent mock behind it. */
  front: RecordedRequest[];
  behind: RecordedRequest[];
  /** Proofs (signatures, encrypted reasoning) the agent mock issued during the run. */
  issued: { proof: string; about: string }[];
  fromUsage: number;
  balanceBefore: number;
};

async function runCell(group: CloudGroup, front: FrontMock, steps: (ws: Workspace) => AgentScript["steps"], start: (ws: Workspace, key: string) => Promise<CliRun>): Promise<Cell> {
  const ws = workspace("cloud-groups");
  const { key, name } = await env.key(group.identifier);
  env.agent.script.steps = steps(ws);
  const fromFront = front.requests.length;
  const fromBehind = env.agent.requests.length;
  const fromIssued = env.agent.proofs.issued.length;
  const fromUsage = env.agent.usage.length;
  const balanceBefore = await env.relay.balance();
  const run = await start(ws, key);
  ws.remove();
  return {
    run,
    ws,
    key,
    name,
    group,
    front: front.requests.slice(fromFront),
    behind: env.agent.requests.slice(fromBehind),
    issued: env.agent.proofs.issued.slice(fromIssued),
    fromUsage,
    balanceBefore,
  };
}

/** Claude Code as claude-code.test.ts runs it: only ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY changed (and its model ids), `claude -p`. */
function claudeCode(group: CloudGroup, front: FrontMock, extra: Record<string, string> = {}, timeoutMs?: number) {
  const steps = (ws: Workspace): AgentScript["steps"] => [{ Read: { file_path: ws.file } }, { Bash: { command: "cat NOTES.md", description: "Show NOTES.md" } }];
  return runCell(group, front, steps, (ws, key) => {
    return runCli(claude, ["-p", "What do README.md and NOTES.md say? Read the first, cat the second.", "--model", group.model, "--allowedTools", "Read,Bash", "--output-format", "text"], {
      cwd: ws.dir,
      timeoutMs,
      env: cliEnv(ws, env.sink, {
        ANTHROPIC_BASE_URL: env.relay.tollgate.url,
        ANTHROPIC_API_KEY: key,
        ANTHROPIC_DEFAULT_HAIKU_MODEL: group.model,
        ANTHROPIC_DEFAULT_SONNET_MODEL: group.model,
        ANTHROPIC_DEFAULT_OPUS_MODEL: group.model,
        DISABLE_TELEMETRY: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_ERROR_REPORTING: "1",
        DISABLE_BUG_COMMAND: "1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: "1",
        ...extra,
      }),
    });
  });
}

/** Codex as codex.test.ts runs it: a `tollgate` provider (wire_api responses) at the gateway's /v1, `codex exec`. */
const codexConfig = (model: string) => `model = "${model}"
model_provider = "tollgate"
approval_policy = "never"
sandbox_mode = "read-only"
check_for_update_on_startup = false

[model_providers.tollgate]
name = "Tollgate"
base_url = "${env.relay.tollgate.url}/v1"
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
`;

function codex(group: CloudGroup, front: FrontMock) {
  const steps = (): AgentScript["steps"] => [{ exec_command: { cmd: "cat README.md" } }, { exec_command: { cmd: "cat NOTES.md" } }];
  return runCell(group, front, steps, (ws, key) => {
    const codexHome = join(ws.home, ".codex");
    mkdirSync(codexHome);
    writeFileSync(join(codexHome, "config.toml"), codexConfig(group.model));
    return runCli(process.execPath, [codexJs, "exec", "--skip-git-repo-check", "--color", "never", "What do README.md and NOTES.md say? Run cat to read them."], {
      cwd: ws.dir,
      env: cliEnv(ws, env.sink, { CODEX_HOME: codexHome, TOLLGATE_API_KEY: key }),
    });
  });
}

/** Gemini CLI as gemini-cli.test.ts runs it, with its default generation settings: only GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY changed, `gemini -p`. */
const geminiSettings = {
  general: { disableAutoUpdate: true, disableUpdateNag: true },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false },
  security: { auth: { selectedType: "gemini-api-key" } },
};

function geminiCli(group: CloudGroup, front: FrontMock) {
  const steps = (ws: Workspace): AgentScript["steps"] => [{ read_file: { file_path: ws.file } }, { read_file: { file_path: ws.notes } }];
  return runCell(group, front, steps, (ws, key) => {
    mkdirSync(join(ws.home, ".gemini"));
    writeFileSync(join(ws.home, ".gemini", "settings.json"), JSON.stringify(geminiSettings, null, 2));
    return runCli(process.execPath, [geminiJs, "-p", "What do README.md and NOTES.md say? Read them with read_file.", "-m", group.model, "--output-format", "text"], {
      cwd: ws.dir,
      env: cliEnv(ws, env.sink, { GOOGLE_GEMINI_BASE_URL: env.relay.tollgate.url, GEMINI_API_KEY: key, GEMINI_CLI_TRUST_WORKSPACE: "true" }),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// What each cloud's requests look like, and where the proofs are.

/** Bedrock: InvokeModelWithResponseStream at the mapped inference profile, Bedrock's version in the body, no model or stream member. */
function expectBedrockTurns(cell: Cell) {
  const path = `/model/${bedrockGroup.upstreamModel}/invoke-with-response-stream`;
  expect(cell.front.map((r) => `${r.method} ${r.path}`), transcript(cell.run)).toEqual(cell.front.map(() => `POST ${path}`));
  for (const turn of cell.front) {
    expect(turn.body.anthropic_version).toBe(BEDROCK_ANTHROPIC_VERSION);
    expect(turn.body).not.toHaveProperty("model");
    expect(turn.body).not.toHaveProperty("stream");
    expect(turn.headers["content-type"]).toBe("application/json");
  }
  // The front handed each on to the model behind, under the model's own id.
  expect(cell.behind.map((r) => r.body.model)).toEqual(cell.front.map(() => "claude-sonnet-4-6"));
  expectCloudCredentialOnly(cell.front, cell.key, sigV4);
}

/** Vertex AI: streamRawPredict at the project, location and mapped model, Vertex's version in the body, no model member; a token for the channel's service account. */
function expectVertexTurns(cell: Cell) {
  const path = `/v1/projects/${VERTEX.project}/locations/${VERTEX.region}/publishers/anthropic/models/${vertexGroup.upstreamModel}:streamRawPredict`;
  expect(cell.front.map((r) => `${r.method} ${decodeURIComponent(r.path)}`), transcript(cell.run)).toEqual(cell.front.map(() => `POST ${path}`));
  for (const turn of cell.front) {
    expect(turn.body.anthropic_version).toBe(VERTEX_ANTHROPIC_VERSION);
    expect(turn.body).not.toHaveProperty("model");
    expect(turn.body.stream).toBe(true);
  }
  expect(cell.behind.map((r) => r.body.model)).toEqual(cell.front.map(() => "claude-sonnet-4-6"));
  expectCloudCredentialOnly(cell.front, cell.key, vertexToken);
  // The token came from the channel's own service account's grant, and none was refused.
  expect(vertex.grants.filter((grant) => grant.clientEmail === serviceAccountEmail && grant.granted).length).toBeGreaterThan(0);
  expect(vertex.grants.filter((grant) => !grant.granted)).toEqual([]);
}

/** Azure OpenAI: the v1 Responses API (the gateway's only Responses route on Azure), the deployment as `model`, the api-key. */
function expectAzureTurns(cell: Cell) {
  expect(cell.front.map((r) => `${r.method} ${r.path}`), transcript(cell.run)).toEqual(cell.front.map(() => "POST /openai/v1/responses"));
  for (const turn of cell.front) {
    expect(turn.query).toEqual({});
    expect(turn.body.model).toBe(AZURE.deployment);
    expect(turn.body.stream).toBe(true);
  }
  expect(cell.behind.map((r) => r.body.model)).toEqual(cell.front.map(() => "gpt-5"));
  expectCloudCredentialOnly(cell.front, cell.key, azureKey);
}

/**
 * A Claude upstream's proofs: the signed thinking the model issued with each call (one per call,
 * `tools` in order) came back on the next turn at the front, first in the assistant turn,
 * byte-exact; both are in the last request.
 */
function expectThinkingSignaturesBack(cell: Cell, tools: [string, string]) {
  const issued = cell.issued.filter(({ proof, about }) => tools.includes(about) && proof.startsWith("Eq"));
  expect(issued.map(({ about }) => about), JSON.stringify(cell.issued)).toEqual(tools);
  const proofs = issued.map(({ proof }) => proof);
  const second = cell.front.find((turn) => turn.raw.includes("tool_result"));
  expect(second, transcript(cell.run)).toBeDefined();
  expect(second).toBe(cell.front[1]);
  const assistant = second!.body.messages.findLast((m: any) => m.role === "assistant");
  expect(assistant.content[0]).toMatchObject({ type: "thinking", signature: proofs[0] });
  expect(assistant.content.map((block: any) => block.type)).toContain("tool_use");
  for (const proof of proofs) expect(cell.front.at(-1)!.raw).toContain(proof);
}

/** A Responses upstream's proofs: the encrypted reasoning issued with each call came back on the next turn at the front, byte-exact. */
function expectReasoningBack(cell: Cell, tools: [string, string]) {
  const found = cell.issued.filter(({ proof, about }) => tools.includes(about) && proof.startsWith("gAAAAAB"));
  expect(found.map(({ about }) => about), JSON.stringify(cell.issued)).toEqual(tools);
  const issued = found.map(({ proof }) => proof);
  const second = cell.front.find((turn) => turn.body.input.some((item: any) => item.type === "function_call_output"));
  expect(second, transcript(cell.run)).toBeDefined();
  expect(second).toBe(cell.front[1]);
  expect(second!.body.input.find((item: any) => item.type === "reasoning")).toMatchObject({ encrypted_content: issued[0] });
  for (const proof of issued) expect(cell.front.at(-1)!.raw).toContain(proof);
  for (const turn of cell.front) expect(turn.body.include).toContain("reasoning.encrypted_content");
}

const expectToolLoop = (cell: Cell) => expectToolLoopRan({ run: cell.run, ws: cell.ws, requests: cell.front });

// ---------------------------------------------------------------------------------------------

describe.skipIf(noCli)("agent CLIs on groups served by the clouds", { timeout: 60_000 }, () => {
  describe.skipIf(claudeSkipped)("Claude Code", () => {
    it("runs its Read-then-Bash loop on the Bedrock Claude group: InvokeModelWithResponseStream, SigV4, betas in the body, signed thinking back byte-exact", async () => {
      const cell = await claudeCode(bedrockGroup, bedrock);
      expectToolLoop(cell);
      expectBedrockTurns(cell);
      for (const turn of cell.front) {
        expect(turn.body.thinking?.type).toBe("adaptive");
        // Claude Code's anthropic-beta header goes as Bedrock's body member, not a header, of the flags
        // Bedrock takes (the front refuses any other): interleaved thinking, which the loop needs, among them.
        expect(turn.body.anthropic_beta).toEqual(expect.arrayContaining(["interleaved-thinking-2025-05-14"]));
        expect(turn.body.anthropic_beta).not.toContain("claude-code-20250219");
        expect(turn.headers["anthropic-beta"]).toBeUndefined();
      }
      expect(String(cell.behind[0].headers["anthropic-beta"])).toContain("interleaved-thinking-2025-05-14");
      expectThinkingSignaturesBack(cell, ["Read", "Bash"]);
      await expectBilledExactly(cell, "messages");
      expect(env.sink.attempts).toEqual([]);
    });

    it("runs the same loop on the Vertex Claude group: streamRawPredict, the service account's token, signed thinking back byte-exact", async () => {
      const cell = await claudeCode(vertexGroup, vertex);
      expectToolLoop(cell);
      expectVertexTurns(cell);
      for (const turn of cell.front) {
        expect(turn.body.thinking?.type).toBe("adaptive");
        // Vertex reads Claude's betas from the header, as Anthropic's API does: those it takes (the front refuses any other).
        expect(String(turn.headers["anthropic-beta"])).toContain("interleaved-thinking-2025-05-14");
        expect(String(turn.headers["anthropic-beta"])).not.toContain("claude-code-20250219");
      }
      expectThinkingSignaturesBack(cell, ["Read", "Bash"]);
      await expectBilledExactly(cell, "messages");
      expect(env.sink.attempts).toEqual([]);
    });

    it("runs the same loop on the Azure GPT group, translated to Responses: encrypted reasoning carried in thinking signatures and back byte-exact", async () => {
      const cell = await claudeCode(azureGroup, azure);
      expectToolLoop(cell);
      expectAzureTurns(cell);
      for (const turn of cell.front) {
        expect(turn.body.reasoning).toBeTruthy();
        expect(turn.body.tools.filter((tool: any) => tool.type === "function").map((tool: any) => tool.name)).toEqual(expect.arrayContaining(["Read", "Bash"]));
      }
      expectReasoningBack(cell, ["Read", "Bash"]);
      await expectBilledExactly(cell, "messages");
      expect(env.sink.attempts).toEqual([]);
    });

    it("ends with Bedrock's exception, in bounded time and not by a hang, when a stream is cut by an exception frame (its non-streaming fallback and retries off)", async () => {
      // Every stream the front answers is cut after four events by a modelStreamErrorException frame.
      bedrock.setDefault("stream-exception");
      let cell: Cell;
      try {
        cell = await claudeCode(bedrockGroup, bedrock, { CLAUDE_CODE_MAX_RETRIES: "0", CLAUDE_CODE_DISABLE_NONSTREAMING_FALLBACK: "1" }, 30_000);
      } finally {
        bedrock.setDefault("ok");
      }
      const { run } = cell;
      expect(run.signal, transcript(run)).toBeNull(); // it ended on its own, not by the harness's kill
      expect(run.code, transcript(run)).not.toBe(0);
      expect(run.ms, transcript(run)).toBeLessThan(20_000);
      // The exception frame reached Claude Code as Anthropic's error event, in Bedrock's words.
      expect(run.stdout, transcript(run)).toContain("modelStreamErrorException: The model stream ended with an error");
      expect(run.stdout).not.toContain(cell.ws.canary);
      expect(cell.front.map((r) => r.path)).toEqual([`/model/${bedrockGroup.upstreamModel}/invoke-with-response-stream`]);
      expectCloudCredentialOnly(cell.front, cell.key, sigV4);
      // Billed as a stream that broke off after its first byte (README, "Billing"): what message_start
      // reported, and an output token per event forwarded (four) — exactly, and nothing held after.
      await expectBilledExactly(cell, "messages", [{ status: "upstream_broken", stream: true, outputTokens: 4 }]);
      expect(env.sink.attempts).toEqual([]);
    });

    it("with its default settings, recovers from each cut stream through its non-streaming fallback: plain InvokeModel, the loop completed", async () => {
      bedrock.setDefault("stream-exception");
      let cell: Cell;
      try {
        cell = await claudeCode(bedrockGroup, bedrock);
      } finally {
        bedrock.setDefault("ok");
      }
      expectToolLoop(cell);
      // Each turn: the stream, cut; then the same turn again without streaming, answered whole.
      const base = `/model/${bedrockGroup.upstreamModel}`;
      expect(cell.front.map((r) => r.path), transcript(cell.run)).toEqual([1, 2, 3].flatMap(() => [`${base}/invoke-with-response-stream`, `${base}/invoke`]));
      for (const turn of cell.front) expect(turn.body).not.toHaveProperty("stream");
      expectCloudCredentialOnly(cell.front, cell.key, sigV4);
      const broken = { status: "upstream_broken", stream: true, outputTokens: 4 } as const;
      const served = { status: "ok", stream: false } as const;
      await expectBilledExactly(cell, "messages", [broken, served, broken, served, broken, served]);
      expect(env.sink.attempts).toEqual([]);
    });
  });

  describe.skipIf(codexSkipped)("Codex", () => {
    it("runs its exec_command loop on the Bedrock Claude group, translated to Messages: the signed thinking rides in Codex's reasoning item and back byte-exact", async () => {
      const cell = await codex(bedrockGroup, bedrock);
      expectToolLoop(cell);
      expectBedrockTurns(cell);
      for (const turn of cell.front) {
        expect(turn.body.thinking?.type).toBe("adaptive");
        expect(turn.body.tools.map((tool: any) => tool.name)).toContain("exec_command");
      }
      expectThinkingSignaturesBack(cell, ["exec_command", "exec_command"]);
      await expectBilledExactly(cell, "responses");
      expect(env.sink.attempts).toEqual([]);
    });

    it("runs the same loop on the Vertex Claude group, translated to Messages: signed thinking back byte-exact", async () => {
      const cell = await codex(vertexGroup, vertex);
      expectToolLoop(cell);
      expectVertexTurns(cell);
      for (const turn of cell.front) expect(turn.body.thinking?.type).toBe("adaptive");
      expectThinkingSignaturesBack(cell, ["exec_command", "exec_command"]);
      await expectBilledExactly(cell, "responses");
      expect(env.sink.attempts).toEqual([]);
    });

    it("runs the same loop on the Azure GPT group (passthrough Responses): encrypted reasoning back byte-exact", async () => {
      const cell = await codex(azureGroup, azure);
      expectToolLoop(cell);
      expectAzureTurns(cell);
      for (const turn of cell.front) {
        expect(turn.body.store).toBe(false);
        expect(turn.body.tools.map((tool: any) => tool.name)).toContain("exec_command");
      }
      expectReasoningBack(cell, ["exec_command", "exec_command"]);
      await expectBilledExactly(cell, "responses");
      expect(env.sink.attempts).toEqual([]);
    });
  });

  describe.skipIf(geminiSkipped)("Gemini CLI", () => {
    it("runs its read_file loop on the Bedrock Claude group, translated to Messages: signed thinking carried in thought signatures and back byte-exact", async () => {
      const cell = await geminiCli(bedrockGroup, bedrock);
      expectToolLoop(cell);
      expectBedrockTurns(cell);
      for (const turn of cell.front) {
        expect(turn.body).toMatchObject({ thinking: { type: "adaptive" }, temperature: 1 });
        expect(turn.body).not.toHaveProperty("top_p");
        expect(turn.body).not.toHaveProperty("top_k");
      }
      expectThinkingSignaturesBack(cell, ["read_file", "read_file"]);
      await expectBilledExactly(cell, "generate-content");
      expect(env.sink.attempts).toEqual([]);
    });

    it("runs the same loop on the Vertex Claude group, translated to Messages: signed thinking back byte-exact", async () => {
      const cell = await geminiCli(vertexGroup, vertex);
      expectToolLoop(cell);
      expectVertexTurns(cell);
      for (const turn of cell.front) expect(turn.body.thinking?.type).toBe("adaptive");
      expectThinkingSignaturesBack(cell, ["read_file", "read_file"]);
      await expectBilledExactly(cell, "generate-content");
      expect(env.sink.attempts).toEqual([]);
    });

    it("runs the same loop on the Azure GPT group, translated to Responses: no sampling fields for a reasoning model, encrypted reasoning back byte-exact", async () => {
      const cell = await geminiCli(azureGroup, azure);
      expectToolLoop(cell);
      expectAzureTurns(cell);
      for (const turn of cell.front) for (const field of ["temperature", "top_p", "top_k"]) expect(turn.body).not.toHaveProperty(field);
      expectReasoningBack(cell, ["read_file", "read_file"]);
      await expectBilledExactly(cell, "generate-content");
      expect(env.sink.attempts).toEqual([]);
    });
  });
});
