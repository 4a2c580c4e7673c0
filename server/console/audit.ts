// The audit log from the console's side: every handler that changes configuration or money calls
// `recordAudit` with the record's JSON view before and after; the read endpoint scopes by role
// (operator: all, or one organization; owner: their organization; everyone else: 403).
import type { Request, Response } from "express";
import type { AuditCursor, AuditRecord } from "../store/audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { currentUser } from "./session.ts";

export type AuditTarget = { type: "group" | "channel" | "organization" | "member" | "key" | "token" | "identity_provider" | "invitation"; id: string; name?: string | null; organizationId?: string | null };

/** Appends one entry for the signed-in user. `action` is `<target>.<verb>`, e.g. `channel.updated`, `organization.topped_up`. */
export async function recordAudit(deps: ConsoleDeps, res: Response, action: string, target: AuditTarget, before: unknown, after: unknown): Promise<void> {
  await recordAuditBy(deps, currentUser(res), action, target, before, after);
}

/** Appends one entry for an actor that is not signed in: e.g. an account acting through a mailed link. */
export async function recordAuditBy(deps: ConsoleDeps, actor: { id: string; email: string }, action: string, target: AuditTarget, before: unknown, after: unknown): Promise<void> {
  await deps.store.audit.append({
    actorId: actor.id,
    actorEmail: actor.email,
    organizationId: target.organizationId ?? null,
    action,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name ?? null,
    before,
    after,
  });
}

/** The cursor is the last entry's `created_at` and id, opaque to clients. */
const cursorOf = (record: AuditRecord) => Buffer.from(`${record.createdAt}:${record.id}`).toString("base64url");
function parseCursor(text: string): AuditCursor {
  const [at, id] = Buffer.from(text, "base64url").toString().split(/:(.*)/s);
  if (!/^\d+$/.test(at ?? "") || !id) throw consoleError("invalid_request", "`cursor` is not one this endpoint gave out. Use `next_cursor` from the previous page.", "cursor");
  return { createdAt: Number(at), id };
}

function entryJson(record: AuditRecord) {
  return {
    id: record.id,
    created_at: new Date(record.createdAt).toISOString(),
    actor: { id: record.actorId, email: record.actorEmail },
    organization_id: record.organizationId,
    action: record.action,
    target: { type: record.targetType, id: record.targetId, name: record.targetName },
    before: record.before,
    after: record.after,
  };
}

export function auditHandlers(deps: ConsoleDeps) {
  return {
    async list(req: Request, res: Response) {
      const user = currentUser(res);
      let organizationId: string | undefined;
      if (user.role === "operator") organizationId = typeof req.query.organization_id === "string" ? req.query.organization_id : undefined;
      else if (user.role === "owner") organizationId = user.organizationId!;
      else throw consoleError("forbidden", "Only the organization's owner and the operator read the audit log.");
      const limit = Number(req.query.limit ?? 50);
      const after = typeof req.query.cursor === "string" ? parseCursor(req.query.cursor) : undefined;
      // One more than asked tells whether another page exists.
      const records = await deps.store.audit.page({ organizationId, after, limit: limit + 1 });
      const page = records.slice(0, limit);
      res.json({ data: page.map(entryJson), next_cursor: records.length > limit ? cursorOf(page[page.length - 1]) : null });
    },
  };
}
