// A spend cap's period as the console API sets it: `cap_period` needs a cap, goes with it when the
// cap is removed, and only those who set caps change it.
import { type CapPeriod, periodStart } from "../domain/cap-periods.ts";
import { periodClock } from "../clock.ts";
import { consoleError } from "./errors.ts";

export type CapChange = { spend_cap?: number | null; cap_period?: CapPeriod | null };

/**
 * The period after a change: `from` the current one `to` the new one (undefined: no change).
 * Refuses a period without a cap, naming the field.
 */
export function capPeriodChange(current: { spendCap: number | null; capPeriod: CapPeriod | null }, body: CapChange): { from: CapPeriod | null; to: CapPeriod | null } | undefined {
  const cap = body.spend_cap !== undefined ? body.spend_cap : current.spendCap;
  let to = body.cap_period !== undefined ? body.cap_period : current.capPeriod;
  if (to !== null && cap === null) {
    if (body.cap_period === undefined) to = null; // removing the cap removes its period
    else throw consoleError("invalid_request", "`cap_period` needs a spend cap: set `spend_cap` too, or leave `cap_period` out.", "cap_period");
  }
  return to === current.capPeriod ? undefined : { from: current.capPeriod, to };
}

/** The call-state account of a cap as it counts now (replica mode moves it when the cap moves). */
const capAccount = (kind: "member" | "key", id: string, period: CapPeriod | null) =>
  period === null ? `${kind}:${id}` : `${kind}:${id}@${periodStart(period, periodClock())}`;

/** The account of a member's or key's cap as stored (null: no cap). */
export const storedCapAccount = (kind: "member" | "key", id: string, stored: { spendCap: number | null; capPeriod: CapPeriod | null } | undefined) =>
  stored && stored.spendCap !== null ? capAccount(kind, id, stored.capPeriod) : null;
