// Replica mode, one node's call-state owner cut off from Redis (a proxy in front of Redis that the
// test cuts) while Redis and the other node go on. Cut off for longer than the heartbeat's TTL (3 s),
// a node is swept by the others: it must have stopped spending its leases by then, and once back
// Redis must count again what its calls hold and its calls in flight. A call's rate-limit end that
// does not reach Redis is sent again until Redis takes it, and counts once. Charges it writes to
// the database meanwhile are never lent again: not after a sweep, not after its stop, not when Redis
// comes back empty; and its stop does not wait for Redis.
import { describe, expect, it, vi } from "vitest";
import { redisShared } from "../../server/call-state/redis.ts";
import type { Admission, RateScope, RateTicket } from "../../server/call-state/rate-limits.ts";
import type { CallHold, CallState, Holder } from "../../server/call-state/worker.ts";
import type { UsageRecord } from "../../server/store/ledger.ts";
import type { Store } from "../../server/store/store.ts";
import { ownerWithWorkers, usageRecord } from "../helpers/call-state.ts";
import { unique } from "../helpers/fixtures.ts";
import { type RedisProxy, privateRedis, redisPrerequisite, redisProxy } from "../helpers/replicas.ts";
import { sleep } from "../mock-upstreams/server.ts";

/** The database as the owners read it: every account holds `balance` (these tests write no charge). */
const storeHolding = (balance: number) =>
  ({
    budgets: { remainingAt: async (accounts: string[]) => new Map(accounts.map((account) => [account, { left: balance, seq: 0 }])), recordSettled: async () => new Map() },
    revision: { current: async () => 0 },
    keys: { recordLastUsed: async () => {} },
  }) as unknown as Store;

/** The database as the owners read and write it: organizations' balances, which written charges lower (every one starts at `balance`). */
function ledgerHolding(balance: number) {
  const balances = new Map<string, number>();
  /** Each account's charge count, as the rows' charge_seq. */
  const seqs = new Map<string, number>();
  const store = {
    budgets: {
      remainingAt: async (accounts: string[]) => new Map(accounts.map((account) => [account, { left: balances.get(account) ?? balance, seq: seqs.get(account) ?? 0 }])),
      recordSettled: async (records: UsageRecord[]) => {
        const charged = new Map<string, number>();
        for (const record of records) {
          const account = `org:${record.organizationId}`;
          balances.set(account, (balances.get(account) ?? balance) - record.cost);
          if (!charged.has(account)) seqs.set(account, (seqs.get(account) ?? 0) + 1);
          charged.set(account, seqs.get(account)!);
        }
        return charged;
      },
    },
    revision: { current: async () => 0 },
    keys: { recordLastUsed: async () => {} },
  } as unknown as Store;
  return { store, balance: (account: string) => balances.get(account) ?? balance };
}

/** What `promise` came to within `ms`. */
const within = (ms: number, promise: Promise<unknown>) =>
  Promise.race([promise.then(() => "done"), new Promise((done) => setTimeout(() => done(`still pending after ${ms} ms`), ms))]);

const admitted = (answer: Admission | { unavailable: true }): RateTicket => {
  if (!("admitted" in answer) || !answer.admitted) throw new Error(`not admitted: ${JSON.stringify(answer)}`);
  return answer.ticket;
};

describe.skipIf(redisPrerequisite !== null)(`a replica cut off from Redis${redisPrerequisite ? ` (skipped: ${redisPrerequisite})` : ""}`, () => {
  const own = privateRedis();

  /**
   * Node A reaches Redis through a proxy the test can cut, node B directly; each owner has one
   * worker. With `ledger`, both read and write it, and write settled calls every 100 ms.
   */
  async function twoNodes(balance: number, ledger?: ReturnType<typeof ledgerHolding>) {
    const proxy = await redisProxy(own.redis.port);
    const names = { a: unique("node-a"), b: unique("node-b") };
    const a = ownerWithWorkers(ledger?.store ?? storeHolding(balance), 1, ledger ? 100 : 60_000, { redisUrl: proxy.url, node: names.a });
    const b = ownerWithWorkers(ledger?.store ?? storeHolding(balance), 1, ledger ? 100 : 60_000, { redisUrl: own.redis.url, node: names.b });
    const stopped = new Set<unknown>();
    /** Stops a node (once). */
    const stop = async (node: typeof a) => {
      if (stopped.has(node)) return;
      stopped.add(node);
      await node.workers[0].stop();
      await node.owner.stop();
    };
    own.stops.push(async () => {
      proxy.restore();
      for (const node of [a, b]) await stop(node);
      await proxy.close();
    });
    await vi.waitFor(async () => expect(await Promise.all([names.a, names.b].map((name) => own.client.exists(`tg:alive:${name}`)))).toEqual([1, 1]), { timeout: 5_000 });
    const organizationId = unique("org");
    const holder: Holder = { organizationId, userId: "u", keyId: "k", memberCapped: false, keyCapped: false };
    return { proxy, names, a: a.workers[0], b: b.workers[0], holder, organizationId, account: `org:${organizationId}`, stopA: () => stop(a) };
  }

  const oneAtATime = (): RateScope[] => [{ id: `key:${unique("k")}`, limits: { rpm: null, tpm: null, concurrent: 1 } }];

  /** Cuts A off until B's sweep has taken A out of the nodes (its heartbeat lapsed). */
  async function cutUntilSwept(proxy: RedisProxy, node: string) {
    proxy.cut();
    await vi.waitFor(async () => expect(await own.client.sismember("tg:nodes", node)).toBe(0), { timeout: 8_000, interval: 100 });
  }

  it("stops spending its leases before the others may sweep it: a call that its worker's spare lease would cover is refused (503), not held", async () => {
    const { proxy, names, a, holder, account } = await twoNodes(1_000);
    const call = await a.hold(holder, 100);
    expect(call).toEqual({ accounts: [account], amount: 100 });
    // A's worker leases more than its call holds (a lease reaches ahead), so a call of 50 would fit without asking anyone.
    proxy.cut();
    await sleep(2_500); // out of touch for longer than the TTL less a beat (2 s)
    expect(await a.hold(holder, 50)).toEqual({ unavailable: true });
    await cutUntilSwept(proxy, names.a);
    expect(await a.hold(holder, 50)).toEqual({ unavailable: true });
    proxy.restore();
    // Back and registered again, A lends as before.
    await vi.waitFor(async () => expect(await a.hold(holder, 50)).toEqual({ accounts: [account], amount: 50 }), { timeout: 10_000, interval: 200 });
  }, 30_000);

  it("once back after a sweep, Redis counts again what its call holds and its call in flight, and nobody is lent that money twice", async () => {
    const { proxy, names, a, b, holder, account } = await twoNodes(1_000);
    const scopes = oneAtATime();
    // A's call holds 100 of the 1,000 and is in flight under a concurrency limit of 1.
    const callA = (await a.hold(holder, 100)) as CallHold;
    expect(callA).toEqual({ accounts: [account], amount: 100 });
    const ticketA = admitted(await a.admitRate(scopes));
    expect(await b.admitRate(scopes)).toMatchObject({ admitted: false, limit: "concurrent" });

    await cutUntilSwept(proxy, names.a);
    // Swept, A's leases went back to the pool: B may be lent all of it meanwhile (the README's bound: what A's calls held).
    expect(await own.client.hget(`tg:leases:${names.a}`, account)).toBeNull();
    const callB = (await b.hold(holder, 900)) as CallHold;
    expect(callB).toEqual({ accounts: [account], amount: 900 });
    proxy.restore();

    // Back, A registers what its call holds (its spare went back) and its call in flight...
    await vi.waitFor(async () => expect(await own.client.hget(`tg:leases:${names.a}`, account)).toBe("100"), { timeout: 10_000, interval: 100 });
    expect(await own.client.hlen(`tg:rateflight:${scopes[0].id}`)).toBe(1);
    expect(await b.admitRate(scopes)).toMatchObject({ admitted: false, limit: "concurrent" });
    // ...and B gives back what its call does not hold: all 1,000 is held by the two calls, and neither node lends more.
    await vi.waitFor(async () => expect(await own.client.hget(`tg:acct:${account}`, "leased")).toBe("1000"), { timeout: 5_000, interval: 100 });
    expect(await b.hold(holder, 50)).toEqual({ blocked: "organization" });
    expect(await a.hold(holder, 50)).toEqual({ blocked: "organization" });

    // A's call ends: its slot is free for B.
    a.endRate(ticketA, 10);
    await vi.waitFor(async () => expect(await own.client.hlen(`tg:rateflight:${scopes[0].id}`)).toBe(0), { timeout: 5_000 });
    expect(await b.admitRate(scopes)).toMatchObject({ admitted: true });
  }, 40_000);

  it("a call's end that fails to reach Redis (a blip shorter than the sweep) is sent again: its slot comes free and its tokens count", async () => {
    const { proxy, a, b } = await twoNodes(1_000);
    const scopes = oneAtATime();
    const ticket = admitted(await a.admitRate(scopes));
    proxy.cut();
    await sleep(100);
    a.endRate(ticket, 42);
    await sleep(300);
    proxy.restore();
    await vi.waitFor(async () => expect(await own.client.hlen(`tg:rateflight:${scopes[0].id}`)).toBe(0), { timeout: 5_000, interval: 100 });
    expect(await own.client.hget(`tg:rate:${scopes[0].id}`, "tokens")).toBe("42");
    expect(await b.admitRate(scopes)).toMatchObject({ admitted: true });
  }, 30_000);

  it("an end that Redis took but whose answer was lost counts once when it is sent again", async () => {
    const { proxy, a } = await twoNodes(1_000);
    const scopes: RateScope[] = [{ id: `key:${unique("k")}`, limits: { rpm: null, tpm: null, concurrent: 2 } }];
    // Two calls of the same worker in flight; the first ends while Redis's answers are lost.
    const first = admitted(await a.admitRate(scopes));
    const second = admitted(await a.admitRate(scopes));
    proxy.deafen();
    a.endRate(first, 42);
    await sleep(200);
    proxy.cut();
    await sleep(200);
    proxy.restore();
    await sleep(2_500); // reconnected: the end has been sent again by now
    expect(await own.client.hget(`tg:rate:${scopes[0].id}`, "tokens")).toBe("42");
    // The second call still counts in flight: a limit of 2 admits one more call, not two.
    const third = admitted(await a.admitRate(scopes));
    expect(await a.admitRate(scopes)).toMatchObject({ admitted: false, limit: "concurrent" });
    for (const ticket of [second, third]) a.endRate(ticket, 1);
    await vi.waitFor(async () => expect(await own.client.hlen(`tg:rateflight:${scopes[0].id}`)).toBe(0), { timeout: 5_000 });
    expect(await own.client.hget(`tg:rate:${scopes[0].id}`, "tokens")).toBe("44");
  }, 30_000);

  it("an end that Redis took but whose answer was lost, then a sweep: once back, the call is not put in flight again and its tokens count once", async () => {
    const { proxy, names, a } = await twoNodes(1_000);
    const scopes: RateScope[] = [{ id: `key:${unique("k")}`, limits: { rpm: null, tpm: null, concurrent: 1 } }];
    const ticket = admitted(await a.admitRate(scopes));
    proxy.deafen();
    a.endRate(ticket, 42);
    await sleep(200); // Redis took the end; its answer went nowhere
    // Then Redis cannot be reached at all (the end fails, not sent again by the client) until A is swept.
    await proxy.down();
    await vi.waitFor(async () => expect(await own.client.sismember("tg:nodes", names.a)).toBe(0), { timeout: 8_000, interval: 100 });
    proxy.restore();
    // Back and registered again, A sends the end again.
    await vi.waitFor(async () => expect(await own.client.exists(`tg:alive:${names.a}`)).toBe(1), { timeout: 10_000, interval: 100 });
    await sleep(2_500);
    expect(await own.client.hget(`tg:rate:${scopes[0].id}`, "tokens")).toBe("42");
    expect(await own.client.hlen(`tg:rateflight:${scopes[0].id}`)).toBe(0);
    expect(await a.admitRate(scopes)).toMatchObject({ admitted: true });
  }, 30_000);

  /** A call that ends costing `cost`: its node writes the charge with its next batch. */
  const settleCharged = (node: CallState, call: CallHold, ids: { organizationId: string }, cost: number) =>
    node.settle(call, cost, usageRecord({ organizationId: ids.organizationId, userId: "u", keyId: "k", cost, requestId: unique("r") }));

  it("charges it wrote while cut off from a Redis that came back empty come off the account another node rebuilt before they were written", async () => {
    const ledger = ledgerHolding(1_000);
    const { proxy, names, a, b, holder, organizationId, account } = await twoNodes(1_000, ledger);
    const callA = (await a.hold(holder, 100)) as CallHold;
    expect(callA).toEqual({ accounts: [account], amount: 100 });
    proxy.cut();
    await own.client.flushall(); // Redis restarted empty; A cannot reach it
    // B rebuilds the account from the database once the grace period is over: 1,000 (A's call is not charged yet).
    const callB = (await b.hold(holder, 10)) as CallHold;
    expect(callB).toEqual({ accounts: [account], amount: 10 });
    // A's call ends and is written while A is still cut off: 900.
    settleCharged(a, callA, { organizationId }, 100);
    await vi.waitFor(() => expect(ledger.balance(account)).toBe(900), { timeout: 5_000 });
    proxy.restore();
    // Back, A tells the new Redis of its charge: the account B rebuilt did not have it.
    await vi.waitFor(async () => expect(await own.client.exists(`tg:alive:${names.a}`)).toBe(1), { timeout: 10_000, interval: 100 });
    await vi.waitFor(async () => expect(Number(await own.client.hget(`tg:acct:${account}`, "durable"))).toBe(900), { timeout: 5_000, interval: 100 });
    settleCharged(b, callB, { organizationId }, 0);
  }, 40_000);

  it("swept with charges Redis never heard of: the next node that asks reads the account again, and once back the node's charges are not taken twice", async () => {
    const ledger = ledgerHolding(1_000);
    const { proxy, names, a, b, holder, organizationId, account } = await twoNodes(1_000, ledger);
    const callA = (await a.hold(holder, 300)) as CallHold;
    proxy.cut(); // A's charge will not reach Redis
    settleCharged(a, callA, { organizationId }, 300);
    await vi.waitFor(() => expect(ledger.balance(account)).toBe(700), { timeout: 5_000 });
    await cutUntilSwept(proxy, names.a);
    // A's lease went back to the pool, which still counted the 300 A charged.
    expect(await b.hold(holder, 1_000)).toEqual({ blocked: "organization" });
    expect(Number(await own.client.hget(`tg:acct:${account}`, "durable"))).toBe(700);
    const rest = (await b.hold(holder, 700)) as CallHold;
    expect(rest).toEqual({ accounts: [account], amount: 700 });
    proxy.restore();
    // Back, A sends its charge: the account B read again has it already.
    await vi.waitFor(async () => expect(await own.client.exists(`tg:alive:${names.a}`)).toBe(1), { timeout: 10_000, interval: 100 });
    await sleep(1_500);
    expect(Number(await own.client.hget(`tg:acct:${account}`, "durable"))).toBe(700);
    settleCharged(b, rest, { organizationId }, 0);
  }, 40_000);

  it("stopped while cut off: its stop ends, and the charges it wrote are not lent again once it is swept", async () => {
    const ledger = ledgerHolding(1_000);
    const { proxy, names, a, b, holder, organizationId, account, stopA } = await twoNodes(1_000, ledger);
    const callA = (await a.hold(holder, 300)) as CallHold;
    proxy.cut();
    settleCharged(a, callA, { organizationId }, 300);
    await vi.waitFor(() => expect(ledger.balance(account)).toBe(700), { timeout: 5_000 });
    // A rolling deploy stops A while it still cannot reach Redis.
    expect(await within(5_000, stopA())).toBe("done");
    await vi.waitFor(async () => expect(await own.client.sismember("tg:nodes", names.a)).toBe(0), { timeout: 10_000, interval: 100 });
    expect(await b.hold(holder, 1_000)).toEqual({ blocked: "organization" });
    expect(Number(await own.client.hget(`tg:acct:${account}`, "durable"))).toBe(700);
  }, 40_000);

  it("the shared store's close ends while Redis cannot be reached", async () => {
    const proxy = await redisProxy(own.redis.port);
    own.stops.push(() => proxy.close());
    const shared = redisShared({ url: proxy.url, node: unique("node"), log: () => {}, durableOf: async (accounts) => new Map(accounts.map((account) => [account, { left: 1_000, seq: 0 }])), onRejoin: async () => {}, onCutOff: () => {}, onMessage: () => {} });
    await vi.waitFor(() => expect(shared.up).toBe(true), { timeout: 5_000 });
    proxy.cut();
    await sleep(300);
    expect(await within(3_000, shared.close())).toBe("done");
  }, 20_000);
});
