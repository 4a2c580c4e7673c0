// The request log: the ledger searched by time, key, member, model, group, status and request id,
// newest first, in keyset pages on (created_at, id). Every filter is an equality or a range on an
// indexed column (migrations 2 and 9), and the cursor replaces OFFSET, so a page costs the same on
// the first page of a million rows as on the last.
import type { Db } from "./db.ts";
import { type RecordRow, type UsageRecord, type UsageScope, columns, scopeSql, toRecord } from "./ledger.ts";

export type CallFilters = {
  from?: number;
  to?: number;
  keyId?: string;
  memberId?: string;
  modelId?: string;
  groupId?: string;
  /** A recorded status, or `failed` for every one but ok. */
  status?: string;
  requestId?: string;
};
export type CallCursor = { createdAt: number; id: string };

function filterSql(scope: UsageScope, filters: CallFilters, after?: CallCursor) {
  const { where, params } = scopeSql(scope);
  const clauses = [where];
  const add = (clause: string, ...values: (string | number)[]) => (clauses.push(clause), params.push(...values));
  if (filters.from !== undefined) add("created_at >= ?", filters.from);
  if (filters.to !== undefined) add("created_at < ?", filters.to);
  if (filters.keyId) add("key_id = ?", filters.keyId);
  if (filters.memberId) add("user_id = ?", filters.memberId);
  if (filters.modelId) add("model_id = ?", filters.modelId);
  if (filters.groupId) add("group_id = ?", filters.groupId);
  if (filters.status === "failed") add("status <> 'ok'");
  else if (filters.status) add("status = ?", filters.status);
  if (filters.requestId) add("request_id = ?", filters.requestId);
  if (after) add("(created_at < ? OR (created_at = ? AND id < ?))", after.createdAt, after.createdAt, after.id);
  return { where: clauses.join(" AND "), params };
}

export function requestLog(db: Db) {
  return {
    async page(scope: UsageScope, filters: CallFilters, limit: number, after?: CallCursor): Promise<UsageRecord[]> {
      const { where, params } = filterSql(scope, filters, after);
      const rows = await db.all<RecordRow>(`SELECT ${columns} FROM usage_records WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?`, [...params, limit]);
      return rows.map(toRecord);
    },
    async get(scope: UsageScope, id: string): Promise<UsageRecord | undefined> {
      const { where, params } = scopeSql(scope);
      const row = await db.get<RecordRow>(`SELECT ${columns} FROM usage_records WHERE ${where} AND id = ?`, [...params, id]);
      return row && toRecord(row);
    },
  };
}
