// Wires one worker: store → catalog → relay and console routers → an Express app.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Express, type NextFunction, type Request, type Response, type Router } from "express";
import { consoleRouter } from "./console/routes.ts";
import { type Catalog, openCatalog } from "./gateway/catalog.ts";
import { Agent } from "undici";
import { healthRegistry } from "./gateway/channels/health.ts";
import { ledgerWriter } from "./gateway/ledger-writer.ts";
import { upstreamForwarder } from "./gateway/relay-call.ts";
import { relayRouter } from "./gateway/routes.ts";
import type { Config } from "./config.ts";
import type { Log } from "./log.ts";
import type { SharedWrites } from "./shared-writes.ts";
import type { Store } from "./store/store.ts";

export type Worker = { app: Express; catalog: Catalog; stop: () => Promise<void> };

/** Key last-used times are kept in memory and written in one batch a second. */
function keyUseRecorder(writes: SharedWrites, log: Log) {
  let pending = new Map<string, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    await writes.recordKeyUses([...batch]).catch((error) => log("keys.last_used_flush_failed", { error: String(error) }));
  };
  const timer = setInterval(flush, 1000);
  timer.unref();
  return {
    record: (keyId: string) => void pending.set(keyId, Date.now()),
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
}

/** The built single-page console (web/dist): static files, and index.html for its client-side routes. */
function webConsole(): Router {
  const dist = resolve(import.meta.dirname, "../web/dist");
  const router = express.Router();
  router.use(express.static(dist, { index: false, maxAge: "1h", immutable: false }));
  router.get(/^\/(?!api\/|v1\/|v1beta\/).*/, (_req: Request, res: Response, next: NextFunction) => {
    const index = resolve(dist, "index.html");
    if (!existsSync(index)) return next();
    res.setHeader("cache-control", "no-cache");
    res.sendFile(index);
  });
  return router;
}

/** Reservations whose worker died mid-call are released after this long (longer than any upstream timeout). */
const staleReservationMs = 15 * 60 * 1000;

export async function createWorker(config: Config, store: Store, log: Log, writes: SharedWrites): Promise<Worker> {
  const catalog = await openCatalog(store, { log });
  const keyUses = keyUseRecorder(writes, log);
  const health = healthRegistry({ threshold: config.circuitThreshold, cooldownMs: config.circuitCooldownMs });
  const ledger = ledgerWriter(writes.insertLedger, log, config.ledgerFlushMs);
  // One keep-alive pool per upstream origin (undici's Agent keeps a Pool per origin).
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 256 });
  const forward = upstreamForwarder({ catalog, quota: writes, health, ledger, dispatcher, log });
  const releaseStale = setInterval(() => {
    writes.releaseStale(staleReservationMs).catch((error) => log("quota.release_stale_failed", { error: String(error) }));
  }, 60_000);
  releaseStale.unref();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(relayRouter({ catalog, forward, recordKeyUse: keyUses.record, maxBodyBytes: config.maxBodyBytes, maxJsonDepth: config.maxJsonDepth, log }));
  app.use(consoleRouter({ store, onChange: catalog.refresh, publicUrl: config.publicUrl, log, health, dispatcher }));
  app.use(webConsole());
  return {
    app,
    catalog,
    async stop() {
      clearInterval(releaseStale);
      catalog.close();
      await Promise.all([keyUses.stop(), ledger.stop()]);
      await dispatcher.close();
    },
  };
}
