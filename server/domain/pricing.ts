// Money is integer micros (1 currency unit = 1,000,000 micros). Prices are micros per million
// tokens; multipliers are integer thousandths (2.5x = 2500). Rounding rule: a call's cost is the
// exact rational sum over token kinds of tokens × price × multiplier / 10^9, rounded up once to the
// next whole micro. BigInt keeps every intermediate exact.
//
// Cache writes have two prices where the vendor has two (Anthropic: 1.25x input for the 5-minute
// cache, 2x for the 1-hour cache): `cache_write` for 5-minute writes (and for writes of any other
// vendor), `cache_write_1h` for 1-hour writes. A model without a 1-hour price bills its 1-hour
// writes at `cache_write`.

/** The largest amount of money anywhere (a price, cap, balance or top-up): 10^15 micros, one billion
 * units, so sums of amounts stay exact below 2^53. The contract bounds the same (spec `Micros`). */
export const maxMicros = 1_000_000_000_000_000;

export type Prices = { input: number; output: number; cache_read: number; cache_write: number; cache_write_1h?: number };
/** Token kinds apart: `cache_write` counts the writes not priced as 1-hour ones, `cache_write_1h` the 1-hour writes. */
export type TokenCounts = { input: number; output: number; cache_read: number; cache_write: number; cache_write_1h?: number };

/** What a 1-hour cache write costs per million tokens: its own price, or the cache-write price when the model has none. */
export const cacheWrite1hPrice = (prices: Prices): number => prices.cache_write_1h ?? prices.cache_write;

const perMillionTimesMilli = 1_000_000n * 1_000n;
const maxSafeMicros = BigInt(Number.MAX_SAFE_INTEGER);

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

export function costMicros(tokens: TokenCounts, prices: Prices, multiplierMilli: number): number {
  // The same sum in doubles first: a call's tokens and prices keep it far below 2^53, and then it is
  // exact (BigInt's conversions were most of a relay call's pricing). A sum or product of counts that
  // went past 2^53 − 1 rounds to 2^53 or more, never back below, so one check of each total says
  // every step was exact. Below 2^53, a quotient by 10^9 is within 10^-9 of its true value, which
  // no multiple of 10^-9 short of a whole number is: its ceiling is the exact one.
  const cacheWrite1h = tokens.cache_write_1h ?? 0;
  const price1h = cacheWrite1hPrice(prices);
  if (
    isCount(tokens.input) && isCount(tokens.output) && isCount(tokens.cache_read) && isCount(tokens.cache_write) && isCount(cacheWrite1h) &&
    isCount(prices.input) && isCount(prices.output) && isCount(prices.cache_read) && isCount(prices.cache_write) && isCount(price1h) && isCount(multiplierMilli)
  ) {
    const sum = tokens.input * prices.input + tokens.output * prices.output + tokens.cache_read * prices.cache_read + tokens.cache_write * prices.cache_write + cacheWrite1h * price1h;
    const scaled = sum * multiplierMilli;
    if (scaled <= Number.MAX_SAFE_INTEGER) return Math.ceil(scaled / 1e9);
  }
  const raw =
    BigInt(tokens.input) * BigInt(prices.input) +
    BigInt(tokens.output) * BigInt(prices.output) +
    BigInt(tokens.cache_read) * BigInt(prices.cache_read) +
    BigInt(tokens.cache_write) * BigInt(prices.cache_write) +
    BigInt(tokens.cache_write_1h ?? 0) * BigInt(cacheWrite1hPrice(prices));
  const scaled = raw * BigInt(multiplierMilli);
  const micros = (scaled + perMillionTimesMilli - 1n) / perMillionTimesMilli;
  // Beyond 2^53 − 1 a number is no longer exact (nor storable); no balance reaches that far anyway.
  return micros > maxSafeMicros ? Number.MAX_SAFE_INTEGER : Number(micros);
}

/** The price a group charges per million tokens: base price × multiplier, rounded up to a micro. */
export function groupPrices(base: Prices, multiplierMilli: number): Prices {
  const scale = (price: number) => Number((BigInt(price) * BigInt(multiplierMilli) + 999n) / 1000n);
  const prices: Prices = {
    input: scale(base.input),
    output: scale(base.output),
    cache_read: scale(base.cache_read),
    cache_write: scale(base.cache_write),
  };
  if (base.cache_write_1h !== undefined) prices.cache_write_1h = scale(base.cache_write_1h);
  return prices;
}
