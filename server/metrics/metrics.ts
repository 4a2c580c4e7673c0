// Prometheus metrics of one process, and the small recording API the relay calls. Each worker keeps
// its own registry; the primary sums them on a scrape (cluster.ts). Hot-path calls reuse cached
// label children (no label object per request) and never log. Gauges whose value lives elsewhere
// (circuit state, ledger queue, catalog age) read it at scrape time through a provider.
import cluster from "node:cluster";
import type { Request, Response } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { loggedAsOf } from "../gateway/loopback.ts";

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "tollgate_process_" });

const secondsBuckets = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

const requests = new Counter({
  name: "tollgate_requests_total",
  help: "Relay requests by interface, group identifier, model and HTTP status (499: the client went away).",
  labelNames: ["interface", "group", "model", "status"],
  registers: [registry],
  collect: flushCounts,
});
const duration = new Histogram({
  name: "tollgate_request_duration_seconds",
  help: "Relay request latency, from arrival to the last byte.",
  labelNames: ["interface"],
  buckets: secondsBuckets,
  registers: [registry],
  collect: flushObservations,
});
const ttfb = new Histogram({
  name: "tollgate_time_to_first_byte_seconds",
  help: "Time from arrival to the first byte sent to the client, for calls that reached an upstream.",
  labelNames: ["interface"],
  buckets: secondsBuckets,
  registers: [registry],
  collect: flushObservations,
});
const attempts = new Counter({
  name: "tollgate_upstream_attempts_total",
  help: "Upstream attempts by channel.",
  labelNames: ["channel"],
  registers: [registry],
  collect: flushCounts,
});
const failures = new Counter({
  name: "tollgate_upstream_failures_total",
  help: "Upstream attempts that failed over (timeout, rate_limited, error) or broke after the first byte (broken), by channel.",
  labelNames: ["channel", "reason"],
  registers: [registry],
  collect: flushCounts,
});
const tokens = new Counter({
  name: "tollgate_tokens_total",
  help: "Tokens metered by group, model and kind (input, output, cache_read, cache_write, cache_write_1h, reasoning); cache_write_1h is the part of cache_write written to Anthropic's 1-hour cache, as reasoning is part of output.",
  labelNames: ["group", "model", "kind"],
  registers: [registry],
  collect: flushCounts,
});
const cost = new Counter({
  name: "tollgate_cost_micros_total",
  help: "Cost charged, in micro-units of currency, by group and model.",
  labelNames: ["group", "model"],
  registers: [registry],
  collect: flushCounts,
});
const ledgerWrites = new Histogram({
  name: "tollgate_ledger_write_seconds",
  help: "Duration of one ledger batch write.",
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});
const drifts = new Counter({
  name: "tollgate_call_state_drift_total",
  help: "Replica mode: accounts whose figure in Redis reconciliation found different from PostgreSQL's and mended, by account kind.",
  labelNames: ["kind"],
  registers: [registry],
});
const driftMicros = new Counter({
  name: "tollgate_call_state_drift_micros_total",
  help: "Replica mode: the size of those differences, in micro-units of currency, by account kind and direction (redis_over: Redis held more than PostgreSQL).",
  labelNames: ["kind", "direction"],
  registers: [registry],
});

/** Replica mode, in the primary: a difference between Redis and PostgreSQL that reconciliation mended (call-state/redis.ts). */
export function countDrift(account: string, redisHeld: number, databaseHeld: number) {
  const kind = account.slice(0, account.indexOf(":"));
  drifts.inc({ kind });
  driftMicros.inc({ kind, direction: redisHeld > databaseHeld ? "redis_over" : "redis_under" }, Math.abs(redisHeld - databaseHeld));
}
const ledgerRecords = new Counter({ name: "tollgate_ledger_records_written_total", help: "Usage records written to the ledger.", registers: [registry] });
const websocketEvents = new Counter({
  name: "tollgate_responses_websocket_events_total",
  help: "The Responses API's WebSocket mode: connections opened (event=open) and response.create messages taken (event=response.create).",
  labelNames: ["event"],
  registers: [registry],
});

new Gauge({
  name: "tollgate_workers_reporting",
  help: "Workers whose metrics this scrape includes (compare with the configured TOLLGATE_WORKERS).",
  registers: [registry],
  collect() {
    this.set(cluster.isWorker ? 1 : 0);
  },
});

/** A gauge whose values come from `provider` at scrape time; set by whoever owns the state. */
function providedGauge<P>(name: string, help: string, labelNames: string[], aggregator: "sum" | "max", apply: (gauge: Gauge, provider: P) => void) {
  let provider: P | undefined;
  new Gauge({
    name,
    help,
    labelNames,
    aggregator,
    registers: [registry],
    collect() {
      this.reset();
      if (provider) apply(this, provider);
    },
  });
  return (next: P) => void (provider = next);
}

const circuitValue = { closed: 0, "half-open": 1, open: 2 } as const;
export type CircuitState = keyof typeof circuitValue;

export const provide = {
  /** Circuit state per channel name: 0 closed, 1 half-open, 2 open (the worst view of any worker). */
  circuits: providedGauge<() => Iterable<[channel: string, state: CircuitState]>>(
    "tollgate_circuit_state",
    "Circuit state per channel: 0 closed, 1 half-open, 2 open (the worst state any worker sees).",
    ["channel"],
    "max",
    (gauge, states) => {
      for (const [channel, state] of states()) gauge.set({ channel }, circuitValue[state]);
    },
  ),
  /** Usage records waiting to be written. */
  ledgerQueueDepth: providedGauge<() => number>("tollgate_ledger_queue_depth", "Usage records queued for the next ledger write.", [], "sum", (gauge, depth) =>
    gauge.set(depth()),
  ),
  /** Seconds since the relay's catalog was last confirmed current against the database. */
  catalogAge: providedGauge<() => number>("tollgate_catalog_age_seconds", "Seconds since the relay's catalog was last confirmed current (the oldest of any worker).", [], "max", (gauge, age) =>
    gauge.set(age()),
  ),
};

// Label children cached by their values in nested maps: on the hot path a lookup allocates nothing
// (no label object, no key string). Unused trailing labels are "".
function cached<T>(make: (a: string, b: string, c: string, d: string) => T) {
  const root = new Map<string, Map<string, Map<string, Map<string, T>>>>();
  return (a: string, b = "", c = "", d = ""): T => {
    let byB = root.get(a);
    if (!byB) root.set(a, (byB = new Map()));
    let byC = byB.get(b);
    if (!byC) byB.set(b, (byC = new Map()));
    let byD = byC.get(c);
    if (!byD) byC.set(c, (byD = new Map()));
    let child = byD.get(d);
    if (!child) byD.set(d, (child = make(a, b, c, d)));
    return child;
  };
}
// Counts from the hot path are summed per label child in plain numbers and handed to prom-client
// when it is scraped: each prom-client increment validates and hashes its labels again.
type Pending = { child: { inc(amount: number): void }; amount: number; touched: boolean };
const pendingCounts: Pending[] = [];
function deferred(child: Pending["child"]): { inc(amount?: number): void } {
  const pending: Pending = { child, amount: 0, touched: false };
  pendingCounts.push(pending);
  return {
    inc(amount = 1) {
      pending.amount += amount;
      pending.touched = true;
    },
  };
}
function flushCounts() {
  for (const pending of pendingCounts) {
    if (!pending.touched) continue;
    pending.child.inc(pending.amount);
    pending.amount = 0;
    pending.touched = false;
  }
}

// Histogram observations wait the same way, as plain numbers: one prom-client observe validates and
// hashes its labels (about a microsecond on the relay path), and in a loop over a batch its code stays
// warm. A batch goes in at a scrape, or once it is full, so an unscraped process holds at most that.
const observationsPerBatch = 1024;
type PendingObservations = { child: { observe(value: number): void }; values: number[] };
const pendingObservations: PendingObservations[] = [];
function flushPending(pending: PendingObservations) {
  const { values } = pending;
  pending.values = [];
  for (const value of values) pending.child.observe(value);
}
export function deferredObservations(child: PendingObservations["child"]): { observe(value: number): void } {
  const pending: PendingObservations = { child, values: [] };
  pendingObservations.push(pending);
  return {
    observe(value) {
      // prom-client refuses a value that is not a number (throwing); refused here, it cannot spoil a batch.
      if (!Number.isFinite(value)) return;
      if (pending.values.push(value) >= observationsPerBatch) flushPending(pending);
    },
  };
}
function flushObservations() {
  for (const pending of pendingObservations) flushPending(pending);
}

const requestCounter = cached((iface, group, model, status) => deferred(requests.labels(iface, group, model, status)));
const durationOf = cached((iface) => deferredObservations(duration.labels(iface)));
const ttfbOf = cached((iface) => deferredObservations(ttfb.labels(iface)));
const attemptsOf = cached((channel) => deferred(attempts.labels(channel)));
const failuresOf = cached((channel, reason) => deferred(failures.labels(channel, reason)));
const tokensOf = cached((group, model, kind) => deferred(tokens.labels(group, model, kind)));
const costOf = cached((group, model) => deferred(cost.labels(group, model)));

/** The relay interface of a URL (path and query), whether or not the request got far enough to be routed. */
function interfaceOf(url: string): string {
  if (url.startsWith("/v1/messages")) return "messages";
  if (url.startsWith("/v1/chat/")) return "chat";
  // A compaction refused before its loopback call (the call inside counts itself as the compaction).
  if (url.startsWith("/v1/responses/compact")) return "responses/compact";
  if (url.startsWith("/v1/responses")) return "responses";
  if (url.startsWith("/v1/embeddings")) return "embeddings";
  if (url.includes(":generateContent") || url.includes(":streamGenerateContent")) return "generate-content";
  if (url.startsWith("/v1/models") || url.startsWith("/v1beta/models")) return "models";
  return "other";
}

type RouteLabels = { group: { identifier: string }; model: { modelId: string } };
type Timed = Response & { locals: { metricsStart?: number; route?: RouteLabels; countedInside?: boolean } };

function finished(this: Timed) {
  // A compaction is counted once, by the routed call it makes over loopback, under the caller's interface.
  if (this.locals.countedInside) return;
  const iface = loggedAsOf(this.req) ?? interfaceOf(this.req.originalUrl);
  const route = this.locals.route;
  const status = this.writableFinished ? String(this.statusCode) : "499";
  requestCounter(iface, route?.group.identifier ?? "", route?.model.modelId ?? "", status).inc();
  durationOf(iface).observe((performance.now() - this.locals.metricsStart!) / 1000);
}

/** Relay middleware: counts every request (by its route once resolved) and times it to the end. */
export function countRequests(_req: Request, res: Response, next: () => void) {
  res.locals.metricsStart = performance.now();
  res.on("close", finished);
  next();
}

type CallRecord = {
  interface: string;
  modelId: string;
  channelId: string | null;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  cacheWrite1hTokens: number;
  reasoningTokens: number;
  cost: number;
  ttfbMs: number | null;
};

export const record = {
  /** A finished relay call (its ledger record): tokens, cost and time to first byte. Returns the record. */
  call<T extends CallRecord>(group: string, call: T): T {
    const model = call.modelId;
    if (call.ttfbMs !== null) ttfbOf(call.interface).observe(call.ttfbMs / 1000);
    if (call.inputTokens) tokensOf(group, model, "input").inc(call.inputTokens);
    if (call.outputTokens) tokensOf(group, model, "output").inc(call.outputTokens);
    if (call.cacheReadTokens) tokensOf(group, model, "cache_read").inc(call.cacheReadTokens);
    if (call.cacheWriteTokens) tokensOf(group, model, "cache_write").inc(call.cacheWriteTokens);
    if (call.cacheWrite1hTokens) tokensOf(group, model, "cache_write_1h").inc(call.cacheWrite1hTokens);
    if (call.reasoningTokens) tokensOf(group, model, "reasoning").inc(call.reasoningTokens);
    costOf(group, model).inc(call.cost);
    return call;
  },
  /** A WebSocket of the Responses API opened, or a response.create taken on one (responses-websocket.ts). */
  websocket: (event: "open" | "response.create") => websocketEvents.inc({ event }),
  attempt: (channel: string) => attemptsOf(channel).inc(),
  failure: (channel: string, reason: string) => failuresOf(channel, reason).inc(),
};

/** Wraps the ledger's batch insert to time each write and count its records. */
export function timedLedgerInsert<R, S, T>(insert: (records: R[], stamps?: S) => Promise<T>): (records: R[], stamps?: S) => Promise<T> {
  return async (records, stamps) => {
    const end = ledgerWrites.startTimer();
    const written = await insert(records, stamps);
    end();
    ledgerRecords.inc(records.length);
    return written;
  };
}
