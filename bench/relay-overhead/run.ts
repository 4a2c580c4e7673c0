// One command: `npm run bench`. Measures Tollgate against a bare Node reverse proxy in the same run:
// the gateway (or the bare proxy) alone on core 0, the load generator and the canned upstreams on
// the other core. Reports, for each, requests/s at saturation, CPU milliseconds per request of the
// whole process tree, added latency at a fixed moderate rate against a 20 ms upstream (open loop),
// added time to first byte, and resident memory — and the gateway's figures as ratios to the proxy's.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type GcTotals, type Started, type Target, cpuMs, gcSince, gcTotals, load, median, openLoop, rssMiB, splitCores, startProcess, stopProcess, timeToFirstByte } from "./harness.ts";
import { chatChannelEnv, chosen, gatewayTargets, lanes, messagesChannels } from "./lanes.ts";
import { replicaPrerequisites, replicaScenario } from "./replicas.ts";
import { scalingPrerequisites, workerScaling } from "./scaling.ts";
import { scenarios as agent } from "./scenarios/agent.ts";
import { scenarios as small } from "./scenarios/small.ts";
import { benchPassword, benchTenant, fundedKeys } from "./tenant.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ttfbSamples = Number(process.env.BENCH_TTFB_SAMPLES ?? 200);
const rate = Number(process.env.BENCH_RATE ?? 200);
const rateSeconds = Number(process.env.BENCH_RATE_SECONDS ?? 10);
const soakSeconds = Number(process.env.BENCH_SOAK_SECONDS ?? 0);
const gatewayWorkers = Number(process.env.BENCH_GATEWAY_WORKERS ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const scalingSeconds = Number(process.env.BENCH_SCALING_SECONDS ?? 10);
const here = import.meta.dirname;
const scenarios = chosen([...small, ...agent]);
const smallChat = small[0];
type Percentiles = { p50: number; p99: number; errors: number };
/** One open-loop window: the calls straight to the upstream, the same calls through the proxy or the gateway, its CPU per call, and (the gateway's) the collections in it. */
type OpenRound = { direct: Percentiles; through: Percentiles; cpu: number; gc?: GcTotals };

const { testCore, otherCores, pinned } = splitCores();

const started: Started[] = [];
const start = async (script: string, env: Record<string, string>, ready: RegExp, core?: string) => {
  const process = await startProcess(script, env, ready, core);
  started.push(process);
  return process;
};
const dataDirs: string[] = [];

/** A Tollgate with `workers` workers on `cores` (all when undefined), its own data directory, and the chat lane's channels. */
async function startGateway(workers: number, cores: string | undefined, fastUrl: string, slowUrl: string): Promise<{ url: string; pid: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-"));
  dataDirs.push(dataDir);
  const gateway = await start(
    resolve(here, "../../server/main.ts"),
    {
      PORT: String(18000 + Math.floor(Math.random() * 1000)),
      TOLLGATE_WORKERS: String(workers),
      TOLLGATE_DATA_DIR: dataDir,
      TOLLGATE_ADMIN_PASSWORD: benchPassword,
      ...chatChannelEnv(fastUrl, slowUrl),
    },
    /Tollgate listening on (http:\/\/[^ ]+)/,
    cores,
  );
  return { url: gateway.match[1], pid: gateway.child.pid! };
}

try {
  const fast = await start(join(here, "fast-upstream.ts"), { DELAY_MS: "0" }, /listening (\d+)/, otherCores);
  const slow = await start(join(here, "fast-upstream.ts"), { DELAY_MS: "20" }, /listening (\d+)/, otherCores);
  const fastUrl = `http://127.0.0.1:${fast.match[1]}`;
  const slowUrl = `http://127.0.0.1:${slow.match[1]}`;
  const proxyFast = await start(join(here, "bare-proxy.ts"), { UPSTREAM_ORIGIN: fastUrl }, /listening (\d+)/, testCore);
  const proxySlow = await start(join(here, "bare-proxy.ts"), { UPSTREAM_ORIGIN: slowUrl }, /listening (\d+)/, testCore);
  const gateway = await startGateway(gatewayWorkers, testCore, fastUrl, slowUrl);
  const gatewayUrl = gateway.url;
  const keys = await benchTenant(gatewayUrl, Object.values(lanes).flatMap((lane) => [lane.fast.group, lane.slow.group]), messagesChannels(fastUrl, slowUrl));
  const gatewayLanes = gatewayTargets(gatewayUrl, keys);
  const pids = { proxy: proxyFast.child.pid!, gateway: gateway.pid };

  console.log(
    `\nTollgate relay overhead — ${gatewayWorkers} gateway worker(s)${pinned ? " pinned to core 0, load generator and upstreams on the other cores" : " (not pinned)"}; ` +
      `${connections} connections × ${seconds}s at saturation, ${rounds} rounds; ${rate} req/s × ${rateSeconds}s open loop against a 20 ms upstream, ${rounds} rounds\n`,
  );
  const rows: string[][] = [];
  const rssAtStart = rssMiB(pids.gateway);
  let gatewaySingleNodeCpu = 0;
  for (const scenario of scenarios) {
    const lane = lanes[scenario.lane];
    const body = scenario.body(lane.fast.model);
    const slowBody = scenario.body(lane.slow.model);
    const targets = { proxy: { url: `http://127.0.0.1:${proxyFast.match[1]}${lane.path}`, headers: {} } as Target, gateway: gatewayLanes[scenario.lane].fast };
    const slowTargets = {
      direct: { url: `${slowUrl}${lane.path}`, headers: {} } as Target,
      proxy: { url: `http://127.0.0.1:${proxySlow.match[1]}${lane.path}`, headers: {} } as Target,
      gateway: gatewayLanes[scenario.lane].slow,
    };
    // Rounds alternate the proxy and the gateway, so that a slow stretch of the machine falls on
    // both; each figure is the median of the rounds, the ratio the median of each round's ratio.
    const runs: Record<"proxy" | "gateway", { rps: number; cpu: number; errors: number }[]> = { proxy: [], gateway: [] };
    for (let round = 0; round < rounds; round++) {
      for (const who of ["proxy", "gateway"] as const) {
        if (round === 0) await load(targets[who], body, 2, connections); // warm-up: pools, JIT
        const before = cpuMs(pids[who]);
        const result = await load(targets[who], body, seconds, connections);
        runs[who].push({ rps: result.requestsPerSecond, cpu: (cpuMs(pids[who]) - before) / Math.max(1, result.requests), errors: result.errors });
      }
    }
    const figures = Object.fromEntries(
      (["proxy", "gateway"] as const).map((who) => [
        who,
        { rps: median(runs[who].map((run) => run.rps)), cpu: median(runs[who].map((run) => run.cpu)), errors: runs[who].reduce((sum, run) => sum + run.errors, 0) },
      ]),
    ) as Record<"proxy" | "gateway", { rps: number; cpu: number; errors: number }>;
    const cpuRatio = median(runs.gateway.map((run, round) => run.cpu / runs.proxy[round].cpu));
    if (scenario.id === "small") gatewaySingleNodeCpu = figures.gateway.cpu;
    const ttfb = { proxy: await timeToFirstByte(targets.proxy, body, ttfbSamples), gateway: await timeToFirstByte(targets.gateway, body, ttfbSamples) };
    // Each of the proxy and the gateway is measured side by side with direct calls to the upstream,
    // in rounds that alternate them like the saturation rounds: one 10-second p99 rests on its 20
    // slowest calls, and a single window read anywhere from 1.6 to 11.6 ms for the same code.
    await openLoop(Object.values(slowTargets), slowBody, rate, 1); // warm-up: connections
    const open: Record<"proxy" | "gateway", OpenRound[]> = { proxy: [], gateway: [] };
    for (let round = 0; round < rounds; round++) {
      for (const who of ["proxy", "gateway"] as const) {
        const pid = who === "proxy" ? proxySlow.child.pid! : pids.gateway;
        const gcBefore = who === "gateway" ? await gcTotals(gatewayUrl) : undefined;
        const cpuBefore = cpuMs(pid);
        const [direct, through] = await openLoop([slowTargets.direct, slowTargets[who]], slowBody, rate, rateSeconds);
        const cpu = (cpuMs(pid) - cpuBefore) / (rate * rateSeconds);
        open[who].push({ direct, through, cpu, gc: gcBefore && gcSince(gcBefore, await gcTotals(gatewayUrl)) });
      }
    }
    const openMedian = (who: "proxy" | "gateway", pick: (round: OpenRound) => number) => median(open[who].map(pick));
    const added = (who: "proxy" | "gateway", p: "p50" | "p99") => openMedian(who, (round) => round.through[p] - round.direct[p]);
    const raw = (who: "proxy" | "gateway", side: "direct" | "through") =>
      `${openMedian(who, (round) => round[side].p50).toFixed(2)} / ${openMedian(who, (round) => round[side].p99).toFixed(2)}`;
    const errorsOpen = (who: "proxy" | "gateway") => open[who].reduce((sum, round) => sum + round.through.errors, 0);
    const ratio = (g: number, p: number) => (g / p).toFixed(2);
    rows.push(
      [scenario.name, "", "", ""],
      ["  requests/s at saturation", figures.proxy.rps.toFixed(0), figures.gateway.rps.toFixed(0), ratio(figures.gateway.rps, figures.proxy.rps)],
      [`  CPU ms per request (process tree), median of ${rounds} rounds`, figures.proxy.cpu.toFixed(3), figures.gateway.cpu.toFixed(3), cpuRatio.toFixed(2)],
      [
        "  CPU ms per request at the fixed rate below",
        openMedian("proxy", (round) => round.cpu).toFixed(3),
        openMedian("gateway", (round) => round.cpu).toFixed(3),
        median(open.gateway.map((round, i) => round.cpu / open.proxy[i].cpu)).toFixed(2),
      ],
      [`  latency p50 / p99 @${rate}/s, 20 ms upstream (ms)`, raw("proxy", "through"), raw("gateway", "through"), ""],
      [`  the same calls direct, side by side (ms)`, raw("proxy", "direct"), raw("gateway", "direct"), ""],
      [`  added latency p50 @${rate}/s (ms)`, added("proxy", "p50").toFixed(2), added("gateway", "p50").toFixed(2), ""],
      [`  added latency p99 @${rate}/s (ms)`, added("proxy", "p99").toFixed(2), added("gateway", "p99").toFixed(2), ""],
      [
        "  added p99 in each round (ms)",
        open.proxy.map((round) => (round.through.p99 - round.direct.p99).toFixed(2)).join(" "),
        open.gateway.map((round) => (round.through.p99 - round.direct.p99).toFixed(2)).join(" "),
        "",
      ],
      [
        "  gateway collections in each round: major, minor (n, ms)",
        "",
        open.gateway.map(({ gc }) => `${gc!.major.count}/${gc!.major.ms.toFixed(0)} ${gc!.minor.count}/${gc!.minor.ms.toFixed(0)}`).join("  "),
        "",
      ],
      ["  time to first byte p50 / p99 (ms)", `${ttfb.proxy.p50.toFixed(2)} / ${ttfb.proxy.p99.toFixed(2)}`, `${ttfb.gateway.p50.toFixed(2)} / ${ttfb.gateway.p99.toFixed(2)}`, ""],
      ["  added TTFB p50 vs the proxy (ms)", "", (ttfb.gateway.p50 - ttfb.proxy.p50).toFixed(2), ""],
      ["  errors (saturation + open loop)", String(figures.proxy.errors + errorsOpen("proxy")), String(figures.gateway.errors + errorsOpen("gateway")), ""],
    );
  }
  rows.push(["memory", "", "", ""], ["  gateway RSS, process tree (MiB)", "", `${rssAtStart.toFixed(0)} → ${rssMiB(pids.gateway).toFixed(0)}`, ""]);
  if (soakSeconds > 0) {
    // RSS over a long open-loop run: sampled each minute, it should level off, not climb.
    const samples: string[] = [];
    for (let elapsed = 0; elapsed < soakSeconds; elapsed += 60) {
      await openLoop([gatewayLanes.chat.slow], smallChat.body(lanes.chat.slow.model), rate, Math.min(60, soakSeconds - elapsed));
      samples.push(rssMiB(pids.gateway).toFixed(0));
    }
    rows.push([`  RSS each minute of a ${soakSeconds}s soak`, "", samples.join(" "), ""]);
  }
  const scalingMissing = scalingSeconds > 0 ? scalingPrerequisites() : "BENCH_SCALING_SECONDS=0";
  if (scalingMissing) rows.push([`every core (skipped: ${scalingMissing})`, "", "", ""]);
  else {
    const scenario = chosen([...small, ...agent], process.env.BENCH_SCALING_SCENARIO ?? "agent-messages")[0];
    const lane = lanes[scenario.lane];
    const scaling = await workerScaling({
      start: (workers) => startGateway(workers, undefined, fastUrl, slowUrl),
      setup: async (url) => gatewayTargets(url, await benchTenant(url, [lane.fast.group], messagesChannels(fastUrl, slowUrl)))[scenario.lane].fast,
      body: scenario.body(lane.fast.model),
      seconds: scalingSeconds,
      rounds,
      connections: 64,
    });
    rows.push(
      [`every core (wrk, 64 connections): ${scenario.name}, all processes unpinned`, "1 worker", "2 workers", "ratio"],
      ["  requests/s at saturation", scaling.one.rps.toFixed(0), scaling.two.rps.toFixed(0), (scaling.two.rps / scaling.one.rps).toFixed(2)],
      ["  CPU ms per request (process tree)", scaling.one.cpu.toFixed(3), scaling.two.cpu.toFixed(3), ""],
      ["  cores busy in the gateway's tree", scaling.one.cores.toFixed(2), scaling.two.cores.toFixed(2), ""],
    );
  }
  const missing = replicaPrerequisites();
  if (missing) rows.push(["replica mode (skipped: " + missing + ")", "", "", ""]);
  else {
    const replicas = await replicaScenario({ upstreamUrl: fastUrl, body: smallChat.body(lanes.chat.fast.model), seconds, connections, setup: async (url) => (await fundedKeys(url, ["gpt-trial"]))[0] });
    rows.push(
      ["replica mode (PostgreSQL + Redis, 1 worker each, unpinned)", "1 replica", "3 replicas", "ratio"],
      ["  requests/s at saturation", replicas.one.rps.toFixed(0), replicas.three.rps.toFixed(0), (replicas.three.rps / replicas.one.rps).toFixed(2)],
      ["  CPU ms per request (process trees)", replicas.one.cpu.toFixed(3), replicas.three.cpu.toFixed(3), ""],
      ["  single node (SQLite) CPU ms per request, above", "", gatewaySingleNodeCpu.toFixed(3), ""],
    );
  }
  const widths = [58, 16, 16, 8];
  console.log(["", "bare proxy", "Tollgate", "ratio"].map((cell, i) => cell.padEnd(widths[i])).join(""));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join(""));
} finally {
  await Promise.all(started.map(stopProcess));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
