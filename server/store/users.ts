import { type CapPeriod, periodStart, spentNow } from "../domain/cap-periods.ts";
import type { Role } from "../domain/permissions.ts";
import { periodClock } from "../clock.ts";
import { commitInTime, setCapPeriod } from "./budgets.ts";
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import { spendMailTokens } from "./mail-tokens.ts";
import type { User } from "./records.ts";
import { revisionRepository } from "./revision.ts";

type UserRow = {
  id: string;
  organization_id: string | null;
  email: string;
  name: string;
  role: Role;
  password_hash: string;
  spend_cap: number | null;
  spent: number;
  cap_period: CapPeriod | null;
  spent_since: number | null;
  created_at: number;
};

export type NewUser = {
  organizationId: string | null;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  groupIds?: string[];
  /** Micros across all of the member's keys; null or absent means no cap. */
  spendCap?: number | null;
  capPeriod?: CapPeriod | null;
};

export function userRepository(db: Db) {
  const revision = revisionRepository(db);
  type GrantRow = { user_id: string; group_id: string };
  /**
   * Users with their group grants. A list of every member reads every grant in one statement
   * (`everyGrant`) rather than naming the members: a statement binds at most 32,766 values on
   * SQLite and 65,535 on PostgreSQL, and the relay's catalog would stop loading past that.
   */
  const hydrate = async (rows: UserRow[], everyGrant = false): Promise<User[]> => {
    if (rows.length === 0) return [];
    const grants = new Map<string, string[]>(rows.map((row) => [row.id, []]));
    const grantRows = everyGrant
      ? await db.all<GrantRow>(`SELECT user_id, group_id FROM member_groups ORDER BY group_id`)
      : await db.all<GrantRow>(
          `SELECT user_id, group_id FROM member_groups WHERE user_id IN (${rows.map(() => "?").join(", ")}) ORDER BY group_id`,
          rows.map((row) => row.id),
        );
    for (const row of grantRows) grants.get(row.user_id)?.push(row.group_id);
    return rows.map((row) => ({
      id: row.id,
      organizationId: row.organization_id,
      email: row.email,
      name: row.name,
      role: row.role,
      passwordHash: row.password_hash,
      spendCap: row.spend_cap === null ? null : Number(row.spend_cap),
      spent: spentNow(Number(row.spent), row.cap_period, row.spent_since === null ? null : Number(row.spent_since), periodClock()),
      capPeriod: row.cap_period,
      createdAt: Number(row.created_at),
      groupIds: grants.get(row.id) ?? [],
    }));
  };
  const one = async (sql: string, params: (string | number)[]) => {
    const row = await db.get<UserRow>(sql, params);
    return row ? (await hydrate([row]))[0] : undefined;
  };

  return {
    // An archived member is gone for sign-in, sessions, tokens and lists; `allMembers` keeps it for history's labels.
    get: (id: string) => one(`SELECT * FROM users WHERE id = ? AND archived_at IS NULL`, [id]),
    byEmail: (email: string) => one(`SELECT * FROM users WHERE lower(email) = lower(?) AND archived_at IS NULL`, [email]),
    /** An email folded as the lookup above folds it: the database's lower(), which PostgreSQL and SQLite apply otherwise than JavaScript. */
    async foldedEmail(email: string): Promise<string> {
      return (await db.get<{ folded: string }>(`SELECT lower(CAST(? AS TEXT)) AS folded`, [email]))!.folded;
    },
    async inOrganization(organizationId: string): Promise<User[]> {
      return hydrate(await db.all<UserRow>(`SELECT * FROM users WHERE organization_id = ? AND archived_at IS NULL ORDER BY created_at, id`, [organizationId]));
    },
    /** Every organization member (not operators), archived ones included: the labels of history. */
    async allMembers(): Promise<User[]> {
      return hydrate(await db.all<UserRow>(`SELECT * FROM users WHERE organization_id IS NOT NULL`), true);
    },
    /**
     * The members who may still call (not archived): the relay's snapshot of who may use which
     * group. Archiving revokes a member's keys too; this does not rest on that alone.
     */
    async liveMembers(): Promise<User[]> {
      return hydrate(await db.all<UserRow>(`SELECT * FROM users WHERE organization_id IS NOT NULL AND archived_at IS NULL`), true);
    },
    /**
     * Archives members (never deleted: the ledger names them): their keys are revoked, their
     * sessions end and their automation tokens are revoked; they can no longer sign in. Their email
     * stays taken. Returns the ids of the keys it revoked.
     */
    async archive(ids: string[], tx?: Db): Promise<string[]> {
      const run = async (t: Db) => {
        const now = Date.now();
        const revoked: string[] = [];
        for (const id of ids) {
          const { changes } = await t.run(`UPDATE users SET archived_at = ? WHERE id = ? AND archived_at IS NULL`, [now, id]);
          if (changes !== 1) continue;
          revoked.push(...(await t.all<{ id: string }>(`SELECT id FROM api_keys WHERE user_id = ? AND revoked_at IS NULL`, [id])).map((key) => key.id));
          await t.run(`UPDATE api_keys SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, [now, id]);
          await t.run(`DELETE FROM sessions WHERE user_id = ?`, [id]);
          await t.run(`UPDATE console_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL`, [now, id]);
        }
        await revision.bump(t);
        return revoked;
      };
      return tx ? run(tx) : db.transaction(run);
    },
    async operatorExists(): Promise<boolean> {
      return (await db.get(`SELECT id FROM users WHERE role = 'operator' LIMIT 1`)) !== undefined;
    },
    async create(input: NewUser, tx: Db = db): Promise<string> {
      const id = newId("usr");
      await tx.run(
        `INSERT INTO users (id, organization_id, email, name, role, password_hash, spend_cap, spent, cap_period, spent_since, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
        [id, input.organizationId, input.email, input.name, input.role, input.passwordHash, input.spendCap ?? null, input.capPeriod ?? null, input.capPeriod ? periodStart(input.capPeriod, periodClock()) : null, Date.now()],
      );
      for (const groupId of new Set(input.groupIds ?? [])) {
        await tx.run(`INSERT INTO member_groups (user_id, group_id) VALUES (?, ?)`, [id, groupId]);
      }
      await revision.bump(tx);
      return id;
    },
    /**
     * A new password hash; every session of the user ends (except `keepSession`, the one that made
     * the change), so a reset locks out whoever knew the old password, and its mailed reset links stop
     * working. Automation tokens stay.
     */
    async setPassword(id: string, passwordHash: string, keepSession?: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { changes } = await tx.run(`UPDATE users SET password_hash = ? WHERE id = ?`, [passwordHash, id]);
        await tx.run(`DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, [id, keepSession ?? ""]);
        // A reset link mailed before the change no longer works: it was asked for the old password.
        await spendMailTokens(tx, id, "password_reset", "password_changed", periodClock());
        return changes > 0;
      });
    },
    /** Null removes the cap. The relay's quota check reads it from the next reservation on. `capPeriod` (undefined: unchanged) is a change of period (see setCapPeriod). */
    /** `spendCap` undefined: left as it is. `commitBy`: see commitInTime. */
    async setSpendCap(id: string, spendCap: number | null | undefined, capPeriod?: { from: CapPeriod | null; to: CapPeriod | null }, commitBy?: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (spendCap !== undefined) await tx.run(`UPDATE users SET spend_cap = ? WHERE id = ?`, [spendCap, id]);
        if (capPeriod && capPeriod.from !== capPeriod.to) await tx.run(...setCapPeriod("users", id, capPeriod.to, periodClock()));
        await revision.bump(tx);
        commitInTime(commitBy);
      });
    },
    /** A member's new role in its organization (single sign-on's rules on every sign-in). */
    async setRole(id: string, role: Role): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run(`UPDATE users SET role = ? WHERE id = ?`, [role, id]);
        await revision.bump(tx);
      });
    },
    async setGroups(id: string, groupIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run(`DELETE FROM member_groups WHERE user_id = ?`, [id]);
        for (const groupId of new Set(groupIds)) await tx.run(`INSERT INTO member_groups (user_id, group_id) VALUES (?, ?)`, [id, groupId]);
        await revision.bump(tx);
      });
    },
  };
}
