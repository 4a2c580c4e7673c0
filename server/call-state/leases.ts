// A worker's side of the budget: slices of accounts leased from the owner, from which each call's
// hold is taken in memory — no I/O on the request path while a lease has room. A lease is topped
// up ahead of need, given back when idle or when the owner recalls it, and a call whose hold does
// not fit gives back what is free of the short account and asks the owner for its whole amount, so
// no call is refused that the account could still afford. A hold lives exactly as long as its
// call: `settle` ends it.
import type { AccountId, Grant, LeaseRequest } from "./accounts.ts";

export type OwnerLink = {
  acquire(requests: LeaseRequest[]): Promise<{ granted: Grant[] } | { short: AccountId } | { unavailable: true }>;
  giveBack(grants: Grant[]): void;
};

export type Hold = { accounts: AccountId[]; amount: number };

type Lease = { size: number; held: number; lastUsed: number; refilling: boolean; dryUntil: number };

/** How many calls of the current size a lease reaches ahead, beyond what is held right now. */
const callsAhead = 16;
/** How often one call asks the owner before it gives up (each ask after the first follows a grant, a recall, or money given back). */
const maxAsks = 8;

export function leaseBook(link: OwnerLink, { idleMs = 2_000 }: { idleMs?: number } = {}) {
  const leases = new Map<AccountId, Lease>();
  let holds = 0;
  /** Recalls that took spare money back: a refusal decided across one of them is stale. */
  let recalls = 0;
  const lease = (account: AccountId) => {
    let found = leases.get(account);
    if (!found) leases.set(account, (found = { size: 0, held: 0, lastUsed: Date.now(), refilling: false, dryUntil: 0 }));
    return found;
  };
  const free = (account: AccountId) => {
    const found = leases.get(account);
    return found ? found.size - found.held : 0;
  };
  const wanted = (account: AccountId, amount: number) => lease(account).held + callsAhead * amount;
  const add = (grants: Grant[]) => {
    for (const grant of grants) lease(grant.account).size += grant.amount;
  };
  const take = (accounts: AccountId[], amount: number): Hold | null => {
    if (accounts.some((account) => free(account) < amount)) return null;
    const now = Date.now();
    for (const account of accounts) {
      const found = lease(account);
      found.held += amount;
      found.lastUsed = now;
    }
    holds++;
    return { accounts, amount };
  };
  const giveBackFree = (account: AccountId) => {
    const found = lease(account);
    const spare = found.size - found.held;
    if (spare <= 0) return;
    found.size = found.held;
    link.giveBack([{ account, amount: spare }]);
  };
  /** Tops a lease up in the background once less than the calls now under way is free. */
  const refillAhead = (accounts: AccountId[], amount: number) => {
    for (const account of accounts) {
      const found = lease(account);
      if (found.refilling || free(account) >= Math.max(2 * amount, found.held) || Date.now() < found.dryUntil) continue;
      found.refilling = true;
      link
        .acquire([{ account, need: 0, extra: wanted(account, amount) }])
        .then((answer) => {
          const got = "granted" in answer ? answer.granted.reduce((sum, grant) => sum + grant.amount, 0) : 0;
          if ("granted" in answer) add(answer.granted);
          // Nothing to spare at the owner: do not ask again at once.
          if (got === 0) found.dryUntil = Date.now() + 250;
        })
        .catch(() => {})
        .finally(() => (found.refilling = false));
    }
  };

  const idleTimer = setInterval(() => {
    const cutoff = Date.now() - idleMs;
    const back: Grant[] = [];
    for (const [account, found] of leases) {
      if (found.held === 0 && found.lastUsed < cutoff && !found.refilling) {
        if (found.size > 0) back.push({ account, amount: found.size });
        leases.delete(account);
      }
    }
    if (back.length) link.giveBack(back);
  }, Math.max(50, idleMs / 2));
  idleTimer.unref();

  return {
    /**
     * Holds `amount` on every account, or names the account that cannot cover it. For each account
     * whose lease lacks room, the owner gets back what is free here and is asked for the whole
     * amount, so its refusal is a verdict on all the money not held by calls. A recall that took
     * spare money while the owner decided makes that refusal stale (the money went back to the
     * owner), so the call asks again. A grant that other calls' takes or a recall overtook is
     * asked for again the same way.
     */
    async hold(accounts: AccountId[], amount: number): Promise<Hold | { blocked: AccountId } | { unavailable: true }> {
      for (let asks = 0; ; asks++) {
        const held = take(accounts, amount);
        if (held) {
          refillAhead(accounts, amount);
          return held;
        }
        // What is free here of an account that cannot cover the call goes back before the call
        // asks for its whole amount. Partial sums left idle in two workers could otherwise each
        // fall short of a call that the account as a whole can afford, and recalls of each by the
        // other's asks could go back and forth until both calls gave up.
        const short = accounts.filter((account) => free(account) < amount);
        for (const account of short) giveBackFree(account);
        // Asked again and again with money moving each time: only when calls keep racing for the last of it.
        if (asks === maxAsks) return { blocked: short[0] ?? accounts[0] };
        const recallsBefore = recalls;
        const answer = await link.acquire(
          accounts.map((account) => ({ account, need: Math.max(0, amount - free(account)), extra: wanted(account, amount) })),
        );
        if ("granted" in answer) {
          add(answer.granted);
          continue;
        }
        // Meanwhile grants to this worker's other calls may have left room here: look once more.
        const heldAfterAll = take(accounts, amount);
        if (heldAfterAll) return heldAfterAll;
        if (recalls !== recallsBefore) continue;
        return "unavailable" in answer ? answer : { blocked: answer.short };
      }
    },

    /**
     * Ends a hold and returns what is charged: the cost, or — when a cost exceeds its hold — as
     * much of it as the leases can still cover, so no account goes below zero.
     */
    settle(hold: Hold, cost: number): number {
      holds--;
      for (const account of hold.accounts) lease(account).held -= hold.amount;
      // Released, the hold's amount is part of what each lease has free: beyond the cost, no more than that.
      const charged = cost <= hold.amount ? cost : Math.min(cost, ...hold.accounts.map(free));
      for (const account of hold.accounts) lease(account).size -= charged;
      return charged;
    },

    /** The owner needs money back: everything not held by a call is returned (in the reply). */
    recall(account: AccountId): number {
      const found = leases.get(account);
      if (!found) return 0;
      const spare = found.size - found.held;
      found.size = found.held;
      found.dryUntil = Date.now() + 250;
      if (spare > 0) recalls++;
      return spare;
    },

    /** On shutdown, after the last call: every lease goes back. */
    returnAll() {
      const back = [...leases].filter(([, found]) => found.size > 0).map(([account, found]) => ({ account, amount: found.size - found.held }));
      leases.clear();
      if (back.length) link.giveBack(back);
    },

    /** Calls holding money right now, and how much they hold per kind of account. */
    holds() {
      const held: Record<string, number> = { org: 0, member: 0, key: 0 };
      for (const [account, found] of leases) held[account.slice(0, account.indexOf(":"))] += found.held;
      return { calls: holds, held };
    },
    close: () => clearInterval(idleTimer),
  };
}

export type LeaseBook = ReturnType<typeof leaseBook>;
