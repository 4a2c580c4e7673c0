// Contract fuzzing: Schemathesis (from PyPI) generates requests from both OpenAPI documents and
// sends them to a real server with mock upstreams and valid credentials. It fails on any 5xx and on
// any response the contract does not describe (status code, content type, headers, body schema).
// Needs TOLLGATE_PYTHON: an interpreter with test/contract/requirements.txt installed (.ci/run puts
// it in .venv beside the Python SDKs). Without it the suite is skipped, with the reason.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { type Inbox, smtpEnv, startInbox } from "../helpers/smtp.ts";
import { adminEmail, adminPassword, freePort } from "../helpers/tollgate.ts";

const root = resolve(import.meta.dirname, "../..");
const python = process.env.TOLLGATE_PYTHON;
const enable =
  "to run it: python3 -m venv .venv && .venv/bin/pip install -r test/contract/requirements.txt, then TOLLGATE_PYTHON=$PWD/.venv/bin/python";
const probe = python ? spawnSync(python, ["-m", "schemathesis.cli", "--version"], { encoding: "utf8", timeout: 60_000 }) : undefined;
const skipReason = !python
  ? `TOLLGATE_PYTHON is not set; ${enable}`
  : probe!.status !== 0
    ? `${python} cannot run schemathesis (${(probe!.error?.message ?? probe!.stderr.trim().split("\n").at(-1)) || "unknown error"}); ${enable}`
    : undefined;

/** Per run; the whole suite stays within a few minutes on a small machine. */
const MAX_EXAMPLES = Number(process.env.TOLLGATE_FUZZ_EXAMPLES ?? 25);
const RUN_TIMEOUT_MS = 240_000;
const logDir = resolve(root, "test-results/schemathesis");

/**
 * What we hold every response to — including 405 with `Allow` for undeclared methods. Left out,
 * and why:
 * - negative_data_rejection / positive_data_acceptance: the relay's vendor request models are open
 *   (unmodelled fields pass through), and the console's domain checks (a group that exists, a
 *   password that matches) reject schema-valid data by design; both checks assume neither.
 * - use_after_free, ensure_resource_availability: stateful checks that need links between
 *   operations, which the contract does not declare.
 * - ignored_auth, missing_required_header: the relay accepts any one of three credential headers,
 *   so dropping one of the three we send still authenticates; the console's session cookie is not
 *   a declared security scheme, so the fuzzer cannot tell which requests need it.
 */
const checks = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_headers_conformance",
  "response_schema_conformance",
  "unsupported_method",
  "allow_header_conformance",
];

type Run = { name: string; code: number | null; signal: NodeJS.Signals | null; output: string; requests: number; statuses: Record<string, number> };

/** Path parameters pinned to real ids for the operations whose path matches, so requests get past 404. */
type Pins = [pathRegex: string, parameters: Record<string, string>][];

function configFile(dir: string, pins: Pins): string {
  const path = join(dir, "schemathesis.toml");
  const toml = pins.map(([regex, parameters]) =>
    [`[[operations]]`, `include-path-regex = ${JSON.stringify(regex)}`, `parameters = { ${Object.entries(parameters).map(([name, value]) => `${JSON.stringify(name)} = ${JSON.stringify(value)}`).join(", ")} }`].join("\n"),
  );
  writeFileSync(path, `${toml.join("\n\n")}\n`);
  return path;
}

function runSchemathesis(name: string, args: string[], pins: Pins, model?: string): Promise<Run> {
  const reportDir = mkdtempSync(join(tmpdir(), "tollgate-st-"));
  return new Promise((done, fail) => {
    const child = spawn(
      python!,
      [
        "-m",
        "schemathesis.cli",
        "--config-file",
        configFile(reportDir, pins),
        "run",
        "--checks",
        checks.join(","),
        "--max-examples",
        String(MAX_EXAMPLES),
        "--seed",
        "8",
        // One worker: CPython 3.11's ast module is not thread-safe, and Hypothesis parses lambdas with it.
        "--workers",
        "1",
        "--suppress-health-check",
        "all",
        "--report",
        "ndjson",
        "--report-ndjson-path",
        join(reportDir, "events.ndjson"),
        "--output-truncate",
        "false",
        ...args,
      ],
      { cwd: root, env: {
        ...process.env,
        NO_COLOR: "1",
        PYTHONUNBUFFERED: "1",
        PYTHONDONTWRITEBYTECODE: "1",
        // tollgate_hooks.py: half of the relay bodies name a model the key's group offers.
        PYTHONPATH: resolve(import.meta.dirname),
        SCHEMATHESIS_HOOKS: "tollgate_hooks",
        TOLLGATE_FUZZ_MODEL: model ?? "",
      }, stdio: ["ignore", "pipe", "pipe"], timeout: RUN_TIMEOUT_MS },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", fail);
    child.on("close", (code, signal) => {
      // Requests made and their statuses, from the run's event log.
      const statuses: Record<string, number> = {};
      try {
        const events = readFileSync(join(reportDir, "events.ndjson"), "utf8");
        for (const match of events.matchAll(/"status_code":\s*(\d{3})/g)) statuses[match[1]] = (statuses[match[1]] ?? 0) + 1;
      } catch {}
      const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0);
      rmSync(reportDir, { recursive: true, force: true });
      // The full log of each run, for whoever reads a failure (test-results/ is not committed).
      mkdirSync(logDir, { recursive: true });
      writeFileSync(join(logDir, `${name.replace(/\W+/g, "-")}.txt`), output);
      done({ name, code, signal, output, requests, statuses });
    });
  });
}

async function sessionCookie(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0].split(";")[0];
}

describe("contract fuzzing (Schemathesis)", () => {
  if (skipReason) {
    it.skip(`skipped: ${skipReason}`, () => {});
    return;
  }

  let env: RelayEnv;
  let inbox: Inbox;
  const runs: Run[] = [];

  beforeAll(async () => {
    // E-mail on (a real SMTP server on loopback), so "forgot password", invitations and sign-up answer
    // their 2xx rather than their 404.
    inbox = await startInbox();
    env = await startRelayEnv({ env: { ...smtpEnv(inbox, await freePort()), TOLLGATE_SIGNUP: "true" } });
    const url = env.tollgate.url;
    const relay = resolve(root, "generated/relay.openapi.3.1.yaml");
    const consoleSpec = resolve(root, "generated/console.openapi.3.1.yaml");
    const keyFor = async (identifier: string) => env.key(identifier);
    const anyCredential = (key: string) => ["--header", `authorization: Bearer ${key}`, "--header", `x-api-key: ${key}`, "--header", `x-goog-api-key: ${key}`];
    // One key per family: a key serves its own group's interfaces; the others answer 404 by design.
    const [familyA, familyB, familyC] = await Promise.all([keyFor("claude-smart"), keyFor("gpt-trial"), keyFor("gemini-official")]);
    const operatorCookie = await sessionCookie(url, adminEmail, adminPassword);
    const ownerCookie = (await signIn(url, env.tenant.ownerEmail, "owner-password-1")) && (await sessionCookie(url, env.tenant.ownerEmail, "owner-password-1"));
    // Signing out would end the fuzzer's own session halfway through.
    const keepSession = ["--exclude-operation-id", "logout"];
    // Real resources for the console's path ids: one of each, made the way a person would.
    const channel = (await env.operator.GET("/api/admin/channels")).data!.data[0];
    const group = env.groups.get("gpt-trial")!;
    const ownerKey = (await env.tenant.owner.GET("/api/keys")).data!.data[0];
    const member = (await env.tenant.owner.POST("/api/members", {
      body: { email: "fuzzed-member@example.test", name: "Fuzzed", password: "member-password-1", role: "developer" },
    })).data!;
    // An identity provider whose issuer does not answer: the SSO endpoints' every answer is a redirect to the sign-in page.
    const identityProvider = (await env.operator.POST("/api/admin/identity-providers", {
      body: { label: "Fuzzed IdP", issuer: "http://127.0.0.1:9", client_id: "fuzz", client_secret: "fuzz-secret-value", email_domains: ["example.test"] },
    })).data!;
    const invitation = (await env.tenant.owner.POST("/api/invitations", { body: { email: "fuzzed-invitee@example.test", role: "developer" } })).data!;
    const plan: [string, string[], Pins, string?][] = [
      ["relay: Family A", [relay, "--url", url, ...anyCredential(familyA), "--include-path", "/v1/messages"], [], "claude-sonnet-4-6"],
      ["relay: Family B", [relay, "--url", url, ...anyCredential(familyB), "--include-path-regex", "^/v1/(chat/completions|responses|responses/compact|responses/input_tokens|models)$"], [], "gpt-4o-mini"],
      [
        "relay: Family C",
        [relay, "--url", url, ...anyCredential(familyC), "--include-path-regex", "^/(v1|v1beta)/models"],
        [["^/(v1|v1beta)/models/", { model: "gemini-2.5-flash", group: "gemini-official" }]],
      ],
      [
        "console: operator",
        [consoleSpec, "--url", url, "--header", `cookie: ${operatorCookie}`, "--header", `origin: ${url}`, ...keepSession],
        [
          ["^/api/admin/channels/", { id: channel.id }],
          ["^/api/admin/groups/", { id: group.id }],
          ["^/api/admin/organizations/", { id: env.tenant.organizationId }],
          ["^/api/admin/identity-providers/", { id: identityProvider.id }],
          ["^/api/sso/", { providerId: identityProvider.id }],
        ],
      ],
      [
        // Public endpoints with no session at all, as a person who forgot their password calls them.
        "console: signed out",
        [consoleSpec, "--url", url, "--header", `origin: ${url}`, "--include-path-regex", "^/api/(sign-in-options|password-reset-links|password-resets|invitation-previews|invitation-acceptances|sign-ups|sign-up-verifications|session|marketplace|sso/[^/]+/(start|callback))$", ...keepSession],
        [["^/api/sso/", { providerId: identityProvider.id }]],
      ],
      [
        "console: owner",
        [consoleSpec, "--url", url, "--header", `cookie: ${ownerCookie}`, "--header", `origin: ${url}`, ...keepSession],
        [
          ["^/api/keys/", { id: ownerKey.id }],
          ["^/api/members/", { id: member.id }],
          ["^/api/invitations/", { id: invitation.id }],
        ],
      ],
    ];
    // TOLLGATE_FUZZ_ONLY=<regex> runs the matching part of the plan only (while fixing a finding).
    const only = new RegExp(process.env.TOLLGATE_FUZZ_ONLY ?? "");
    for (const [name, args, pins, model] of plan.filter(([name]) => only.test(name))) {
      const run = await runSchemathesis(name, args, pins, model);
      runs.push(run);
      const summary = run.output.trim().split("\n").filter((line) => /passed|failed|error/i.test(line)).at(-1)?.trim() ?? "";
      console.log(`schemathesis ${name}: ${run.requests} requests ${JSON.stringify(run.statuses)}; ${summary}`);
    }
  }, 5 * RUN_TIMEOUT_MS);

  afterAll(async () => {
    if (env) writeFileSync(join(logDir, "server.txt"), env.tollgate.output());
    await env?.stop();
    await inbox?.stop();
  });

  it("finds no server error and no response outside the contract", () => {
    const failed = runs.filter((run) => run.code !== 0);
    const how = (run: Run) => (run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`);
    expect(failed.map((run) => `${run.name}: ${how(run)}`), failed.map((run) => `== ${run.name}\n${run.output}`).join("\n")).toEqual([]);
  });
});
