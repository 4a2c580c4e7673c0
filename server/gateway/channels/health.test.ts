import { describe, expect, it } from "vitest";
import { healthRegistry } from "./health.ts";

describe("circuit breaker", () => {
  it("opens after the threshold, admits one probe after the cooldown, and the probe's outcome decides", async () => {
    const health = healthRegistry({ threshold: 2, cooldownMs: 20 });
    expect(health.admit("c")).toBe(true);
    health.failed("c", "500");
    expect(health.view("c").state).toBe("closed");
    health.failed("c", "500");
    expect(health.view("c")).toMatchObject({ state: "open", consecutiveFailures: 2, lastError: "500" });
    expect(health.admit("c")).toBe(false);

    await new Promise((resolve) => setTimeout(resolve, 25));
    expect(health.admit("c")).toBe(true); // the probe
    expect(health.view("c").state).toBe("half-open");
    expect(health.admit("c")).toBe(false); // only one probe at a time
    health.failed("c", "timeout");
    expect(health.view("c").state).toBe("open");

    await new Promise((resolve) => setTimeout(resolve, 25));
    expect(health.admit("c")).toBe(true);
    health.succeeded("c");
    expect(health.view("c")).toMatchObject({ state: "closed", consecutiveFailures: 0 });
    expect(health.admit("c")).toBe(true);
  });

  it("looking at availability claims no probe", async () => {
    const health = healthRegistry({ threshold: 1, cooldownMs: 10 });
    health.failed("c", "500");
    expect(health.available("c")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 15));
    expect(health.available("c")).toBe(true);
    expect(health.available("c")).toBe(true);
    expect(health.admit("c")).toBe(true);
    expect(health.available("c")).toBe(false);
  });

  it("a success resets the count of consecutive failures", () => {
    const health = healthRegistry({ threshold: 2, cooldownMs: 1000 });
    health.failed("c", "x");
    health.succeeded("c");
    health.failed("c", "x");
    expect(health.view("c").state).toBe("closed");
  });
});
