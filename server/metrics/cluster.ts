// Metrics and worker liveness across the node's processes, over the cluster's IPC channel. A scrape
// reaches one worker, which asks the primary; the primary collects every worker's registry as JSON,
// adds its own, and sums them with prom-client's AggregatorRegistry (each metric's aggregator:
// counters and histograms add up, circuit state and catalog age take the maximum).
import cluster from "node:cluster";
import type { Registry } from "prom-client";

type Message =
  | { tollgateMetrics: "scrape"; id: number }
  | { tollgateMetrics: "scraped"; id: number; text: string }
  | { tollgateMetrics: "collect"; id: number }
  | { tollgateMetrics: "collected"; id: number; metrics: object[] }
  | { tollgateMetrics: "workers"; up: number; expected: number };

const collectTimeoutMs = 2000;
const isMessage = (message: unknown): message is Message => typeof (message as { tollgateMetrics?: unknown })?.tollgateMetrics === "string";

/** In the primary: answer scrapes with the sum over all workers, and tell workers how many are up. */
export function servePrimaryMetrics(expectedWorkers: number): void {
  let next = 0;
  const pending = new Map<number, { metrics: object[][]; waiting: number; done: () => void }>();

  async function aggregate(): Promise<string> {
    // Loaded on the first scrape, not before the workers are forked: start-up stays short.
    const [{ AggregatorRegistry }, { registry }] = await Promise.all([import("prom-client"), import("./metrics.ts")]);
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    const id = ++next;
    const collected: object[][] = [await registry.getMetricsAsJSON()];
    await new Promise<void>((done) => {
      const timer = setTimeout(done, collectTimeoutMs);
      pending.set(id, { metrics: collected, waiting: workers.length, done: () => (clearTimeout(timer), done()) });
      if (workers.length === 0) pending.get(id)!.done();
      for (const worker of workers) worker!.send({ tollgateMetrics: "collect", id } satisfies Message);
    });
    pending.delete(id);
    return AggregatorRegistry.aggregate(collected).metrics();
  }

  cluster.on("message", async (worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.tollgateMetrics === "collected") {
      const request = pending.get(message.id);
      if (!request) return;
      request.metrics.push(message.metrics);
      if (--request.waiting === 0) request.done();
    } else if (message.tollgateMetrics === "scrape") {
      const text = await aggregate();
      if (worker.isConnected()) worker.send({ tollgateMetrics: "scraped", id: message.id, text } satisfies Message);
    }
  });

  const broadcast = () => {
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
    const up = workers.filter((worker) => listening.has(worker!.id)).length;
    for (const worker of workers) worker!.send({ tollgateMetrics: "workers", up, expected: expectedWorkers } satisfies Message);
  };
  const listening = new Set<number>();
  cluster.on("listening", (worker) => (listening.add(worker.id), broadcast()));
  cluster.on("exit", (worker) => (listening.delete(worker.id), broadcast()));
}

export type WorkerMetrics = {
  /** The node's metrics in Prometheus text format, summed over every worker. */
  scrape(): Promise<string>;
  /** Workers listening, as last told by the primary (this process alone when there is no primary). */
  workers(): { up: number; expected: number };
};

/** In a worker: answer the primary's collection requests, and ask it for the node's sum on a scrape. */
export function workerMetrics(registry: Registry): WorkerMetrics {
  if (!process.send) return { scrape: () => registry.metrics(), workers: () => ({ up: 1, expected: 1 }) };
  let next = 0;
  let workers = { up: 0, expected: 1 };
  const waiting = new Map<number, (text: string) => void>();
  process.on("message", async (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.tollgateMetrics === "collect") {
      process.send?.({ tollgateMetrics: "collected", id: message.id, metrics: await registry.getMetricsAsJSON() } satisfies Message);
    } else if (message.tollgateMetrics === "scraped") {
      waiting.get(message.id)?.(message.text);
      waiting.delete(message.id);
    } else if (message.tollgateMetrics === "workers") {
      workers = { up: message.up, expected: message.expected };
    }
  });
  return {
    scrape: () =>
      new Promise((resolve, reject) => {
        const id = ++next;
        const timer = setTimeout(() => (waiting.delete(id), reject(new Error("the primary did not answer the scrape"))), collectTimeoutMs * 2);
        waiting.set(id, (text) => (clearTimeout(timer), resolve(text)));
        process.send!({ tollgateMetrics: "scrape", id } satisfies Message);
      }),
    workers: () => workers,
  };
}
