// The three rate-limit columns that keys, organizations and groups share (migration 3).
import type { Db } from "./db.ts";
import type { RateLimits } from "./records.ts";

export type RateLimitRow = { rpm_limit: number | null; tpm_limit: number | null; concurrency_limit: number | null };
export type RateLimitChanges = Partial<RateLimits>;

const nullable = (value: number | null | undefined) => (value === null || value === undefined ? null : Number(value));

export const rateLimitsOf = (row: RateLimitRow): RateLimits => ({
  rpm: nullable(row.rpm_limit),
  tpm: nullable(row.tpm_limit),
  concurrent: nullable(row.concurrency_limit),
});

export const noRateLimits = (): RateLimits => ({ rpm: null, tpm: null, concurrent: null });

const columns: [keyof RateLimits, string][] = [
  ["rpm", "rpm_limit"],
  ["tpm", "tpm_limit"],
  ["concurrent", "concurrency_limit"],
];

/** Writes the given limits of one row; `undefined` leaves a limit as it is, `null` makes it unlimited. */
export async function writeRateLimits(tx: Db, table: "api_keys" | "organizations" | "model_groups", id: string, changes: RateLimitChanges | undefined) {
  if (!changes) return;
  for (const [field, column] of columns) {
    if (changes[field] !== undefined) await tx.run(`UPDATE ${table} SET ${column} = ? WHERE id = ?`, [changes[field], id]);
  }
}
