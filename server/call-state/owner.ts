// The call-state owner on one node: the primary process. It keeps the budget accounts (leasing
// slices of them to workers), the channels' circuits, and the queue of settled calls, which it
// writes with their charges in batches. Workers reach it over the cluster's IPC channel; nothing
// here runs per request in steady state — only lease top-ups, settlements in batches, probe claims.
//
// Alone, the node's owner is the final word: an account holds what the database holds. With
// `redisUrl` (replica mode) an account on this node holds only the node lease it took from Redis
// (redis.ts), which it tops up, gives back and shrinks by what it writes; circuit changes, probe
// claims and catalog changes are shared with the other nodes. Cut off from Redis, it lends nothing
// (its workers give their spare back) until its heartbeat is through and Redis has again what its
// calls hold: the other nodes sweep a node whose heartbeat lapsed.
import { randomUUID } from "node:crypto";
import type { Store } from "../store/store.ts";
import type { UsageRecord } from "../store/ledger.ts";
import type { CapStamps, ChargeSeqs } from "../store/budgets.ts";
import { constraintViolation } from "../store/constraints.ts";
import { type AccountId, type Grant, type LeaseRequest, accountBook } from "./accounts.ts";
import { type ChannelHealth, type CircuitOptions, circuitBook } from "./circuit.ts";
import { type CapRestart, type Charge, type SharedBudgets, redisShared, unknownSeq } from "./redis.ts";
import { type Admission, type RateScope, type RateTicket, rateBook } from "./rate-limits.ts";
import type { Peer } from "./rpc.ts";
import { type PackedSettlement, type Settlement, capStampsOf, unpackSettlement } from "./settlement-wire.ts";

export type ChannelReport = {
  channelId: string;
  /** undefined: neither (the request's own fault) */
  failed: boolean | undefined;
  reason?: string;
  probe: boolean;
  /** With a failure: the wait its upstream asked for (a 429's or 503's Retry-After, RetryInfo), which the circuit's rest honours. */
  restSeconds?: number;
  /** When the call was sent to the channel (epoch ms): a success ends only a wait asked before it. */
  sentAt: number;
};

export type OwnerOptions = {
  circuit: CircuitOptions;
  flushMs: number;
  log: (event: string, fields: Record<string, unknown>) => void;
  /** Writes a batch of settled calls with their charges (the store's, wrapped by metrics in the primary). */
  writeBatch?: (records: UsageRecord[], stamps?: CapStamps) => Promise<ChargeSeqs>;
  /** Replica mode: the Redis shared by every node, and this node's name there. */
  redisUrl?: string;
  node?: string;
  /** Replica mode: how often accounts in Redis are compared with the database (redis.ts reconcile), and what is told of a difference mended. */
  reconcileMs?: number;
  onDrift?: (account: AccountId, redisHeld: number, databaseHeld: number) => void;
};

/** Why a lease could not be granted: an account is short, or the shared store cannot be reached. */
export type Refusal = { short: AccountId } | { unavailable: true };

/**
 * How long a recalled worker has to answer before the owner decides without it: long, because a
 * refusal decided without a busy worker's idle lease would be a false one (a worker that exits is
 * detached at once, which ends the wait). A later answer still gives its money back.
 */
const recallTimeoutMs = 10_000;

export function callStateOwner(store: Store, options: OwnerOptions) {
  const { circuit, flushMs, log, redisUrl, node = "node" } = options;
  const writeBatch = options.writeBatch ?? ((records: UsageRecord[], stamps?: CapStamps) => store.budgets.recordSettled(records, stamps));
  const book = accountBook();
  const peers = new Map<string, Peer>();
  const broadcast = (op: string, ...args: unknown[]) => {
    for (const peer of peers.values()) peer.notify(op, ...args);
  };
  const circuits = circuitBook(circuit, (channelId, health) => {
    broadcast("health", channelId, health);
    void shared?.publish({ type: "circuit", from: node, channelId, health });
  });
  const shared: SharedBudgets | undefined = redisUrl
    ? redisShared({
        url: redisUrl,
        node,
        log,
        durableOf: (accounts) => store.budgets.remainingAt(accounts),
        // Between batch writes, so the book does not move while Redis hears of it.
        onRejoin: (newEpoch) =>
          serially(async () => {
            // Written charges Redis has not heard of come off its accounts first (a lease of this node a sweep
            // dropped, or one of an earlier epoch, is left as it is). In a new epoch too: another node may have
            // rebuilt an account from a read that began before they were written (Redis skips those its read has).
            if ((await mirror([])) > 0) throw new Error(`written charges not yet mirrored in Redis${newEpoch ? " (new epoch)" : ""}`);
            // Only what is in use — leased to workers, charged and not yet written — is registered: the
            // spare goes back to the pool, which may have lent it to another node while this one was swept.
            const inUse = new Map(book.loaded().map((account) => [account, book.durable(account) - book.available(account)]));
            for (const [account, amount] of inUse) book.setDurable(account, amount);
            const overlent = await shared!.register(inUse);
            // Lent twice while this node was swept: the other nodes give back what their calls do not hold.
            for (const account of overlent) void shared!.publish({ type: "recall", from: node, account, id: randomUUID() });
          }),
        // Soon the other nodes may sweep this one and lend its leases again: its workers stop spending theirs.
        onCutOff: () => {
          for (const account of book.loaded()) if (book.leased(account) > 0) void recall(account);
        },
        onMessage: (_channel, text) => void onShared(JSON.parse(text)),
        reconcileMs: options.reconcileMs,
        onDrift: options.onDrift,
      })
    : undefined;
  /** A batch's charges as Redis hears of them; `op` names them, so a retry counts once. */
  type Mirror = { op: string; charges: Charge[] };
  /** Redis mirrors of written charges that failed; retried until Redis takes them. */
  let unmirrored: Mirror[] = [];
  /** Mirrors written charges in Redis, the oldest first; returns how many wait for the next try. */
  const mirror = async (charges: Mirror[]) => {
    const all = [...unmirrored, ...charges];
    unmirrored = [];
    for (const charge of all) await shared!.flushed(charge.charges, charge.op).catch(() => void unmirrored.push(charge));
    return unmirrored.length;
  };

  async function onShared(message: { type: string; from: string; to?: string; id?: string; channelId?: string; health?: ChannelHealth; account?: AccountId }) {
    if (message.type === "catalog") return broadcast("catalogChanged");
    if (message.from === node) return;
    if (message.type === "circuit") broadcast("health", message.channelId, circuits.adopt(message.channelId!, message.health!));
    if (message.type === "recall") {
      // Another node is short: what this node's workers do not hold goes back to the pool, then it hears so.
      await recall(message.account!);
      await returnSpare(message.account!);
      void shared!.publish({ type: "recalled", from: node, to: message.from, id: message.id });
    }
    if (message.type === "recalled" && message.to === node) recallAnswers.get(message.id!)?.();
  }

  /** Asks every other node to give back its idle leases of an account, and waits for their answers (at most three seconds: a busy node answers late, and a dead one is swept from the count within its heartbeat). */
  const recallEverywhere = async (account: AccountId) => {
    const id = randomUUID();
    const others = shared!.nodes - 1;
    if (others <= 0) return;
    let answered = 0;
    await new Promise<void>((done) => {
      const timer = setTimeout(done, 3_000);
      recallAnswers.set(id, () => {
        if (++answered >= others) {
          clearTimeout(timer);
          done();
        }
      });
      void shared!.publish({ type: "recall", from: node, account, id });
    });
    recallAnswers.delete(id);
  };
  const recallAnswers = new Map<string, () => void>();

  /** Gives this node's spare lease of an account back to Redis. */
  const returnSpare = async (account: AccountId) => {
    const spare = book.available(account);
    // Not while Redis is away or has not seen this node's leases yet: they would be given to no one.
    if (!shared?.up || spare <= 0) return;
    // Out of this node's book first, so no worker can be granted it while Redis takes it back. It
    // stays out if Redis cannot be reached: Redis may have taken it with the answer lost, and the
    // node sends it again until Redis has it (or registers its leases again without it).
    book.setDurable(account, book.durable(account) - spare);
    await shared.giveBack([{ account, amount: spare }]);
  };
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
      if (shared) for (const account of missing) book.setDurable(account, 0);
      else for (const [account, left] of await store.budgets.remaining(missing)) if (!book.has(account)) book.setDurable(account, left);
    });

  /**
   * Asks every holder of the account except `except` to give back what its calls do not hold. A
   * holder that answers after the wait still gives it back: it took the money out of its lease
   * when it answered. (One that exited first had every lease returned then, and answers nothing.)
   */
  const recall = async (account: AccountId, except?: string) => {
    await Promise.all(
      book.holdersOf(account).map(async (holder) => {
        const peer = peers.get(holder);
        if (!peer || holder === except) return;
        const answered = peer.call<number>("recall", account).then(
          (returned) => void (returned > 0 && book.giveBack(holder, account, returned)),
          () => {},
        );
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([answered, new Promise<void>((done) => (timer = setTimeout(done, recallTimeoutMs)))]);
        clearTimeout(timer);
      }),
    );
  };

  /** Accounts a call was just short of: until then they grant exact needs only. */
  const scarceUntil = new Map<AccountId, number>();
  const scarceMs = 2_000;
  const isScarce = (account: AccountId) => {
    const until = scarceUntil.get(account);
    if (until === undefined) return false;
    if (Date.now() < until) return true;
    scarceUntil.delete(account);
    return false;
  };

  async function acquire(holder: string, requests: LeaseRequest[]): Promise<{ granted: Grant[] } | Refusal> {
    // Replica mode: nothing is lent while other nodes may have swept this one's leases, nor before Redis has them again.
    if (shared && !(await shared.spendable())) return { unavailable: true };
    await load(requests.map((request) => request.account));
    // A worker that exited while this waited gets nothing: a lease granted to it would never come back.
    if (!peers.has(holder)) return { short: requests[0].account };
    const first = book.grant(holder, requests, peers.size, isScarce);
    if ("granted" in first || requests.every((request) => request.need === 0)) {
      // Replica mode: keep the node lease ahead of its workers' refills.
      if (shared && requests.some((request) => book.available(request.account) < request.extra)) void topUpAhead(requests).catch(() => {});
      if ("granted" in first || !shared) return first;
    }
    // Short: money may sit idle in other workers' leases. Bring it back, then decide exactly — and
    // for a while grant that account only exact needs, so no refill ahead of need takes it first.
    const short = requests.filter((request) => book.available(request.account) < request.need);
    for (const request of short) scarceUntil.set(request.account, Date.now() + scarceMs);
    await Promise.all(short.map((request) => recall(request.account, holder)));
    if (!peers.has(holder)) return { short: requests[0].account };
    const local = book.grant(holder, requests, peers.size, isScarce);
    if ("granted" in local || !shared) return local;
    return fromRedis(holder, requests);
  }

  /** Replica mode: tops this node's leases up from Redis ahead of its workers' needs, if Redis has money to spare. */
  async function topUpAhead(requests: LeaseRequest[]) {
    const answer = await shared!.acquire(requests.map((request) => ({ account: request.account, need: 0, extra: request.extra * Math.max(1, peers.size) })));
    if ("granted" in answer) for (const grant of answer.granted) book.setDurable(grant.account, book.durable(grant.account) + grant.amount);
  }

  /**
   * Replica mode: the node lease itself is short of a call's need. Redis is asked for what is
   * missing; while it is short, the other nodes are asked to give back their idle leases. The last
   * ask gives this node's own spare back first and asks for the whole need, so that a refusal never
   * strands here part of what another node's call is refused for want of.
   */
  async function fromRedis(holder: string, requests: LeaseRequest[]): Promise<{ granted: Grant[] } | Refusal> {
    const shortOf = () => requests.filter((request) => book.available(request.account) < request.need).map((request) => request.account);
    // Redis may answer "wait" (a new epoch's grace period, a cap being changed), for 20 s at most.
    const waitUntil = Date.now() + 20_000;
    for (let shorts = 0; ; ) {
      const last = shorts === 2;
      if (last) for (const account of shortOf()) await returnSpare(account);
      const asks = requests.map((request) => ({
        account: request.account,
        need: Math.max(0, request.need - book.available(request.account)),
        extra: request.extra * Math.max(1, peers.size),
      }));
      let answer: Awaited<ReturnType<SharedBudgets["acquire"]>>;
      try {
        answer = await shared!.acquire(asks);
      } catch {
        return { unavailable: true };
      }
      if ("waitMs" in answer) {
        if (Date.now() > waitUntil) return { unavailable: true };
        await new Promise((done) => setTimeout(done, Math.min(answer.waitMs, 1_000)));
        continue;
      }
      if ("granted" in answer) for (const grant of answer.granted) book.setDurable(grant.account, book.durable(grant.account) + grant.amount);
      if (!peers.has(holder)) return { short: requests[0].account };
      // Granted, yet money may have left the node lease meanwhile (another node's recall): then ask again.
      const local = book.grant(holder, requests, peers.size, isScarce);
      if ("granted" in local) return local;
      if (last) {
        for (const account of shortOf()) await returnSpare(account);
        return "short" in answer ? answer : local;
      }
      shorts++;
      if ("short" in answer) await recallEverywhere(answer.short);
    }
  }

  /** Calls written in one transaction, and the charge count it left on each row it charged (see recordSettled). */
  type WrittenBatch = { settlements: Settlement[]; seqs: ChargeSeqs };
  type Written = { written: WrittenBatch[]; setAside: Settlement[]; retry: Settlement[]; error?: unknown };
  /**
   * Writes settled calls and says which went in. A batch the database refuses for a constraint is
   * written again a call at a time, and a call refused on its own is set aside, logged whole, so
   * that one call which cannot be written does not hold up every organization's ledger. Any other
   * failure (the database unreachable) leaves the calls to be retried at the next flush.
   */
  const writeSettled = async (batch: Settlement[]): Promise<Written> => {
    try {
      const seqs = await writeBatch(batch.map((settlement) => settlement.record), capStampsOf(batch));
      return { written: [{ settlements: batch, seqs }], setAside: [], retry: [] };
    } catch (error) {
      const violation = constraintViolation(error);
      if (!violation) return { written: [], setAside: [], retry: batch, error };
      if (batch.length === 1) {
        // Its record is there already: an earlier write committed, and only its answer was lost (so its
        // charge counts are unknown: Redis takes the charge off whatever it read, and reconciliation mends).
        if (violation.kind === "unique" && violation.column === "id") return { written: [{ settlements: batch, seqs: new Map() }], setAside: [], retry: [] };
        log("ledger.record_refused", { record: batch[0].record, error: String(error) });
        return { written: [], setAside: batch, retry: [] };
      }
      const result: Written = { written: [], setAside: [], retry: [] };
      for (let i = 0; i < batch.length && result.retry.length === 0; i++) {
        const one = await writeSettled([batch[i]]);
        result.written.push(...one.written);
        result.setAside.push(...one.setAside);
        if (one.retry.length > 0) Object.assign(result, { retry: batch.slice(i), error: one.error });
      }
      return result;
    }
  };

  const flush = () =>
    serially(async () => {
      if (queue.length === 0) return;
      const started = performance.now();
      const { written, setAside, retry, error } = await writeSettled(queue.splice(0));
      if (retry.length > 0) {
        queue = [...retry, ...queue];
        log("ledger.write_failed", { records: retry.length, error: String(error) });
      }
      for (const { record, accounts } of setAside) for (const account of accounts) book.setAside(account, record.cost);
      if (written.length === 0) return;
      const charges: Charge[] = [];
      let records = 0;
      for (const { settlements, seqs } of written) {
        const charged = new Map<AccountId, number>();
        for (const { record, accounts } of settlements) {
          records++;
          for (const account of accounts) {
            book.flushed(account, record.cost);
            if (record.cost > 0) charged.set(account, (charged.get(account) ?? 0) + record.cost);
          }
        }
        // A period's account (`key:<id>@<start>`) is counted on its key's row.
        for (const [account, amount] of charged) charges.push({ account, amount, seq: seqs.get(account.split("@")[0]) ?? unknownSeq });
      }
      lastWrite = { records, ms: performance.now() - started };
      // The node lease shrinks in Redis by what was just written, as it did here.
      if (shared) await mirror(charges.length > 0 ? [{ op: randomUUID(), charges }] : []);
    });
  let lastWrite = { records: 0, ms: 0 };

  const flushKeyUses = async () => {
    if (keyUses.size === 0) return;
    const batch = keyUses;
    keyUses = new Map();
    await store.keys.recordLastUsed(batch).catch((error) => {
      // Kept for the next flush (a later use of the same key meanwhile wins).
      for (const [keyId, at] of batch) if ((keyUses.get(keyId) ?? 0) < at) keyUses.set(keyId, at);
      log("keys.last_used_flush_failed", { keys: batch.size, error: String(error) });
    });
  };

  /** A top-up, a cap change, a member or key removed: re-read every account the owner holds (alone; in replica mode accounts change through Redis). */
  const reload = () =>
    serially(async () => {
      if (shared) return;
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
    // Replica mode: leases no worker of this node uses any more go back to the shared pool.
    setInterval(() => {
      if (!shared) return;
      for (const account of book.loaded()) if (book.leased(account) === 0 && book.available(account) > 0) void returnSpare(account);
    }, 2_000),
    setInterval(() => rates.sweep(Date.now()), 10_000),
    // Idle accounts of resetting caps' periods are forgotten (a past period would otherwise stay forever).
    setInterval(() => !shared && book.loaded().forEach((account) => account.includes("@") && book.forget(account)), 60_000),
    setInterval(async () => {
      const current = await store.revision.current().catch(() => revision);
      if (current !== revision) {
        revision = current;
        await reload().catch((error) => log("call_state.reload_failed", { error: String(error) }));
      }
    }, 250),
  ];
  for (const timer of timers) timer.unref();

  const judge = (report: ChannelReport) => {
    const restMs = report.failed && report.restSeconds !== undefined ? report.restSeconds * 1000 : undefined;
    if (report.probe) {
      circuits.probeEnded(report.channelId, report.failed, report.reason, restMs);
      void shared?.releaseProbe(report.channelId);
    } else if (report.failed !== undefined) circuits.record(report.channelId, report.failed, report.reason, restMs, report.sentAt);
  };

  /** The operations a worker may ask for; `holder` names the worker. */
  const handlersFor = (holder: string) => ({
    acquire: (requests: LeaseRequest[]) => acquire(holder, requests),
    giveBack: (grants: Grant[]) => {
      for (const grant of grants) book.giveBack(holder, grant.account, grant.amount);
    },
    settled: (packed: PackedSettlement[], successes: [channelId: string, calls: number, latestSentAt: number][], uses: [string, number][]) => {
      for (const settlement of packed.map(unpackSettlement)) {
        for (const account of settlement.accounts) book.charge(holder, account, settlement.record.cost);
        queue.push(settlement);
      }
      if (queue.length >= 500) void flush();
      for (const [channelId, calls, latestSentAt] of successes) circuits.succeeded(channelId, calls, latestSentAt);
      for (const [keyId, at] of uses) keyUses.set(keyId, at);
    },
    report: (report: ChannelReport) => judge(report),
    claimProbe: async (channelId: string) => {
      if (!shared) return circuits.claimProbe(channelId);
      // One probe for every node: the shared claim first, then this node's circuit.
      const { state, retryAt } = circuits.view(channelId);
      if (state === "closed") return true;
      if (state !== "open" || Date.now() < retryAt!) return false;
      if (!(await shared.claimProbe(channelId, circuit.probeDeadlineMs).catch(() => false))) return false;
      if (circuits.claimProbe(channelId)) return true;
      void shared.releaseProbe(channelId);
      return false;
    },
    /** Admits a call under its scopes' rate limits, or refuses it (which limit, when to retry). */
    admitRate: async (scopes: RateScope[]): Promise<Admission | { unavailable: true }> => {
      if (!shared) return rates.admit(scopes, Date.now(), holder);
      // Replica mode: one set of counters for every node, in Redis; unreachable means no call can be admitted safely.
      return shared.admitRate(holder, scopes, Date.now()).catch(() => ({ unavailable: true as const }));
    },
    /** Calls that ended: each one's slot in flight is released and its metered tokens counted (replica mode: retried until Redis takes them). */
    endRates: (ends: [RateTicket, number][]) => {
      const now = Date.now();
      if (shared) shared.endRates(ends);
      else for (const [ticket, tokens] of ends) rates.end(ticket, tokens, now, holder);
    },
    health: () => [...circuits.all()],
    /** What is left in each account counting charges not yet written (null: not loaded, so the stored figure is current). */
    // (Replica mode: an account here is only this node's lease, so readers use the stored figure, at most one batch behind.)
    remaining: async (accounts: AccountId[]) => {
      if (shared) return accounts.map(() => null);
      // Settlements waiting in the workers' batches first: a balance read right after a call shows its charge.
      await Promise.all([...peers.values()].map((peer) => peer.call("flush").catch(() => {})));
      return accounts.map((account) => book.remaining(account) ?? null);
    },
    /** A top-up (or, negative, a removal that must not take money leased to calls in flight). */
    adjustBalance: async (organizationId: string, amount: number) => {
      const account = `org:${organizationId}`;
      if (shared) {
        if (amount < 0) {
          await recallEverywhere(account);
          await recall(account);
          await returnSpare(account);
        }
        // Redis has the account before the database changes (a removal is taken out there first,
        // refused if the money is leased out): a node's load that read the balance before the write
        // would otherwise put that figure into Redis after it, and the change would be lost.
        const adjustment = await shared.beginAdjustment(account, amount);
        if (!adjustment) return false;
        // A removal whose write fails without an answer stays out: less money, never more.
        let written = Math.min(0, amount);
        try {
          const accepted = await store.organizations.adjustBalance(organizationId, amount);
          written = accepted ? amount : 0;
          return accepted;
        } finally {
          await shared.endAdjustment(adjustment, written);
        }
      }
      if (amount < 0) {
        await load([account]);
        await recall(account);
        if (book.available(account) < -amount) return false;
        // Out of the book at once, before the write: a lease granted while it is under way must not lend the money removed.
        book.setDurable(account, book.durable(account) + amount);
      }
      try {
        return await serially(() => store.organizations.adjustBalance(organizationId, amount));
      } finally {
        await reload(); // the book follows the database, whether the write went through or not
      }
    },
    /**
     * A member's or key's spend cap (or its period) about to change, before the database's write.
     * Replica mode: none of its accounts lends until `endCapRestart` has the one it counts in read
     * again from the database (see capRestartScript); null alone, where the reload after the write
     * reads the new cap.
     */
    beginCapRestart: async (account: AccountId): Promise<CapRestart | null> => (shared ? shared.beginCapRestart(account) : null),
    /** After the write: `account` (the cap's now; null: none) is read again, and idle leases of it lent from the earlier figure come back from every node. */
    endCapRestart: async (restart: CapRestart, account: AccountId | null) => {
      if (!shared) return;
      await shared.endCapRestart(restart, account);
      if (!account) return;
      await recallEverywhere(account);
      await recall(account);
      await returnSpare(account);
    },
    /** The catalog changed in this node's database writes: every node's workers reload (replica mode). */
    catalogChanged: () => {
      if (shared) void shared.publish({ type: "catalog", from: node });
      else broadcast("catalogChanged");
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
      shared?.dropRateHolder(holder);
      if (returned > 0) log("call_state.worker_leases_returned", { worker: holder, amount: returned });
    },
    health: (channelId: string): ChannelHealth => circuits.view(channelId),
    /** Settled calls waiting for the next batch write. */
    queued: () => queue.length,
    /** Graceful stop, after the last worker: every queued settlement and key use is written. */
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await flush();
      await flushKeyUses();
      if (queue.length > 0) log("ledger.unwritten_at_stop", { records: queue.length });
      if (shared) {
        // Written charges Redis has not heard of yet: a last try (if it fails, the sweep of this node has them read again).
        await serially(() => mirror([]));
        // Every lease of this node goes back: its workers are gone.
        const back = book.loaded().map((account) => ({ account, amount: book.durable(account) - book.unflushed(account) }));
        await shared.giveBack(back.filter((grant) => grant.amount > 0)).catch(() => {});
        await shared.close();
      }
    },
  };
}

export type CallStateOwner = ReturnType<typeof callStateOwner>;
