import { describe, expect, it } from "vitest";
import type { AlertHook } from "../store/alerts.ts";
import type { ApiKey, Organization, User } from "../store/records.ts";
import { dueCrossings } from "./evaluate.ts";

const now = Date.UTC(2026, 10, 25, 12);
const hook: AlertHook = { id: "alh_1", organizationId: "org_a", url: "https://x.test", capPercents: [80, 100], balanceBelow: 1_000, dayCover: true, emailOwners: false, emailAddresses: [], createdAt: 0, updatedAt: 0 };
const org = (id: string, balance: number) => ({ id, name: id, balance }) as Organization;
const member = (spent: number, spendCap: number | null, capPeriod: User["capPeriod"] = null) => ({ id: "usr_1", organizationId: "org_a", email: "m@x.test", spent, spendCap, capPeriod }) as User;

describe("due budget alerts", () => {
  it("a cap's percents, counted in integers, in the cap's period", () => {
    const due = dueCrossings(hook, now, { organizations: [org("org_a", 5_000)], members: [member(799, 1_000)], keys: [], costLastDay: new Map() });
    expect(due).toEqual([]);
    const at80 = dueCrossings(hook, now, { organizations: [org("org_a", 5_000)], members: [member(800, 1_000, "daily")], keys: [], costLastDay: new Map() });
    expect(at80.map((c) => [c.subject, c.kind, c.periodStart])).toEqual([["member:usr_1", "cap:80", Date.UTC(2026, 10, 25)]]);
    const full = dueCrossings(hook, now, { organizations: [org("org_a", 5_000)], members: [member(1_000, 1_000)], keys: [], costLastDay: new Map() });
    expect(full.map((c) => [c.kind, c.periodStart])).toEqual([["cap:80", 0], ["cap:100", 0]]);
  });

  it("a balance below the amount, and one that will not cover a day at the last 24 hours' rate", () => {
    const due = dueCrossings(hook, now, { organizations: [org("org_a", 900)], members: [], keys: [], costLastDay: new Map([["org_a", 901]]) });
    expect(due.map((c) => [c.subject, c.kind, c.payload.type])).toEqual([
      ["org:org_a", "balance_below:1000", "balance.below"],
      ["org:org_a", "day_cover", "balance.day_cover"],
    ]);
    expect(dueCrossings(hook, now, { organizations: [org("org_a", 5_000)], members: [], keys: [], costLastDay: new Map([["org_a", 4_999]]) })).toEqual([]);
  });

  it("an owner's hook sees only its organization; the operator's sees every one", () => {
    const data = { organizations: [org("org_a", 5), org("org_b", 5)], members: [], keys: [] as ApiKey[], costLastDay: new Map() };
    expect(dueCrossings(hook, now, data).map((c) => c.subject)).toEqual(["org:org_a"]);
    expect(dueCrossings({ ...hook, organizationId: null }, now, data).map((c) => c.subject)).toEqual(["org:org_a", "org:org_b"]);
  });
});
