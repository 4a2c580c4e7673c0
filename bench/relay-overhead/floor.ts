// `npm run bench:floor`: how much of Tollgate's cost over the bare proxy is the floor that issue 18
// keeps (Express and express-openapi-validator on every request, floor-proxy.ts) and how much is
// Tollgate's own work. The bare proxy, the floor and Tollgate are loaded in turn at saturation, on
// core 0 alone, in `BENCH_ROUNDS` (6) rounds; each figure is the median of the rounds, each ratio
// the median of the rounds' ratios to the proxy of the same round.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Started, type Target, cpuMs, load, median, splitCores, startProcess, stopProcess } from "./harness.ts";
import { chatChannelEnv, chosen, gatewayTargets, lanes, messagesChannels } from "./lanes.ts";
import { scenarios as agent } from "./scenarios/agent.ts";
import { scenarios as small } from "./scenarios/small.ts";
import { benchPassword, benchTenant } from "./tenant.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const here = import.meta.dirname;
// count_tokens has no plain relay to compare with; the rest run unless BENCH_SCENARIOS picks some.
const scenarios = chosen([...small, ...agent].filter((scenario) => scenario.lane !== "count"));
const { testCore, otherCores, pinned } = splitCores();
const who = ["proxy", "floor", "gateway"] as const;

const started: Started[] = [];
const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-"));
try {
  const start = async (script: string, env: Record<string, string>, ready: RegExp, cores?: string) => {
    const process = await startProcess(script, env, ready, cores);
    started.push(process);
    return process;
  };
  const fast = await start(join(here, "fast-upstream.ts"), { DELAY_MS: "0" }, /listening (\d+)/, otherCores);
  const fastUrl = `http://127.0.0.1:${fast.match[1]}`;
  const proxy = await start(join(here, "bare-proxy.ts"), { UPSTREAM_ORIGIN: fastUrl }, /listening (\d+)/, testCore);
  const floor = await start(join(here, "floor-proxy.ts"), { UPSTREAM_ORIGIN: fastUrl }, /listening (\d+)/, testCore);
  const gateway = await start(
    resolve(here, "../../server/main.ts"),
    { PORT: String(20000 + Math.floor(Math.random() * 1000)), TOLLGATE_WORKERS: "1", TOLLGATE_DATA_DIR: dataDir, TOLLGATE_ADMIN_PASSWORD: benchPassword, ...chatChannelEnv(fastUrl, fastUrl) },
    /Tollgate listening on (http:\/\/[^ ]+)/,
    testCore,
  );
  const gatewayUrl = gateway.match[1];
  const keys = await benchTenant(gatewayUrl, Object.values(lanes).map((lane) => lane.fast.group), messagesChannels(fastUrl, fastUrl).slice(0, 1));
  const gatewayLanes = gatewayTargets(gatewayUrl, keys);
  const pids = { proxy: proxy.child.pid!, floor: floor.child.pid!, gateway: gateway.child.pid! };

  console.log(`\nThe floor: Express + the contract validator, beside the bare proxy and Tollgate — ${pinned ? "each alone on core 0, load and upstream on the other cores" : "not pinned"}; ${connections} connections × ${seconds}s, ${rounds} rounds\n`);
  const rows: string[][] = [["CPU ms per request (ratio to the proxy)", ...who]];
  for (const scenario of scenarios) {
    const lane = lanes[scenario.lane];
    const body = scenario.body(lane.fast.model);
    const targets: Record<(typeof who)[number], Target> = {
      proxy: { url: `http://127.0.0.1:${proxy.match[1]}${lane.path}`, headers: {} },
      // The validator wants what the contract requires of a messages call (anthropic-version); no key.
      floor: { url: `http://127.0.0.1:${floor.match[1]}${lane.path}`, headers: scenario.lane === "chat" ? {} : { "anthropic-version": "2023-06-01" } },
      gateway: gatewayLanes[scenario.lane].fast,
    };
    const cpu: Record<(typeof who)[number], number[]> = { proxy: [], floor: [], gateway: [] };
    for (let round = 0; round < rounds; round++) {
      for (const one of who) {
        if (round === 0) await load(targets[one], body, 2, connections); // warm-up: pools, JIT
        const before = cpuMs(pids[one]);
        const result = await load(targets[one], body, seconds, connections);
        if (result.errors > 0) throw new Error(`${one} answered ${result.errors} errors in ${scenario.id}`);
        cpu[one].push((cpuMs(pids[one]) - before) / Math.max(1, result.requests));
      }
    }
    const ratio = (one: (typeof who)[number]) => median(cpu[one].map((value, round) => value / cpu.proxy[round]));
    rows.push([scenario.name, ...who.map((one) => `${median(cpu[one]).toFixed(3)} (${ratio(one).toFixed(2)}x)`)]);
    console.log(rows.at(-1)!.join("  ")); // as it comes: a whole run takes minutes
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("   "));
} finally {
  for (const process of started.reverse()) await stopProcess(process);
  rmSync(dataDir, { recursive: true, force: true });
}
