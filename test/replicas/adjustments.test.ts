// Replica mode, two nodes' call-state owners on one PostgreSQL database and one Redis: a top-up or
// a balance removal made through one node while the other is loading the account into Redis (it
// has read the balance from the database and not yet written it to Redis) is neither lost nor
// undone by that load; so is a spend cap's change made through the console, and a lowered cap
// lends nothing beyond it even while more of it is leased out. A cap whose account starts afresh
// (set again after a removal, or a new period) does not reuse what Redis kept of it before, and an
// overspent cap that is raised lends only what the new cap leaves. A change whose steps straddle
// Redis losing its state is counted as the database holds it. Two cap changes made at once through
// two nodes leave Redis lending the cap the database keeps, and a cap change whose write comes too
// late to count is refused.
import type { Request, Response } from "express";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { redisShared } from "../../server/call-state/redis.ts";
import type { CallHold, CallState } from "../../server/call-state/worker.ts";
import type { ConsoleDeps } from "../../server/console/context.ts";
import { keyHandlers } from "../../server/console/handlers-keys.ts";
import { memberHandlers } from "../../server/console/handlers-members.ts";
import { type Store, openStore } from "../../server/store/store.ts";
import { periodClock } from "../../server/clock.ts";
import { periodStart } from "../../server/domain/cap-periods.ts";
import { ownerWithWorkers, usageRecord } from "../helpers/call-state.ts";
import { unique } from "../helpers/fixtures.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { type RedisServer, redisPrerequisite, redisProxy, replicaPrerequisites, startRedis } from "../helpers/replicas.ts";
import { sleep } from "../mock-upstreams/server.ts";

/** The store as one node sees it, whose next balance read is answered only when the test lets it go on. */
function withHeldRead(store: Store) {
  let held: { reached: () => void; released: Promise<void> } | null = null;
  const node: Store = {
    ...store,
    budgets: {
      ...store.budgets,
      async remainingAt(accounts) {
        const read = await store.budgets.remainingAt(accounts);
        const hold = held;
        held = null;
        if (hold) {
          hold.reached();
          await hold.released;
        }
        return read;
      },
    },
  };
  const holdNextRead = () => {
    let reached!: () => void;
    let release!: () => void;
    const wasReached = new Promise<void>((done) => (reached = done));
    held = { reached, released: new Promise<void>((done) => (release = done)) };
    return { reached: wasReached, release };
  };
  return { node, holdNextRead };
}

/** A node's call state whose spend cap changes, once their handler has read the cap, wait until the test opens the gate. */
function capChangesHeld(callState: CallState) {
  let reached!: () => void;
  let open!: () => void;
  const wasReached = new Promise<void>((done) => (reached = done));
  const opened = new Promise<void>((done) => (open = done));
  const held = new Proxy(callState, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== "function" || !/Cap$/.test(String(property))) return value;
      return async (...args: unknown[]) => {
        reached();
        await opened;
        return value.apply(target, args);
      };
    },
  });
  return { callState: held, reached: wasReached, open };
}

describe.skipIf(replicaPrerequisites !== null)(`balance changes in replica mode while an account is being loaded${replicaPrerequisites ? ` (skipped: ${replicaPrerequisites})` : ""}`, () => {
  let redis: RedisServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let store: Store;

  async function fundedOrganization(balance: number) {
    const organizationId = await store.organizations.create({ name: unique("acme") });
    const userId = await store.users.create({ organizationId, email: `${unique("l")}@example.com`, name: "L", role: "owner", passwordHash: "h" });
    const keyId = await store.keys.create({ userId, organizationId, name: "k", secretHash: unique("h").padEnd(64, "0"), display: "tg-…", groupId: null, expiresAt: null, spendCap: null });
    await store.organizations.adjustBalance(organizationId, balance);
    return { organizationId, userId, keyId, holder: { organizationId, userId, keyId, memberCapped: false, keyCapped: false } };
  }

  /** Two nodes, once both have reached Redis (their heartbeat went through); the first one's balance reads can be held. */
  async function twoNodes() {
    const first = withHeldRead(store);
    const names = [unique("node-a"), unique("node-b")];
    const a = ownerWithWorkers(first.node, 1, 50, { redisUrl: redis.url, node: names[0] });
    const b = ownerWithWorkers(store, 1, 50, { redisUrl: redis.url, node: names[1] });
    const client = new Redis(redis.url);
    try {
      await vi.waitFor(async () => expect(await Promise.all(names.map((name) => client.exists(`tg:alive:${name}`)))).toEqual([1, 1]), { timeout: 5_000 });
    } finally {
      client.disconnect();
    }
    return {
      holdNextRead: first.holdNextRead,
      a: a.workers[0],
      b: b.workers[0],
      async stop() {
        await Promise.all([a.workers[0].stop(), b.workers[0].stop()]);
        await Promise.all([a.owner.stop(), b.owner.stop()]);
      },
    };
  }

  const durableInRedis = async (organizationId: string, account = `org:${organizationId}`) => {
    const client = new Redis(redis.url);
    try {
      return Number(await client.hget(`tg:acct:${account}`, "durable"));
    } finally {
      client.disconnect();
    }
  };

  /** A funded organization whose key has a spend cap; its calls hold on the organization and the key. */
  async function cappedKey(balance: number, spendCap: number) {
    const organization = await fundedOrganization(balance);
    const keyId = await store.keys.create({ userId: organization.userId, organizationId: organization.organizationId, name: "capped", secretHash: unique("h").padEnd(64, "0"), display: "tg-…", groupId: null, expiresAt: null, spendCap });
    return { ...organization, keyId, holder: { ...organization.holder, keyId, keyCapped: true } };
  }

  /** A developer with a spend cap in a funded organization, and an uncapped key of theirs: who holds on the member's cap. */
  async function cappedMember(balance: number, spendCap: number) {
    const { organizationId, userId: ownerId } = await fundedOrganization(balance);
    const memberId = await store.users.create({ organizationId, email: `${unique("m")}@example.com`, name: "M", role: "developer", passwordHash: "h", spendCap });
    const keyId = await store.keys.create({ userId: memberId, organizationId, name: "m", secretHash: unique("h").padEnd(64, "0"), display: "tg-…", groupId: null, expiresAt: null, spendCap: null });
    return { organizationId, ownerId, memberId, keyId, holder: { organizationId, userId: memberId, keyId, memberCapped: true, keyCapped: false } };
  }

  /** The console's key update (PATCH /api/keys/{id}) by the organization's owner, served by a node's worker; its answer. */
  async function setKeyCap(callState: CallState, userId: string, keyId: string, spendCap: number | null, more: { cap_period?: "daily" | null } = {}, storeOfNode = store) {
    const deps = { store: storeOfNode, callState, onChange: async () => {}, log: () => {} } as unknown as ConsoleDeps;
    let answer: unknown;
    const res = { locals: { user: await store.users.get(userId) }, json: (body: unknown) => void (answer = body) } as unknown as Response;
    await keyHandlers(deps).update({ params: { id: keyId }, body: { spend_cap: spendCap, ...more } } as unknown as Request, res);
    return answer as { spend_cap: number | null; cap_period: string | null };
  }

  /** The console's member update (PATCH /api/members/{id}) by the organization's owner, served by a node's worker; its answer. */
  async function setMemberCap(callState: CallState, ownerId: string, memberId: string, spendCap: number | null) {
    const deps = { store, callState, onChange: async () => {}, log: () => {} } as unknown as ConsoleDeps;
    let answer: unknown;
    const res = { locals: { user: await store.users.get(ownerId) }, json: (body: unknown) => void (answer = body) } as unknown as Response;
    await memberHandlers(deps).update({ params: { id: memberId }, body: { spend_cap: spendCap } } as unknown as Request, res);
    return answer as { spend_cap: number | null };
  }

  /** Calls of the key written to the database (as another node's batch would): its counter and the organization pay `cost`; `period`: held in the key's period that began then. */
  async function spentThroughKey(ids: { organizationId: string; userId: string; keyId: string }, cost: number, period?: number) {
    const record = usageRecord({ ...ids, cost, requestId: unique("spent") });
    await store.budgets.recordSettled([record], period === undefined ? undefined : new Map([[record.id, { key: period }]]));
  }

  beforeAll(async () => {
    redis = await startRedis();
    database = await freshDatabase(process.env.TEST_DATABASE_URL!, "tollgate_adjust");
    store = openStore({ databaseUrl: database.url, dataDir: "", secretKey: "adjustments-suite-secret-key" });
    await store.migrate();
    // A first call waits out the grace period of a fresh Redis, so the tests' loads go through at the first ask.
    const { holder, organizationId, userId, keyId } = await fundedOrganization(100);
    const nodes = await twoNodes();
    const hold = await nodes.a.hold(holder, 10);
    nodes.a.settle(hold as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("warm") }));
    await nodes.stop();
  }, 30_000);
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await redis?.stop();
  });

  it("a top-up through one node while the other loads the account: the money is there to use", async () => {
    const { organizationId, userId, keyId, holder } = await fundedOrganization(100);
    const nodes = await twoNodes();
    try {
      const read = nodes.holdNextRead();
      const first = nodes.a.hold(holder, 50);
      await read.reached; // node A has read 100 from the database
      expect(await nodes.b.adjustBalance(organizationId, 1_000)).toBe(true);
      read.release();
      const small = await first;
      expect(small).toEqual({ accounts: [`org:${organizationId}`], amount: 50 });
      // 1,100 in the database, 50 of it held: a call of 1,000 fits.
      const large = await nodes.a.hold(holder, 1_000);
      expect(large).toEqual({ accounts: [`org:${organizationId}`], amount: 1_000 });
      expect(await durableInRedis(organizationId)).toBe(1_100);
      for (const [i, hold] of [small, large].entries()) nodes.a.settle(hold as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique(`top-up-${i}`) }));
    } finally {
      await nodes.stop();
    }
    expect((await store.organizations.get(organizationId))?.balance).toBe(1_100);
  }, 30_000);

  it("a balance removal through one node while the other loads the account: the money removed cannot be held", async () => {
    const { organizationId, userId, keyId, holder } = await fundedOrganization(1_000);
    const nodes = await twoNodes();
    try {
      const read = nodes.holdNextRead();
      const first = nodes.a.hold(holder, 50);
      await read.reached; // node A has read 1,000 from the database
      expect(await nodes.b.adjustBalance(organizationId, -900)).toBe(true);
      read.release();
      const small = await first;
      expect(small).toEqual({ accounts: [`org:${organizationId}`], amount: 50 });
      // 100 left in the database, 50 of it held: a call of 500 is refused.
      expect(await nodes.a.hold(holder, 500)).toEqual({ blocked: "organization" });
      expect(await nodes.b.hold(holder, 500)).toEqual({ blocked: "organization" });
      expect(await durableInRedis(organizationId)).toBe(100);
      nodes.a.settle(small as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("removal") }));
    } finally {
      await nodes.stop();
    }
    expect((await store.organizations.get(organizationId))?.balance).toBe(100);
  }, 30_000);

  it("a key's spend cap raised through one node while the other loads the cap's account: the raise is there to use", async () => {
    const { organizationId, userId, keyId, holder } = await cappedKey(10_000, 100);
    const nodes = await twoNodes();
    try {
      const read = nodes.holdNextRead();
      const first = nodes.a.hold(holder, 50);
      await read.reached; // node A has read the cap's 100 from the database
      expect(await setKeyCap(nodes.b, userId, keyId, 1_100)).toMatchObject({ spend_cap: 1_100 });
      read.release();
      const small = await first;
      expect(small).toEqual({ accounts: [`org:${organizationId}`, `key:${keyId}`], amount: 50 });
      // A cap of 1,100, 50 of it held: a call of 1,000 fits.
      const large = await nodes.a.hold(holder, 1_000);
      expect(large).toEqual({ accounts: [`org:${organizationId}`, `key:${keyId}`], amount: 1_000 });
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(1_100);
      for (const [i, hold] of [small, large].entries()) nodes.a.settle(hold as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique(`cap-up-${i}`) }));
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("a key's spend cap lowered below what is leased out: it takes effect at once, and no node lends beyond it", async () => {
    const { organizationId, userId, keyId, holder } = await cappedKey(10_000, 1_000);
    const nodes = await twoNodes();
    try {
      // A call on node A holds 100; node A leases more of the cap than that (its lease reaches ahead).
      const held = await nodes.a.hold(holder, 100);
      expect(held).toEqual({ accounts: [`org:${organizationId}`, `key:${keyId}`], amount: 100 });
      expect(await setKeyCap(nodes.b, userId, keyId, 300)).toMatchObject({ spend_cap: 300 });
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(300);
      // 300, 100 of it held by the call: 200 is left to lend, on either node, and no more.
      expect(await nodes.b.hold(holder, 250)).toEqual({ blocked: "key" });
      const rest = await nodes.b.hold(holder, 200);
      expect(rest).toEqual({ accounts: [`org:${organizationId}`, `key:${keyId}`], amount: 200 });
      expect(await nodes.a.hold(holder, 1)).toEqual({ blocked: "key" });
      nodes.a.settle(held as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("cap-down-a") }));
      nodes.b.settle(rest as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("cap-down-b") }));
    } finally {
      await nodes.stop();
    }
    expect((await store.keys.get(keyId))?.spendCap).toBe(300);
  }, 30_000);

  it("an overspent key's cap raised: Redis lends what the new cap leaves, not the whole raise", async () => {
    const { organizationId, userId, keyId, holder } = await cappedKey(10_000, 100);
    // Spent 150 under a cap of 100 (calls in flight when it was lowered may take it past it).
    await spentThroughKey({ organizationId, userId, keyId }, 150);
    const nodes = await twoNodes();
    try {
      expect(await setKeyCap(nodes.b, userId, keyId, 200)).toMatchObject({ spend_cap: 200 });
      // 200 − 150: 50 is left to spend.
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(50);
      expect(await nodes.a.hold(holder, 60)).toEqual({ blocked: "key" });
      const fits = await nodes.a.hold(holder, 50);
      expect(fits).toEqual({ accounts: [`org:${organizationId}`, `key:${keyId}`], amount: 50 });
      nodes.a.settle(fits as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("overspent") }));
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("a key's cap removed, spent past, and set again: Redis counts the new cap from what was spent, not the old cap's account", async () => {
    const { organizationId, userId, keyId, holder } = await cappedKey(10_000, 1_000);
    const nodes = await twoNodes();
    try {
      // A call under the cap of 1,000 has Redis load the cap's account.
      const first = await nodes.a.hold(holder, 10);
      nodes.a.settle(first as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("capped") }));
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(1_000);
      expect(await setKeyCap(nodes.b, userId, keyId, null)).toMatchObject({ spend_cap: null });
      // Uncapped, the key spends 900; then the owner sets the cap of 1,000 again: 100 is left.
      await spentThroughKey({ organizationId, userId, keyId }, 900);
      expect(await setKeyCap(nodes.b, userId, keyId, 1_000)).toMatchObject({ spend_cap: 1_000 });
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(100);
      expect(await nodes.a.hold(holder, 500)).toEqual({ blocked: "key" });
      expect(await nodes.b.hold(holder, 500)).toEqual({ blocked: "key" });
      const rest = await nodes.b.hold(holder, 100);
      expect(rest).toEqual({ accounts: [`org:${organizationId}`, `key:${keyId}`], amount: 100 });
      nodes.b.settle(rest as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("capped-again") }));
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("a member's cap removed, spent past, and set again: Redis counts the new cap from what was spent", async () => {
    const { organizationId, ownerId, memberId, keyId, holder } = await cappedMember(10_000, 1_000);
    const ids = { organizationId, userId: memberId, keyId };
    const nodes = await twoNodes();
    try {
      const first = await nodes.a.hold(holder, 10);
      nodes.a.settle(first as CallHold, 0, usageRecord({ ...ids, cost: 0, requestId: unique("member-capped") }));
      expect(await durableInRedis(organizationId, `member:${memberId}`)).toBe(1_000);
      expect(await setMemberCap(nodes.b, ownerId, memberId, null)).toMatchObject({ spend_cap: null });
      await spentThroughKey(ids, 900);
      expect(await setMemberCap(nodes.b, ownerId, memberId, 1_000)).toMatchObject({ spend_cap: 1_000 });
      expect(await durableInRedis(organizationId, `member:${memberId}`)).toBe(100);
      expect(await nodes.a.hold(holder, 500)).toEqual({ blocked: "member" });
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("two changes of a key's cap at once through two nodes, each read before the other's write: Redis lends the cap the database keeps, not the sum of both changes", async () => {
    const { organizationId, userId, keyId, holder } = await cappedKey(100_000, 100);
    const nodes = await twoNodes();
    try {
      const [a, b] = [capChangesHeld(nodes.a), capChangesHeld(nodes.b)];
      const changes = Promise.all([setKeyCap(a.callState, userId, keyId, 200), setKeyCap(b.callState, userId, keyId, 50)]);
      await Promise.all([a.reached, b.reached]); // both read the cap of 100
      a.open();
      b.open();
      await changes;
      const cap = (await store.keys.get(keyId))!.spendCap!;
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(cap);
      expect(await nodes.a.hold(holder, cap + 1)).toEqual({ blocked: "key" });
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("two changes of a member's cap at once through two nodes: Redis lends the cap the database keeps", async () => {
    const { organizationId, ownerId, memberId, holder } = await cappedMember(100_000, 100);
    const nodes = await twoNodes();
    try {
      const [a, b] = [capChangesHeld(nodes.a), capChangesHeld(nodes.b)];
      const changes = Promise.all([setMemberCap(a.callState, ownerId, memberId, 200), setMemberCap(b.callState, ownerId, memberId, 50)]);
      await Promise.all([a.reached, b.reached]);
      a.open();
      b.open();
      await changes;
      const cap = (await store.users.get(memberId))!.spendCap!;
      expect(await durableInRedis(organizationId, `member:${memberId}`)).toBe(cap);
      expect(await nodes.a.hold(holder, cap + 1)).toEqual({ blocked: "member" });
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("a key's cap period changed through one node while its cap, read before, is lowered through the other: Redis lends the new cap in the new period's account", async () => {
    const { organizationId, userId, keyId } = await cappedKey(100_000, 100);
    const nodes = await twoNodes();
    try {
      const b = capChangesHeld(nodes.b);
      const lowering = setKeyCap(b.callState, userId, keyId, 50);
      await b.reached; // B read the key: a cap of 100, no period
      expect(await setKeyCap(nodes.a, userId, keyId, 100, { cap_period: "daily" })).toMatchObject({ spend_cap: 100, cap_period: "daily" });
      b.open();
      expect(await lowering).toMatchObject({ spend_cap: 50, cap_period: "daily" });
      expect(await durableInRedis(organizationId, `key:${keyId}@${periodStart("daily", periodClock())}`)).toBe(50);
    } finally {
      await nodes.stop();
    }
  }, 30_000);

  it("a cap change whose write would commit after its deadline is refused: a node that read the account again meanwhile keeps what the database holds", async () => {
    const { organizationId, userId, keyId, holder } = await fundedOrganization(10_000);
    const proxy = await redisProxy(redis.port);
    const names = [unique("node-a"), unique("node-b")];
    const a = ownerWithWorkers(store, 1, 50, { redisUrl: redis.url, node: names[0] });
    // B, which changes the cap, reaches Redis through a proxy.
    const b = ownerWithWorkers(store, 1, 50, { redisUrl: proxy.url, node: names[1] });
    const client = new Redis(redis.url);
    const account = `key:${keyId}`;
    const holds: CallHold[] = [];
    try {
      await vi.waitFor(async () => expect(await Promise.all(names.map((name) => client.exists(`tg:alive:${name}`)))).toEqual([1, 1]), { timeout: 5_000 });
      // The key has no cap; its owner sets one of 100 through B, whose write is slow: past the change's
      // deadline (10 s), A asks for the key's account and reads it again (no cap yet); then B's write
      // goes on, and B dies before its second step.
      const slow = {
        ...store,
        keys: {
          ...store.keys,
          update: async (...args: Parameters<Store["keys"]["update"]>) => {
            await sleep(10_500);
            holds.push((await a.workers[0].hold({ ...holder, keyCapped: true }, 10)) as CallHold);
            try {
              return await store.keys.update(...args);
            } finally {
              await proxy.down();
            }
          },
        },
      } as Store;
      const outcome = await setKeyCap(b.workers[0], userId, keyId, 100, {}, slow).then(
        () => "saved",
        () => "refused",
      );
      expect(holds[0]).toEqual({ accounts: [`org:${organizationId}`, account], amount: 10 });
      expect(await durableInRedis(organizationId, account)).toBe((await store.budgets.remaining([account])).get(account));
      expect(outcome).toBe("refused");
      expect((await store.keys.get(keyId))!.spendCap).toBeNull();
    } finally {
      for (const hold of holds) a.workers[0].settle(hold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("late") }));
      proxy.restore();
      for (const node of [a, b]) {
        await node.workers[0].stop();
        await node.owner.stop();
      }
      await proxy.close();
      client.disconnect();
    }
  }, 40_000);

  it("a key's cap that resets daily for a while, then never again: Redis counts what the day spent, not the account from before the period", async () => {
    const { organizationId, userId, keyId, holder } = await cappedKey(10_000, 1_000);
    const nodes = await twoNodes();
    try {
      const first = await nodes.a.hold(holder, 10);
      nodes.a.settle(first as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: unique("never") }));
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(1_000);
      expect(await setKeyCap(nodes.b, userId, keyId, 1_000, { cap_period: "daily" })).toMatchObject({ cap_period: "daily" });
      // Today's calls spend 900 of the daily cap; removing the period keeps what counts now.
      await spentThroughKey({ organizationId, userId, keyId }, 900, periodStart("daily", periodClock()));
      expect(await setKeyCap(nodes.b, userId, keyId, 1_000, { cap_period: null })).toMatchObject({ cap_period: null });
      expect((await store.budgets.remaining([`key:${keyId}`])).get(`key:${keyId}`)).toBe(100);
      expect(await durableInRedis(organizationId, `key:${keyId}`)).toBe(100);
      expect(await nodes.a.hold(holder, 500)).toEqual({ blocked: "key" });
    } finally {
      await nodes.stop();
    }
  }, 30_000);
});

describe.skipIf(redisPrerequisite !== null)(`a top-up whose two steps straddle Redis losing its state${redisPrerequisite ? ` (skipped: ${redisPrerequisite})` : ""}`, () => {
  let redis: RedisServer;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  /** Nodes A and B on the test's Redis; A reads the balance from `database` (or with `readOfA`), B with `readOfB`. */
  async function nodesOn(database: { balance: number }, readOfB: () => Promise<number>, readOfA = async () => database.balance) {
    const options = (node: string, durableOf: (accounts: string[]) => Promise<Map<string, { left: number; seq: number }>>) => ({
      url: redis.url,
      node,
      log: () => {},
      durableOf,
      onRejoin: async () => {},
      onCutOff: () => {},
      onMessage: () => {},
      heartbeatMs: 60_000,
      graceMs: 0,
    });
    const a = redisShared(
      options(unique("node-a"), async (accounts) => {
        const balance = await readOfA();
        return new Map(accounts.map((account) => [account, { left: balance, seq: 0 }]));
      }),
    );
    const b = redisShared(
      options(unique("node-b"), async (accounts) => {
        const balance = await readOfB();
        return new Map(accounts.map((account) => [account, { left: balance, seq: 0 }]));
      }),
    );
    await vi.waitFor(() => expect([a.up, b.up]).toEqual([true, true]), { timeout: 5_000 });
    return { a, b, close: () => Promise.all([a.close(), b.close()]) };
  }

  /** A gate the test opens. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((done) => (open = done));
    return { opened, open };
  };

  /** Redis restarted empty: the accounts are gone and a new epoch began. */
  const loseState = async (account: string) => {
    await client.del(`tg:acct:${account}`);
    await client.set("tg:epoch", String(Date.now()));
  };

  it("a node's load whose read began before the write but saw it: the top-up counts once (Redis holds what the database holds)", async () => {
    const database = { balance: 1_000 };
    const statement = gate();
    // B's read begins before the write, and its statement runs after the write's commit (a busy pool, a slow database).
    const nodes = await nodesOn(database, async () => (await statement.opened, database.balance));
    const account = `org:${unique("o")}`;
    try {
      const bLoad = nodes.b.register(new Map([[account, 1]]));
      await sleep(80);
      const adjustment = (await nodes.a.beginAdjustment(account, 100))!;
      database.balance += 100; // the write commits
      await loseState(account);
      statement.open();
      await bLoad; // B's load lands in the new epoch with 1,100: its read has the top-up
      expect(Number(await client.hget(`tg:acct:${account}`, "durable"))).toBe(1_100);
      await nodes.a.endAdjustment(adjustment, 100);
      expect(Number(await client.hget(`tg:acct:${account}`, "durable"))).toBe(1_100);
    } finally {
      await nodes.close();
    }
  }, 20_000);

  it("a node's load that read the balance before the write's commit: the top-up is there after the second step, not lost", async () => {
    const database = { balance: 1_000 };
    const answer = gate();
    // B reads 1,000 while the write is under way, and its load reaches Redis after the commit.
    const nodes = await nodesOn(database, async () => {
      const read = database.balance;
      await answer.opened;
      return read;
    });
    const account = `org:${unique("o")}`;
    try {
      const adjustment = (await nodes.a.beginAdjustment(account, 100))!;
      await loseState(account);
      const bLoad = nodes.b.register(new Map([[account, 1]]));
      await sleep(50);
      database.balance += 100; // the write commits
      answer.open();
      await bLoad;
      expect(Number(await client.hget(`tg:acct:${account}`, "durable"))).toBe(1_000);
      await nodes.a.endAdjustment(adjustment, 100);
      expect(Number(await client.hget(`tg:acct:${account}`, "durable"))).toBe(1_100);
    } finally {
      await nodes.close();
    }
  }, 20_000);

  it("a second step that reads the account again while another node's removal runs all its steps: the removal is not undone", async () => {
    const database = { balance: 1_000 };
    const slowRead = gate();
    let readReached!: () => void;
    const reached = new Promise<void>((done) => (readReached = done));
    let holdNextRead = false;
    // A's read of the balance after the top-up's write is answered only when the test lets it go on.
    const nodes = await nodesOn(database, async () => database.balance, async () => {
      const read = database.balance;
      if (holdNextRead) {
        holdNextRead = false;
        readReached();
        await slowRead.opened;
      }
      return read;
    });
    const account = `org:${unique("o")}`;
    try {
      const topUp = (await nodes.a.beginAdjustment(account, 100))!;
      await loseState(account);
      // B rebuilds the account from the database (1,000), then the top-up's write commits: 1,100.
      expect(await nodes.b.acquire([{ account, need: 10, extra: 0 }])).toEqual({ granted: [{ account, amount: 10 }] });
      database.balance += 100;
      holdNextRead = true;
      const topUpEnd = nodes.a.endAdjustment(topUp, 100); // the account was loaded again since the first step: A reads it again
      await reached; // A has read 1,100
      // Meanwhile a removal of 500 through B, both steps around its write: 600.
      const removal = (await nodes.b.beginAdjustment(account, -500))!;
      database.balance -= 500;
      await nodes.b.endAdjustment(removal, -500);
      slowRead.open();
      await topUpEnd;
      expect(Number(await client.hget(`tg:acct:${account}`, "durable"))).toBe(600);
    } finally {
      await nodes.close();
    }
  }, 20_000);
});

describe.skipIf(redisPrerequisite !== null)(`a cap set anew whose node never finished${redisPrerequisite ? ` (skipped: ${redisPrerequisite})` : ""}`, () => {
  let redis: RedisServer;
  let client: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    vi.useRealTimers();
    client?.disconnect();
    await redis?.stop();
  });

  it("lends nothing until its deadline (10 s), then the node that asks for it reads it again from the database", async () => {
    const database = { left: 1_000 };
    const shared = redisShared({
      url: redis.url,
      node: unique("node"),
      log: () => {},
      durableOf: async (accounts) => new Map(accounts.map((account) => [account, { left: database.left, seq: 0 }])),
      onRejoin: async () => {},
      onCutOff: () => {},
      onMessage: () => {},
      heartbeatMs: 60_000,
      graceMs: 0,
    });
    const account = `key:${unique("k")}`;
    try {
      await vi.waitFor(() => expect(shared.up).toBe(true), { timeout: 5_000 });
      expect(await shared.acquire([{ account, need: 10, extra: 0 }])).toEqual({ granted: [{ account, amount: 10 }] });
      // The cap is set anew, and its node stops before the second step: 100 is left in the database.
      await shared.beginCapRestart(account);
      database.left = 100;
      expect(await shared.acquire([{ account, need: 10, extra: 0 }])).toMatchObject({ waitMs: expect.any(Number) });
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 11_000 });
      // 100, 10 of it still leased from before: 90 is left to lend.
      expect(await shared.acquire([{ account, need: 100, extra: 0 }])).toEqual({ short: account });
      expect(await shared.acquire([{ account, need: 90, extra: 0 }])).toEqual({ granted: [{ account, amount: 90 }] });
      expect(await client.hmget(`tg:acct:${account}`, "durable", "leased")).toEqual(["100", "100"]);
      expect(await client.hlen(`tg:restarts:${account}`)).toBe(0);
    } finally {
      vi.useRealTimers();
      await shared.close();
    }
  }, 20_000);
});
