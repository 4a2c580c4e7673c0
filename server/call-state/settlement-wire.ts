// A settled call as it travels from a worker to the owner: the ledger record's values in a fixed
// order, and which capped accounts pay for it, without field names. At saturation a worker sends
// one settlement per call, and the names were over a third of the bytes that the IPC channel
// stringifies, writes and parses.
import type { CapStamps } from "../store/budgets.ts";
import type { UsageRecord } from "../store/ledger.ts";
import type { AccountId } from "./accounts.ts";

export type Settlement = { record: UsageRecord; /** the leased accounts the cost is taken from */ accounts: AccountId[] };
export type PackedSettlement = [charged: number, memberSince: number, keySince: number, ...values: UsageRecord[keyof UsageRecord][]];

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
  "failovers",
] as const satisfies readonly (keyof UsageRecord)[];
// Every field of the record travels: this line stops compiling when one is added and not listed.
const everyField: Exclude<keyof UsageRecord, (typeof fields)[number]> extends never ? true : never = true;
void everyField;

const memberCharged = 1;
const keyCharged = 2;

/** Where a cap resets, the start of the period a call is held in (see store/budgets.ts). */
export type CapStampsOfCall = { member?: number | null; key?: number | null };

/** The accounts a call is charged to: always its organization, and the member's and key's caps where they are set (per period, for caps that reset). */
export function accountsCharged(ids: { organizationId: string; userId: string; keyId: string }, memberCapped: boolean, keyCapped: boolean, stamps: CapStampsOfCall = {}): AccountId[] {
  const accounts = [`org:${ids.organizationId}`];
  if (memberCapped) accounts.push(`member:${ids.userId}${stamps.member != null ? `@${stamps.member}` : ""}`);
  if (keyCapped) accounts.push(`key:${ids.keyId}${stamps.key != null ? `@${stamps.key}` : ""}`);
  return accounts;
}

/** The period stamp of an account id (`member:<id>@<start>`), or 0 for a cap that never resets. */
const stampOf = (account: AccountId) => {
  const at = account.indexOf("@");
  return at < 0 ? 0 : Number(account.slice(at + 1));
};

export function packSettlement({ record, accounts }: Settlement): PackedSettlement {
  let charged = 0;
  let memberSince = 0;
  let keySince = 0;
  for (const account of accounts) {
    if (account.startsWith("member:")) (charged |= memberCharged), (memberSince = stampOf(account));
    else if (account.startsWith("key:")) (charged |= keyCharged), (keySince = stampOf(account));
  }
  const packed: PackedSettlement = [charged, memberSince, keySince];
  for (const field of fields) packed.push(record[field]);
  return packed;
}

export function unpackSettlement([charged, memberSince, keySince, ...values]: PackedSettlement): Settlement {
  const record = {} as Record<string, unknown>;
  fields.forEach((field, index) => (record[field] = values[index]));
  const full = record as UsageRecord;
  return { record: full, accounts: accountsCharged(full, (charged & memberCharged) !== 0, (charged & keyCharged) !== 0, { member: memberSince || null, key: keySince || null }) };
}

/** Which period of a resetting cap each settled call was held against (its account ids say). */
export function capStampsOf(batch: Settlement[]): CapStamps {
  const stamps: CapStamps = new Map();
  for (const { record, accounts } of batch) {
    for (const account of accounts) {
      const at = account.indexOf("@");
      if (at < 0) continue;
      const entry = stamps.get(record.id) ?? {};
      entry[account.startsWith("member:") ? "member" : "key"] = Number(account.slice(at + 1));
      stamps.set(record.id, entry);
    }
  }
  return stamps;
}
