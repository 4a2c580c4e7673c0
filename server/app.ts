// Wires one worker: store → catalog → relay and console routers → an Express app.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Express, type NextFunction, type Request, type Response, type Router } from "express";
import { consoleRouter } from "./console/routes.ts";
import { type Catalog, openCatalog } from "./gateway/catalog.ts";
import { type Forwarder, noChannelForwarder } from "./gateway/forward.ts";
import { relayRouter } from "./gateway/routes.ts";
import type { Config } from "./config.ts";
import type { Log } from "./log.ts";
import type { Store } from "./store/store.ts";

export type Worker = { app: Express; catalog: Catalog; stop: () => Promise<void> };

/** Key last-used times are kept in memory and written in one batch every few seconds. */
function keyUseRecorder(store: Store, log: Log) {
  let pending = new Map<string, number>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    await store.keys.recordLastUsed(batch).catch((error) => log("keys.last_used_flush_failed", { error: String(error) }));
  };
  const timer = setInterval(flush, 5000);
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

export async function createWorker(config: Config, store: Store, log: Log, forward: Forwarder = noChannelForwarder): Promise<Worker> {
  const catalog = await openCatalog(store);
  const keyUses = keyUseRecorder(store, log);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(relayRouter({ catalog, forward, recordKeyUse: keyUses.record, maxBodyBytes: config.maxBodyBytes, log }));
  app.use(consoleRouter({ store, onChange: catalog.refresh, publicUrl: config.publicUrl, log }));
  app.use(webConsole());
  return {
    app,
    catalog,
    async stop() {
      catalog.close();
      await keyUses.stop();
    },
  };
}
