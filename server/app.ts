// Wires one worker: store → catalog → relay and console routers → an Express app.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import express, { type Express, type NextFunction, type Request, type Response, type Router } from "express";
import { consoleRouter } from "./console/routes.ts";
import { docsRouter } from "./docs.ts";
import { workerMetrics } from "./metrics/cluster.ts";
import { provide, registry } from "./metrics/metrics.ts";
import { operationsRouter } from "./metrics/routes.ts";
import { type Catalog, openCatalog } from "./gateway/catalog.ts";
import { Agent } from "undici";
import type { CallState } from "./call-state/worker.ts";
import { defaultMaxRestMs } from "./call-state/circuit.ts";
import { withRateLimits } from "./gateway/rate-limit.ts";
import { upstreamForwarder } from "./gateway/relay-call.ts";
import { relayRouter } from "./gateway/routes.ts";
import { warmValidators } from "./gateway/middleware/validate.ts";
import type { Config } from "./config.ts";
import type { Log } from "./log.ts";
import type { Store } from "./store/store.ts";
import { createMailer } from "./mail/mailer.ts";

export type Worker = {
  app: Express;
  catalog: Catalog;
  /** Compiles the contract validators; called once listening, so start-up is not held up by it. */
  warmUp: () => void;
  /** New answers close their connections from now on. */
  stopping: () => void;
  /** The drain time is over: calls still running end now (streams with their format's error event) and are settled. */
  drain: () => void;
  stop: () => Promise<void>;
};

/** The built single-page console (web/dist): static files, and index.html for its client-side routes. */
function webConsole(): Router {
  const dist = resolve(import.meta.dirname, "../web/dist");
  const router = express.Router({ caseSensitive: true });
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
  // Alone, workers poll the store's revision; in replica mode changes arrive by publish/subscribe and the poll is only a fallback.
  const catalogPollMs = config.redisUrl ? 5_000 : 250;
  const catalog = await openCatalog(store, { log, pollMs: catalogPollMs });
  callState.onCatalogChanged(() => void catalog.refresh().catch(() => {}));
  const onChange = async () => {
    await catalog.refresh();
    callState.catalogChanged();
  };
  // One keep-alive pool per upstream origin (undici's Agent keeps a Pool per origin).
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 256 });
  const drain = new AbortController();
  const forward = withRateLimits(upstreamForwarder({ catalog, callState, dispatcher, drained: drain.signal, log, maxRestMs: config.circuit.maxRestMs ?? defaultMaxRestMs }), callState);
  let stopping = false;
  const app = express();
  // Routes match case-sensitively, here and in every router, as the contract and the validators'
  // path checks do: `/API/members` must not reach the `/api/members` handler past the validator.
  app.set("case sensitive routing", true);
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("trust proxy", config.trustProxy);
  // While stopping, every answer tells keep-alive clients to go elsewhere for the next request.
  app.use((_req, res, next) => {
    if (stopping) res.setHeader("connection", "close");
    next();
  });
  // Metrics read state where it lives: channel circuits (as the owner pushed them), the catalog's freshness.
  provide.circuits(function* () {
    for (const channel of catalog.snapshot.channels) yield [channel.name, callState.channels.view(channel.id).state];
  });
  provide.catalogAge(() => (Date.now() - catalog.checkedAt) / 1000);
  // The relay first: its requests are the many, and each layer before it costs every one of them.
  app.use(relayRouter({ catalog, forward, dispatcher, recordKeyUse: callState.recordKeyUse, recordRefusal: callState.recordRefusal, maxBodyBytes: config.maxBodyBytes, maxJsonDepth: config.maxJsonDepth, corsOrigins: config.corsOrigins, log }));
  app.use(
    operationsRouter({
      metrics: workerMetrics(registry),
      readiness: { pingDatabase: () => store.revision.current(), catalogAgeMs: () => Date.now() - catalog.checkedAt, catalogPollMs },
      metricsToken: config.metricsToken,
    }),
  );
  app.use(docsRouter({ publicUrl: config.publicUrl }));
  const mail = config.smtp && { mailer: createMailer(config.smtp, log), publicUrl: config.smtp.publicUrl };
  app.use(
    consoleRouter({
      store,
      onChange,
      publicUrl: config.publicUrl,
      log,
      callState,
      dispatcher,
      signInPolicy: config.signIn,
      alertWebhooksAllowInternal: config.alertWebhooksAllowInternal,
      mail,
      passwordResetTtlMs: config.passwordResetTtlMs,
      signUp: config.signUp,
    }),
  );
  app.use(webConsole());
  return {
    app,
    catalog,
    stopping: () => void (stopping = true),
    drain: () => drain.abort(),
    warmUp: warmValidators,
    async stop() {
      catalog.close();
      // Mails already queued (a reset link someone is waiting for) leave before the worker does.
      await mail?.mailer.idle();
      await callState.stop();
      await dispatcher.destroy();
    },
  };
}
