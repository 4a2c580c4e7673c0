// Sign-in attempt counters, one row per account or client address. Every worker counts through
// the database with one atomic upsert, so the limit holds exactly across workers and replicas.
import type { AttemptCount } from "../domain/sign-in-throttle.ts";
import type { Db } from "./db.ts";

export function signInAttemptRepository(db: Db) {
  return {
    /** Counts one attempt in the scope's current window (a new window once the last has passed). */
    async count(scope: string, windowMs: number, now = Date.now()): Promise<AttemptCount> {
      const expired = now - windowMs;
      await db.run(`DELETE FROM sign_in_attempts WHERE window_start <= ?`, [expired]);
      const row = await db.get<{ attempts: number; window_start: number }>(
        `INSERT INTO sign_in_attempts (scope, attempts, window_start) VALUES (?, 1, ?)
         ON CONFLICT (scope) DO UPDATE SET
           attempts = CASE WHEN sign_in_attempts.window_start <= ? THEN 1 ELSE sign_in_attempts.attempts + 1 END,
           window_start = CASE WHEN sign_in_attempts.window_start <= ? THEN ? ELSE sign_in_attempts.window_start END
         RETURNING attempts, window_start`,
        [scope, now, expired, expired, now],
      );
      return { attempts: Number(row!.attempts), windowStart: Number(row!.window_start) };
    },
    /** Takes back one counted attempt (a sign-in that succeeded is no guess). */
    /** Gives back `attempts` counted attempts (a success's own), never below none. */
    async uncount(scope: string, attempts = 1): Promise<void> {
      await db.run(`UPDATE sign_in_attempts SET attempts = CASE WHEN attempts > ? THEN attempts - ? ELSE 0 END WHERE scope = ? AND attempts > 0`, [attempts, attempts, scope]);
    },
    async clear(scope: string): Promise<void> {
      await db.run(`DELETE FROM sign_in_attempts WHERE scope = ?`, [scope]);
    },
  };
}
