import type { Db } from "./db.ts";

/** Console sessions, stored by the SHA-256 of their token so a database leak does not leak logins. */
export function sessionRepository(db: Db) {
  return {
    async create(tokenHash: string, userId: string, ttlMs: number): Promise<void> {
      const now = Date.now();
      await db.run(`DELETE FROM sessions WHERE expires_at < ?`, [now]);
      await db.run(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)`, [tokenHash, userId, now, now + ttlMs]);
    },
    async userId(tokenHash: string): Promise<string | undefined> {
      const row = await db.get<{ user_id: string }>(`SELECT user_id FROM sessions WHERE token_hash = ? AND expires_at > ?`, [tokenHash, Date.now()]);
      return row?.user_id;
    },
    async delete(tokenHash: string): Promise<void> {
      await db.run(`DELETE FROM sessions WHERE token_hash = ?`, [tokenHash]);
    },
  };
}
