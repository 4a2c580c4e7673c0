// `npm run bench:ab -- <checkout A> [<checkout B>]`: paired CPU per request of two Tollgate
// checkouts (B defaults to this one) and the bare proxy, at saturation, in rounds that go proxy →
// A → B, so a slow stretch of the machine falls on all three. One round's figure can move by a
// third on a noisy machine; the ratio B/A of the same round moves far less, and is what a change
// that claims speed reports. `BENCH_B_ENV` (a JSON object) adds environment to B alone, to compare
// a setting on one checkout.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Started, type Target, cpuMs, load, median, splitCores, startProcess, stopProcess } from "./harness.ts";
import { type LaneName, type LaneTargets, chatChannelEnv, chosen, gatewayTargets, lanes, messagesChannels } from "./lanes.ts";
import { scenarios as agent } from "./scenarios/agent.ts";
import { scenarios as small } from "./scenarios/small.ts";
import { benchPassword, benchTenant } from "./tenant.ts";

const [checkoutA, checkoutB = resolve(import.meta.dirname, "../..")] = process.argv.slice(2);
if (!checkoutA) {
  console.error("usage: npm run bench:ab -- <checkout A> [<checkout B>]   (a checkout: a directory with server/main.ts and node_modules)");
  process.exit(2);
}
const extraEnvB = JSON.parse(process.env.BENCH_B_ENV ?? "{}") as Record<string, string>;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const here = import.meta.dirname;

// As in run.ts: the process under test on core 0 (one is loaded at a time), everything else on the rest.
const { testCore, otherCores } = splitCores();

const started: Started[] = [];
const dataDirs: string[] = [];

async function startGateway(checkout: string, upstreamUrl: string, extraEnv: Record<string, string>): Promise<{ targets: Record<LaneName, LaneTargets>; pid: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-ab-"));
  dataDirs.push(dataDir);
  const gateway = await startProcess(
    resolve(checkout, "server/main.ts"),
    {
      PORT: String(18000 + Math.floor(Math.random() * 1000)),
      TOLLGATE_WORKERS: "1",
      TOLLGATE_DATA_DIR: dataDir,
      TOLLGATE_ADMIN_PASSWORD: benchPassword,
      ...chatChannelEnv(upstreamUrl, upstreamUrl),
      ...extraEnv,
    },
    /Tollgate listening on (http:\/\/[^ ]+)/,
    testCore,
  );
  started.push(gateway);
  const keys = await benchTenant(gateway.match[1], [lanes.chat.fast.group, lanes.messages.fast.group], messagesChannels(upstreamUrl, upstreamUrl));
  return { targets: gatewayTargets(gateway.match[1], keys), pid: gateway.child.pid! };
}

try {
  const upstream = await startProcess(join(here, "fast-upstream.ts"), { DELAY_MS: "0" }, /listening (\d+)/, otherCores);
  started.push(upstream);
  const upstreamUrl = `http://127.0.0.1:${upstream.match[1]}`;
  const proxy = await startProcess(join(here, "bare-proxy.ts"), { UPSTREAM_ORIGIN: upstreamUrl }, /listening (\d+)/, testCore);
  started.push(proxy);
  const gateways = { A: await startGateway(checkoutA, upstreamUrl, {}), B: await startGateway(checkoutB, upstreamUrl, extraEnvB) };
  console.log(`\nA: ${checkoutA}\nB: ${checkoutB}${Object.keys(extraEnvB).length ? ` with ${JSON.stringify(extraEnvB)}` : ""}\n${rounds} rounds × ${seconds}s, ${connections} connections; CPU ms per request of each process tree\n`);
  for (const scenario of chosen([...small, ...agent])) {
    const lane = lanes[scenario.lane];
    const body = scenario.body(lane.fast.model);
    const under: Record<"proxy" | "A" | "B", { target: Target; pid: number }> = {
      proxy: { target: { url: `http://127.0.0.1:${proxy.match[1]}${lane.path}`, headers: {} }, pid: proxy.child.pid! },
      A: { target: gateways.A.targets[scenario.lane].fast, pid: gateways.A.pid },
      B: { target: gateways.B.targets[scenario.lane].fast, pid: gateways.B.pid },
    };
    const cpu: Record<keyof typeof under, number[]> = { proxy: [], A: [], B: [] };
    for (const name of ["proxy", "A", "B"] as const) await load(under[name].target, body, 2, connections); // warm-up: pools, JIT
    for (let round = 0; round < rounds; round++) {
      for (const name of ["proxy", "A", "B"] as const) {
        const before = cpuMs(under[name].pid);
        const result = await load(under[name].target, body, seconds, connections);
        if (result.errors) console.log(`  ${name}: ${result.errors} errors in round ${round + 1}`);
        cpu[name].push((cpuMs(under[name].pid) - before) / Math.max(1, result.requests));
      }
    }
    const ratio = (of: number[], to: number[]) => median(of.map((value, round) => value / to[round]));
    console.log(
      `${scenario.name}\n` +
        `  proxy ${median(cpu.proxy).toFixed(3)}   A ${median(cpu.A).toFixed(3)} (${ratio(cpu.A, cpu.proxy).toFixed(2)}x proxy)   B ${median(cpu.B).toFixed(3)} (${ratio(cpu.B, cpu.proxy).toFixed(2)}x proxy)   B/A ${ratio(cpu.B, cpu.A).toFixed(3)}\n` +
        `  rounds A: ${cpu.A.map((value) => value.toFixed(3)).join(" ")}\n` +
        `  rounds B: ${cpu.B.map((value) => value.toFixed(3)).join(" ")}\n`,
    );
  }
} finally {
  await Promise.all(started.map(stopProcess));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
