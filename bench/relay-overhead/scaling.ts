// The every-core scenario of `npm run bench`: the same call at saturation through a gateway with one
// worker and through one with two, on a 2-core machine where nothing is pinned (the load generator
// and the upstream share the cores), in rounds that alternate the two. The throughput ratio shows
// whether the second worker's core is used; "cores busy" is the gateway tree's CPU time over the
// wall time of a round.
import { type Target, cpuMs, load, median, unpinSelf } from "./harness.ts";

type Figures = { rps: number; cpu: number; cores: number };

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
  const runs: Record<"one" | "two", Figures[]> = { one: [], two: [] };
  for (const who of ["one", "two"] as const) await load(targets[who], options.body, 2, options.connections); // warm-up
  for (let round = 0; round < options.rounds; round++) {
    for (const who of ["one", "two"] as const) {
      const before = cpuMs(gateways[who].pid);
      const started = performance.now();
      const result = await load(targets[who], options.body, options.seconds, options.connections);
      const used = cpuMs(gateways[who].pid) - before;
      runs[who].push({ rps: result.requestsPerSecond, cpu: used / Math.max(1, result.requests), cores: used / (performance.now() - started) });
    }
  }
  const summary = (figures: Figures[]): Figures => ({
    rps: median(figures.map((run) => run.rps)),
    cpu: median(figures.map((run) => run.cpu)),
    cores: median(figures.map((run) => run.cores)),
  });
  return { one: summary(runs.one), two: summary(runs.two) };
}
