// Money is integer micros (1 currency unit = 1,000,000 micros). Prices are micros per million
// tokens; multipliers are integer thousandths (2.5x = 2500). Rounding rule: a call's cost is the
// exact rational sum over token kinds of tokens × price × multiplier / 10^9, rounded up once to the
// next whole micro. BigInt keeps every intermediate exact.

/** The largest amount of money anywhere (a price, cap, balance or top-up): 10^15 micros, one billion
 * units, so sums of amounts stay exact below 2^53. The contract bounds the same (spec `Micros`). */
export const maxMicros = 1_000_000_000_000_000;

export type Prices = { input: number; output: number; cache_read: number; cache_write: number };
export type TokenCounts = { input: number; output: number; cache_read: number; cache_write: number };

const perMillionTimesMilli = 1_000_000n * 1_000n;
const maxSafeMicros = BigInt(Number.MAX_SAFE_INTEGER);

export function costMicros(tokens: TokenCounts, prices: Prices, multiplierMilli: number): number {
  const raw =
    BigInt(tokens.input) * BigInt(prices.input) +
    BigInt(tokens.output) * BigInt(prices.output) +
    BigInt(tokens.cache_read) * BigInt(prices.cache_read) +
    BigInt(tokens.cache_write) * BigInt(prices.cache_write);
  const scaled = raw * BigInt(multiplierMilli);
  const micros = (scaled + perMillionTimesMilli - 1n) / perMillionTimesMilli;
  // Beyond 2^53 − 1 a number is no longer exact (nor storable); no balance reaches that far anyway.
  return micros > maxSafeMicros ? Number.MAX_SAFE_INTEGER : Number(micros);
}

/** The price a group charges per million tokens: base price × multiplier, rounded up to a micro. */
export function groupPrices(base: Prices, multiplierMilli: number): Prices {
  const scale = (price: number) => Number((BigInt(price) * BigInt(multiplierMilli) + 999n) / 1000n);
  return {
    input: scale(base.input),
    output: scale(base.output),
    cache_read: scale(base.cache_read),
    cache_write: scale(base.cache_write),
  };
}
