import { describe, expect, it } from "vitest";
import type { Grant, LeaseRequest } from "./accounts.ts";
import { type OwnerLink, leaseBook } from "./leases.ts";
import { accountBook } from "./accounts.ts";

type Answer = Awaited<ReturnType<OwnerLink["acquire"]>>;

/** An owner link whose answers the test gives, one ask at a time. */
function scriptedOwner() {
  const asks: { requests: LeaseRequest[]; answer: (value: Answer) => void }[] = [];
  const returned: Grant[] = [];
  const link: OwnerLink = {
    // Refills ahead of need (need 0) find the owner dry; the test answers the asks a call waits on.
    acquire: (requests) =>
      requests.every((request) => request.need === 0) ? Promise.resolve({ granted: [] }) : new Promise((answer) => asks.push({ requests, answer })),
    giveBack: (grants) => void returned.push(...grants),
  };
  const nextAsk = async () => {
    await expect.poll(() => asks.length).toBeGreaterThan(0);
    return asks.shift()!;
  };
  return { link, nextAsk, returned, pending: () => asks.length };
}

const org = "org:o1";

/** A lease of 100 with 40 held, and a call of 100 that has asked the owner for the 40 it lacks. */
async function callShortOf40() {
  const owner = scriptedOwner();
  const book = leaseBook(owner.link);
  const small = book.hold([org], 40);
  (await owner.nextAsk()).answer({ granted: [{ account: org, amount: 100 }] });
  await small;
  const large = book.hold([org], 100);
  const ask = await owner.nextAsk();
  // The 60 free here go back first, so that another worker's call could use them, and the call asks for all of it.
  expect(owner.returned).toEqual([{ account: org, amount: 60 }]);
  expect(ask.requests[0].need).toBe(100);
  return { owner, book, large, ask };
}

describe("a worker's lease book", () => {
  it("asks the owner only for what its lease lacks, and holds from the lease without asking while it has room", async () => {
    const owner = scriptedOwner();
    const book = leaseBook(owner.link);
    const first = book.hold([org], 100);
    const ask = await owner.nextAsk();
    expect(ask.requests).toEqual([{ account: org, need: 100, extra: 1_600 }]);
    ask.answer({ granted: [{ account: org, amount: 350 }] });
    expect(await first).toEqual({ accounts: [org], amount: 100 });
    // 250 left in the lease: two more calls hold without a word to the owner.
    expect(await book.hold([org], 100)).toEqual({ accounts: [org], amount: 100 });
    expect(await book.hold([org], 100)).toEqual({ accounts: [org], amount: 100 });
    expect(owner.pending()).toBe(0);
    book.close();
  });

  it("a refusal decided while a recall took this worker's spare money is stale: the call asks again and is admitted", async () => {
    const owner = scriptedOwner();
    const book = leaseBook(owner.link);
    const large = book.hold([org], 100);
    const askLarge = await owner.nextAsk();
    const small = book.hold([org], 10);
    (await owner.nextAsk()).answer({ granted: [{ account: org, amount: 50 }] });
    await small;
    // Another worker's call is short, so the owner recalls the 40 left free — and then finds itself
    // short for the large call, counting on the 40 it has just taken back.
    expect(book.recall(org)).toBe(40);
    askLarge.answer({ short: org });
    const again = await owner.nextAsk();
    expect(again.requests[0].need).toBe(100);
    again.answer({ granted: [{ account: org, amount: 100 }] });
    expect(await large).toEqual({ accounts: [org], amount: 100 });
    book.close();
  });

  it("a refusal with nothing recalled meanwhile is final, and a recall that found nothing spare does not reopen it", async () => {
    const owner = scriptedOwner();
    const book = leaseBook(owner.link);
    const call = book.hold([org], 100);
    const ask = await owner.nextAsk();
    expect(book.recall(org)).toBe(0);
    ask.answer({ short: org });
    expect(await call).toEqual({ blocked: org });
    expect(owner.pending()).toBe(0);
    book.close();
  });

  it("a call its lease cannot cover gives back what is free there and asks for the whole, so the owner's refusal is final", async () => {
    const { owner, book, large, ask } = await callShortOf40();
    ask.answer({ short: org });
    expect(await large).toEqual({ blocked: org });
    expect(owner.pending()).toBe(0);
    expect(book.holds()).toMatchObject({ calls: 1, held: { org: 40 } });
    book.close();
  });

  it("a grant that no longer covers the call (another call took part of the lease) goes back, and the call asks for the whole again", async () => {
    const owner = scriptedOwner();
    const book = leaseBook(owner.link);
    const first = book.hold([org], 100);
    const second = book.hold([org], 100);
    const [ask1, ask2] = [await owner.nextAsk(), await owner.nextAsk()];
    ask1.answer({ granted: [{ account: org, amount: 150 }] });
    ask2.answer({ granted: [{ account: org, amount: 30 }] });
    // The first call took 100 of 150; 50 + 30 is 20 short of the second call, so the 80 go back.
    const ask3 = await owner.nextAsk();
    expect(owner.returned).toEqual([{ account: org, amount: 80 }]);
    expect(ask3.requests[0].need).toBe(100);
    ask3.answer({ granted: [{ account: org, amount: 100 }] });
    expect(await Promise.all([first, second])).toEqual([
      { accounts: [org], amount: 100 },
      { accounts: [org], amount: 100 },
    ]);
    expect(book.holds()).toMatchObject({ calls: 2, held: { org: 200 } });
    book.close();
  });
});

describe("a cost above its hold", () => {
  it("is charged only as far as the lease covers, so the account never goes below zero", async () => {
    const accounts = accountBook();
    accounts.setDurable(org, 100);
    const book = leaseBook({
      acquire: async (requests) => accounts.grant("w1", requests, 1),
      giveBack: (grants) => grants.forEach((grant) => accounts.giveBack("w1", grant.account, grant.amount)),
    });
    const hold = await book.hold([org], 100);
    expect(hold).toEqual({ accounts: [org], amount: 100 });
    const charged = book.settle(hold as { accounts: string[]; amount: number }, 1000);
    expect(charged).toBe(100);
    accounts.charge("w1", org, charged);
    expect(accounts.remaining(org)).toBe(0);
    book.close();
  });
});
