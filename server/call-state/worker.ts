// The call state as the relay in a worker sees it: holds on budget leases, settlements, and the
// channels' health — whatever owner stands behind it. Settlements, channel successes and key uses
// leave together every `settleBatchMs` (each message is a write to the IPC pipe: one per turn of
// the event loop cost the worker 9% of its CPU at saturation); ends of rate-limited calls leave
// in the next turn, as a slot in flight must come free before the client's next call.
import { periodClock } from "../clock.ts";
import { type CapPeriod, periodStart } from "../domain/cap-periods.ts";
import type { UsageRecord } from "../store/ledger.ts";
import type { AccountId, Grant, LeaseRequest } from "./accounts.ts";
import type { ChannelHealth } from "./circuit.ts";
import type { Admission, RateScope, RateTicket } from "./rate-limits.ts";
import { type Hold, leaseBook } from "./leases.ts";
import type { ChannelReport } from "./owner.ts";
import type { CapRestart } from "./redis.ts";
import { type PackedSettlement, accountsCharged, packSettlement } from "./settlement-wire.ts";
import type { Peer } from "./rpc.ts";

export type Holder = {
  organizationId: string;
  userId: string;
  keyId: string;
  memberCapped: boolean;
  keyCapped: boolean;
  /** Caps that reset: the period each one's cap counts in. */
  memberPeriod?: CapPeriod | null;
  keyPeriod?: CapPeriod | null;
};
export type Blocker = "organization" | "member" | "key";
export type CallHold = Hold;
export type CallStateStatus = {
  /** Calls holding money right now, over every worker, and what they hold per kind of account. */
  holds: { calls: number; held: Record<string, number> };
  leased: number;
  unflushed: number;
  queued: number;
  lastWrite: { records: number; ms: number };
};

const blockerOf: Record<string, Blocker> = { org: "organization", member: "member", key: "key" };

/** How long a settlement may wait in the worker to share a message with others. */
const settleBatchMs = 10;

/** A call's accounts; a cap that resets is the account of the period the call is held in (by the period clock). */
export const accountsOf = (holder: Holder): AccountId[] => {
  if (!holder.memberPeriod && !holder.keyPeriod) return accountsCharged(holder, holder.memberCapped, holder.keyCapped);
  const now = periodClock();
  return accountsCharged(holder, holder.memberCapped, holder.keyCapped, {
    member: holder.memberPeriod ? periodStart(holder.memberPeriod, now) : null,
    key: holder.keyPeriod ? periodStart(holder.keyPeriod, now) : null,
  });
};

export function workerCallState(owner: Peer, { leaseIdleMs }: { leaseIdleMs: number }) {
  const leases = leaseBook(
    {
      acquire: (requests: LeaseRequest[]) => owner.call("acquire", requests),
      giveBack: (grants: Grant[]) => owner.notify("giveBack", grants),
    },
    { idleMs: leaseIdleMs },
  );
  const health = new Map<string, ChannelHealth>();
  const catalogListeners: (() => void)[] = [];
  let settlements: PackedSettlement[] = [];
  /** Calls that succeeded on each channel since the last batch, and when the latest of them was sent (a success ends only a wait asked before it). */
  let successes = new Map<string, [channelId: string, calls: number, latestSentAt: number]>();
  let keyUses = new Map<string, number>();
  let rateEnds: [RateTicket, number][] = [];
  let settlementsDue: NodeJS.Timeout | undefined;
  let ratesDue = false;
  const sendRateEnds = () => {
    ratesDue = false;
    if (rateEnds.length === 0) return;
    owner.notify("endRates", rateEnds);
    rateEnds = [];
  };
  const send = () => {
    clearTimeout(settlementsDue);
    settlementsDue = undefined;
    sendRateEnds();
    if (settlements.length === 0 && successes.size === 0 && keyUses.size === 0) return;
    owner.notify("settled", settlements, [...successes.values()], [...keyUses]);
    settlements = [];
    successes = new Map();
    keyUses = new Map();
  };
  const soon = () => void (settlementsDue ??= setTimeout(send, settleBatchMs));
  const rateEndsSoon = () => {
    if (ratesDue) return;
    ratesDue = true;
    setImmediate(sendRateEnds);
  };

  return {
    /** Handlers for what the owner asks of this worker. */
    handlers: {
      recall: (account: AccountId) => leases.recall(account),
      // Settlements waiting for their batch leave ahead of the answer: a call no longer held is at the owner by then.
      holds: () => (send(), leases.holds()),
      flush: () => send(),
      health: (channelId: string, view: ChannelHealth) => void health.set(channelId, view),
      catalogChanged: () => void catalogListeners.forEach((listener) => listener()),
    },
    /** Another worker or node changed the catalog: `listener` reloads this worker's copy. */
    onCatalogChanged: (listener: () => void) => void catalogListeners.push(listener),
    /** This worker changed the catalog: every other worker and node hears of it. */
    catalogChanged: () => owner.notify("catalogChanged"),
    /**
     * Stores a change of a member's or key's spend cap or its period with `write` (`account`: one
     * of theirs). Replica mode: none of their accounts lends from before the write until the one the
     * cap counts in after it (`accountAfter`, read after the write) is read again from the database —
     * a change computed from what was read before the write could miss another made at the same
     * moment, and an account Redis kept of an earlier cap knows nothing of what was spent since. The
     * write must commit by the time it is given (`commitBy`), when the other nodes may read it again.
     */
    async restartCap<T>(account: AccountId, write: (commitBy?: number) => Promise<T>, accountAfter: () => Promise<AccountId | null>): Promise<T> {
      const restart = await owner.call<CapRestart | null>("beginCapRestart", account);
      try {
        return await write(restart?.commitBy);
      } finally {
        // Not ended if the database cannot say where the cap counts now: past its deadline the next node to ask reads it again.
        const after = restart ? await accountAfter().catch(() => undefined) : undefined;
        if (restart && after !== undefined) await owner.call("endCapRestart", restart, after);
      }
    },
    /** Loads the owner's view of every channel (at start). */
    async sync() {
      for (const [channelId, view] of await owner.call<[string, ChannelHealth][]>("health")) health.set(channelId, view);
    },

    /** Holds `amount` for a call, or says which budget refuses it — or that the shared store is unreachable (replica mode). */
    async hold(holder: Holder, amount: number): Promise<CallHold | { blocked: Blocker } | { unavailable: true }> {
      const held = await leases.hold(accountsOf(holder), amount);
      return "blocked" in held ? { blocked: blockerOf[held.blocked.slice(0, held.blocked.indexOf(":"))] } : held;
    },

    /** Ends a hold: the charged amount goes into the record, and both to the owner. Returns the record as charged. */
    settle(hold: CallHold, cost: number, record: Omit<UsageRecord, "cost">): UsageRecord {
      const charged = { ...record, cost: leases.settle(hold, cost) };
      settlements.push(packSettlement({ record: charged, accounts: hold.accounts }));
      soon();
      return charged;
    },

    /**
     * Asks the owner to admit a call under its scopes' rate limits. Only calls with a limit
     * somewhere (key, organization, group) come here: the others do no I/O for rate limits.
     */
    admitRate: (scopes: RateScope[]) => owner.call<Admission | { unavailable: true }>("admitRate", scopes),

    /** The admitted call is over: its slot in flight goes back, its metered tokens count (sent in the next turn). */
    endRate(ticket: RateTicket, meteredTokens: number) {
      rateEnds.push([ticket, meteredTokens]);
      rateEndsSoon();
    },

    /** A call the gateway refused itself (cost 0, no hold): its record goes with the next settlements. */
    recordRefusal(record: UsageRecord) {
      settlements.push(packSettlement({ record: { ...record, cost: 0 }, accounts: [] }));
      soon();
    },

    recordKeyUse(keyId: string) {
      keyUses.set(keyId, Date.now());
      soon();
    },

    channels: {
      /** Could the channel take a call now (an open circuit past its cool-down may be probed)? */
      available(channelId: string): boolean {
        const view = health.get(channelId);
        if (!view || view.state === "closed") return true;
        return view.state === "open" && Date.now() >= view.retryAt!;
      },
      /** Claims the channel for a call: free when closed, through the owner for a probe. */
      async admit(channelId: string): Promise<{ probe: boolean } | null> {
        const view = health.get(channelId);
        if (!view || view.state === "closed") return { probe: false };
        if (view.state !== "open" || Date.now() < view.retryAt!) return null;
        return (await owner.call<boolean>("claimProbe", channelId).catch(() => false)) ? { probe: true } : null;
      },
      /**
       * A failure (or a probe's end) moves the circuit every worker reads: it goes to the owner at
       * once, and resolves when the owner has judged it — and so when every worker has heard the
       * verdict — so the next call, from anyone, sees it. Successes go in the next batch, counted per channel.
       */
      async report(report: ChannelReport): Promise<void> {
        if (!report.probe && report.failed === undefined) return; // no verdict on the channel either way
        if (!report.probe && !report.failed) {
          const counted = successes.get(report.channelId);
          if (!counted) successes.set(report.channelId, [report.channelId, 1, report.sentAt]);
          else {
            counted[1]++;
            counted[2] = Math.max(counted[2], report.sentAt);
          }
          return soon();
        }
        send();
        await owner.call("report", report).catch(() => {});
      },
      /** Seconds until the first of these channels may be probed again. */
      retryAfterSeconds(channelIds: string[]): number {
        const times = channelIds.map((id) => health.get(id)?.retryAt).filter((at): at is number => typeof at === "number");
        return times.length ? Math.max(1, Math.ceil((Math.min(...times) - Date.now()) / 1000)) : 1;
      },
      /** Every channel's health as the owner sees it now. */
      fresh: async () => new Map(await owner.call<[string, ChannelHealth][]>("health")),
      view: (channelId: string): ChannelHealth =>
        health.get(channelId) ?? { state: "closed", calls: 0, failures: 0, consecutiveFailures: 0, lastError: null, lastFailureAt: null, retryAt: null },
    },

    remaining: (accounts: AccountId[]) => owner.call<(number | null)[]>("remaining", accounts),
    adjustBalance: (organizationId: string, amount: number) => owner.call<boolean>("adjustBalance", organizationId, amount),
    status: () => owner.call<CallStateStatus>("status"),

    /** After the last call of a graceful stop: pending messages out, leases back, and a reply that says the owner has them. */
    async stop() {
      send();
      leases.returnAll();
      leases.close();
      await owner.call("status").catch(() => {});
    },
  };
}

export type CallState = ReturnType<typeof workerCallState>;
