// What the usage pages and the request log share: whose calls a role may read, the names that
// label them (archived groups and channels included: history keeps rendering), and a call's JSON.
import { neutralFinish } from "../domain/finish-reason.ts";
import type { UsageRecord, UsageScope } from "../store/ledger.ts";
import type { User } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { consoleError } from "./errors.ts";

/** The operator sees everything (or one organization), an owner the organization, a sub-user its own calls; developers see no billing. */
export function scopeOf(user: User, organizationId: unknown): UsageScope {
  if (user.role === "operator") return typeof organizationId === "string" ? { organizationId } : {};
  if (user.role === "developer") throw consoleError("forbidden", "Developers see no billing. Ask your organization's owner for usage figures.");
  if (user.role === "owner") return { organizationId: user.organizationId! };
  return { organizationId: user.organizationId!, userId: user.id };
}

export type Labels = { group: Map<string, string>; member: Map<string, string>; key: Map<string, string>; channel: Map<string, string> };

export async function labelsOf(store: Store): Promise<Labels> {
  const [group, users, keys, channel] = await Promise.all([
    store.groups.names(),
    store.users.allMembers(),
    store.db.all<{ id: string; name: string }>(`SELECT id, name FROM api_keys`),
    store.channels.names(),
  ]);
  return {
    group,
    member: new Map(users.map((member) => [member.id, member.email])),
    key: new Map(keys.map((key) => [key.id, key.name])),
    channel,
  };
}

export function callJson(record: UsageRecord, labels: Pick<Labels, "group" | "key">) {
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
    cache_write_1h_tokens: record.cacheWrite1hTokens,
    reasoning_tokens: record.reasoningTokens,
    multiplier_milli: record.multiplierMilli,
    cost: record.cost,
    latency_ms: record.latencyMs,
    ttfb_ms: record.ttfbMs,
    finish_reason: record.finishReason,
    finish: neutralFinish(record.finishReason),
    error_code: record.errorCode,
    error_message: record.errorMessage,
  };
}
