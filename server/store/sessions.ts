import type { Db } from "./db.ts";

/** What the operator's list of a person's sessions shows; `id` is the first 16 hex characters of the token's hash (never the token). */
export type SessionInfo = { id: string; method: string | null; createdAt: number; expiresAt: number };

/** Console sessions, stored by the SHA-256 of their token so a database leak does not leak logins. */
export function sessionRepository(db: Db) {
  return {
    /** `method`: how it began (password, sso:<provider id>, reset_link), for the operator's list. */
    async create(tokenHash: string, userId: string, ttlMs: number, method?: string): Promise<void> {
      const now = Date.now();
      await db.run(`DELETE FROM sessions WHERE expires_at < ?`, [now]);
      await db.run(`INSERT INTO sessions (token_hash, user_id, created_at, expires_at, method) VALUES (?, ?, ?, ?, ?)`, [tokenHash, userId, now, now + ttlMs, method ?? null]);
    },
    async userId(tokenHash: string): Promise<string | undefined> {
      const row = await db.get<{ user_id: string }>(`SELECT user_id FROM sessions WHERE token_hash = ? AND expires_at > ?`, [tokenHash, Date.now()]);
      return row?.user_id;
    },
    async delete(tokenHash: string): Promise<void> {
      await db.run(`DELETE FROM sessions WHERE token_hash = ?`, [tokenHash]);
    },
    async ofUser(userId: string): Promise<SessionInfo[]> {
      const rows = await db.all<{ token_hash: string; method: string | null; created_at: number; expires_at: number }>(
        `SELECT token_hash, method, created_at, expires_at FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY created_at, token_hash`,
        [userId, Date.now()],
      );
      return rows.map((row) => ({ id: row.token_hash.slice(0, 16), method: row.method, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at) }));
    },
    /** Ends the sessions of an organization's members that did not begin by single sign-on (once it requires it); returns how many ended. */
    async endPasswordSessionsOf(organizationId: string): Promise<number> {
      return (
        await db.run(`DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE organization_id = ?) AND (method IS NULL OR method NOT LIKE 'sso:%')`, [organizationId])
      ).changes;
    },
    /** Ends one session of the user (by its listed id), or all of them; returns how many ended. */
    async endOfUser(userId: string, sessionId?: string): Promise<number> {
      if (sessionId === undefined) return (await db.run(`DELETE FROM sessions WHERE user_id = ?`, [userId])).changes;
      if (!/^[0-9a-f]{16}$/.test(sessionId)) return 0;
      return (await db.run(`DELETE FROM sessions WHERE user_id = ? AND substr(token_hash, 1, 16) = ?`, [userId, sessionId])).changes;
    },
  };
}
