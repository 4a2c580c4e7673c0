// What the call-state owner reads and writes of money: how much is left in an account (an
// organization's balance, or a member's or key's spend cap less what it has spent), and each batch
// of settled calls — their ledger records and the charges they make — in one transaction, so the
// stored balance always equals opening balance plus top-ups minus the ledger's sum.
//
// A cap that resets (daily, weekly, monthly) is an account per period: `member:<id>@<start>`, its
// start in epoch ms. The counter row holds `spent` and `spent_since` (the period it counts); a
// charge of a later period starts the counter afresh, a charge of a period already over no longer
// counts against any cap (its period is closed), and an account of an earlier period than the
// counter's has nothing left. So a hold taken before a boundary is charged to its own period, and
// neither period's spending can pass the cap. A charge whose stamp cannot be a period of the cap's
// period now (the period was changed, or removed, while the call was in flight) is added to the
// counter as it stands: it must neither restart it nor be lost.
import type { CapPeriod } from "../domain/cap-periods.ts";
import { capPeriods, periodStart } from "../domain/cap-periods.ts";
import { type Db, retryingConflicts } from "./db.ts";
import { type UsageRecord, insertUsageRecords } from "./ledger.ts";

/** An account without a cap: larger than any cost (well inside 2^53). */
export const unbounded = Number.MAX_SAFE_INTEGER;

/** Per charged row (`org:<id>`, `member:<id>`, `key:<id>`), its charge count after a batch. */
export type ChargeSeqs = Map<string, number>;

/** Ids in one order for every writer (plain code-unit order: the same in JavaScript on every replica). */
const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** For each record's id, the period starts of the member and key caps it was held against (absent: a cap that never resets). */
export type CapStamps = Map<string, { member?: number; key?: number }>;

const tables = { org: "organizations", member: "users", key: "api_keys" } as const;

/** An account id, split: kind, row id and (for a cap that resets) its period start. */
export function parseAccount(account: string): { kind: string; id: string; since: number | null } {
  const colon = account.indexOf(":");
  const at = account.indexOf("@", colon);
  return { kind: account.slice(0, colon), id: account.slice(colon + 1, at < 0 ? undefined : at), since: at < 0 ? null : Number(account.slice(at + 1)) };
}

/**
 * The statement that changes a cap's period: the counter keeps what counts now under the period
 * it has (nothing, if that period is over) and counts from the start of the new one. The period
 * it has is read by the statement itself, not taken from the caller: two changes at once each read
 * the period before both, and the second, judging the first's fresh counter by a shorter period,
 * would set it to 0 and let the cap be spent again.
 */
export function setCapPeriod(table: "users" | "api_keys", id: string, to: CapPeriod | null, now: number): [string, (string | number | null)[]] {
  const since = to === null ? null : periodStart(to, now);
  const starts = capPeriods.flatMap((period) => [period, periodStart(period, now)]);
  return [
    `UPDATE ${table} SET spent = CASE WHEN cap_period IS NULL THEN spent
       WHEN spent_since IS NULL OR spent_since < (CASE cap_period ${capPeriods.map(() => "WHEN ? THEN CAST(? AS BIGINT)").join(" ")} END) THEN 0 ELSE spent END,
       cap_period = ?, spent_since = ? WHERE id = ?`,
    [...starts, to, since, id],
  ];
}

/**
 * Replica mode: a cap's change must commit by `commitBy` (Redis lends nothing of it meanwhile, and
 * past its deadline another node reads it again, which must find the outcome). Checked last in the
 * write's transaction: past it, nothing is written.
 */
export function commitInTime(commitBy: number | undefined) {
  if (commitBy !== undefined && Date.now() > commitBy) throw new CapWriteTooLate();
}

/** A cap change refused by commitInTime: nothing was written, and the same change may be sent again. */
export class CapWriteTooLate extends Error {
  constructor() {
    super("The spend cap change took too long to write and was not saved; try again.");
    this.name = "CapWriteTooLate";
  }
}

export function budgetRepository(db: Db) {
  return {
    /** Remaining money of `org:<id>`, `member:<id>[@<start>]` and `key:<id>[@<start>]` accounts (below 0 for a cap spent past); uncapped ones are unbounded, unknown ones 0. */
    async remaining(accounts: string[]): Promise<Map<string, number>> {
      return new Map([...(await this.remainingAt(accounts))].map(([account, { left }]) => [account, left]));
    },

    /**
     * As `remaining`, with the charge count of each account's row (`seq`) as this read saw it: the
     * read holds exactly the charges numbered up to it (see recordSettled).
     */
    async remainingAt(accounts: string[]): Promise<Map<string, { left: number; seq: number }>> {
      const result = new Map<string, { left: number; seq: number }>();
      for (const [kind, table] of Object.entries(tables)) {
        const mine = accounts.map((account) => ({ account, ...parseAccount(account) })).filter((parsed) => parsed.kind === kind);
        if (mine.length === 0) continue;
        const ids = [...new Set(mine.map((parsed) => parsed.id))];
        const columns = kind === "org" ? "id, balance AS cap, 0 AS spent, NULL AS spent_since, charge_seq" : "id, spend_cap AS cap, spent, spent_since, charge_seq";
        const rows = await db.all<{ id: string; cap: number | null; spent: number; spent_since: number | null; charge_seq: number }>(
          `SELECT ${columns} FROM ${table} WHERE id IN (${ids.map(() => "?").join(", ")})`,
          ids,
        );
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const { account, id, since } of mine) {
          const row = byId.get(id);
          const seq = row ? Number(row.charge_seq) : 0;
          if (!row) result.set(account, { left: 0, seq });
          else if (row.cap === null) result.set(account, { left: unbounded, seq });
          else {
            const counted = row.spent_since === null ? null : Number(row.spent_since);
            // A period's account: a fresh counter before its first charge, nothing once a later period began.
            const spent = since === null ? Number(row.spent) : counted === since ? Number(row.spent) : counted !== null && counted > since ? Number.POSITIVE_INFINITY : 0;
            // Spent past the cap (calls in flight when it was lowered), it is short by as much: a raise of
            // the cap then lends only what the new cap leaves (Redis adds the raise to this figure).
            result.set(account, { left: spent === Number.POSITIVE_INFINITY ? 0 : Number(row.cap) - spent, seq });
          }
        }
      }
      return result;
    },

    /**
     * Ledger records and the charges they carry, durable together. `stamps`: which period of a
     * resetting cap each record was held against. Each row charged counts the charge (`charge_seq`)
     * and the count is returned per row (`org:<id>`, `member:<id>`, `key:<id>`): a read of an
     * account (remainingAt) holds this charge exactly when its seq is at least this one, since the
     * row's lock orders its charges as they commit. Rows are taken in one order — organizations,
     * members, keys, each by id — whoever writes, so batches of several replicas cannot deadlock;
     * a conflict that still happens (another writer's order) runs the batch again.
     */
    async recordSettled(records: UsageRecord[], stamps: CapStamps = new Map()): Promise<ChargeSeqs> {
      const seqs: ChargeSeqs = new Map();
      if (records.length === 0) return seqs;
      // What each organization, member counter and key counter is charged, in one pass. A counter
      // of a cap that resets is charged per period: its key is `<id>@<period start>`.
      const byOrganization = new Map<string, number>();
      const byMember = new Map<string, number>();
      const byKey = new Map<string, number>();
      const add = (totals: Map<string, number>, key: string, cost: number) => totals.set(key, (totals.get(key) ?? 0) + cost);
      for (const record of records) {
        if (record.cost <= 0) continue;
        const stamp = stamps.size === 0 ? undefined : stamps.get(record.id);
        add(byOrganization, record.organizationId, record.cost);
        add(byMember, stamp?.member == null ? record.userId : `${record.userId}@${stamp.member}`, record.cost);
        add(byKey, stamp?.key == null ? record.keyId : `${record.keyId}@${stamp.key}`, record.cost);
      }
      const counterSums = (kind: "member" | "key", totals: Map<string, number>) =>
        [...totals]
          .map(([account, cost]) => ({ cost, ...parseAccount(`${kind}:${account}`) }))
          // By id; of one counter, older periods first, so a batch across a boundary ends counting the newer one.
          .sort((a, b) => byId(a.id, b.id) || (a.since ?? 0) - (b.since ?? 0));
      const charge = (table: string, { id, since, cost }: { id: string; since: number | null; cost: number }): [string, (string | number)[]] => {
        if (since === null) return [`UPDATE ${table} SET spent = spent + ?, charge_seq = charge_seq + 1 WHERE id = ? RETURNING charge_seq`, [cost, id]];
        // The periods `since` can start: every midnight a day's, a Monday's a week's, the 1st's a month's.
        const periods = capPeriods.filter((period) => periodStart(period, since) === since);
        const ofAnother = `cap_period IS NULL OR cap_period NOT IN (${periods.map(() => "?").join(", ")})`;
        return [
          `UPDATE ${table} SET spent = CASE WHEN ${ofAnother} THEN spent + ? WHEN spent_since IS NULL OR spent_since < ? THEN ? WHEN spent_since = ? THEN spent + ? ELSE spent END,
             spent_since = CASE WHEN ${ofAnother} THEN spent_since WHEN spent_since IS NULL OR spent_since < ? THEN ? ELSE spent_since END,
             charge_seq = charge_seq + 1 WHERE id = ? RETURNING charge_seq`,
          [...periods, cost, since, cost, since, cost, ...periods, since, since, id],
        ];
      };
      const organizations = [...byOrganization].sort(([a], [b]) => byId(a, b));
      const members = counterSums("member", byMember);
      const keys = counterSums("key", byKey);
      const counted = async (tx: Db, row: string, [sql, params]: [string, (string | number)[]]) => {
        const returned = await tx.get<{ charge_seq: number }>(sql, params);
        if (returned) seqs.set(row, Number(returned.charge_seq));
      };
      await retryingConflicts(() =>
        db.transaction(async (tx) => {
          seqs.clear();
          await insertUsageRecords(tx, records);
          for (const [id, cost] of organizations) await counted(tx, `org:${id}`, [`UPDATE organizations SET balance = balance - ?, charge_seq = charge_seq + 1 WHERE id = ? RETURNING charge_seq`, [cost, id]]);
          for (const sum of members) await counted(tx, `member:${sum.id}`, charge("users", sum));
          for (const sum of keys) await counted(tx, `key:${sum.id}`, charge("api_keys", sum));
        }),
      );
      return seqs;
    },
  };
}
