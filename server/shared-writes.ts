// The relay's writes — quota reservations, settlements, ledger batches and key last-used times. With
// PostgreSQL every worker writes directly (row locks keep them exact). With embedded SQLite the
// primary process owns these writes and workers ask it over the cluster's IPC channel: one writer
// means no cross-process lock waits (SQLite's busy handler sleeps in whole milliseconds), and each
// reservation stays one atomic transaction.
import cluster from "node:cluster";
import type { UsageRecord } from "./store/ledger.ts";
import type { Blocker, Holder, Reservation } from "./store/quota.ts";
import type { Store } from "./store/store.ts";

export type SharedWrites = {
  reserve(holder: Holder, amount: number): Promise<Reservation | { blocked: Blocker }>;
  settle(reservationId: string, cost: number): Promise<number>;
  releaseStale(olderThanMs: number): Promise<number>;
  insertLedger(records: UsageRecord[]): Promise<void>;
  /** Last-used times of keys, as [keyId, epoch ms] pairs. */
  recordKeyUses(uses: [string, number][]): Promise<void>;
};

type Operation = keyof SharedWrites;
type WriteRequest = { tollgateWrite: number; op: Operation; args: unknown[] };
type WriteReply = { tollgateWriteReply: number; result?: unknown; error?: string };

export function directWrites(store: Store): SharedWrites {
  return {
    reserve: (holder, amount) => store.quota.reserve(holder, amount),
    settle: (id, cost) => store.quota.settle(id, cost),
    releaseStale: (olderThanMs) => store.quota.releaseStale(olderThanMs),
    insertLedger: (records) => store.ledger.insert(records),
    recordKeyUses: (uses) => store.keys.recordLastUsed(new Map(uses)),
  };
}

/** In the primary: answer workers' write requests against the primary's own store. */
export function serveWrites(store: Store): void {
  const writes = directWrites(store) as Record<Operation, (...args: unknown[]) => Promise<unknown>>;
  cluster.on("message", async (worker, message: WriteRequest) => {
    if (typeof message?.tollgateWrite !== "number") return;
    let reply: WriteReply;
    try {
      reply = { tollgateWriteReply: message.tollgateWrite, result: await writes[message.op](...message.args) };
    } catch (error) {
      reply = { tollgateWriteReply: message.tollgateWrite, error: String((error as Error)?.message ?? error) };
    }
    if (worker.isConnected()) worker.send(reply);
  });
}

/** In a worker: the same operations, carried out by the primary. */
export function remoteWrites(): SharedWrites {
  let next = 0;
  const pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  process.on("message", (message: WriteReply) => {
    if (typeof message?.tollgateWriteReply !== "number") return;
    const waiter = pending.get(message.tollgateWriteReply);
    pending.delete(message.tollgateWriteReply);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message.result);
  });
  const call = (op: Operation, ...args: unknown[]) =>
    new Promise<any>((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      process.send!({ tollgateWrite: id, op, args } satisfies WriteRequest, (error: Error | null) => {
        if (error) {
          pending.delete(id);
          reject(error);
        }
      });
    });
  return {
    reserve: (holder, amount) => call("reserve", holder, amount),
    settle: (id, cost) => call("settle", id, cost),
    releaseStale: (olderThanMs) => call("releaseStale", olderThanMs),
    insertLedger: (records) => call("insertLedger", records),
    recordKeyUses: (uses) => call("recordKeyUses", uses),
  };
}
