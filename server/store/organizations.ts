import { maxMicros } from "../domain/pricing.ts";
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import type { Organization } from "./records.ts";
import { revisionRepository } from "./revision.ts";
import { type RateLimitChanges, type RateLimitRow, rateLimitsOf, writeRateLimits } from "./rate-limit-columns.ts";

type OrganizationRow = RateLimitRow & { id: string; name: string; balance: number; group_routing: number; sso_required: number; created_at: number };

export function organizationRepository(db: Db) {
  const revision = revisionRepository(db);
  const grantsOf = async (tx: Db, ids: string[]) => {
    const grants = new Map<string, string[]>(ids.map((id) => [id, []]));
    const rows = await tx.all<{ organization_id: string; group_id: string }>(`SELECT organization_id, group_id FROM organization_groups ORDER BY group_id`);
    for (const row of rows) grants.get(row.organization_id)?.push(row.group_id);
    return grants;
  };
  const hydrate = async (rows: OrganizationRow[]): Promise<Organization[]> => {
    const grants = await grantsOf(db, rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      balance: Number(row.balance),
      groupRouting: Number(row.group_routing) === 1,
      ssoRequired: Number(row.sso_required) === 1,
      exclusiveGroupIds: grants.get(row.id) ?? [],
      createdAt: Number(row.created_at),
      rateLimits: rateLimitsOf(row),
    }));
  };

  return {
    // Archived organizations are gone for every reader; their rows stay for the ledger and the audit log.
    async list(): Promise<Organization[]> {
      return hydrate(await db.all<OrganizationRow>(`SELECT * FROM organizations WHERE archived_at IS NULL ORDER BY created_at, id`));
    },
    async get(id: string): Promise<Organization | undefined> {
      const row = await db.get<OrganizationRow>(`SELECT * FROM organizations WHERE id = ? AND archived_at IS NULL`, [id]);
      return row ? (await hydrate([row]))[0] : undefined;
    },
    /** Marks the organization archived (its members are archived by the caller in the same transaction). */
    async archive(id: string, tx: Db = db): Promise<boolean> {
      const { changes } = await tx.run(`UPDATE organizations SET archived_at = ? WHERE id = ? AND archived_at IS NULL`, [Date.now(), id]);
      return changes === 1;
    },
    /** `balance`: what it starts with (0 unless given: self sign-up's starting balance); the relay has nothing of a new organization's to reconcile. */
    async create(input: { name: string; groupRouting?: boolean; rateLimits?: RateLimitChanges; balance?: number }, tx: Db = db): Promise<string> {
      const id = newId("org");
      await tx.run(`INSERT INTO organizations (id, name, balance, group_routing, created_at) VALUES (?, ?, ?, ?, ?)`, [
        id,
        input.name,
        input.balance ?? 0,
        input.groupRouting ? 1 : 0,
        Date.now(),
      ]);
      await writeRateLimits(tx, "organizations", id, input.rateLimits);
      await revision.bump(tx);
      return id;
    },
    /** `ssoRequired`: members sign in only through an identity provider (password sign-in refused). */
    async update(id: string, input: { name?: string; groupRouting?: boolean; ssoRequired?: boolean; rateLimits?: RateLimitChanges }): Promise<boolean> {
      const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);
      return db.transaction(async (tx) => {
        const { changes } = await tx.run(
          `UPDATE organizations SET name = COALESCE(?, name), group_routing = COALESCE(?, group_routing), sso_required = COALESCE(?, sso_required) WHERE id = ?`,
          [input.name ?? null, flag(input.groupRouting), flag(input.ssoRequired), id],
        );
        await writeRateLimits(tx, "organizations", id, input.rateLimits);
        await revision.bump(tx);
        return changes === 1;
      });
    },
    /** Adds (or, when negative, removes) balance; refuses to go below zero or above `maxMicros`. */
    async adjustBalance(id: string, amount: number): Promise<boolean> {
      const { changes } = await db.run(`UPDATE organizations SET balance = balance + ? WHERE id = ? AND balance + ? BETWEEN 0 AND ?`, [
        amount,
        id,
        amount,
        maxMicros,
      ]);
      return changes === 1;
    },
    /** `tx`: inside the caller's transaction (a self sign-up makes its organization with its groups at once). */
    async setExclusiveGroups(id: string, groupIds: string[], tx?: Db): Promise<void> {
      const write = async (t: Db) => {
        await t.run(`DELETE FROM organization_groups WHERE organization_id = ?`, [id]);
        for (const groupId of new Set(groupIds)) {
          await t.run(`INSERT INTO organization_groups (organization_id, group_id) VALUES (?, ?)`, [id, groupId]);
        }
        await revision.bump(t);
      };
      await (tx ? write(tx) : db.transaction(write));
    },
  };
}
