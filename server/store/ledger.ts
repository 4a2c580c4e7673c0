// The usage ledger: one record per relay call, written in batches off the request path, and the
// aggregations the console's usage pages read.
import type { Db } from "./db.ts";

export type UsageRecord = {
  id: string;
  requestId: string;
  createdAt: number;
  organizationId: string;
  userId: string;
  keyId: string;
  groupId: string;
  modelId: string;
  callName: string;
  channelId: string | null;
  interface: string;
  stream: boolean;
  status: string;
  httpStatus: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  /** Every cache write, 1-hour ones included. */
  cacheWriteTokens: number;
  /** The part of cacheWriteTokens written to a 1-hour cache (billed at the model's 1-hour price). */
  cacheWrite1hTokens: number;
  reasoningTokens: number;
  multiplierMilli: number;
  cost: number;
  latencyMs: number;
  ttfbMs: number | null;
  /** The upstream's own stop reason, as it said it; null where none came (errors, cut-off streams). */
  finishReason: string | null;
  /** The channels tried before the one that answered (or before giving up), in order, and why each failed; null when none failed. */
  failovers: Failover[] | null;
  /** A call the gateway refused itself: the error's kind and the message the caller got; null on the others. */
  errorCode: string | null;
  errorMessage: string | null;
};

export type Failover = { channelId: string; reason: string };

export type UsageScope = { organizationId?: string; userId?: string; keyIds?: string[] };
export type UsageGrouping = "day" | "model" | "group" | "key" | "member";

export const columns =
  "id, request_id, created_at, organization_id, user_id, key_id, group_id, model_id, call_name, channel_id, interface, stream, status, http_status, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cache_write_1h_tokens, reasoning_tokens, multiplier_milli, cost, latency_ms, ttfb_ms, finish_reason, failovers, error_code, error_message";

export type RecordRow = Record<string, string | number | null>;

export function toRecord(row: RecordRow): UsageRecord {
  const n = (name: string) => Number(row[name]);
  return {
    id: String(row.id),
    requestId: String(row.request_id),
    createdAt: n("created_at"),
    organizationId: String(row.organization_id),
    userId: String(row.user_id),
    keyId: String(row.key_id),
    groupId: String(row.group_id),
    modelId: String(row.model_id),
    callName: String(row.call_name),
    channelId: row.channel_id === null ? null : String(row.channel_id),
    interface: String(row.interface),
    stream: n("stream") === 1,
    status: String(row.status),
    httpStatus: n("http_status"),
    inputTokens: n("input_tokens"),
    outputTokens: n("output_tokens"),
    cacheReadTokens: n("cache_read_tokens"),
    cacheWriteTokens: n("cache_write_tokens"),
    cacheWrite1hTokens: n("cache_write_1h_tokens"),
    reasoningTokens: n("reasoning_tokens"),
    multiplierMilli: n("multiplier_milli"),
    cost: n("cost"),
    latencyMs: n("latency_ms"),
    ttfbMs: row.ttfb_ms === null ? null : n("ttfb_ms"),
    finishReason: row.finish_reason == null ? null : String(row.finish_reason),
    failovers: row.failovers == null ? null : (JSON.parse(String(row.failovers)) as Failover[]),
    errorCode: row.error_code == null ? null : String(row.error_code),
    errorMessage: row.error_message == null ? null : String(row.error_message),
  };
}

export function scopeSql(scope: UsageScope): { where: string; params: (string | number)[] } {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (scope.organizationId) clauses.push("organization_id = ?"), params.push(scope.organizationId);
  if (scope.userId) clauses.push("user_id = ?"), params.push(scope.userId);
  if (scope.keyIds) {
    clauses.push(scope.keyIds.length ? `key_id IN (${scope.keyIds.map(() => "?").join(", ")})` : "1 = 0");
    params.push(...scope.keyIds);
  }
  return { where: clauses.length ? clauses.join(" AND ") : "1 = 1", params };
}

const placeholders = `(${columns.split(",").map(() => "?").join(", ")})`;

const rowsPerStatement = 200;

/** Inserts usage records inside the caller's transaction, many rows per statement (one round trip each). */
export async function insertUsageRecords(tx: Db, records: UsageRecord[]): Promise<void> {
  for (let from = 0; from < records.length; from += rowsPerStatement) {
    const chunk = records.slice(from, from + rowsPerStatement);
    // One flat list of values, pushed row by row (a flatMap builds and copies an array per row).
    const values: (string | number | null)[] = [];
    for (const r of chunk) {
      values.push(
        r.id, r.requestId, r.createdAt, r.organizationId, r.userId, r.keyId, r.groupId, r.modelId, r.callName, r.channelId, r.interface, r.stream ? 1 : 0, r.status,
        r.httpStatus, r.inputTokens, r.outputTokens, r.cacheReadTokens, r.cacheWriteTokens, r.cacheWrite1hTokens, r.reasoningTokens, r.multiplierMilli, r.cost, r.latencyMs, r.ttfbMs, r.finishReason,
        r.failovers ? JSON.stringify(r.failovers) : null,
        r.errorCode,
        r.errorMessage,
      );
    }
    await tx.run(`INSERT INTO usage_records (${columns}) VALUES ${chunk.map(() => placeholders).join(", ")}`, values);
  }
}

export function ledgerRepository(db: Db) {
  const dayExpression =
    db.dialect === "postgres" ? `to_char(to_timestamp(created_at / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')`;
  const bucketOf: Record<UsageGrouping, string> = { day: dayExpression, model: "model_id", group: "group_id", key: "key_id", member: "user_id" };

  return {
    async byRequestId(requestId: string): Promise<UsageRecord | undefined> {
      const row = await db.get<RecordRow>(`SELECT ${columns} FROM usage_records WHERE request_id = ?`, [requestId]);
      return row && toRecord(row);
    },
    async recent(scope: UsageScope, limit: number): Promise<UsageRecord[]> {
      const { where, params } = scopeSql(scope);
      const rows = await db.all<RecordRow>(`SELECT ${columns} FROM usage_records WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?`, [...params, limit]);
      return rows.map(toRecord);
    },
    async summary(scope: UsageScope, from: number, to: number, groupBy: UsageGrouping) {
      const { where, params } = scopeSql(scope);
      const rows = await db.all<Record<string, string | number>>(
        `SELECT ${bucketOf[groupBy]} AS bucket, COUNT(*) AS requests, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens,
           SUM(cache_read_tokens) AS cache_read_tokens, SUM(cache_write_tokens) AS cache_write_tokens,
           SUM(reasoning_tokens) AS reasoning_tokens, SUM(cost) AS cost
         FROM usage_records WHERE ${where} AND created_at >= ? AND created_at < ? AND error_code IS NULL GROUP BY bucket ORDER BY bucket`,
        [...params, from, to],
      );
      return rows.map((row) => ({
        bucket: String(row.bucket),
        requests: Number(row.requests),
        input_tokens: Number(row.input_tokens),
        output_tokens: Number(row.output_tokens),
        cache_read_tokens: Number(row.cache_read_tokens),
        cache_write_tokens: Number(row.cache_write_tokens),
        reasoning_tokens: Number(row.reasoning_tokens),
        cost: Number(row.cost),
      }));
    },
  };
}
