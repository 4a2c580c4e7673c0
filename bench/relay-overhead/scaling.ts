// The every-core scenario of `npm run bench`: the same call at saturation through a gateway with one
// worker and through one with two, nothing pinned (the load generator and the upstream share the
// machine's cores with it), in rounds that alternate the two. The throughput ratio shows whether
// the second worker's core is used; "cores busy" is the gateway tree's CPU time over the wall time
// of a round.
//
// The load comes from wrk (Debian's `wrk`), not autocannon: on two cores shared with the load
// generator, every cycle it spends is one the gateway cannot have. Measured here on the 145 KB
// call: through two workers, autocannon drove 1,194 req/s with the gateway tree 1.53 cores busy,
// wrk 1,284 req/s with it 1.65 cores busy.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Target, cpuMs, median, unpinSelf } from "./harness.ts";

type Figures = { rps: number; cpu: number; cores: number };

export const scalingPrerequisites = (): string | null =>
  spawnSync("wrk", ["--version"]).error ? "needs wrk on PATH (apt-get install wrk)" : null;

/** wrk at saturation for `seconds`: requests/s and requests served. */
function wrk(target: Target, script: string, seconds: number, connections: number): { rps: number; requests: number } {
  const out = execFileSync("wrk", ["-t2", `-c${connections}`, `-d${seconds}s`, "-s", script, target.url], { encoding: "utf8" });
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors:.*?(\d+)/.exec(out)?.[1] ?? 0);
  if (errors > 0 || requests === 0) throw new Error(`wrk saw errors against ${target.url}:\n${out}`);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]), requests };
}

export async function workerScaling(options: {
  start: (workers: number) => Promise<{ url: string; pid: number }>;
  setup: (url: string) => Promise<Target>;
  body: string;
  seconds: number;
  rounds: number;
  connections: number;
}): Promise<{ one: Figures; two: Figures }> {
  unpinSelf();
  const gateways = { one: await options.start(1), two: await options.start(2) };
  const targets = { one: await options.setup(gateways.one.url), two: await options.setup(gateways.two.url) };
  const dir = mkdtempSync(join(tmpdir(), "tollgate-bench-wrk-"));
  try {
    const script = (who: "one" | "two") => {
      const path = join(dir, `${who}.lua`);
      writeFileSync(join(dir, "body.json"), options.body);
      const headers = Object.entries({ "content-type": "application/json", ...targets[who].headers }).map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`);
      writeFileSync(path, [`wrk.method = "POST"`, `wrk.body = io.open(${JSON.stringify(join(dir, "body.json"))}):read("*a")`, ...headers].join("\n"));
      return path;
    };
    const scripts = { one: script("one"), two: script("two") };
    const runs: Record<"one" | "two", Figures[]> = { one: [], two: [] };
    for (const who of ["one", "two"] as const) wrk(targets[who], scripts[who], 2, options.connections); // warm-up
    for (let round = 0; round < options.rounds; round++) {
      for (const who of ["one", "two"] as const) {
        const before = cpuMs(gateways[who].pid);
        const started = performance.now();
        const result = wrk(targets[who], scripts[who], options.seconds, options.connections);
        const used = cpuMs(gateways[who].pid) - before;
        runs[who].push({ rps: result.rps, cpu: used / Math.max(1, result.requests), cores: used / (performance.now() - started) });
      }
    }
    const summary = (figures: Figures[]): Figures => ({
      rps: median(figures.map((run) => run.rps)),
      cpu: median(figures.map((run) => run.cpu)),
      cores: median(figures.map((run) => run.cores)),
    });
    return { one: summary(runs.one), two: summary(runs.two) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
