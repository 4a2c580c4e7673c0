// Which budget alerts are due: pure, no I/O. A member's or key's cap crossing a percent of it, an
// organization's balance below an amount, or a balance that will not cover a day at the rate of the
// last 24 hours. Each crossing names its period (the cap's current period; a cap that never resets
// has one period, 0; balances count by UTC day), and is sent once per period (see alerts_sent).
import { type CapPeriod, periodStart } from "../domain/cap-periods.ts";
import type { AlertHook } from "../store/alerts.ts";
import type { ApiKey, Organization, User } from "../store/records.ts";

export type Crossing = { subject: string; kind: string; periodStart: number; payload: Record<string, unknown> };

type Capped = { type: "member" | "key"; id: string; name: string; organizationId: string; spendCap: number | null; spent: number; capPeriod: CapPeriod | null };

export function dueCrossings(hook: AlertHook, now: number, data: { organizations: Organization[]; members: User[]; keys: ApiKey[]; costLastDay: Map<string, number> }): Crossing[] {
  const inScope = (organizationId: string | null) => hook.organizationId === null || organizationId === hook.organizationId;
  const organizations = new Map(data.organizations.filter((org) => inScope(org.id)).map((org) => [org.id, org]));
  const orgJson = (id: string) => ({ id, name: organizations.get(id)?.name ?? null });
  const due: Crossing[] = [];

  const capped: Capped[] = [
    ...data.members.filter((m) => m.organizationId && organizations.has(m.organizationId)).map((m) => ({ type: "member" as const, id: m.id, name: m.email, organizationId: m.organizationId!, spendCap: m.spendCap, spent: m.spent, capPeriod: m.capPeriod })),
    ...data.keys.filter((k) => k.revokedAt === null && organizations.has(k.organizationId)).map((k) => ({ type: "key" as const, id: k.id, name: k.name, organizationId: k.organizationId, spendCap: k.spendCap, spent: k.spent, capPeriod: k.capPeriod })),
  ];
  for (const item of capped) {
    if (item.spendCap === null || item.spendCap <= 0) continue;
    const start = item.capPeriod ? periodStart(item.capPeriod, now) : 0;
    for (const percent of hook.capPercents) {
      // Integer arithmetic: spent / cap ≥ percent / 100.
      if (item.spent * 100 < percent * item.spendCap) continue;
      due.push({
        subject: `${item.type}:${item.id}`,
        kind: `cap:${percent}`,
        periodStart: start,
        payload: {
          type: "cap.threshold",
          organization: orgJson(item.organizationId),
          subject: { type: item.type, id: item.id, name: item.name },
          threshold_percent: percent,
          spend_cap: item.spendCap,
          spent: item.spent,
          cap_period: item.capPeriod,
          period_start: item.capPeriod ? new Date(start).toISOString() : null,
        },
      });
    }
  }

  const today = periodStart("daily", now);
  for (const org of organizations.values()) {
    const subject = { type: "organization", id: org.id, name: org.name };
    if (hook.balanceBelow !== null && org.balance < hook.balanceBelow) {
      due.push({
        subject: `org:${org.id}`,
        kind: `balance_below:${hook.balanceBelow}`,
        periodStart: today,
        payload: { type: "balance.below", organization: orgJson(org.id), subject, balance: org.balance, balance_below: hook.balanceBelow },
      });
    }
    const lastDay = data.costLastDay.get(org.id) ?? 0;
    if (hook.dayCover && lastDay > 0 && org.balance < lastDay) {
      due.push({
        subject: `org:${org.id}`,
        kind: "day_cover",
        periodStart: today,
        payload: { type: "balance.day_cover", organization: orgJson(org.id), subject, balance: org.balance, cost_last_24h: lastDay },
      });
    }
  }
  return due;
}
