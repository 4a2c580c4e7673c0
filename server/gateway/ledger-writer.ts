// Usage records leave the request path: they queue in memory and are written in one transaction
// every half second (or sooner when many gather); stopping flushes what is left.
import type { UsageRecord } from "../store/ledger.ts";

export function ledgerWriter(insert: (records: UsageRecord[]) => Promise<void>, log: (event: string, fields: Record<string, unknown>) => void, intervalMs = 500) {
  let queue: UsageRecord[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = () =>
    (flushing = flushing.then(async () => {
      if (queue.length === 0) return;
      const batch = queue;
      queue = [];
      await insert(batch).catch((error) => {
        log("ledger.write_failed", { records: batch.length, error: String(error) });
        queue.unshift(...batch);
      });
    }));
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  return {
    record(entry: UsageRecord) {
      queue.push(entry);
      if (queue.length >= 200) void flush();
    },
    flush,
    /** Records waiting for the next write (a metrics gauge). */
    pending: () => queue.length,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type LedgerWriter = ReturnType<typeof ledgerWriter>;
