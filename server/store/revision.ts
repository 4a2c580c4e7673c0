// A counter bumped by every write that changes what the relay caches. Workers poll it (one tiny
// read every few hundred milliseconds, not one per request) and reload their snapshot when it moves.
import type { Db } from "./db.ts";

export function revisionRepository(db: Db) {
  return {
    async current(): Promise<number> {
      const row = await db.get<{ value: string }>(`SELECT value FROM meta WHERE key = 'revision'`);
      return Number(row?.value ?? 0);
    },
    async bump(tx: Db = db): Promise<void> {
      await tx.run(`UPDATE meta SET value = CAST(CAST(value AS BIGINT) + 1 AS TEXT) WHERE key = 'revision'`);
    },
  };
}
