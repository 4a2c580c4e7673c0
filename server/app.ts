// Wires one worker: store → catalog → relay and console routers → an Express app.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Express, type NextFunction, type Request, type Response, type Router } from "express";
import { consoleRouter } from "./console/routes.ts";
import { type Catalog, openCatalog } from "./gateway/catalog.ts";
import { Agent } from "undici";
import type { CallState } from "./call-state/worker.ts";
import { withRateLimits } from "./gateway/rate-limit.ts";
import { upstreamForwarder } from "./gateway/relay-call.ts";
import { relayRouter } from "./gateway/routes.ts";
import type { Config } from "./config.ts";
import type { Log } from "./log.ts";
import type { Store } from "./store/store.ts";

export type Worker = {
  app: Express;
  catalog: Catalog;
  /** New answers close their connections from now on. */
  stopping: () => void;
  /** The drain time is over: calls still running end now (streams with their format's error event) and are settled. */
  drain: () => void;
  stop: () => Promise<void>;
};

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

export async function createWorker(config: Config, store: Store, log: Log, callState: CallState): Promise<Worker> {
  const catalog = await openCatalog(store);
  // One keep-alive pool per upstream origin (undici's Agent keeps a Pool per origin).
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 256 });
  const drain = new AbortController();
  const forward = withRateLimits(upstreamForwarder({ catalog, callState, dispatcher, drained: drain.signal, log }), callState);
  let stopping = false;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", "loopback");
  // While stopping, every answer tells keep-alive clients to go elsewhere for the next request.
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("connection", "close");
    next();
  });
  app.use(relayRouter({ catalog, forward, recordKeyUse: callState.recordKeyUse, maxBodyBytes: config.maxBodyBytes, log }));
  app.use(consoleRouter({ store, onChange: catalog.refresh, publicUrl: config.publicUrl, log, callState, dispatcher }));
  app.use(webConsole());
  return {
    app,
    catalog,
    stopping: () => void (stopping = true),
    drain: () => drain.abort(),
    async stop() {
      catalog.close();
      await callState.stop();
      await dispatcher.destroy();
    },
  };
}
