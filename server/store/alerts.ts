// Budget alert settings and what was sent. One hook per organization (its owner's) and one for the
// operator (organization NULL: it hears of every organization). The signing secret is sealed at rest
// like channel credentials; `alerts_sent` makes each crossing go out once per period.
import { randomBytes } from "node:crypto";
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import type { SecretBox } from "./secret-box.ts";

export type AlertHook = {
  id: string;
  organizationId: string | null;
  url: string;
  /** Percent of a member's or key's cap used at which to alert, e.g. [80, 100]. */
  capPercents: number[];
  /** Alert when an organization's balance is below this many micros; null: no such alert. */
  balanceBelow: number | null;
  /** Alert when a balance will not cover a day at the last 24 hours' rate. */
  dayCover: boolean;
  /** Also mail each alert to the owners of the organization it concerns. */
  emailOwners: boolean;
  /** Also mail each alert to these addresses. */
  emailAddresses: string[];
  createdAt: number;
  updatedAt: number;
};
export type AlertHookInput = Pick<AlertHook, "url" | "capPercents" | "balanceBelow" | "dayCover" | "emailOwners" | "emailAddresses">;

type Row = { id: string; organization_id: string | null; url: string; secret_box: string; cap_percents: string; balance_below: number | string | null; day_cover: number; email_owners: number; email_addresses: string; created_at: number | string; updated_at: number | string };

const hookOf = (row: Row): AlertHook => ({
  id: row.id,
  organizationId: row.organization_id,
  url: row.url,
  capPercents: JSON.parse(row.cap_percents) as number[],
  balanceBelow: row.balance_below === null ? null : Number(row.balance_below),
  dayCover: Number(row.day_cover) === 1,
  emailOwners: Number(row.email_owners) === 1,
  emailAddresses: JSON.parse(row.email_addresses) as string[],
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const scope = (organizationId: string | null): [string, (string | null)[]] =>
  organizationId === null ? ["organization_id IS NULL", []] : ["organization_id = ?", [organizationId]];

export function alertRepository(db: Db, box: SecretBox) {
  return {
    async get(organizationId: string | null): Promise<AlertHook | undefined> {
      const [where, params] = scope(organizationId);
      const row = await db.get<Row>(`SELECT * FROM alert_hooks WHERE ${where}`, params);
      return row && hookOf(row);
    },
    /** Every hook with its secret, for the evaluator. */
    async all(): Promise<(AlertHook & { secret: string })[]> {
      return (await db.all<Row>(`SELECT * FROM alert_hooks`)).map((row) => ({ ...hookOf(row), secret: box.open(row.secret_box) }));
    },
    /** Creates or changes the hook of a scope; a new secret on creation or when asked. Returns it when one was made. */
    async put(organizationId: string | null, input: AlertHookInput, rotate: boolean): Promise<{ hook: AlertHook; secret: string | null }> {
      return db.transaction(async (tx) => {
        const [where, params] = scope(organizationId);
        const existing = await tx.get<Row>(`SELECT * FROM alert_hooks WHERE ${where}`, params);
        const now = Date.now();
        const secret = !existing || rotate ? `whsec_${randomBytes(24).toString("base64url")}` : null;
        const fields = [input.url, JSON.stringify(input.capPercents), input.balanceBelow, input.dayCover ? 1 : 0];
        const mailTo = [input.emailOwners ? 1 : 0, JSON.stringify(input.emailAddresses)];
        if (existing) {
          await tx.run(`UPDATE alert_hooks SET url = ?, cap_percents = ?, balance_below = ?, day_cover = ?, updated_at = ? WHERE id = ?`, [...fields, now, existing.id]);
          if (secret) await tx.run(`UPDATE alert_hooks SET secret_box = ? WHERE id = ?`, [box.seal(secret), existing.id]);
        } else {
          await tx.run(
            `INSERT INTO alert_hooks (id, organization_id, url, secret_box, cap_percents, balance_below, day_cover, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [newId("alh"), organizationId, input.url, box.seal(secret!), ...fields.slice(1), now, now],
          );
        }
        await tx.run(`UPDATE alert_hooks SET email_owners = ?, email_addresses = ? WHERE ${where}`, [...mailTo, ...params]);
        const row = (await tx.get<Row>(`SELECT * FROM alert_hooks WHERE ${where}`, params))!;
        return { hook: hookOf(row), secret };
      });
    },
    async remove(organizationId: string | null): Promise<boolean> {
      const [where, params] = scope(organizationId);
      return (await db.run(`DELETE FROM alert_hooks WHERE ${where}`, params)).changes > 0;
    },
    /** Claims a crossing for sending: true the first time for (hook, subject, kind, period), false after. */
    async claim(hookId: string, subject: string, kind: string, periodStart: number): Promise<boolean> {
      const { changes } = await db.run(
        `INSERT INTO alerts_sent (hook_id, subject, kind, period_start, sent_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        [hookId, subject, kind, periodStart, Date.now()],
      );
      return changes > 0;
    },
    /** What each organization's calls cost since `since` (the evaluator's 24-hour rate). */
    async costSince(since: number): Promise<Map<string, number>> {
      const rows = await db.all<{ organization_id: string; cost: number | string }>(
        `SELECT organization_id, SUM(cost) AS cost FROM usage_records WHERE created_at >= ? GROUP BY organization_id`,
        [since],
      );
      return new Map(rows.map((row) => [row.organization_id, Number(row.cost)]));
    },
  };
}
