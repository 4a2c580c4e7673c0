// A settled call as it travels from a worker to the owner: its ledger record and the accounts its
// cost is taken from.
import type { UsageRecord } from "../store/ledger.ts";
import type { AccountId } from "./accounts.ts";

export type Settlement = { record: UsageRecord; /** the leased accounts the cost is taken from */ accounts: AccountId[] };

// Settlements cross the worker's IPC channel as arrays of values in this order rather than as
// objects: the field names were half of every message's bytes, and writing them a tenth of the CPU.
const recordFields = [
  "id", "requestId", "createdAt", "organizationId", "userId", "keyId", "groupId", "modelId", "callName", "channelId", "interface", "stream",
  "status", "httpStatus", "inputTokens", "outputTokens", "cacheReadTokens", "cacheWriteTokens", "reasoningTokens", "multiplierMilli", "cost",
  "latencyMs", "ttfbMs",
] as const satisfies readonly (keyof UsageRecord)[];
// Every field of a record is listed: a field added to UsageRecord and not here fails to compile.
const everyField: Exclude<keyof UsageRecord, (typeof recordFields)[number]> extends never ? true : never = true;
void everyField;
export type PackedSettlement = unknown[];

export function packSettlement({ record, accounts }: Settlement): PackedSettlement {
  const packed: unknown[] = recordFields.map((field) => record[field]);
  packed.push(accounts);
  return packed;
}

export function unpackSettlement(packed: PackedSettlement): Settlement {
  const record = Object.fromEntries(recordFields.map((field, i) => [field, packed[i]])) as UsageRecord;
  return { record, accounts: packed[recordFields.length] as AccountId[] };
}
