// The call-state owner and its workers in one process, linked by direct calls instead of IPC: for
// tests of the lease and settlement logic against a real store.
import { type OwnerOptions, callStateOwner } from "../../server/call-state/owner.ts";
import type { Handlers, Peer } from "../../server/call-state/rpc.ts";
import { workerCallState } from "../../server/call-state/worker.ts";
import type { UsageRecord } from "../../server/store/ledger.ts";
import type { Store } from "../../server/store/store.ts";

function directPeer(handlers: Handlers): Peer {
  return {
    call: async (op, ...args) => handlers[op](...args) as never,
    notify: (op, ...args) => void handlers[op]?.(...args),
    close: () => {},
  };
}

export function ownerWithWorkers(
  store: Store,
  count: number,
  flushMs = 60_000,
  options: Pick<OwnerOptions, "writeBatch"> & Partial<Pick<OwnerOptions, "log" | "redisUrl" | "node">> = {},
) {
  const owner = callStateOwner(store, {
    circuit: { minCalls: 3, failureRate: 0.5, windowMs: 10_000, cooldownMs: 1_000, probeDeadlineMs: 1_000 },
    flushMs,
    log: () => {},
    ...options,
  });
  const workers = Array.from({ length: count }, (_, i) => {
    const workerHandlers: Handlers = {};
    const ownerHandlers = owner.attach(`w${i}`, directPeer(workerHandlers));
    const worker = workerCallState(directPeer(ownerHandlers as Handlers), { leaseIdleMs: 60_000 });
    Object.assign(workerHandlers, worker.handlers);
    return worker;
  });
  return { owner, workers };
}

export function usageRecord(fields: { organizationId: string; userId: string; keyId: string; cost: number; requestId: string }): UsageRecord {
  return {
    id: `rec-${fields.requestId}`,
    requestId: fields.requestId,
    createdAt: Date.now(),
    organizationId: fields.organizationId,
    userId: fields.userId,
    keyId: fields.keyId,
    groupId: "g",
    modelId: "m",
    callName: "m",
    channelId: null,
    interface: "messages",
    stream: false,
    status: "ok",
    httpStatus: 200,
    inputTokens: 1,
    outputTokens: 1,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    cacheWrite1hTokens: 0,
    reasoningTokens: 0,
    multiplierMilli: 1000,
    cost: fields.cost,
    latencyMs: 1,
    ttfbMs: null,
    finishReason: null,
    failovers: null,
    errorCode: null,
    errorMessage: null,
  };
}
