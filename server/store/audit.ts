// The audit log: one row per top-up or configuration change, append-only. This repository has no
// UPDATE or DELETE on purpose: history is never edited. Pages by keyset (created_at, id) descending,
// on the indexes of migration 9, so a page never scans the table.
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";

export type AuditEntry = {
  actorId: string;
  actorEmail: string;
  /** The organization the change concerns (its owner may read it); null for service-wide configuration. */
  organizationId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  targetName: string | null;
  before: unknown;
  after: unknown;
};
export type AuditRecord = AuditEntry & { id: string; createdAt: number };
export type AuditCursor = { createdAt: number; id: string };

type AuditRow = {
  id: string;
  created_at: number;
  actor_id: string;
  actor_email: string;
  organization_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  target_name: string | null;
  before_json: string | null;
  after_json: string | null;
};

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

export function auditRepository(db: Db) {
  return {
    async append(entry: AuditEntry, tx: Db = db): Promise<string> {
      const id = newId("aud");
      await tx.run(
        `INSERT INTO audit_log (id, created_at, actor_id, actor_email, organization_id, action, target_type, target_id, target_name, before_json, after_json)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, Date.now(), entry.actorId, entry.actorEmail, entry.organizationId, entry.action, entry.targetType, entry.targetId, entry.targetName, json(entry.before), json(entry.after)],
      );
      return id;
    },
    /** Newest first; `organizationId` narrows to one organization; `after` is the last row of the previous page. */
    async page(options: { organizationId?: string; after?: AuditCursor; limit: number }): Promise<AuditRecord[]> {
      const where: string[] = [];
      const params: (string | number)[] = [];
      if (options.organizationId !== undefined) {
        where.push("organization_id = ?");
        params.push(options.organizationId);
      }
      if (options.after) {
        where.push("(created_at < ? OR (created_at = ? AND id < ?))");
        params.push(options.after.createdAt, options.after.createdAt, options.after.id);
      }
      const rows = await db.all<AuditRow>(
        `SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, id DESC LIMIT ?`,
        [...params, options.limit],
      );
      return rows.map((row) => ({
        id: row.id,
        createdAt: Number(row.created_at),
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        organizationId: row.organization_id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        targetName: row.target_name,
        before: row.before_json === null ? null : JSON.parse(row.before_json),
        after: row.after_json === null ? null : JSON.parse(row.after_json),
      }));
    },
  };
}
