import type { Db } from "./db.ts";
import { nullableNumber } from "./records.ts";
import { newId } from "./ids.ts";

/** An automation token for the console API; acts as its creator with the role it was made with. */
export type ConsoleToken = {
  id: string;
  userId: string;
  name: string;
  display: string;
  role: "operator" | "owner";
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
};

type TokenRow = {
  id: string;
  user_id: string;
  name: string;
  display: string;
  role: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
};

const columns = `id, user_id, name, display, role, created_at, expires_at, revoked_at, last_used_at`;

function toToken(row: TokenRow): ConsoleToken {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    display: row.display,
    role: row.role as ConsoleToken["role"],
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    revokedAt: nullableNumber(row.revoked_at),
    lastUsedAt: nullableNumber(row.last_used_at),
  };
}

export function consoleTokenRepository(db: Db) {
  return {
    async create(token: { userId: string; name: string; tokenHash: string; display: string; role: ConsoleToken["role"]; expiresAt: number }): Promise<ConsoleToken> {
      const id = newId("tok");
      await db.run(`INSERT INTO console_tokens (id, user_id, name, token_hash, display, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
        id,
        token.userId,
        token.name,
        token.tokenHash,
        token.display,
        token.role,
        Date.now(),
        token.expiresAt,
      ]);
      return (await this.get(id))!;
    },
    async get(id: string): Promise<ConsoleToken | undefined> {
      const row = await db.get<TokenRow>(`SELECT ${columns} FROM console_tokens WHERE id = ?`, [id]);
      return row && toToken(row);
    },
    async ofUser(userId: string): Promise<ConsoleToken[]> {
      return (await db.all<TokenRow>(`SELECT ${columns} FROM console_tokens WHERE user_id = ? ORDER BY created_at DESC`, [userId])).map(toToken);
    },
    /** The live token with this hash (not revoked, not expired), marking it used. */
    async use(tokenHash: string): Promise<ConsoleToken | undefined> {
      const now = Date.now();
      const row = await db.get<TokenRow>(`SELECT ${columns} FROM console_tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`, [tokenHash, now]);
      if (!row) return undefined;
      // One write a minute at most per token: scripts may call in bursts.
      if (row.last_used_at === null || now - Number(row.last_used_at) > 60_000) await db.run(`UPDATE console_tokens SET last_used_at = ? WHERE id = ?`, [now, row.id]);
      return toToken(row);
    },
    async revoke(id: string): Promise<ConsoleToken | undefined> {
      await db.run(`UPDATE console_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`, [Date.now(), id]);
      return this.get(id);
    },
  };
}
