// The request log: the ledger filtered, paged by cursor, one call in detail, and CSV export. Scope
// follows the role (usage-scope.ts): a sub-user finds only its own calls, even by request id.
import type { Request, Response } from "express";
import type { UsageRecord } from "../store/ledger.ts";
import type { CallCursor, CallFilters } from "../store/request-log.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { currentUser } from "./session.ts";
import { callJson, labelsOf, scopeOf } from "./usage-scope.ts";

const csvLimit = 100_000;
const csvPage = 2_000;

/** How a call ended, in a sentence (the statuses the relay records). */
const outcomes: Record<string, string> = {
  ok: "Answered by the upstream.",
  upstream_error: "The upstream refused the request itself (a 4xx the caller can fix); it reached the caller as the upstream sent it.",
  upstream_broken: "The upstream's stream broke after the first byte; the format's error event ended it.",
  client_disconnected: "The client went away; usage read so far was charged.",
  interrupted: "The call was cut short (a stop or a timeout) after it began.",
  failed: "No channel could serve it: every channel it tried failed (connection error, 5xx or 429), or none was healthy.",
};

function filtersOf(query: Request["query"]): CallFilters {
  const text = (name: string) => (typeof query[name] === "string" && query[name] !== "" ? (query[name] as string) : undefined);
  const time = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : Date.parse(value);
  };
  const filters = {
    from: time("from"),
    to: time("to"),
    keyId: text("key_id"),
    memberId: text("member_id"),
    modelId: text("model"),
    groupId: text("group_id"),
    status: text("status"),
    requestId: text("request_id"),
  };
  if (filters.from !== undefined && filters.to !== undefined && !(filters.from < filters.to)) throw consoleError("invalid_request", "`from` must be before `to`.", "from");
  return filters;
}

const cursorOf = (record: UsageRecord) => Buffer.from(`${record.createdAt}:${record.id}`).toString("base64url");
function parseCursor(text: unknown): CallCursor | undefined {
  if (typeof text !== "string") return undefined;
  const [at, id] = Buffer.from(text, "base64url").toString().split(/:(.*)/s);
  if (!/^\d+$/.test(at ?? "") || !id) throw consoleError("invalid_request", "`cursor` is not one this endpoint gave out. Use `next_cursor` from the previous page.", "cursor");
  return { createdAt: Number(at), id };
}

const csvColumns = [
  "created_at", "request_id", "organization_id", "member_id", "key_id", "key_name", "group_id", "group_name", "model_id", "call_name", "channel_id",
  "interface", "stream", "status", "http_status", "input_tokens", "output_tokens", "cache_read_tokens", "cache_write_tokens", "cache_write_1h_tokens", "reasoning_tokens",
  "multiplier_milli", "cost", "latency_ms", "ttfb_ms", "finish_reason", "finish", "error_code", "error_message",
] as const;

/**
 * RFC 4180: quote a field that holds a comma, a quote or a line break. Text a member chose (a key's
 * name, a call name) that begins with =, +, -, @, a tab or a carriage return gets a leading `'`, so a
 * spreadsheet shows it rather than running it as a formula: quotes alone are gone once it is read.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function requestLogHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  return {
    async list(req: Request, res: Response) {
      const scope = scopeOf(currentUser(res), req.query.organization_id);
      const limit = Number(req.query.limit ?? 50);
      const [records, labels] = await Promise.all([store.requestLog.page(scope, filtersOf(req.query), limit + 1, parseCursor(req.query.cursor)), labelsOf(store)]);
      const page = records.slice(0, limit);
      res.json({ data: page.map((record) => callJson(record, labels)), next_cursor: records.length > limit ? cursorOf(page[page.length - 1]) : null });
    },
    async detail(req: Request, res: Response) {
      const scope = scopeOf(currentUser(res), undefined);
      const record = await store.requestLog.get(scope, String(req.params.id));
      if (!record) throw consoleError("not_found", `No call "${req.params.id}" among the calls you may see.`);
      const labels = await labelsOf(store);
      res.json({
        ...callJson(record, labels),
        channel_name: record.channelId ? (labels.channel.get(record.channelId) ?? null) : null,
        failovers: (record.failovers ?? []).map((tried) => ({ channel_id: tried.channelId, channel_name: labels.channel.get(tried.channelId) ?? null, reason: tried.reason })),
        base_cost: Math.round((record.cost * 1000) / record.multiplierMilli),
        outcome: record.errorCode !== null && record.channelId === null && record.cost === 0
          ? "Refused by the gateway before any upstream answered; nothing was charged."
          : (outcomes[record.status] ?? `Ended with status ${record.status} (HTTP ${record.httpStatus}).`),
      });
    },
    async exportCsv(req: Request, res: Response) {
      const scope = scopeOf(currentUser(res), req.query.organization_id);
      const filters = filtersOf(req.query);
      const labels = await labelsOf(store);
      res.setHeader("content-type", "text/csv; charset=utf-8");
      res.setHeader("content-disposition", `attachment; filename="tollgate-calls-${new Date().toISOString().slice(0, 10)}.csv"`);
      res.write(`${csvColumns.join(",")}\r\n`);
      // Page by page through the same keyset as the console: memory stays flat however many rows.
      let after: CallCursor | undefined;
      for (let written = 0; written < csvLimit; ) {
        const records = await store.requestLog.page(scope, filters, Math.min(csvPage, csvLimit - written), after);
        if (records.length === 0) break;
        const lines = records.map((record) => {
          const call = callJson(record, labels) as Record<string, unknown>;
          return csvColumns.map((column) => csvField(call[column])).join(",");
        });
        res.write(`${lines.join("\r\n")}\r\n`);
        written += records.length;
        const last = records[records.length - 1];
        after = { createdAt: last.createdAt, id: last.id };
      }
      res.end();
    },
  };
}
