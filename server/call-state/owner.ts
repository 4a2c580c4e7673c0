// The call-state owner on one node: the primary process. It keeps the budget accounts (leasing
// slices of them to workers), the channels' circuits, and the queue of settled calls, which it
// writes with their charges in batches. Workers reach it over the cluster's IPC channel; nothing
// here runs per request in steady state — only lease top-ups, settlements in batches, probe claims.
import type { Store } from "../store/store.ts";
import type { UsageRecord } from "../store/ledger.ts";
import { type AccountId, type Grant, type LeaseRequest, accountBook } from "./accounts.ts";
import { type ChannelHealth, type CircuitOptions, circuitBook } from "./circuit.ts";
import { type RateScope, type RateTicket, rateBook } from "./rate-limits.ts";
import type { Peer } from "./rpc.ts";

export type Settlement = { record: UsageRecord; /** the leased accounts the cost is taken from */ accounts: AccountId[] };
export type ChannelReport = { channelId: string; /** undefined: neither (the request's own fault) */ failed: boolean | undefined; reason?: string; probe: boolean };

export type OwnerOptions = { circuit: CircuitOptions; flushMs: number; log: (event: string, fields: Record<string, unknown>) => void };

/** How long a recalled worker has to answer before the owner decides without it. */
const recallTimeoutMs = 1_000;

export function callStateOwner(store: Store, { circuit, flushMs, log }: OwnerOptions) {
  const book = accountBook();
  const peers = new Map<string, Peer>();
  const broadcast = (op: string, ...args: unknown[]) => {
    for (const peer of peers.values()) peer.notify(op, ...args);
  };
  const circuits = circuitBook(circuit, (channelId, health) => broadcast("health", channelId, health));
  const rates = rateBook();
  let queue: Settlement[] = [];
  let keyUses = new Map<string, number>();

  // Reads and batch writes of money go one at a time, so a reload never sees half a batch.
  let exclusive: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = exclusive.then(work);
    exclusive = run.catch(() => {});
    return run;
  };

  const load = (accounts: AccountId[]) =>
    serially(async () => {
      const missing = accounts.filter((account) => !book.has(account));
      if (missing.length === 0) return;
      for (const [account, left] of await store.budgets.remaining(missing)) if (!book.has(account)) book.setDurable(account, left);
    });

  /** Asks every holder of the account except `except` to give back what its calls do not hold. */
  const recall = async (account: AccountId, except?: string) => {
    await Promise.all(
      book.holdersOf(account).map(async (holder) => {
        const peer = peers.get(holder);
        if (!peer || holder === except) return;
        const returned = await Promise.race([peer.call<number>("recall", account), new Promise<number>((done) => setTimeout(() => done(0), recallTimeoutMs))]).catch(() => 0);
        if (returned > 0) book.giveBack(holder, account, returned);
      }),
    );
  };

  async function acquire(holder: string, requests: LeaseRequest[]) {
    await load(requests.map((request) => request.account));
    const first = book.grant(holder, requests, peers.size);
    if ("granted" in first || requests.every((request) => request.need === 0)) return first;
    // Short: money may sit idle in other workers' leases. Bring it back, then decide exactly.
    await Promise.all(requests.filter((request) => book.available(request.account) < request.need).map((request) => recall(request.account, holder)));
    return book.grant(holder, requests, peers.size);
  }

  const flush = () =>
    serially(async () => {
      if (queue.length === 0) return;
      const batch = queue;
      queue = [];
      const started = performance.now();
      try {
        await store.budgets.recordSettled(batch.map((settlement) => settlement.record));
      } catch (error) {
        queue = [...batch, ...queue];
        log("ledger.write_failed", { records: batch.length, error: String(error) });
        return;
      }
      for (const { record, accounts } of batch) for (const account of accounts) book.flushed(account, record.cost);
      lastWrite = { records: batch.length, ms: performance.now() - started };
    });
  let lastWrite = { records: 0, ms: 0 };

  const flushKeyUses = async () => {
    if (keyUses.size === 0) return;
    const batch = keyUses;
    keyUses = new Map();
    await store.keys.recordLastUsed(batch).catch((error) => log("keys.last_used_flush_failed", { error: String(error) }));
  };

  /** A top-up, a cap change, a member or key removed: re-read every account the owner holds. */
  const reload = () =>
    serially(async () => {
      const accounts = book.loaded();
      if (accounts.length === 0) return;
      for (const [account, left] of await store.budgets.remaining(accounts)) book.setDurable(account, left);
    }).then(async () => {
      // A cap lowered below what is leased out: take the spare leases back.
      for (const account of book.loaded()) if (book.available(account) < 0) await recall(account);
    });

  let revision = -1;
  const timers = [
    setInterval(() => void flush(), flushMs),
    setInterval(() => void flushKeyUses(), 1_000),
    setInterval(() => circuits.expireProbes(), 250),
    setInterval(() => rates.sweep(Date.now()), 10_000),
    setInterval(async () => {
      const current = await store.revision.current().catch(() => revision);
      if (current !== revision) {
        revision = current;
        await reload().catch((error) => log("call_state.reload_failed", { error: String(error) }));
      }
    }, 250),
  ];
  for (const timer of timers) timer.unref();

  /** The operations a worker may ask for; `holder` names the worker. */
  const handlersFor = (holder: string) => ({
    acquire: (requests: LeaseRequest[]) => acquire(holder, requests),
    giveBack: (grants: Grant[]) => {
      for (const grant of grants) book.giveBack(holder, grant.account, grant.amount);
    },
    settled: (settlements: Settlement[], reports: ChannelReport[], uses: [string, number][]) => {
      for (const settlement of settlements) {
        for (const account of settlement.accounts) book.charge(holder, account, settlement.record.cost);
        queue.push(settlement);
      }
      if (queue.length >= 500) void flush();
      for (const report of reports) {
        if (report.probe) circuits.probeEnded(report.channelId, report.failed, report.reason);
        else if (report.failed !== undefined) circuits.record(report.channelId, report.failed, report.reason);
      }
      for (const [keyId, at] of uses) keyUses.set(keyId, at);
    },
    claimProbe: (channelId: string) => circuits.claimProbe(channelId),
    /** Admits a call under its scopes' rate limits, or refuses it (which limit, when to retry). */
    admitRate: (scopes: RateScope[]) => rates.admit(scopes, Date.now(), holder),
    /** Calls that ended: each one's slot in flight is released and its metered tokens counted. */
    endRates: (ends: [RateTicket, number][]) => {
      const now = Date.now();
      for (const [ticket, tokens] of ends) rates.end(ticket, tokens, now, holder);
    },
    health: () => [...circuits.all()],
    /** What is left in each account counting charges not yet written (null: not loaded, so the stored figure is current). */
    remaining: (accounts: AccountId[]) => accounts.map((account) => book.remaining(account) ?? null),
    /** A top-up (or, negative, a removal that must not take money leased to calls in flight). */
    adjustBalance: async (organizationId: string, amount: number) => {
      const account = `org:${organizationId}`;
      if (amount < 0 && book.has(account)) {
        await recall(account);
        if (book.available(account) < -amount) return false;
      }
      const done = await serially(() => store.organizations.adjustBalance(organizationId, amount));
      await reload();
      return done;
    },
    status: async () => {
      const holds = { calls: 0, held: { org: 0, member: 0, key: 0 } as Record<string, number> };
      for (const peer of peers.values()) {
        const view = await peer.call<{ calls: number; held: Record<string, number> }>("holds").catch(() => undefined);
        if (!view) continue;
        holds.calls += view.calls;
        for (const kind of Object.keys(holds.held)) holds.held[kind] += view.held[kind] ?? 0;
      }
      return { holds, ...book.totals(), queued: queue.length, lastWrite };
    },
  });

  return {
    /** A worker joined: `peer` reaches it; the handlers it may call are returned. */
    attach(holder: string, peer: Peer) {
      peers.set(holder, peer);
      return handlersFor(holder);
    },
    /** A worker is gone: its leases return now, and with them every hold of its calls in flight. */
    detach(holder: string) {
      peers.get(holder)?.close("worker exited");
      peers.delete(holder);
      const returned = book.dropHolder(holder);
      rates.dropHolder(holder);
      if (returned > 0) log("call_state.worker_leases_returned", { worker: holder, amount: returned });
    },
    health: (channelId: string): ChannelHealth => circuits.view(channelId),
    /** Graceful stop, after the last worker: every queued settlement and key use is written. */
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await flush();
      await flushKeyUses();
      if (queue.length > 0) log("ledger.unwritten_at_stop", { records: queue.length });
    },
  };
}

export type CallStateOwner = ReturnType<typeof callStateOwner>;
