import { describe, expect, it } from "vitest";
import { accountScope, defaultSignInPolicy, signInWait } from "./sign-in-throttle.ts";

const policy = { windowMs: 60_000, perAccount: 3, perAddress: 5 };
const count = (attempts: number, windowStart = 0) => ({ attempts, windowStart });

describe("signInWait", () => {
  it("lets attempts through up to each limit", () => {
    expect(signInWait(policy, count(3), count(5), 10_000)).toBe(0);
  });

  it("waits until the window of the counter over its limit ends, in whole seconds", () => {
    expect(signInWait(policy, count(4), count(1), 10_000)).toBe(50);
    expect(signInWait(policy, count(1), count(6, 30_000), 10_500)).toBe(80);
  });

  it("waits for the later window when both are over, and at least a second", () => {
    expect(signInWait(policy, count(4, 0), count(6, 20_000), 30_000)).toBe(50);
    expect(signInWait(policy, count(4, 0), count(1), 59_999)).toBe(1);
  });

  it("documents 10 per account and 100 per address in 15 minutes; an account's scope is its email as the database folds it", () => {
    expect(defaultSignInPolicy).toEqual({ windowMs: 900_000, perAccount: 10, perAddress: 100 });
    // The database folds the email (users.foldedEmail); the scope is that fold.
    expect(accountScope("ada@example.test")).toBe("account:ada@example.test");
  });
});
