// What the call-state owner reads and writes of money: how much is left in an account (an
// organization's balance, or a member's or key's spend cap less what it has spent), and each batch
// of settled calls — their ledger records and the charges they make — in one transaction, so the
// stored balance always equals opening balance plus top-ups minus the ledger's sum.
import type { Db } from "./db.ts";
import { type UsageRecord, insertUsageRecords } from "./ledger.ts";

/** An account without a cap: larger than any cost (well inside 2^53). */
export const unbounded = Number.MAX_SAFE_INTEGER;

const tables = { org: ["organizations", "balance"], member: ["users", "spend_cap - spent"], key: ["api_keys", "spend_cap - spent"] } as const;

export function budgetRepository(db: Db) {
  return {
    /** Remaining money of `org:<id>`, `member:<id>` and `key:<id>` accounts; uncapped ones are unbounded, unknown ones 0. */
    async remaining(accounts: string[]): Promise<Map<string, number>> {
      const result = new Map<string, number>();
      for (const [kind, [table, expression]] of Object.entries(tables)) {
        const ids = accounts.filter((account) => account.startsWith(`${kind}:`)).map((account) => account.slice(kind.length + 1));
        if (ids.length === 0) continue;
        const rows = await db.all<{ id: string; left: number | null }>(
          `SELECT id, ${expression} AS left FROM ${table} WHERE id IN (${ids.map(() => "?").join(", ")})`,
          ids,
        );
        for (const id of ids) result.set(`${kind}:${id}`, 0);
        for (const row of rows) result.set(`${kind}:${row.id}`, row.left === null ? unbounded : Math.max(0, Number(row.left)));
      }
      return result;
    },

    /** Ledger records and the charges they carry, durable together. */
    async recordSettled(records: UsageRecord[]): Promise<void> {
      if (records.length === 0) return;
      const sums = (pick: (record: UsageRecord) => string) => {
        const totals = new Map<string, number>();
        for (const record of records) if (record.cost > 0) totals.set(pick(record), (totals.get(pick(record)) ?? 0) + record.cost);
        return totals;
      };
      await db.transaction(async (tx) => {
        await insertUsageRecords(tx, records);
        for (const [id, cost] of sums((record) => record.organizationId)) await tx.run(`UPDATE organizations SET balance = balance - ? WHERE id = ?`, [cost, id]);
        for (const [id, cost] of sums((record) => record.userId)) await tx.run(`UPDATE users SET spent = spent + ? WHERE id = ?`, [cost, id]);
        for (const [id, cost] of sums((record) => record.keyId)) await tx.run(`UPDATE api_keys SET spent = spent + ? WHERE id = ?`, [cost, id]);
      });
    },
  };
}
