import { describe, expect, it } from "vitest";
import { type ChannelHealth, circuitBook } from "./circuit.ts";

function book(overrides: Partial<Parameters<typeof circuitBook>[0]> = {}) {
  let now = 1_000_000;
  const changes: [string, ChannelHealth][] = [];
  const circuits = circuitBook(
    { minCalls: 10, failureRate: 0.5, windowMs: 10_000, cooldownMs: 5_000, probeDeadlineMs: 2_000, ...overrides },
    (id, health) => changes.push([id, health]),
    () => now,
  );
  return { circuits, changes, advance: (ms: number) => void (now += ms) };
}

describe("circuit breaker on a failure rate", () => {
  it("does not open before the window holds the minimum number of calls", () => {
    const { circuits } = book();
    for (let i = 0; i < 9; i++) circuits.record("c", true, "upstream answered 500");
    expect(circuits.view("c")).toMatchObject({ state: "closed", calls: 9, failures: 9, consecutiveFailures: 9 });
    circuits.record("c", true, "upstream answered 500");
    expect(circuits.view("c").state).toBe("open");
  });

  it("stays closed while failures are a minority: one client retrying a failing request cannot take the channel away", () => {
    const { circuits } = book();
    for (let i = 0; i < 40; i++) circuits.record("c", i % 3 === 0, "upstream answered 500"); // 14 of 40 fail
    expect(circuits.view("c").state).toBe("closed");
  });

  it("counts a batch of successes as that many calls, judged once, and resets the run of failures", () => {
    const { circuits } = book();
    for (let i = 0; i < 4; i++) circuits.record("c", true, "upstream answered 500");
    circuits.succeeded("c", 3, 1_000_000);
    expect(circuits.view("c")).toMatchObject({ state: "closed", calls: 7, failures: 4, consecutiveFailures: 0 });
    // 9 calls, 6 failed: reaching the minimum with a success still opens a circuit that fails too often.
    circuits.record("c", true);
    circuits.record("c", true);
    circuits.succeeded("c", 1, 1_000_000);
    expect(circuits.view("c").state).toBe("open");
    // Successes of calls that were under way when it opened do not move it.
    circuits.succeeded("c", 50, 1_000_000);
    expect(circuits.view("c")).toMatchObject({ state: "open", calls: 10 });
  });

  it("forgets failures that left the window", () => {
    const { circuits, advance } = book();
    for (let i = 0; i < 9; i++) circuits.record("c", true);
    advance(11_000);
    circuits.record("c", true);
    expect(circuits.view("c")).toMatchObject({ state: "closed", calls: 1 });
  });

  it("lets exactly one probe through after the cool-down; its success closes the circuit", () => {
    const { circuits, advance, changes } = book({ minCalls: 2 });
    circuits.record("c", true);
    circuits.record("c", true);
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: expect.any(Number) });
    expect(circuits.claimProbe("c")).toBe(false);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    expect(circuits.claimProbe("c")).toBe(false);
    circuits.probeEnded("c", false);
    expect(circuits.view("c")).toMatchObject({ state: "closed", calls: 0 });
    expect(changes.map(([, health]) => health.state)).toEqual(["open", "half-open", "closed"]);
  });

  it("a probe released without a verdict (the request's own fault) can be claimed again at once", () => {
    const { circuits, advance } = book({ minCalls: 1 });
    circuits.record("c", true);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    circuits.probeEnded("c", undefined);
    expect(circuits.view("c").state).toBe("open");
    expect(circuits.claimProbe("c")).toBe(true);
  });

  it("a probe that never reports fails at its deadline, and the circuit reopens for a new cool-down", () => {
    const { circuits, advance } = book({ minCalls: 1 });
    circuits.record("c", true);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    advance(1_999);
    circuits.expireProbes();
    expect(circuits.view("c").state).toBe("half-open");
    advance(1);
    circuits.expireProbes();
    expect(circuits.view("c")).toMatchObject({ state: "open", lastError: expect.stringContaining("deadline") });
    expect(circuits.claimProbe("c")).toBe(false);
  });
});

describe("an upstream's own wait (Retry-After, RetryInfo) and the circuit's rest", () => {
  it("a wait longer than the cool-down holds the opened circuit that long: no probe before it is over", () => {
    const { circuits, advance } = book({ minCalls: 2 });
    circuits.record("c", true, "upstream answered 429", 120_000);
    circuits.record("c", true, "upstream answered 429", 120_000);
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_000_000 + 120_000 });
    advance(5_000); // the cool-down is over, the upstream's wait is not
    expect(circuits.claimProbe("c")).toBe(false);
    advance(115_000);
    expect(circuits.claimProbe("c")).toBe(true);
  });

  it("a wait shorter than the cool-down changes nothing; the longest wait asked counts, and none past the ceiling", () => {
    const short = book({ minCalls: 1 });
    short.circuits.record("c", true, "upstream answered 429", 1_000);
    expect(short.circuits.view("c").retryAt).toBe(1_000_000 + 5_000);

    const capped = book({ minCalls: 2, maxRestMs: 60_000 });
    capped.circuits.record("c", true, "upstream answered 429", 86_400_000); // "Retry-After: 86400"
    capped.circuits.record("c", true, "upstream answered 503");
    expect(capped.circuits.view("c").retryAt).toBe(1_000_000 + 60_000);
  });

  it("a call under way when the circuit opened extends its rest by its longer wait, and every worker hears so", () => {
    const { circuits, changes } = book({ minCalls: 1 });
    circuits.record("c", true, "upstream answered 500");
    circuits.record("c", true, "upstream answered 429", 90_000);
    expect(circuits.view("c")).toMatchObject({ state: "open", calls: 1, retryAt: 1_000_000 + 90_000 });
    expect(changes.map(([, health]) => health.retryAt)).toEqual([1_000_000 + 5_000, 1_000_000 + 90_000]);
  });

  it("a probe that fails with a wait reopens for that wait; one that succeeds forgets it", () => {
    const { circuits, advance } = book({ minCalls: 1 });
    circuits.record("c", true);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    circuits.probeEnded("c", true, "upstream answered 429", 60_000);
    expect(circuits.view("c").retryAt).toBe(1_005_000 + 60_000);
    advance(60_000);
    expect(circuits.claimProbe("c")).toBe(true);
    circuits.probeEnded("c", false);
    circuits.record("c", true);
    expect(circuits.view("c").retryAt).toBe(1_065_000 + 5_000);
  });

  it("a probe released without a verdict leaves the circuit probe-able at once, but not before a wait asked meanwhile", () => {
    const { circuits, advance } = book({ minCalls: 1 });
    circuits.record("c", true);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    circuits.record("c", true, "upstream answered 429", 60_000); // a call under way since before the opening
    circuits.probeEnded("c", undefined); // the probe's request was at fault: no verdict
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_005_000 + 60_000 });
    expect(circuits.claimProbe("c")).toBe(false);
  });

  it("a wait asked before the channel served again is forgotten", () => {
    const { circuits } = book({ minCalls: 2 });
    circuits.record("c", true, "upstream answered 429", 120_000);
    circuits.succeeded("c", 1, 1_000_000);
    circuits.record("c", true, "upstream answered 500");
    circuits.record("c", true, "upstream answered 500");
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_000_000 + 5_000 });
  });

  it("a success of a call sent before the wait was asked (its batch came after the 429's verdict) leaves the wait in place", () => {
    const { circuits, advance } = book({ minCalls: 3 });
    const sentBefore = 1_000_000;
    advance(2_000);
    circuits.record("c", true, "upstream answered 429", 120_000);
    circuits.succeeded("c", 1, sentBefore);
    circuits.record("c", true, "upstream answered 500");
    // Open, and resting for the upstream's two minutes, not the 5 s cool-down.
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_002_000 + 120_000 });
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(false);
  });

  it("so does one that arrives while the probe waits for the end of a wait asked meanwhile, when the probe is let go without a verdict", () => {
    const { circuits, advance } = book({ minCalls: 1 });
    circuits.record("c", true);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    circuits.record("c", true, "upstream answered 429", 60_000); // a call under way since before the opening
    circuits.succeeded("c", 1, 1_000_000); // an older one still, whose batch came after
    circuits.probeEnded("c", undefined);
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_005_000 + 60_000 });
    expect(circuits.claimProbe("c")).toBe(false);
  });

  it("a probe let through before a wait was asked (by a call under way since before the opening) does not end it with its success", () => {
    const { circuits, advance, changes } = book({ minCalls: 1 });
    circuits.record("c", true);
    advance(5_000);
    expect(circuits.claimProbe("c")).toBe(true);
    advance(100);
    circuits.record("c", true, "upstream answered 429", 60_000);
    circuits.probeEnded("c", false);
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_005_100 + 60_000 });
    expect(changes.at(-1)![1]).toMatchObject({ state: "open", retryAt: 1_005_100 + 60_000 });
    // The next probe, let through after the wait, closes it.
    advance(60_000);
    expect(circuits.claimProbe("c")).toBe(true);
    circuits.probeEnded("c", false);
    expect(circuits.view("c").state).toBe("closed");
  });

  it("a success of a call sent once the wait was asked ends it", () => {
    const { circuits, advance } = book({ minCalls: 3 });
    circuits.record("c", true, "upstream answered 429", 120_000);
    advance(1);
    circuits.succeeded("c", 1, 1_000_001);
    circuits.record("c", true, "upstream answered 500");
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_000_001 + 5_000 });
  });

  it("a replica keeps a wait it heard after another's probe was let through, when that probe closes the circuit, and says so to the others", () => {
    const here = book({ minCalls: 1 });
    const elsewhere = book({ minCalls: 1 });
    elsewhere.circuits.record("c", true, "upstream answered 500");
    here.circuits.adopt("c", elsewhere.circuits.view("c"));
    elsewhere.advance(5_000);
    here.advance(5_000);
    expect(elsewhere.circuits.claimProbe("c")).toBe(true);
    here.circuits.adopt("c", elsewhere.changes.at(-1)![1]); // half-open elsewhere
    here.advance(100);
    here.circuits.record("c", true, "upstream answered 429", 60_000); // a call here under way since before the opening
    elsewhere.circuits.probeEnded("c", false);
    const announced = here.changes.length;
    expect(here.circuits.adopt("c", elsewhere.circuits.view("c"))).toMatchObject({ state: "open", retryAt: 1_005_100 + 60_000 });
    expect(here.changes.slice(announced).map(([, health]) => health.retryAt)).toEqual([1_005_100 + 60_000]);
  });

  it("a wait asked on one replica is forgotten when it adopts the channel's close from another (whose probe it served)", () => {
    const { circuits, advance } = book({ minCalls: 2 });
    circuits.record("c", true, "upstream answered 429", 120_000); // this replica's call: "Retry-After: 120"
    const elsewhere = book({ minCalls: 1 });
    elsewhere.circuits.record("c", true, "upstream answered 500");
    circuits.adopt("c", elsewhere.circuits.view("c"));
    elsewhere.advance(5_000);
    advance(5_000);
    expect(elsewhere.circuits.claimProbe("c")).toBe(true);
    circuits.adopt("c", elsewhere.changes.at(-1)![1]); // the probe is let through there, after the wait was asked here
    elsewhere.circuits.probeEnded("c", false); // the channel served again
    circuits.adopt("c", elsewhere.circuits.view("c"));
    advance(5_000);
    circuits.record("c", true, "upstream answered 500");
    circuits.record("c", true, "upstream answered 500");
    expect(circuits.view("c")).toMatchObject({ state: "open", retryAt: 1_010_000 + 5_000 });
  });

  it("a replica that heard a longer wait than the rest another decided keeps it, and says so to the others", () => {
    // Both open at once: this one on a 429 with "Retry-After: 120", the other on its own 500s, knowing of no wait.
    const heard = book({ minCalls: 1 });
    heard.circuits.record("c", true, "upstream answered 429", 120_000);
    const other = book({ minCalls: 1 });
    other.circuits.record("c", true, "upstream answered 500");
    const announced = heard.changes.length;
    expect(heard.circuits.adopt("c", other.circuits.view("c")).retryAt).toBe(1_000_000 + 120_000);
    expect(heard.changes.slice(announced).map(([, health]) => health.retryAt)).toEqual([1_000_000 + 120_000]);
    other.circuits.adopt("c", heard.changes.at(-1)![1]);
    for (const { circuits, advance } of [heard, other]) {
      advance(5_000);
      expect(circuits.claimProbe("c")).toBe(false);
    }
  });

  it("another replica adopts the rest as decided, not its own cool-down", () => {
    const deciding = book({ minCalls: 1 });
    deciding.circuits.record("c", true, "upstream answered 429", 120_000);
    const other = book({ minCalls: 1 });
    expect(other.circuits.adopt("c", deciding.circuits.view("c")).retryAt).toBe(1_000_000 + 120_000);
    other.advance(5_000);
    expect(other.circuits.claimProbe("c")).toBe(false);
    other.advance(115_000);
    expect(other.circuits.claimProbe("c")).toBe(true);
  });
});
