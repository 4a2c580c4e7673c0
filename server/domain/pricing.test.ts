import { describe, expect, it } from "vitest";
import { costMicros, groupPrices } from "./pricing.ts";

const prices = { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 };
const none = { input: 0, output: 0, cache_read: 0, cache_write: 0 };

describe("costMicros", () => {
  it.each([
    [{ ...none, input: 1_000_000 }, 1000, 3_000_000],
    [{ ...none, input: 1_000_000 }, 2500, 7_500_000],
    [{ ...none, output: 1000 }, 6000, 90_000],
    [{ input: 100, output: 200, cache_read: 1000, cache_write: 40 }, 1000, 300 + 3000 + 300 + 150],
    // 1 token × 3 µ/token × 2.5 = 7.5 µ → rounded up once to 8.
    [{ ...none, input: 1 }, 2500, 8],
    [none, 6000, 0],
  ])("%o at %i‰ costs %i micros", (tokens, multiplier, expected) => {
    expect(costMicros(tokens, prices, multiplier)).toBe(expected);
  });

  it("keeps the multiplier ratio exact where the units divide", () => {
    const tokens = { input: 2000, output: 1000, cache_read: 0, cache_write: 0 };
    expect(costMicros(tokens, prices, 6000) * 2500).toBe(costMicros(tokens, prices, 2500) * 6000);
  });

  it("prices 1-hour cache writes at their own price, and at the cache-write price where the model has none", () => {
    const anthropic = { ...prices, cache_write_1h: 6_000_000 };
    // 40 5-minute writes × 3.75 µ + 40 1-hour writes × 6 µ, at 2.5x: 375 + 600.
    expect(costMicros({ ...none, cache_write: 40, cache_write_1h: 40 }, anthropic, 2500)).toBe(975);
    expect(costMicros({ ...none, cache_write: 40, cache_write_1h: 40 }, prices, 2500)).toBe(750);
    // 1 token × 6 µ × 2.5 = 15 µ, exact; 1 × 3.75 µ × 2.5 = 9.375 µ → 10.
    expect(costMicros({ ...none, cache_write_1h: 1 }, anthropic, 2500)).toBe(15);
    expect(costMicros({ ...none, cache_write_1h: 1 }, prices, 2500)).toBe(10);
  });

  it("agrees with exact BigInt arithmetic on each side of 2^53, whichever way it computes", () => {
    const exact = (tokens: typeof none & { cache_write_1h?: number }, p: typeof prices & { cache_write_1h?: number }, multiplier: number) => {
      const raw =
        BigInt(tokens.input) * BigInt(p.input) + BigInt(tokens.output) * BigInt(p.output) + BigInt(tokens.cache_read) * BigInt(p.cache_read) +
        BigInt(tokens.cache_write) * BigInt(p.cache_write) + BigInt(tokens.cache_write_1h ?? 0) * BigInt(p.cache_write_1h ?? p.cache_write);
      const micros = (raw * BigInt(multiplier) + 999_999_999n) / 1_000_000_000n;
      return micros > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(micros);
    };
    // A seeded generator, so a failure names a case that repeats.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const upTo = (max: number) => Math.floor((next() / 2147483647) * max);
    const cases: [typeof none & { cache_write_1h?: number }, typeof prices & { cache_write_1h?: number }, number][] = [
      // Sums just below, at and above 2^53 − 1 once scaled, and quotients one micro short of a whole number.
      [{ ...none, input: 9_007_199 }, { ...none, input: 1_000_000_000 }, 1],
      [{ ...none, input: 1 }, { ...none, input: Number.MAX_SAFE_INTEGER }, 1],
      [{ ...none, input: 2 }, { ...none, input: Number.MAX_SAFE_INTEGER }, 1],
      [{ ...none, input: 3 }, { ...none, input: 3_002_399_751_580_331 }, 1],
      [{ ...none, input: 999_999_999 }, { ...none, input: 1 }, 1],
      [{ ...none, input: 1_000_000_001 }, { ...none, input: 1 }, 1],
      [{ ...none, output: 9_007_199_254 }, { ...none, output: 999_999 }, 1000],
      // 9,007,200,000,000,001: in doubles the sum would round down to a whole 9,007,200 micros.
      [{ ...none, input: 1, output: 1 }, { ...none, input: 4_503_599_627_370_496, output: 4_503_600_372_629_505 }, 1],
    ];
    for (let i = 0; i < 2000; i++) {
      const scale = [1e3, 1e6, 1e9, 1e12][i % 4];
      cases.push([
        { input: upTo(scale), output: upTo(scale), cache_read: upTo(scale), cache_write: upTo(scale), cache_write_1h: i % 3 ? upTo(scale) : undefined },
        { input: upTo(1e8), output: upTo(1e8), cache_read: upTo(1e8), cache_write: upTo(1e8), cache_write_1h: i % 2 ? upTo(1e8) : undefined },
        upTo(10_000),
      ]);
    }
    for (const [tokens, p, multiplier] of cases) expect([tokens, p, multiplier, costMicros(tokens, p, multiplier)]).toEqual([tokens, p, multiplier, exact(tokens, p, multiplier)]);
  });

  it("refuses a token count that is not a whole number, as BigInt does", () => {
    expect(() => costMicros({ ...none, input: 1.5 }, prices, 1000)).toThrow(RangeError);
  });

  it("stays exact beyond 2^53 intermediates", () => {
    expect(costMicros({ ...none, output: 1_000_000_000 }, { ...none, output: 75_000_000 }, 6000)).toBe(450_000_000_000);
  });
});

describe("groupPrices", () => {
  it("is base × multiplier, rounded up to a micro", () => {
    expect(groupPrices(prices, 2500)).toEqual({ input: 7_500_000, output: 37_500_000, cache_read: 750_000, cache_write: 9_375_000 });
    expect(groupPrices({ ...none, input: 1 }, 2500).input).toBe(3);
  });

  it("scales a 1-hour cache-write price where the model has one, and adds none where it has not", () => {
    expect(groupPrices({ ...prices, cache_write_1h: 6_000_001 }, 2500).cache_write_1h).toBe(15_000_003);
    expect(groupPrices(prices, 2500)).not.toHaveProperty("cache_write_1h");
  });
});
