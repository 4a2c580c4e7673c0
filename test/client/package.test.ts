// @tollgate/client as a user gets it: `npm pack` the workspace package, install the tarball into a
// fresh project outside the repository, type-check a small program with tsc (and watch a deliberate
// type error fail), then run it against a live gateway: a relay call, a stream through the SSE
// helper, a typed error, and a console call with an automation token.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { ANTHROPIC_REPLY } from "../mock-upstreams/anthropic.ts";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const tsc = join(root, "node_modules/.bin/tsc");
// npm and tsc run on the project's Node (node_modules/.bin first on PATH).
const env = { ...process.env, PATH: `${join(root, "node_modules/.bin")}:${process.env.PATH}`, npm_config_update_notifier: "false" };

let app: string;
let relayEnv: RelayEnv;

const program = `import { TollgateError, auth, consoleClient, events, relayClient, unwrap, type MessageStreamEvent } from "@tollgate/client";

const [baseUrl, key, token] = [process.env.TOLLGATE_URL!, process.env.TOLLGATE_KEY!, process.env.TOLLGATE_TOKEN!];
const relay = relayClient({ baseUrl, headers: auth.familyA(key) });
const header = { "anthropic-version": "2023-06-01" };

const message = await unwrap(
  relay.POST("/v1/messages", { params: { header }, body: { model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hello" }] } }),
);
// The contract types 200 as the message or its stream's events: narrow on \`type\`.
if (message.type !== "message") throw new Error("expected a message");
console.log("relay:", message.content.map((block) => String(block.text)).join(""), message.usage.output_tokens);

let streamed = "";
for await (const { data } of events<MessageStreamEvent>(
  relay.POST("/v1/messages", { params: { header }, body: { model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: "Hi" }] }, parseAs: "stream" }),
)) {
  if (data.type === "content_block_delta") streamed += String(data.delta.text ?? "");
}
console.log("stream:", streamed);

try {
  await unwrap(relay.POST("/v1/messages", { params: { header }, body: { model: "no-such-model", max_tokens: 8, messages: [{ role: "user", content: "x" }] } }));
} catch (error) {
  if (!(error instanceof TollgateError)) throw error;
  console.log("error:", error.status, error.detail.format, error.code);
}

const admin = consoleClient({ baseUrl, headers: auth.consoleToken(token) });
const organizations = await unwrap(admin.GET("/api/admin/organizations"));
console.log("console:", organizations.data.length, organizations.data.every((org) => typeof org.balance === "number"));
`;

// Wrong on purpose: a path the relay does not have, and a number where the contract wants a string.
const broken = `import { auth, relayClient } from "@tollgate/client";

const relay = relayClient({ baseUrl: "http://127.0.0.1:1", headers: auth.bearer("k") });
await relay.POST("/v1/chat/completion", { body: { model: "m", messages: [] } });
await relay.POST("/v1/chat/completions", { body: { model: 42, messages: [] } });
`;

const tsconfig = (file: string) =>
  JSON.stringify({ compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true, skipLibCheck: false, types: ["node"], lib: ["es2022", "dom"] }, files: [file] });

beforeAll(async () => {
  const scratch = mkdtempSync(join(tmpdir(), "tollgate-client-pack-"));
  app = join(scratch, "app");
  const packed = join(scratch, "packed");
  mkdirSync(packed);
  // `npm test` builds client/dist just before the suites (build:client; `npm pack` alone would run
  // it as prepack). Packing without scripts here keeps dist/ still while the browser suite imports it.
  if (!existsSync(join(root, "client/dist/index.js"))) await run("npm", ["run", "build"], { cwd: join(root, "client"), env });
  await run("npm", ["pack", "--ignore-scripts", "--pack-destination", packed], { cwd: join(root, "client"), env });
  const [tarball] = readdirSync(packed);
  await run("bash", ["-c", `mkdir -p ${app} && cd ${app} && npm init -y >/dev/null`], { env });
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "tollgate-client-user", private: true, type: "module" }));
  // Only the tarball and its registry dependency (openapi-fetch); @types/node for process.env.
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(packed, tarball), "@types/node@24.19.2"], { cwd: app, env });
  writeFileSync(join(app, "main.ts"), program);
  writeFileSync(join(app, "broken.ts"), broken);
  writeFileSync(join(app, "tsconfig.json"), tsconfig("main.ts"));
  writeFileSync(join(app, "tsconfig.broken.json"), tsconfig("broken.ts"));
  relayEnv = await startRelayEnv();
}, 180_000);

afterAll(async () => {
  await relayEnv?.stop();
  if (app) rmSync(resolve(app, ".."), { recursive: true, force: true });
});

describe("@tollgate/client from its npm tarball", () => {
  it("ships built JavaScript, declarations and the contract types, not TypeScript sources", () => {
    const dist = readdirSync(join(app, "node_modules/@tollgate/client/dist"), { recursive: true }).map(String);
    expect(dist).toEqual(expect.arrayContaining(["index.js", "index.d.ts", "sse.js", "errors.js", "generated/relay.d.ts", "generated/console.d.ts"]));
    expect(dist.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(readdirSync(join(app, "node_modules/@tollgate/client"))).toContain("README.md");
  });

  it("type-checks a program with tsc, and fails on a deliberate type error", async () => {
    await run(tsc, ["-p", "tsconfig.json"], { cwd: app, env });
    const failure = await run(tsc, ["-p", "tsconfig.broken.json"], { cwd: app, env }).then(
      () => null,
      (error: { stdout: string }) => error.stdout,
    );
    expect(failure).toContain('"/v1/chat/completion"');
    expect(failure).toMatch(/broken\.ts\(5,.*number.*string|broken\.ts\(5,.*TS2322/s);
  }, 120_000);

  it("runs against a live gateway: relay call, SSE stream, typed error, console call with a token", async () => {
    const key = await relayEnv.key("claude-smart", "packaged-client");
    const { data: token } = await relayEnv.operator.POST("/api/tokens", { body: { name: "packaged-client", expires_at: new Date(Date.now() + 86_400_000).toISOString() } });
    const { stdout } = await run(process.execPath, ["main.ts"], {
      cwd: app,
      env: { ...env, TOLLGATE_URL: relayEnv.tollgate.url, TOLLGATE_KEY: key, TOLLGATE_TOKEN: token!.secret },
    });
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^relay: ${ANTHROPIC_REPLY.replace(/\./g, "\\.")} \\d+$`));
    expect(lines[1]).toBe(`stream: ${ANTHROPIC_REPLY}`);
    expect(lines[2]).toBe("error: 404 family-a not_found_error");
    expect(lines[3]).toMatch(/^console: [1-9]\d* true$/);
  });
});
