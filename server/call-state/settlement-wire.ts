// A settled call as it travels from a worker to the owner: the ledger record's values in a fixed
// order, and which capped accounts pay for it, without field names. At saturation a worker sends
// one settlement per call, and the names were over a third of the bytes that the IPC channel
// stringifies, writes and parses.
import type { UsageRecord } from "../store/ledger.ts";
import type { AccountId } from "./accounts.ts";

export type Settlement = { record: UsageRecord; /** the leased accounts the cost is taken from */ accounts: AccountId[] };
export type PackedSettlement = [charged: number, ...values: UsageRecord[keyof UsageRecord][]];

const fields = [
  "id",
  "requestId",
  "createdAt",
  "organizationId",
  "userId",
  "keyId",
  "groupId",
  "modelId",
  "callName",
  "channelId",
  "interface",
  "stream",
  "status",
  "httpStatus",
  "inputTokens",
  "outputTokens",
  "cacheReadTokens",
  "cacheWriteTokens",
  "reasoningTokens",
  "multiplierMilli",
  "cost",
  "latencyMs",
  "ttfbMs",
  "finishReason",
] as const satisfies readonly (keyof UsageRecord)[];
// Every field of the record travels: this line stops compiling when one is added and not listed.
const everyField: Exclude<keyof UsageRecord, (typeof fields)[number]> extends never ? true : never = true;
void everyField;

const memberCharged = 1;
const keyCharged = 2;

/** The accounts a call is charged to: always its organization, and the member's and key's caps where they are set. */
export function accountsCharged(ids: { organizationId: string; userId: string; keyId: string }, memberCapped: boolean, keyCapped: boolean): AccountId[] {
  const accounts = [`org:${ids.organizationId}`];
  if (memberCapped) accounts.push(`member:${ids.userId}`);
  if (keyCapped) accounts.push(`key:${ids.keyId}`);
  return accounts;
}

export function packSettlement({ record, accounts }: Settlement): PackedSettlement {
  let charged = 0;
  for (const account of accounts) {
    if (account.startsWith("member:")) charged |= memberCharged;
    else if (account.startsWith("key:")) charged |= keyCharged;
  }
  const packed: PackedSettlement = [charged];
  for (const field of fields) packed.push(record[field]);
  return packed;
}

export function unpackSettlement([charged, ...values]: PackedSettlement): Settlement {
  const record = {} as Record<string, unknown>;
  fields.forEach((field, index) => (record[field] = values[index]));
  const full = record as UsageRecord;
  return { record: full, accounts: accountsCharged(full, (charged & memberCharged) !== 0, (charged & keyCharged) !== 0) };
}
