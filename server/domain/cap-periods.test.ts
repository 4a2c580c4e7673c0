import { describe, expect, it } from "vitest";
import { nextPeriodStart, periodStart, spentNow } from "./cap-periods.ts";

const at = Date.UTC(2026, 10, 25, 13, 45); // Wednesday 25 November 2026

describe("cap periods (UTC)", () => {
  it("a day, a week from Monday, a month from the 1st", () => {
    expect(periodStart("daily", at)).toBe(Date.UTC(2026, 10, 25));
    expect(periodStart("weekly", at)).toBe(Date.UTC(2026, 10, 23));
    expect(new Date(periodStart("weekly", at)).getUTCDay()).toBe(1);
    expect(periodStart("monthly", at)).toBe(Date.UTC(2026, 10, 1));
    expect(nextPeriodStart("daily", at)).toBe(Date.UTC(2026, 10, 26));
    expect(nextPeriodStart("weekly", at)).toBe(Date.UTC(2026, 10, 30));
    expect(nextPeriodStart("monthly", Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2027, 0, 1));
  });
  it("a boundary belongs to the period it starts", () => {
    expect(periodStart("daily", Date.UTC(2026, 10, 26) - 1)).toBe(Date.UTC(2026, 10, 25));
    expect(periodStart("daily", Date.UTC(2026, 10, 26))).toBe(Date.UTC(2026, 10, 26));
    expect(periodStart("weekly", Date.UTC(2026, 10, 30))).toBe(Date.UTC(2026, 10, 30));
  });
  it("what was spent counts only within its period", () => {
    expect(spentNow(70, null, null, at)).toBe(70);
    expect(spentNow(70, "daily", Date.UTC(2026, 10, 25), at)).toBe(70);
    expect(spentNow(70, "daily", Date.UTC(2026, 10, 24), at)).toBe(0);
    expect(spentNow(70, "daily", null, at)).toBe(0);
  });
});
