// What the agent CLI suites share: a live gateway whose channels all point at the agent mock
// (test/mock-upstreams/agent.ts), a workspace with a file whose one line only the tool can read,
// a clean environment per CLI run, and a loopback "outside world" proxy.
//
// Network: every CLI runs with a temporary HOME, an environment built from nothing (never the
// test process's), and HTTP_PROXY / HTTPS_PROXY / ALL_PROXY pointing at `sink` below — a loopback
// proxy that refuses every request and records where it was going — with NO_PROXY=127.0.0.1 so
// that only the gateway is reached directly. Each suite asserts the sink saw nothing; each CLI's own
// switches (its file's header) keep it from trying in the first place.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { type AgentMock, startAgentMock } from "../mock-upstreams/agent.ts";
import { toolReply } from "../mock-upstreams/conversation.ts";
import type { RecordedRequest } from "../mock-upstreams/server.ts";

export const repoRoot = join(import.meta.dirname, "../..");
export const modulesDir = join(repoRoot, "node_modules");

type Interface = "messages" | "chat" | "responses" | "generate-content";

export type AgentEnv = {
  relay: RelayEnv;
  agent: AgentMock;
  sink: Sink;
  /** A fresh key (and its name) bound to the group with this identifier. */
  key: (identifier: string) => Promise<{ key: string; name: string }>;
  stop: () => Promise<void>;
};

/** A gateway whose every channel is the agent mock; `translated` lets groups accept other interfaces. */
export async function startAgentEnv(translated: Record<string, Interface[]> = {}): Promise<AgentEnv> {
  const agent = await startAgentMock(upstreamKeys);
  const relay = await startRelayEnv({
    env: {
      TOLLGATE_ANTHROPIC_BASE_URL: agent.url,
      TOLLGATE_OPENAI_BASE_URL: `${agent.url}/v1`,
      TOLLGATE_GEMINI_BASE_URL: agent.url,
      TOLLGATE_QWEN_BASE_URL: `${agent.url}/v1`,
      TOLLGATE_DEEPSEEK_BASE_URL: `${agent.url}/v1`,
    },
  });
  for (const [identifier, interfaces] of Object.entries(translated)) {
    const group = relay.groups.get(identifier)!;
    const patched = await relay.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: interfaces } });
    expect(patched.data?.translated_interfaces).toEqual(interfaces);
  }
  if (Object.keys(translated).length) await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
  const sink = await startSink();
  return {
    relay,
    agent,
    sink,
    async key(identifier) {
      const name = unique(`agent-${identifier}`);
      return { key: await relay.key(identifier, name), name };
    },
    async stop() {
      await relay.stop();
      await Promise.all([agent.close(), sink.close()]);
    },
  };
}

/**
 * A group served by an OpenAI-compatible channel on the `custom` preset (the operator gives the base
 * URL: the agent mock's), serving `model` on chat natively; its family from its name (DeepSeek → domestic)
 * or `family`. Once the catalog has reloaded, `env.key(identifier)` makes keys for it.
 */
export async function addCompatibleGroup(env: AgentEnv, group: { name: string; identifier: string; model: string; family?: "compatible" }) {
  const { relay } = env;
  const made = await relay.operator.POST("/api/admin/groups", {
    body: { name: group.name, identifier: group.identifier, ...(group.family ? { family: group.family } : {}), multiplier_milli: 1000, visibility: "public", models: [{ model_id: group.model, prices: { input: 100_000, output: 200_000 } }] },
  });
  expect(made.error).toBeUndefined();
  const channel = await relay.operator.POST("/api/admin/channels", {
    body: { name: unique(group.identifier), kind: "openai-compatible", preset: "custom", base_url: `${env.agent.url}/v1`, credentials: [upstreamKeys.openai], group_ids: [made.data!.id] },
  });
  expect(channel.error).toBeUndefined();
  relay.groups.set(group.identifier, made.data!);
}

export type Sink = { url: string; attempts: string[]; close: () => Promise<void> };

/** A proxy that lets nothing through: every CONNECT or proxied request is recorded and refused. */
async function startSink(): Promise<Sink> {
  const attempts: string[] = [];
  const server: Server = createServer((req, res) => {
    attempts.push(`${req.method} ${req.url}`);
    res.writeHead(403).end("the test's sink proxy refuses every request");
  });
  server.on("connect", (req, socket) => {
    attempts.push(`CONNECT ${req.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

export type Workspace = {
  dir: string;
  home: string;
  tmp: string;
  /** README.md and NOTES.md (absolute paths), each holding one random canary line. */
  file: string;
  canary: string;
  notes: string;
  notesCanary: string;
  remove: () => void;
};

/** A project directory with README.md and NOTES.md holding random canary lines, and an empty HOME and TMPDIR beside it. */
export function workspace(name: string): Workspace {
  const root = mkdtempSync(join(tmpdir(), `tollgate-${name}-`));
  const dir = join(root, "project");
  const home = join(root, "home");
  const tmp = join(root, "tmp");
  for (const made of [dir, home, tmp]) mkdirSync(made);
  const canary = `canary-${randomBytes(6).toString("hex")}`;
  const notesCanary = `canary-${randomBytes(6).toString("hex")}`;
  const file = join(dir, "README.md");
  const notes = join(dir, "NOTES.md");
  writeFileSync(file, `${canary}\n`);
  writeFileSync(notes, `${notesCanary}\n`);
  return { dir, home, tmp, file, canary, notes, notesCanary, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The environment of a CLI run: nothing inherited but this Node on PATH; proxies to the sink. */
export function cliEnv(ws: Workspace, sink: Sink, extra: Record<string, string>): Record<string, string> {
  const noProxy = "127.0.0.1,localhost,::1";
  return {
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: ws.home,
    TMPDIR: ws.tmp,
    LANG: "C.UTF-8",
    TERM: "dumb",
    NO_COLOR: "1",
    CI: "true",
    HTTP_PROXY: sink.url,
    HTTPS_PROXY: sink.url,
    ALL_PROXY: sink.url,
    http_proxy: sink.url,
    https_proxy: sink.url,
    all_proxy: sink.url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
    ...extra,
  };
}

export type CliRun = { code: number | null; signal: string | null; stdout: string; stderr: string; ms: number };

/**
 * Runs a CLI to its end (stdin closed) in a process group of its own, which is killed past
 * `timeoutMs` (Gemini CLI relaunches itself as a child; killing only the parent would leave it).
 */
export function runCli(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs?: number }): Promise<CliRun> {
  const started = Date.now();
  return new Promise((done, fail) => {
    const child: ChildProcess = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk) => (stdout += chunk));
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, options.timeoutMs ?? 40_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Why a CLI cannot run here (its binary missing, or `--version` failing), or null when it can. */
export async function unavailable(command: string, args: string[] = ["--version"]): Promise<string | null> {
  if (!existsSync(command)) return `${command} is not installed (npm ci did not bring it for this platform)`;
  const ws = workspace("probe");
  try {
    const run = await runCli(command, args, { cwd: ws.dir, env: { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: ws.home }, timeoutMs: 30_000 });
    return run.code === 0 ? null : `${command} ${args.join(" ")} exited ${run.code ?? run.signal}: ${(run.stderr || run.stdout).slice(0, 300)}`;
  } catch (error) {
    return `${command} cannot start: ${error}`;
  } finally {
    ws.remove();
  }
}

/** The upstream saw the channel's credential only: never the caller's Tollgate key, in any header or body. */
export function expectChannelCredentialOnly(requests: RecordedRequest[], tollgateKey: string, credential: string) {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    expect(JSON.stringify(request.headers)).not.toContain(tollgateKey);
    expect(request.raw).not.toContain(tollgateKey);
    expect(JSON.stringify(request.query)).not.toContain(tollgateKey);
    const presented = request.headers["x-api-key"] ?? request.headers["x-goog-api-key"] ?? request.headers.authorization?.replace(/^Bearer /, "") ?? request.query.key;
    expect(presented).toBe(credential);
  }
}

/**
 * One ledger record per upstream call, all ok on this interface (streamed unless `stream` says
 * otherwise; null: either), with exactly the tokens the upstream reported; and no call of the
 * session refused by the gateway itself (the request log would list it), so its first request was
 * answered as every other was.
 */
export async function expectLedger(env: AgentEnv, keyName: string, from: number, interfaceName: Interface, stream: boolean | null = true) {
  const usage = env.agent.usage.slice(from);
  const calls = await env.relay.ledger(keyName, usage.length);
  expect(calls).toHaveLength(usage.length);
  const logged = (await env.relay.operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } })).data!.data.filter((call) => call.key_name === keyName);
  expect(logged.filter((call) => call.error_code !== null).map((call) => `${call.http_status} ${call.error_message}`)).toEqual([]);
  for (const call of calls) expect(call).toMatchObject({ status: "ok", interface: interfaceName, ...(stream === null ? {} : { stream }) });
  expect(calls.reduce((sum, call) => sum + call.input_tokens, 0)).toBe(usage.reduce((sum, u) => sum + u.input, 0));
  expect(calls.reduce((sum, call) => sum + call.output_tokens, 0)).toBe(usage.reduce((sum, u) => sum + u.output, 0));
  expect(calls.reduce((sum, call) => sum + call.cache_read_tokens, 0)).toBe(usage.reduce((sum, u) => sum + u.cacheRead, 0));
  expect(calls.reduce((sum, call) => sum + call.cache_write_tokens, 0)).toBe(usage.reduce((sum, u) => sum + u.cacheWrite, 0));
  for (const call of calls) expect(call.cost).toBeGreaterThan(0);
  return calls;
}

/** The CLI ran the tool loop to its end: both files' canaries in its answer, over two turns or more upstream. */
export function expectToolLoopRan({ run, ws, requests }: { run: CliRun; ws: Workspace; requests: RecordedRequest[] }) {
  expect(run.code, transcript(run)).toBe(0);
  expect(run.stdout, transcript(run)).toContain(toolReply(""));
  expect(run.stdout, transcript(run)).toContain(ws.canary);
  expect(run.stdout, transcript(run)).toContain(ws.notesCanary);
  expect(requests.length, transcript(run)).toBeGreaterThanOrEqual(2);
}

/** What to print when a CLI run fails an expectation: everything it said. */
export const transcript = (run: CliRun) => `exit ${run.code ?? run.signal} after ${run.ms} ms\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
