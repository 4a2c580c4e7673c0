// Spend caps that reset: a member's or key's cap may count what was spent since the start of the
// current UTC day, week (from Monday 00:00) or month. Pure arithmetic on epoch milliseconds.

export const capPeriods = ["daily", "weekly", "monthly"] as const;
export type CapPeriod = (typeof capPeriods)[number];

const day = 86_400_000;
/** 1970-01-01 was a Thursday: Monday 1970-01-05 starts the first whole week. */
const firstMonday = 4 * day;

/** The start (epoch ms, UTC) of the period that contains `at`. */
export function periodStart(period: CapPeriod, at: number): number {
  if (period === "daily") return Math.floor(at / day) * day;
  if (period === "weekly") return Math.floor((at - firstMonday) / (7 * day)) * 7 * day + firstMonday;
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The start of the period after the one that contains `at`. */
export function nextPeriodStart(period: CapPeriod, at: number): number {
  if (period === "daily") return periodStart(period, at) + day;
  if (period === "weekly") return periodStart(period, at) + 7 * day;
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/**
 * What a counter that was last charged in the period starting `since` holds at `at`: all of it in
 * that same period, nothing once a later period began. A cap without a period never resets.
 */
export function spentNow(spent: number, period: CapPeriod | null, since: number | null, at: number): number {
  if (period === null) return spent;
  return since !== null && since >= periodStart(period, at) ? spent : 0;
}
