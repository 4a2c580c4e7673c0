import { describe, expect, it } from "vitest";
import type { UsageRecord } from "../store/ledger.ts";
import { accountsCharged, packSettlement, unpackSettlement } from "./settlement-wire.ts";

// Every field differs from every other, so two fields swapped on the way would show.
const record: UsageRecord = {
  id: "rec_1",
  requestId: "req_1",
  createdAt: 1_795_000_000_000,
  organizationId: "org_a",
  userId: "usr_b",
  keyId: "key_c",
  groupId: "grp_d",
  modelId: "gpt-5-mini",
  callName: "gpt-trial/gpt-5-mini",
  channelId: "chn_e",
  interface: "chat",
  stream: true,
  status: "ok",
  httpStatus: 200,
  inputTokens: 12,
  outputTokens: 34,
  cacheReadTokens: 5,
  cacheWriteTokens: 6,
  cacheWrite1hTokens: 3,
  reasoningTokens: 7,
  multiplierMilli: 1_500,
  cost: 987,
  latencyMs: 41,
  ttfbMs: 19,
  finishReason: "stop",
  failovers: [{ channelId: "chn_f", reason: "upstream answered 503" }],
  errorCode: "no_channel",
  errorMessage: "No healthy channel for model \"m\" right now.",
};

describe("a settlement on the wire", () => {
  for (const [memberCapped, keyCapped] of [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ]) {
    it(`arrives as it left, charged to the same accounts (member cap ${memberCapped}, key cap ${keyCapped})`, () => {
      const settlement = { record, accounts: accountsCharged(record, memberCapped, keyCapped) };
      const travelled = JSON.parse(JSON.stringify(packSettlement(settlement)));
      expect(unpackSettlement(travelled)).toEqual(settlement);
    });
  }

  it("keeps the periods of caps that reset", () => {
    const settlement = { record, accounts: accountsCharged(record, true, true, { member: 1_795_000_000_000, key: 1_794_000_000_000 }) };
    expect(settlement.accounts).toEqual(["org:org_a", "member:usr_b@1795000000000", "key:key_c@1794000000000"]);
    expect(unpackSettlement(JSON.parse(JSON.stringify(packSettlement(settlement))))).toEqual(settlement);
  });

  it("keeps the fields a call may lack", () => {
    const bare = { ...record, channelId: null, ttfbMs: null, finishReason: null, failovers: null, errorCode: null, errorMessage: null };
    const settlement = { record: bare, accounts: accountsCharged(bare, false, false) };
    expect(unpackSettlement(JSON.parse(JSON.stringify(packSettlement(settlement))))).toEqual(settlement);
  });

  it("carries no field names, so it is much shorter than the record", () => {
    const packed = JSON.stringify(packSettlement({ record, accounts: accountsCharged(record, true, true) }));
    expect(packed).not.toContain("organizationId");
    expect(packed.length).toBeLessThan(JSON.stringify(record).length * 0.6);
  });
});
