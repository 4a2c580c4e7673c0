// Process entry: config → store (migrate, seed) → one worker per core, each serving the app.
// The primary prepares the database, then forks; workers share the listening socket. The primary
// also owns the per-call state — budget leases, channel circuits, settlement batches with the
// ledger (call-state/) — which workers reach over the cluster's IPC channel.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import { hostname } from "node:os";
import type { UsageRecord } from "./store/ledger.ts";
import type { CapStamps } from "./store/budgets.ts";

const [major] = process.versions.node.split(".").map(Number);
if (major < 22) {
  console.error(`Tollgate needs Node.js 22 or newer (this is ${process.version}). Run it through npm (npm start), which uses the project's pinned Node 24.`);
  process.exit(1);
}

const { loadConfig } = await import("./config.ts");
const { checkDataDir, checkDatabase, checkPort, checkRedis, failStart, listenFailure } = await import("./start-checks.ts");
const { createLog } = await import("./log.ts");
const { openStore } = await import("./store/store.ts");
const { connectCallState, serveCallState } = await import("./call-state/cluster.ts");
const { callStateOwner } = await import("./call-state/owner.ts");
const { servePrimaryMetrics } = await import("./metrics/cluster.ts");
const { nextRestart } = await import("./worker-restarts.ts");

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return failStart((error as Error).message);
  }
})();
const { log, flush } = createLog();
/** Sent by the primary to a worker: stop accepting, finish, flush, exit. */
const stopMessage = "tollgate:stop";
/** Sent by a worker to the primary: a fault no restart can mend (the port is taken); the start ends with this reason. */
type FatalMessage = { type: "tollgate:fatal"; reason: string };

async function prepareDatabase(store: ReturnType<typeof openStore>): Promise<void> {
  const { seedGroupsIfEmpty, seedOperatorIfMissing } = await import("./store/seed.ts");
  const { hashPassword } = await import("./console/passwords.ts");
  const { syncEnvChannels } = await import("./env-channels.ts");
  const migrated = await store.migrate();
  if (migrated.length) log("store.migrated", { versions: migrated, database: config.databaseUrl ? "postgres" : "sqlite" });
  const seeded = await seedGroupsIfEmpty(store);
  if (seeded) log("store.seeded_groups", { count: seeded });
  const channels = await syncEnvChannels(store, config.env);
  if (channels.length) log("store.env_channels", { channels });
  const password = config.adminPassword ?? randomBytes(12).toString("base64url");
  if (await seedOperatorIfMissing(store, config.adminEmail, () => hashPassword(password))) {
    // Printed once, on the terminal only, and only when the password was generated here.
    if (!config.adminPassword) process.stdout.write(`\nOperator account created (shown once): email ${config.adminEmail}  password ${password}\n\n`);
    else log("store.operator_created", { email: config.adminEmail });
  }
}

async function runWorker(): Promise<void> {
  // Listen for the stop message before anything slow: one that arrives while the worker starts is kept.
  let stopRequested = false;
  let requestStop = () => void (stopRequested = true);
  process.on("message", (message) => message === stopMessage && requestStop());
  process.on("SIGTERM", () => requestStop());
  const { createWorker } = await import("./app.ts");
  const { serverFor } = await import("./express-server.ts");
  const store = openStore(config);
  const callState = await connectCallState({ leaseIdleMs: config.leaseIdleMs });
  const worker = await createWorker(config, store, log, callState).catch((error: Error) => {
    // Say why (the primary re-forks with back-off, see worker-restarts.ts).
    log("worker.start_failed", { error: String(error?.message ?? error) });
    flush();
    process.exit(1);
  });
  // A listen error: say why to the primary, which ends the start. Once listening, an error of the
  // server (an accept that failed, out of file descriptors) is logged: it is no failure to listen.
  const server: Server = serverFor(worker.app);
  // The Responses API's WebSocket mode, bridged to POST /v1/responses on this server (responses-websocket.ts).
  const { serveResponsesWebSocket } = await import("./gateway/responses-websocket.ts");
  const websockets = serveResponsesWebSocket(server, { maxPayload: config.maxBodyBytes });
  const listenFailed = (error: NodeJS.ErrnoException) => {
    const fatal: FatalMessage = { type: "tollgate:fatal", reason: listenFailure(config.host, config.port, error) };
    process.send?.(fatal, undefined, undefined, () => process.exit(1));
  };
  server.once("error", listenFailed);
  server.listen(config.port, config.host, () => {
    server.off("error", listenFailed);
    server.on("error", (error) => log("server.error", { error: String(error) }));
    setImmediate(worker.warmUp);
  });
  server.keepAliveTimeout = 65_000;
  let stopping = false;
  // Graceful stop: accept no new connection, let calls under way finish for up to the drain time,
  // then end the rest (streams with their format's error event), settle them, and exit.
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    worker.stopping();
    websockets.stop();
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 250);
    const deadline = setTimeout(() => {
      worker.drain();
      setTimeout(() => {
        server.closeAllConnections();
        websockets.terminate();
      }, 1_000).unref();
    }, config.drainMs);
    await closed;
    clearInterval(idle);
    clearTimeout(deadline);
    await worker.stop();
    await store.close();
    flush();
    process.exit(0);
  };
  // Signals reach the primary, which stops the workers in order; a worker on its own stops too.
  requestStop = () => void stop();
  process.on("SIGINT", () => {});
  if (stopRequested) void stop();
}

async function runPrimary(): Promise<void> {
  let store: ReturnType<typeof openStore>;
  try {
    // Everything the start needs from the machine, before anything is written or printed.
    if (!config.databaseUrl || !config.secretKey) checkDataDir(config.dataDir);
    await checkPort(config.host, config.port);
    if (config.databaseUrl) await checkDatabase(config.databaseUrl);
    if (config.redisUrl) await checkRedis(config.redisUrl);
    store = openStore(config);
  } catch (error) {
    return failStart((error as Error).message);
  }
  try {
    await prepareDatabase(store);
  } catch (error) {
    const { SchemaTooNewError } = await import("./store/migrations.ts");
    return failStart(error instanceof SchemaTooNewError ? error.message : `its database could not be prepared: ${(error as Error).message}`);
  }
  // In replica mode this node's name in Redis: unique per start, so a restarted node never inherits a dead one's leases.
  const node = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const { countDrift, provide, timedLedgerInsert } = await import("./metrics/metrics.ts");
  // OpenTelemetry (off unless an OTLP endpoint is set): spans from the calls the ledger writes, off the request path.
  const { traceSettings } = await import("./telemetry/trace-settings.ts");
  const tracing = traceSettings(process.env);
  const traces = tracing ? (await import("./telemetry/traces.ts")).relayTraces(store, tracing, node) : undefined;
  const writeLedger = timedLedgerInsert((records: UsageRecord[], stamps?: CapStamps) => store.budgets.recordSettled(records, stamps));
  const owner = callStateOwner(store, {
    circuit: config.circuit,
    flushMs: config.ledgerFlushMs,
    log,
    redisUrl: config.redisUrl,
    node,
    reconcileMs: config.reconcileMs,
    onDrift: countDrift,
    writeBatch: traces ? traces.traced(writeLedger) : writeLedger,
  });
  provide.ledgerQueueDepth(owner.queued);
  serveCallState(owner);
  // Budget alerts: evaluated here, off the request path (README, "Budget alerts").
  const { startAlerts } = await import("./alerts/deliver.ts");
  const { createMailer } = await import("./mail/mailer.ts");
  // The primary's own mailer, for alerts mailed beside their webhooks (workers have theirs for the console's mails).
  const alertMail = config.smtp && { mailer: createMailer(config.smtp, log), publicUrl: config.smtp.publicUrl };
  startAlerts(store, log, Number(process.env.TOLLGATE_ALERT_INTERVAL_MS) || 60_000, { organizationHooksMayTargetInternal: config.alertWebhooksAllowInternal, mail: alertMail });
  servePrimaryMetrics(config.workers);

  let listening = 0;
  let stopping = false;
  cluster.on("listening", (_worker, address) => {
    if (++listening === config.workers) {
      log("server.listening", { url: `http://${config.host}:${address.port}`, workers: config.workers });
      process.stdout.write(`Tollgate listening on http://${config.host}:${address.port} (${config.workers} workers)\n`);
    }
  });
  // When each worker started and how many quick exits came before it, for the restart back-off.
  const lives = new Map<number, { startedAt: number; quickExits: number }>();
  // One loopback secret for the node's workers: a worker's call to itself may land on another (loopback.ts).
  const { loopbackSecretVariable } = await import("./gateway/loopback.ts");
  const workerEnv = { [loopbackSecretVariable]: randomBytes(32).toString("base64url") };
  const fork = (quickExits = 0) => lives.set(cluster.fork(workerEnv).id, { startedAt: Date.now(), quickExits });
  cluster.on("exit", async (worker, code, signal) => {
    if (!stopping) {
      const life = lives.get(worker.id) ?? { startedAt: Date.now(), quickExits: 0 };
      lives.delete(worker.id);
      const lifetimeMs = Date.now() - life.startedAt;
      const restart = nextRestart(lifetimeMs, life.quickExits);
      log("worker.exited", { pid: worker.process.pid, code, signal, lifetime_ms: lifetimeMs, quick_exits: restart.quickExits, restart_in_ms: restart.delayMs });
      setTimeout(() => stopping || fork(restart.quickExits), restart.delayMs);
      return;
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) await finish();
  });
  /** The last worker is gone: what it settled is written (and in replica mode its leases given back) before the exit. */
  let finished = false;
  const finish = async () => {
    if (finished) return;
    finished = true;
    await owner.stop();
    await traces?.shutdown();
    await store.close();
    flush();
    process.exit(0);
  };
  // A worker that cannot listen ends the start: re-forking would only fail the same way, forever.
  cluster.on("message", (_worker, message: FatalMessage) => {
    if (message?.type !== "tollgate:fatal" || stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    flush();
    failStart(message.reason);
  });
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    // Workers finish their calls (for up to the drain time) and hand their settlements to the
    // owner, which writes them once the last worker is gone.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(stopMessage);
    // No worker alive (each crashed and waits out its restart back-off): no exit will come to finish on.
    if (Object.keys(cluster.workers ?? {}).length === 0) void finish();
    setTimeout(async () => {
      log("server.stop_overdue", { workers: Object.keys(cluster.workers ?? {}).length });
      await owner.stop();
      process.exit(1);
    }, config.drainMs + 30_000).unref();
  };
  process.on("SIGTERM", stopAll);
  process.on("SIGINT", stopAll);
  // Workers keep a young generation of at least 16 MB a semi-space. Left to itself, V8 shrinks it
  // to 1 MB while a worker idles; when traffic returns, the calls then in flight are promoted
  // before they end, and old-generation collections of 10–20 ms follow for seconds
  // (bench/relay-overhead/results.md, thirteenth round). Nor may V8 shrink the heap in a lull (its
  // memory reducer): after one such shrink, a worker made a mark-compact of 7–17 ms every 0.2–0.6 s
  // for as long as agent-sized calls came, and their added p99 read 22–39 ms (nineteenth round). A flag
  // given on the command line comes after these and wins.
  cluster.setupPrimary({ execArgv: ["--min-semi-space-size=16", "--no-memory-reducer", ...process.execArgv] });
  for (let i = 0; i < config.workers; i++) fork();
}

if (cluster.isPrimary) await runPrimary();
else await runWorker();
