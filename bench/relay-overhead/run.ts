// One command: `npm run bench`. Starts the fast upstream and Tollgate (one worker per core), then
// loads each scenario directly against the upstream and through the gateway in the same run, and
// prints throughput, latency and time-to-first-byte as ratios to the direct call.
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { type Load, load, startProcess, timeToFirstByte } from "./harness.ts";
import * as nonStream from "./scenarios/non-stream.ts";
import * as stream from "./scenarios/stream.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ttfbSamples = Number(process.env.BENCH_TTFB_SAMPLES ?? 200);
const workers = availableParallelism();
const here = import.meta.dirname;

const upstream = await startProcess(join(here, "fast-upstream.ts"), {}, /listening (\d+)/);
const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`;
const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-"));
const port = 18000 + Math.floor(Math.random() * 1000);
const gateway = await startProcess(
  resolve(here, "../../server/main.ts"),
  {
    PORT: String(port),
    TOLLGATE_WORKERS: String(workers),
    TOLLGATE_DATA_DIR: dataDir,
    TOLLGATE_ADMIN_PASSWORD: "bench-password",
    TOLLGATE_OPENAI_API_KEY: "sk-bench",
    TOLLGATE_OPENAI_BASE_URL: `${upstreamUrl}/v1`,
  },
  /Tollgate listening on (http:\/\/[^ ]+)/,
);
const gatewayUrl = gateway.match[1];

try {
  // A tenant with a large balance and a key bound to GPT Trial (1x), built through the console API.
  const admin = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await admin.POST("/api/session", { body: { email: "admin@tollgate.local", password: "bench-password" } });
  const groups = (await admin.GET("/api/admin/groups")).data!.data;
  const org = (await admin.POST("/api/admin/organizations", { body: { name: "Bench", owner: { email: "bench@example.test", name: "Bench", password: "bench-password" } } })).data!;
  await admin.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: org.id } }, body: { amount: 1e15 } });
  const owner = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await owner.POST("/api/session", { body: { email: "bench@example.test", password: "bench-password" } });
  const key = (await owner.POST("/api/keys", { body: { name: "bench", group_id: groups.find((group) => group.identifier === "gpt-trial")!.id } })).data!.secret;

  const direct = { url: `${upstreamUrl}/v1/chat/completions`, headers: { authorization: "Bearer sk-bench" } };
  const through = { url: `${gatewayUrl}/v1/chat/completions`, headers: { authorization: `Bearer ${key}` } };

  console.log(`\nTollgate relay overhead — ${workers} gateway workers, ${connections} connections, ${seconds}s per run, ${ttfbSamples} TTFB samples\n`);
  const rows: string[][] = [];
  for (const scenario of [nonStream, stream]) {
    await load(through, scenario.body, 2, connections); // warm-up: pools, JIT
    const d: Load = await load(direct, scenario.body, seconds, connections);
    const g: Load = await load(through, scenario.body, seconds, connections);
    const dt = await timeToFirstByte(direct, scenario.body, ttfbSamples);
    const gt = await timeToFirstByte(through, scenario.body, ttfbSamples);
    rows.push(
      [scenario.name, "", "", ""],
      ["  throughput (req/s)", d.requestsPerSecond.toFixed(0), g.requestsPerSecond.toFixed(0), (g.requestsPerSecond / d.requestsPerSecond).toFixed(2)],
      ["  latency p50 (ms)", String(d.p50), String(g.p50), (g.p50 / Math.max(d.p50, 1)).toFixed(2)],
      ["  latency p99 (ms)", String(d.p99), String(g.p99), (g.p99 / Math.max(d.p99, 1)).toFixed(2)],
      ["  added latency p50 / p99 (ms)", "", `${g.p50 - d.p50} / ${g.p99 - d.p99}`, ""],
      ["  time to first byte p50 (ms)", dt.p50.toFixed(2), gt.p50.toFixed(2), (gt.p50 / dt.p50).toFixed(2)],
      ["  time to first byte p99 (ms)", dt.p99.toFixed(2), gt.p99.toFixed(2), (gt.p99 / dt.p99).toFixed(2)],
      ["  added TTFB p50 (ms)", "", (gt.p50 - dt.p50).toFixed(2), ""],
      ["  errors (direct / gateway)", String(d.errors), String(g.errors), ""],
    );
  }
  const widths = [34, 12, 14, 8];
  console.log(["", "direct", "via Tollgate", "ratio"].map((cell, i) => cell.padEnd(widths[i])).join(""));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(""));
} finally {
  gateway.child.kill("SIGTERM");
  upstream.child.kill("SIGTERM");
  await new Promise((done) => setTimeout(done, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
