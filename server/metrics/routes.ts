// Operations endpoints: GET /metrics (Prometheus text, the node's sum over workers; an optional
// bearer token), GET /healthz (the process answers) and GET /readyz (database reachable, catalog
// loaded and fresh, every worker listening). Both probes are cheap: the readiness database check is
// one tiny query, shared by concurrent probes and reused for a second.
import { timingSafeEqual } from "node:crypto";
import express, { type Request, type Response, type Router } from "express";
import type { WorkerMetrics } from "./cluster.ts";

export type Readiness = {
  /** One tiny query; rejects when the database cannot be reached. */
  pingDatabase: () => Promise<unknown>;
  /** Milliseconds since the relay's catalog was last confirmed current. */
  catalogAgeMs: () => number;
  /** How often the catalog polls the store: the age it reaches between two polls on a healthy node. */
  catalogPollMs: number;
};

/**
 * Several missed polls, and at least 5 s, mean the catalog is stale. Not one poll's interval: in
 * replica mode the poll runs every 5 s, so the age of a healthy catalog passes 5 s just before each.
 */
const staleCatalogMs = (pollMs: number) => Math.max(5_000, 3 * pollMs);
const pingTimeoutMs = 1000;
const pingReuseMs = 1000;

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function operationsRouter({ metrics, readiness, metricsToken }: { metrics: WorkerMetrics; readiness: Readiness; metricsToken?: string }): Router {
  const router = express.Router({ caseSensitive: true });

  let lastPing: { at: number; result: Promise<string | null> } | null = null;
  const databaseProblem = (): Promise<string | null> => {
    if (lastPing && performance.now() - lastPing.at < pingReuseMs) return lastPing.result;
    const result = Promise.race([
      readiness.pingDatabase().then(() => null),
      new Promise<string>((resolve) => setTimeout(() => resolve(`no answer within ${pingTimeoutMs} ms`), pingTimeoutMs).unref()),
    ]).catch((error: Error) => error.message || String(error));
    lastPing = { at: performance.now(), result };
    return result;
  };

  router.get("/healthz", (_req: Request, res: Response) => {
    res.setHeader("cache-control", "no-store");
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (_req: Request, res: Response) => {
    const problem = await databaseProblem();
    const catalogAge = readiness.catalogAgeMs();
    const workers = metrics.workers();
    const checks = {
      database: problem ? { ok: false, error: problem } : { ok: true },
      catalog: { ok: catalogAge < staleCatalogMs(readiness.catalogPollMs), age_seconds: Math.round(catalogAge / 100) / 10 },
      workers: { ok: workers.up >= workers.expected, up: workers.up, expected: workers.expected },
    };
    const ready = checks.database.ok && checks.catalog.ok && checks.workers.ok;
    res.setHeader("cache-control", "no-store");
    res.status(ready ? 200 : 503).json({ status: ready ? "ready" : "not_ready", checks });
  });

  router.get("/metrics", async (req: Request, res: Response) => {
    if (metricsToken && !tokenMatches(req.headers.authorization, metricsToken)) {
      res.status(401).setHeader("www-authenticate", 'Bearer realm="metrics"').type("text").send("Send Authorization: Bearer <TOLLGATE_METRICS_TOKEN>.\n");
      return;
    }
    try {
      const text = await metrics.scrape();
      res.setHeader("cache-control", "no-store");
      res.type("text/plain; version=0.0.4; charset=utf-8").send(text);
    } catch (error) {
      res.status(503).type("text").send(`Metrics are unavailable: ${(error as Error).message}\n`);
    }
  });
  return router;
}
