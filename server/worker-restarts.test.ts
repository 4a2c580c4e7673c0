import { describe, expect, it } from "vitest";
import { nextRestart } from "./worker-restarts.ts";

describe("nextRestart", () => {
  it("backs off exponentially while workers keep dying young, up to the ceiling", () => {
    let quickExits = 0;
    const delays: number[] = [];
    for (let exit = 0; exit < 10; exit++) {
      const next = nextRestart(200, quickExits);
      quickExits = next.quickExits;
      delays.push(next.delayMs);
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("replaces a worker that ran for a while at once and forgets earlier quick exits", () => {
    expect(nextRestart(45_000, 6)).toEqual({ quickExits: 0, delayMs: 0 });
    expect(nextRestart(100, 0)).toEqual({ quickExits: 1, delayMs: 500 });
  });
});
