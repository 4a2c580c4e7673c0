import { type CapPeriod, periodStart, spentNow } from "../domain/cap-periods.ts";
import { periodClock } from "../clock.ts";
import { commitInTime, setCapPeriod } from "./budgets.ts";
import { type Db, retryingConflicts } from "./db.ts";
import { newId } from "./ids.ts";
import { type ApiKey, nullableNumber } from "./records.ts";
import { revisionRepository } from "./revision.ts";
import { type RateLimitChanges, type RateLimitRow, rateLimitsOf, writeRateLimits } from "./rate-limit-columns.ts";

type KeyRow = RateLimitRow & {
  id: string;
  user_id: string;
  organization_id: string;
  name: string;
  secret_hash: string;
  display: string;
  group_id: string | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  spend_cap: number | null;
  spent: number;
  cap_period: CapPeriod | null;
  spent_since: number | null;
};


function toKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    userId: row.user_id,
    organizationId: row.organization_id,
    name: row.name,
    secretHash: row.secret_hash,
    display: row.display,
    groupId: row.group_id,
    createdAt: Number(row.created_at),
    expiresAt: nullableNumber(row.expires_at),
    revokedAt: nullableNumber(row.revoked_at),
    lastUsedAt: nullableNumber(row.last_used_at),
    spendCap: nullableNumber(row.spend_cap),
    spent: spentNow(Number(row.spent), row.cap_period, nullableNumber(row.spent_since), periodClock()),
    capPeriod: row.cap_period,
    rateLimits: rateLimitsOf(row),
  };
}

export type NewKey = {
  userId: string;
  organizationId: string;
  name: string;
  secretHash: string;
  display: string;
  groupId: string | null;
  expiresAt: number | null;
  spendCap: number | null;
  capPeriod?: CapPeriod | null;
  rateLimits?: RateLimitChanges;
};

export function keyRepository(db: Db) {
  const revision = revisionRepository(db);
  return {
    async get(id: string): Promise<ApiKey | undefined> {
      const row = await db.get<KeyRow>(`SELECT * FROM api_keys WHERE id = ?`, [id]);
      return row && toKey(row);
    },
    async byHash(secretHash: string): Promise<ApiKey | undefined> {
      const row = await db.get<KeyRow>(`SELECT * FROM api_keys WHERE secret_hash = ?`, [secretHash]);
      return row && toKey(row);
    },
    async ofUser(userId: string): Promise<ApiKey[]> {
      return (await db.all<KeyRow>(`SELECT * FROM api_keys WHERE user_id = ? ORDER BY created_at, id`, [userId])).map(toKey);
    },
    async ofOrganization(organizationId: string): Promise<ApiKey[]> {
      return (await db.all<KeyRow>(`SELECT * FROM api_keys WHERE organization_id = ? ORDER BY created_at, id`, [organizationId])).map(toKey);
    },
    /** Keys the relay may accept: not revoked (expiry is checked per request, since time moves). */
    async active(): Promise<ApiKey[]> {
      return (await db.all<KeyRow>(`SELECT * FROM api_keys WHERE revoked_at IS NULL`)).map(toKey);
    },
    async create(input: NewKey): Promise<string> {
      const id = newId("key");
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO api_keys (id, user_id, organization_id, name, secret_hash, display, group_id, created_at, expires_at, spend_cap, spent, cap_period, spent_since)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
          [id, input.userId, input.organizationId, input.name, input.secretHash, input.display, input.groupId, Date.now(), input.expiresAt, input.spendCap, input.capPeriod ?? null, input.capPeriod ? periodStart(input.capPeriod, periodClock()) : null],
        );
        await writeRateLimits(tx, "api_keys", id, input.rateLimits);
        await revision.bump(tx);
      });
      return id;
    },
    /** `undefined` leaves a field as it is; `null` clears group or cap. */
    /** `commitBy`: see commitInTime. */
    async update(
      id: string,
      changes: { name?: string; groupId?: string | null; spendCap?: number | null; capPeriod?: { from: CapPeriod | null; to: CapPeriod | null }; rateLimits?: RateLimitChanges },
      commitBy?: number,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (changes.name !== undefined) await tx.run(`UPDATE api_keys SET name = ? WHERE id = ?`, [changes.name, id]);
        if (changes.groupId !== undefined) await tx.run(`UPDATE api_keys SET group_id = ? WHERE id = ?`, [changes.groupId, id]);
        if (changes.spendCap !== undefined) await tx.run(`UPDATE api_keys SET spend_cap = ? WHERE id = ?`, [changes.spendCap, id]);
        const period = changes.capPeriod;
        if (period && period.from !== period.to) await tx.run(...setCapPeriod("api_keys", id, period.to, periodClock()));
        await writeRateLimits(tx, "api_keys", id, changes.rateLimits);
        await revision.bump(tx);
        commitInTime(commitBy);
      });
    },
    async revoke(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, [Date.now(), id]);
        await revision.bump(tx);
      });
    },
    /**
     * Batched from the relay's in-memory record; not a cache-relevant change, so no revision bump.
     * Keys by id, as the ledger's batches take them (budgets.ts), so that two replicas' writes
     * cannot deadlock; a time never goes back (another replica may have written a later one).
     */
    async recordLastUsed(uses: Map<string, number>): Promise<void> {
      if (uses.size === 0) return;
      const ordered = [...uses].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      await retryingConflicts(() =>
        db.transaction(async (tx) => {
          for (const [id, at] of ordered) {
            await tx.run(`UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)`, [at, id, at]);
          }
        }),
      );
    },
  };
}
