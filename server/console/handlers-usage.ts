// Usage from the ledger for the console's charts and tables. Scope follows the role: the operator
// sees everything (or one organization), an owner the organization, a sub-user its own calls;
// developers see no billing.
import type { Request, Response } from "express";
import type { UsageGrouping, UsageRecord, UsageScope } from "../store/ledger.ts";
import { seesOrganizationBalance } from "../domain/permissions.ts";
import type { User } from "../store/records.ts";
import { type ConsoleDeps, withLiveBalances } from "./context.ts";
import { consoleError } from "./errors.ts";
import { currentUser } from "./session.ts";

const day = 24 * 3600 * 1000;

export function usageHandlers(deps: ConsoleDeps) {
  const { store } = deps;

  function scopeOf(user: User, organizationId: unknown): UsageScope {
    if (user.role === "operator") return typeof organizationId === "string" ? { organizationId } : {};
    if (user.role === "developer") throw consoleError("forbidden", "Developers see no billing. Ask your organization's owner for usage figures.");
    if (user.role === "owner") return { organizationId: user.organizationId! };
    return { organizationId: user.organizationId!, userId: user.id };
  }

  async function names() {
    const [groups, users, keys] = await Promise.all([
      store.groups.list(),
      store.users.allMembers(),
      store.db.all<{ id: string; name: string }>(`SELECT id, name FROM api_keys`),
    ]);
    return {
      group: new Map(groups.map((group) => [group.id, group.name])),
      member: new Map(users.map((member) => [member.id, member.email])),
      key: new Map(keys.map((key) => [key.id, key.name])),
    };
  }

  return {
    async summary(req: Request, res: Response) {
      const user = currentUser(res);
      const scope = scopeOf(user, req.query.organization_id);
      const to = typeof req.query.to === "string" ? Date.parse(req.query.to) : Date.now();
      const from = typeof req.query.from === "string" ? Date.parse(req.query.from) : to - 30 * day;
      if (!(from < to)) throw consoleError("invalid_request", "`from` must be before `to`.", "from");
      const groupBy = (req.query.group_by as UsageGrouping | undefined) ?? "day";
      const [rows, labels] = await Promise.all([store.ledger.summary(scope, from, to, groupBy), names()]);
      const labelOf = (bucket: string) => (groupBy === "day" || groupBy === "model" ? bucket : (labels[groupBy].get(bucket) ?? bucket));
      const totals = { requests: 0, input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost: 0 };
      for (const row of rows) for (const name of Object.keys(totals) as (keyof typeof totals)[]) totals[name] += row[name];
      // A sub-user's summary carries no balance: it sees its own spend and cap (GET /api/me).
      const stored = scope.organizationId && seesOrganizationBalance(user.role) ? await store.organizations.get(scope.organizationId) : undefined;
      const organization = stored && (await withLiveBalances(deps, [stored]))[0];
      res.json({
        group_by: groupBy,
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        rows: rows.map(({ bucket, ...figures }) => ({ key: bucket, label: labelOf(bucket), ...figures })),
        totals,
        balance: organization?.balance ?? null,
      });
    },
    async calls(req: Request, res: Response) {
      const user = currentUser(res);
      const scope = scopeOf(user, req.query.organization_id);
      const limit = Number(req.query.limit ?? 50);
      const [records, labels] = await Promise.all([store.ledger.recent(scope, limit), names()]);
      res.json({ data: records.map((record) => callJson(record, labels)) });
    },
  };
}

function callJson(record: UsageRecord, labels: { group: Map<string, string>; key: Map<string, string> }) {
  return {
    id: record.id,
    request_id: record.requestId,
    created_at: new Date(record.createdAt).toISOString(),
    organization_id: record.organizationId,
    member_id: record.userId,
    key_id: record.keyId,
    key_name: labels.key.get(record.keyId) ?? null,
    group_id: record.groupId,
    group_name: labels.group.get(record.groupId) ?? null,
    model_id: record.modelId,
    call_name: record.callName,
    channel_id: record.channelId,
    interface: record.interface,
    stream: record.stream,
    status: record.status,
    http_status: record.httpStatus,
    input_tokens: record.inputTokens,
    output_tokens: record.outputTokens,
    cache_read_tokens: record.cacheReadTokens,
    cache_write_tokens: record.cacheWriteTokens,
    reasoning_tokens: record.reasoningTokens,
    multiplier_milli: record.multiplierMilli,
    cost: record.cost,
    latency_ms: record.latencyMs,
    ttfb_ms: record.ttfbMs,
    finish_reason: record.finishReason,
  };
}
