// Replica mode, one node's link to Redis (a proxy the test controls) losing the answer to a script
// that changes money after Redis ran it. ioredis sends a command whose answer never came again once
// it has reconnected (and the node's own retries send a failed step again): Redis must count each
// grant, return, charge and balance change once however often it arrives. Money given back while
// Redis cannot be reached is sent again later, not kept by the node (Redis may have taken it).
import { describe, expect, it, vi } from "vitest";
import { redisShared } from "../../server/call-state/redis.ts";
import { unique } from "../helpers/fixtures.ts";
import { type RedisProxy, privateRedis, redisPrerequisite, redisProxy } from "../helpers/replicas.ts";
import { sleep } from "../mock-upstreams/server.ts";

describe.skipIf(redisPrerequisite !== null)(`a money script whose answer was lost, sent again${redisPrerequisite ? ` (skipped: ${redisPrerequisite})` : ""}`, () => {
  const own = privateRedis();

  /** One node through a proxy, every account 1,000 in the database; its first heartbeat is through (no grace period: the test's Redis has nothing to re-register). */
  async function node() {
    const proxy = await redisProxy(own.redis.port);
    const name = unique("node");
    const shared = redisShared({
      url: proxy.url,
      node: name,
      log: () => {},
      durableOf: async (accounts) => new Map(accounts.map((account) => [account, { left: 1_000, seq: 0 }])),
      onRejoin: async () => {},
      onCutOff: () => {},
      onMessage: () => {},
      heartbeatMs: 60_000,
      graceMs: 0,
    });
    own.stops.push(async () => {
      await shared.close();
      await proxy.close();
    });
    await vi.waitFor(() => expect(shared.up).toBe(true), { timeout: 5_000 });
    return { shared, proxy, name, account: `org:${unique("o")}` };
  }

  /** Runs `step` while Redis's answers are dropped, then breaks the connection: ioredis reconnects and sends it again. Resolves with the answer to that second send. */
  async function answerLost<T>(proxy: RedisProxy, step: () => Promise<T>): Promise<T> {
    proxy.deafen();
    const answer = step();
    await sleep(150); // Redis has run it by now; its answer went nowhere
    proxy.cut();
    await sleep(200);
    proxy.restore();
    return answer;
  }

  const account = async (id: string) => {
    const [durable, leased] = await own.client.hmget(`tg:acct:${id}`, "durable", "leased");
    return { durable: Number(durable), leased: Number(leased) };
  };

  it("a top-up's second step counts the top-up once", async () => {
    const { shared, proxy, account: id } = await node();
    const adjustment = (await shared.beginAdjustment(id, 100))!;
    await answerLost(proxy, () => shared.endAdjustment(adjustment, 100));
    await sleep(300);
    expect(await account(id)).toEqual({ durable: 1_100, leased: 0 });
  }, 20_000);

  it("a removal's first step takes the money out once", async () => {
    const { shared, proxy, account: id } = await node();
    const adjustment = await answerLost(proxy, () => shared.beginAdjustment(id, -100));
    expect(adjustment).toMatchObject({ account: id, counted: -100 });
    expect(await account(id)).toEqual({ durable: 900, leased: 0 });
    await shared.endAdjustment(adjustment!, -100);
    expect(await account(id)).toEqual({ durable: 900, leased: 0 });
  }, 20_000);

  it("a lease is granted once, as the node counts it", async () => {
    const { shared, proxy, name, account: id } = await node();
    const answer = await answerLost(proxy, () => shared.acquire([{ account: id, need: 100, extra: 0 }]));
    expect(answer).toEqual({ granted: [{ account: id, amount: 100 }] });
    expect(await account(id)).toEqual({ durable: 1_000, leased: 100 });
    expect(await own.client.hget(`tg:leases:${name}`, id)).toBe("100");
  }, 20_000);

  it("charges written to the database shrink the account and the node's lease once", async () => {
    const { shared, proxy, name, account: id } = await node();
    await shared.acquire([{ account: id, need: 300, extra: 0 }]);
    await answerLost(proxy, () => shared.flushed([{ account: id, amount: 100, seq: 1 }]));
    expect(await account(id)).toEqual({ durable: 900, leased: 200 });
    expect(await own.client.hget(`tg:leases:${name}`, id)).toBe("200");
  }, 20_000);

  it("a lease given back returns once: what the node still holds stays leased to it", async () => {
    const { shared, proxy, name, account: id } = await node();
    await shared.acquire([{ account: id, need: 300, extra: 0 }]);
    await answerLost(proxy, () => shared.giveBack([{ account: id, amount: 100 }]));
    await sleep(300);
    expect(await account(id)).toEqual({ durable: 1_000, leased: 200 });
    expect(await own.client.hget(`tg:leases:${name}`, id)).toBe("200");
  }, 20_000);

  it("a lease given back while Redis cannot be reached stays out of the node's lease, and is given back once Redis is reached", async () => {
    const { shared, proxy, name, account: id } = await node();
    await shared.acquire([{ account: id, need: 300, extra: 0 }]);
    proxy.cut();
    await sleep(100);
    await shared.giveBack([{ account: id, amount: 100 }]);
    proxy.restore();
    await vi.waitFor(async () => expect(await account(id)).toEqual({ durable: 1_000, leased: 200 }), { timeout: 5_000, interval: 100 });
    await sleep(500);
    expect(await own.client.hget(`tg:leases:${name}`, id)).toBe("200");
  }, 20_000);
});
