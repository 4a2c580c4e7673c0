// The owner's book of budget accounts: an organization's balance, or what is left under a member's
// or a key's spend cap. Each account knows what the database holds (durable), what has been
// charged but not yet written (unflushed), and the slices of it leased to each holder (a worker
// process). Money is never granted twice: available = durable − unflushed − Σ leases ≥ 0.
// Pure bookkeeping, no I/O: the owner around it loads accounts and writes charges.

export type AccountId = string;
export type LeaseRequest = { account: AccountId; /** must be granted, or nothing is */ need: number; /** granted as far as the share allows */ extra: number };
export type Grant = { account: AccountId; amount: number };

type Account = { durable: number; unflushed: number; leases: Map<string, number> };

/** Account ids carry their kind: `org:<id>`, `member:<id>`, `key:<id>`. */
export const accountKind = (account: AccountId) => account.slice(0, account.indexOf(":"));

export function accountBook() {
  const accounts = new Map<AccountId, Account>();
  const leasedOut = (account: Account) => {
    let sum = 0;
    for (const amount of account.leases.values()) sum += amount;
    return sum;
  };
  const availableIn = (account: Account) => account.durable - account.unflushed - leasedOut(account);

  return {
    has: (id: AccountId) => accounts.has(id),

    /** Sets what the database holds for an account (first load, or a reload after a top-up or cap change). */
    setDurable(id: AccountId, durable: number) {
      const account = accounts.get(id);
      if (account) account.durable = durable;
      else accounts.set(id, { durable, unflushed: 0, leases: new Map() });
    },

    available(id: AccountId): number {
      const account = accounts.get(id);
      return account ? availableIn(account) : 0;
    },

    /** What the account holds once pending charges are written: the balance a reader should see. */
    remaining(id: AccountId): number | undefined {
      const account = accounts.get(id);
      return account && account.durable - account.unflushed;
    },

    durable(id: AccountId): number {
      return accounts.get(id)?.durable ?? 0;
    },

    /** Leased to any holder right now. */
    leased(id: AccountId): number {
      const account = accounts.get(id);
      return account ? leasedOut(account) : 0;
    },

    unflushed(id: AccountId): number {
      return accounts.get(id)?.unflushed ?? 0;
    },

    /**
     * Grants every request its `need` plus a share of the rest, or nothing at all. The share is a
     * fraction of what is left, split among `holders`, so leases shrink as an account runs low; a
     * `scarce` account (one a call was just short of) grants no share at all, so the last of it goes
     * out as exact per-call amounts and no refill ahead of need can take what a waiting call needs.
     */
    grant(holder: string, requests: LeaseRequest[], holders: number, scarce: (account: AccountId) => boolean = () => false): { granted: Grant[] } | { short: AccountId } {
      for (const request of requests) {
        const account = accounts.get(request.account);
        if (!account || availableIn(account) < request.need) return { short: request.account };
      }
      const granted = requests.map((request) => {
        const account = accounts.get(request.account)!;
        const spare = availableIn(account) - request.need;
        // While an account is scarce (a call was just short of it), only exact needs are granted.
        const share = scarce(request.account) ? 0 : Math.min(request.extra, Math.floor(spare / (2 * Math.max(1, holders))));
        const amount = request.need + share;
        account.leases.set(holder, (account.leases.get(holder) ?? 0) + amount);
        return { account: request.account, amount };
      });
      return { granted };
    },

    /** Money a holder gives back unused. */
    giveBack(holder: string, id: AccountId, amount: number) {
      const account = accounts.get(id);
      const lease = account?.leases.get(holder);
      if (!account || lease === undefined) return;
      const left = lease - Math.min(lease, amount);
      if (left > 0) account.leases.set(holder, left);
      else account.leases.delete(holder);
    },

    /** A settled call's cost, taken from the holder's lease; written to the database later. */
    charge(holder: string, id: AccountId, amount: number) {
      const account = accounts.get(id);
      if (!account) return;
      this.giveBack(holder, id, amount);
      account.unflushed += amount;
    },

    /** After a batch of charges reached the database. */
    flushed(id: AccountId, amount: number) {
      const account = accounts.get(id);
      if (!account) return;
      account.unflushed -= amount;
      account.durable -= amount;
    },

    /** A charge the database refused for good: it will not be written, and the account keeps the money. */
    setAside(id: AccountId, amount: number) {
      const account = accounts.get(id);
      if (account) account.unflushed -= amount;
    },

    /** A holder that is gone (a worker that exited): every lease it had returns at once. */
    dropHolder(holder: string): number {
      let returned = 0;
      for (const account of accounts.values()) {
        returned += account.leases.get(holder) ?? 0;
        account.leases.delete(holder);
      }
      return returned;
    },

    /** Drops an account nobody holds and nothing is owed to (e.g. a spend cap's past period); a later use loads it again. */
    forget(id: AccountId): boolean {
      const account = accounts.get(id);
      if (!account || account.leases.size > 0 || account.unflushed !== 0) return false;
      return accounts.delete(id);
    },

    holdersOf(id: AccountId): string[] {
      return [...(accounts.get(id)?.leases.keys() ?? [])];
    },

    loaded: () => [...accounts.keys()],

    /** Totals for the operator: money leased out and not yet written. */
    totals() {
      let leased = 0;
      let unflushed = 0;
      for (const account of accounts.values()) {
        leased += leasedOut(account);
        unflushed += account.unflushed;
      }
      return { leased, unflushed };
    },
  };
}

export type AccountBook = ReturnType<typeof accountBook>;
