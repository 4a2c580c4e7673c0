// One-time tokens that mailed links carry (password resets now; address verification later), by
// the SHA-256 of the token: a database leak gives no working link. A token works once, until it
// expires, and only while it is its account's newest of its purpose. Times come from periodClock so
// tests can move past an expiry (clock.ts).
import type { Db } from "./db.ts";

export type MailTokenPurpose = "password_reset";
/** Why a token no longer works, besides expiry. */
export type SpentReason = "used" | "superseded" | "password_changed";

export type MailToken = { userId: string; purpose: MailTokenPurpose; createdAt: number; expiresAt: number; spentAt: number | null; spentReason: SpentReason | null };

type Row = { user_id: string; purpose: string; created_at: number; expires_at: number; spent_at: number | null; spent_reason: string | null };

const toToken = (row: Row): MailToken => ({
  userId: row.user_id,
  purpose: row.purpose as MailTokenPurpose,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  spentAt: row.spent_at === null ? null : Number(row.spent_at),
  spentReason: row.spent_reason as SpentReason | null,
});

/** Rows a week past their expiry go: long enough for a late click to learn why its link is dead. */
const keepMs = 7 * 24 * 3600 * 1000;

/** Ends every live token of the account and purpose (users.setPassword calls it inside its transaction). */
export async function spendMailTokens(tx: Db, userId: string, purpose: MailTokenPurpose, reason: SpentReason, now: number): Promise<void> {
  await tx.run(`UPDATE mail_tokens SET spent_at = ?, spent_reason = ? WHERE user_id = ? AND purpose = ? AND spent_at IS NULL`, [now, reason, userId, purpose]);
}

export function mailTokenRepository(db: Db) {
  return {
    /** Stores a new token; the account's earlier live ones of this purpose stop working (superseded). */
    async issue(input: { tokenHash: string; purpose: MailTokenPurpose; userId: string; now: number; ttlMs: number }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run(`DELETE FROM mail_tokens WHERE expires_at < ?`, [input.now - keepMs]);
        await spendMailTokens(tx, input.userId, input.purpose, "superseded", input.now);
        await tx.run(`INSERT INTO mail_tokens (token_hash, purpose, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`, [
          input.tokenHash,
          input.purpose,
          input.userId,
          input.now,
          input.now + input.ttlMs,
        ]);
      });
    },
    /** The token as stored, live or not (to say why a link no longer works); nothing is changed. */
    async find(tokenHash: string, purpose: MailTokenPurpose): Promise<MailToken | undefined> {
      const row = await db.get<Row>(`SELECT user_id, purpose, created_at, expires_at, spent_at, spent_reason FROM mail_tokens WHERE token_hash = ? AND purpose = ?`, [tokenHash, purpose]);
      return row && toToken(row);
    },
    /** Spends a live token, atomically: of two concurrent uses one gets the account's id, the other undefined. */
    async use(tokenHash: string, purpose: MailTokenPurpose, now: number): Promise<string | undefined> {
      const row = await db.get<{ user_id: string }>(
        `UPDATE mail_tokens SET spent_at = ?, spent_reason = 'used' WHERE token_hash = ? AND purpose = ? AND spent_at IS NULL AND expires_at > ? RETURNING user_id`,
        [now, tokenHash, purpose, now],
      );
      return row?.user_id;
    },
  };
}
