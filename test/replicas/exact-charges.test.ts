// Replica mode: Redis tells a charge that a database read already holds from one it lacks by the
// charge's number on its row (budgets.ts charge_seq), never by clocks. Two nodes on the test's
// Redis share one simulated database row; a node's read can be held open while the other commits a
// charge and tells Redis, the moments a replica's death, a sweep and the reload after it bring
// together. Whatever the order, Redis ends with what the database holds, to the micro. And
// reconciliation mends (and reports) a difference that nothing explains.
import { describe, expect, it, vi } from "vitest";
import { type SharedOptions, redisShared } from "../../server/call-state/redis.ts";
import { unique } from "../helpers/fixtures.ts";
import { privateRedis, redisPrerequisite } from "../helpers/replicas.ts";

describe.skipIf(redisPrerequisite !== null)(`charges counted once by their numbers${redisPrerequisite ? ` (skipped: ${redisPrerequisite})` : ""}`, () => {
  const own = privateRedis();

  /** One account's row: what it holds and how many charges it took; `charge` commits one. */
  function row(left: number) {
    const database = { left, seq: 0 };
    return {
      database,
      charge(amount: number) {
        database.left -= amount;
        return ++database.seq;
      },
    };
  }

  /** A node on the test's Redis that reads `database`; `duringRead` runs inside its next read, after the row is read. */
  async function node(database: { left: number; seq: number }, extra: Partial<SharedOptions> = {}) {
    const hooks: { duringRead?: () => Promise<void> } = {};
    const shared = redisShared({
      url: own.redis.url,
      node: unique("node"),
      log: () => {},
      durableOf: async (accounts) => {
        const read = { ...database };
        const during = hooks.duringRead;
        hooks.duringRead = undefined;
        await during?.();
        return new Map(accounts.map((account) => [account, read]));
      },
      onRejoin: async () => {},
      onCutOff: () => {},
      onMessage: () => {},
      heartbeatMs: 60_000,
      graceMs: 0,
      reconcileMs: 0,
      ...extra,
    });
    own.stops.push(() => shared.close());
    await vi.waitFor(() => expect(shared.up).toBe(true), { timeout: 5_000 });
    return { shared, hooks };
  }

  const durable = async (account: string) => Number(await own.client.hget(`tg:acct:${account}`, "durable"));

  it("a charge the load's read already holds is not taken again when its node tells Redis after the load", async () => {
    const account = `org:${unique("o")}`;
    const { database, charge } = row(1_000);
    const a = await node(database);
    const b = await node(database);
    const seq = charge(100); // B's batch commits…
    await a.shared.acquire([{ account, need: 0, extra: 0 }]); // …A loads the account from a read that has it…
    await b.shared.flushed([{ account, amount: 100, seq }]); // …and only then does B tell Redis.
    expect(await durable(account)).toBe(900);
  });

  it("a charge that commits before a reload's read and reaches Redis during it is taken off once (the reload after a sweep)", async () => {
    const account = `org:${unique("o")}`;
    const { database, charge } = row(1_000);
    const a = await node(database);
    const b = await node(database);
    await a.shared.acquire([{ account, need: 0, extra: 0 }]);
    // A swept node's accounts are read again by the next node that asks.
    await own.client.hset(`tg:acct:${account}`, "stale", "1");
    // B's charge commits just before A's read; B tells Redis while A's read is under way (after it saw the row).
    const seq = charge(100);
    // (The lease's own read comes first; the hook waits for the reload's.)
    a.hooks.duringRead = async () => {
      a.hooks.duringRead = async () => void (await b.shared.flushed([{ account, amount: 100, seq }]));
    };
    await a.shared.acquire([{ account, need: 0, extra: 0 }]);
    expect(database.left).toBe(900);
    expect(await durable(account)).toBe(900);
  });

  it("a node that dies between a charge's commit and telling Redis: the node that sweeps it reads its accounts again at once, though no node asks for them", async () => {
    const account = `key:${unique("k")}`;
    const { database, charge } = row(1_000);
    // Heartbeats every 100 ms: A's alive key lapses 300 ms after its last, and B's next beat sweeps it.
    const a = await node(database, { heartbeatMs: 100 });
    await node(database, { heartbeatMs: 100 }); // B, which sweeps A
    expect(await a.shared.acquire([{ account, need: 300, extra: 0 }])).toEqual({ granted: [{ account, amount: 300 }] });
    charge(100); // A's batch commits, and A dies before Redis hears of it.
    await a.shared.close();
    await vi.waitFor(async () => expect(await own.client.hget(`tg:acct:${account}`, "leased")).toBe("0"), { timeout: 5_000, interval: 50 });
    // Nobody asks for the account again (the load that used it is over): Redis holds the database's figure all the same.
    await vi.waitFor(async () => expect(await durable(account)).toBe(900), { timeout: 5_000, interval: 50 });
    expect(await own.client.hexists(`tg:acct:${account}`, "stale")).toBe(0);
  });

  it("a charge that commits after a load's read began and reaches Redis before the load is taken off (it is not in the read)", async () => {
    const account = `org:${unique("o")}`;
    const { database, charge } = row(1_000);
    const a = await node(database);
    const b = await node(database);
    a.hooks.duringRead = async () => {
      const seq = charge(100);
      await b.shared.flushed([{ account, amount: 100, seq }]);
    };
    await a.shared.acquire([{ account, need: 0, extra: 0 }]); // loads 1,000 as of charge 0
    expect(await durable(account)).toBe(900);
    // Either way a later charge counts once.
    const seq = charge(50);
    await b.shared.flushed([{ account, amount: 50, seq }]);
    expect(await durable(account)).toBe(850);
    expect(database.left).toBe(850);
  });

  it("reconciliation puts what the database holds back in Redis and reports a difference that no charge on its way explains", async () => {
    const account = `org:${unique("o")}`;
    const { database, charge } = row(1_000);
    const drifts: [string, number, number][] = [];
    // (Reconciliation reads every account in Redis, the other tests' too, from this test's row: only this one's count.)
    const a = await node(database, { onDrift: (...drift) => void (drift[0] === account && drifts.push(drift)) });
    const b = await node(database);
    await a.shared.acquire([{ account, need: 300, extra: 0 }]);
    await b.shared.flushed([{ account, amount: 100, seq: charge(100) }]);
    expect(await durable(account)).toBe(900);
    await own.client.hincrby(`tg:acct:${account}`, "durable", -70); // a charge counted twice, say
    await a.shared.reconcile();
    expect(await durable(account)).toBe(900);
    expect(Number(await own.client.hget(`tg:acct:${account}`, "leased"))).toBe(300); // what is leased stays leased
    expect(drifts).toEqual([[account, 830, 900]]);

    // A charge written and not yet told to Redis: mended all the same, but not drift; told later, it counts once.
    const seq = charge(100);
    await a.shared.reconcile();
    expect(await durable(account)).toBe(800);
    await b.shared.flushed([{ account, amount: 100, seq }]);
    expect(await durable(account)).toBe(800);
    expect(drifts).toEqual([[account, 830, 900]]);
  });
});
