import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "../store/store.ts";
import { callStateOwner } from "./owner.ts";
import type { Peer } from "./rpc.ts";

const org = "org:o1";

/** All the owner reads alone: every account holds `balance`. */
const storeHolding = (balance: number) =>
  ({
    budgets: { remaining: async (accounts: string[]) => new Map(accounts.map((account) => [account, balance])) },
    revision: { current: async () => 0 },
  }) as unknown as Store;

/** A worker too busy to answer its first recall before the test lets it; later recalls find nothing spare (it went in that answer). */
function busyWorker() {
  const answers: ((amount: number) => void)[] = [];
  const peer: Peer = {
    call: (op) => (op !== "recall" ? Promise.resolve(undefined as never) : answers.length === 0 ? new Promise((answer) => answers.push(answer as never)) : Promise.resolve(0 as never)),
    notify: () => {},
    close: () => {},
  };
  return { peer, answerFirstRecall: (amount: number) => answers[0](amount) };
}

const idleWorker = (): Peer => ({ call: async () => 0 as never, notify: () => {}, close: () => {} });

function ownerOf100() {
  return callStateOwner(storeHolding(100), {
    circuit: { minCalls: 3, failureRate: 0.5, windowMs: 10_000, cooldownMs: 1_000, probeDeadlineMs: 1_000 },
    flushMs: 60_000,
    log: () => {},
  });
}

describe("a recall answered after the owner stopped waiting (10 s)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  /** A busy worker leases 80 of 100 its calls do not use; another worker's call of 50 makes the owner recall them, and waits out the recall. */
  async function recallTimedOut() {
    const owner = ownerOf100();
    const busy = busyWorker();
    const busyHandlers = owner.attach("busy", busy.peer);
    const other = owner.attach("other", idleWorker());
    expect(await busyHandlers.acquire([{ account: org, need: 80, extra: 0 }])).toEqual({ granted: [{ account: org, amount: 80 }] });
    const refused = other.acquire([{ account: org, need: 50, extra: 0 }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await refused).toEqual({ short: org });
    return { owner, busy, other };
  }

  it("still gives the spare back: the next call is granted it", async () => {
    const { owner, busy, other } = await recallTimedOut();
    busy.answerFirstRecall(80);
    await vi.advanceTimersByTimeAsync(0);
    expect(await other.acquire([{ account: org, need: 50, extra: 0 }])).toEqual({ granted: [{ account: org, amount: 50 }] });
    // Given back once: 50 of 100 leased now, and the other 50 still there to lend.
    expect(await other.status()).toMatchObject({ leased: 50 });
    expect(await other.acquire([{ account: org, need: 50, extra: 0 }])).toEqual({ granted: [{ account: org, amount: 50 }] });
    expect(await other.acquire([{ account: org, need: 1, extra: 0 }])).toEqual({ short: org });
    await owner.stop();
  });

  it("gives nothing back twice when the worker exited before its answer came (its leases returned then)", async () => {
    const { owner, busy, other } = await recallTimedOut();
    owner.detach("busy");
    busy.answerFirstRecall(80);
    await vi.advanceTimersByTimeAsync(0);
    expect(await other.acquire([{ account: org, need: 100, extra: 0 }])).toEqual({ granted: [{ account: org, amount: 100 }] });
    expect(await other.acquire([{ account: org, need: 1, extra: 0 }])).toEqual({ short: org });
    expect(await other.status()).toMatchObject({ leased: 100 });
    await owner.stop();
  });
});

describe("a channel's wait as the owner hears it from its workers", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => void vi.useRealTimers());

  it("a success in a worker's batch, of a call sent before the 429 that asked for the wait, leaves the channel resting", async () => {
    const owner = ownerOf100(); // a circuit opens on 3 calls, half failed; cool-down 1 s
    const worker = owner.attach("w", idleWorker());
    const sentBefore = Date.now();
    vi.advanceTimersByTime(20);
    worker.report({ channelId: "c", failed: true, reason: "upstream answered 429", probe: false, restSeconds: 120, sentAt: Date.now() });
    worker.settled([], [["c", 1, sentBefore]], []); // its batch left after the 429's verdict
    worker.report({ channelId: "c", failed: true, reason: "upstream answered 500", probe: false, sentAt: Date.now() });
    expect(owner.health("c")).toMatchObject({ state: "open", retryAt: 1_000_020 + 120_000 });
    await owner.stop();
  });
});
