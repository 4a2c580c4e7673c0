// A settled call as it travels from a worker to the owner: the ledger record's values in a fixed
// order, and which capped accounts pay for it, without field names. At saturation a worker sends
// one settlement per call, and the names were over a third of the bytes that the IPC channel
// stringifies, writes and parses.
import type { CapStamps } from "../store/budgets.ts";
import type { UsageRecord } from "../store/ledger.ts";
import type { AccountId } from "./accounts.ts";

export type Settlement = { record: UsageRecord; /** the leased accounts the cost is taken from */ accounts: AccountId[] };
/** Which capped accounts pay (`charged`: 1 the member's, 2 the key's) and from which period of a cap that resets, then the record's values in the order of its fields. */
export type PackedSettlement = [
  charged: number,
  memberSince: number,
  keySince: number,
  id: string,
  requestId: string,
  createdAt: number,
  organizationId: string,
  userId: string,
  keyId: string,
  groupId: string,
  modelId: string,
  callName: string,
  channelId: string | null,
  iface: string,
  stream: boolean,
  status: string,
  httpStatus: number,
  inputTokens: number,
  outputTokens: number,
  cacheReadTokens: number,
  cacheWriteTokens: number,
  cacheWrite1hTokens: number,
  reasoningTokens: number,
  multiplierMilli: number,
  cost: number,
  latencyMs: number,
  ttfbMs: number | null,
  finishReason: string | null,
  failovers: UsageRecord["failovers"],
  errorCode: string | null,
  errorMessage: string | null,
];

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
  const r = record;
  return [charged, memberSince, keySince, r.id, r.requestId, r.createdAt, r.organizationId, r.userId, r.keyId, r.groupId, r.modelId, r.callName, r.channelId, r.interface, r.stream,
    r.status, r.httpStatus, r.inputTokens, r.outputTokens, r.cacheReadTokens, r.cacheWriteTokens, r.cacheWrite1hTokens, r.reasoningTokens, r.multiplierMilli, r.cost, r.latencyMs, r.ttfbMs, r.finishReason, r.failovers, r.errorCode, r.errorMessage];
}

// The record is written out as one literal, so every record has the same hidden class in V8: one
// filled in field by field from a list of names went to dictionary mode (slow to build and to read)
// after a dozen fields, which was a tenth of the owner's instructions per call.
export function unpackSettlement(p: PackedSettlement): Settlement {
  const [charged, memberSince, keySince] = p;
  const record: UsageRecord = {
    id: p[3], requestId: p[4], createdAt: p[5], organizationId: p[6], userId: p[7], keyId: p[8], groupId: p[9], modelId: p[10], callName: p[11], channelId: p[12], interface: p[13], stream: p[14],
    status: p[15], httpStatus: p[16], inputTokens: p[17], outputTokens: p[18], cacheReadTokens: p[19], cacheWriteTokens: p[20], cacheWrite1hTokens: p[21], reasoningTokens: p[22], multiplierMilli: p[23], cost: p[24], latencyMs: p[25], ttfbMs: p[26], finishReason: p[27], failovers: p[28], errorCode: p[29], errorMessage: p[30],
  };
  return { record, accounts: accountsCharged(record, (charged & memberCharged) !== 0, (charged & keyCharged) !== 0, { member: memberSince || null, key: keySince || null }) };
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
