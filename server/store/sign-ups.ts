// Self sign-ups waiting for their address to be verified. Nothing is made until the mailed link is
// followed: the row holds the account's name and its organization's name (the password is chosen on the link's page, so that whoever asked for the sign-up cannot pick the password of another person's address), and
// the link's token only as its SHA-256. Verifying spends the row and makes the organization and its
// owner in one transaction, so a link followed twice (or on two workers at once) makes one account.
import type { Db } from "./db.ts";

export type SignUp = { email: string; name: string; organizationName: string; createdAt: number; expiresAt: number; verifiedAt: number | null };

type Row = { email: string; name: string; organization_name: string; created_at: number; expires_at: number; verified_at: number | null };

const toSignUp = (row: Row): SignUp => ({
  email: row.email,
  name: row.name,
  organizationName: row.organization_name,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  verifiedAt: row.verified_at === null ? null : Number(row.verified_at),
});

/** Rows a week past their expiry go: long enough for a late click to learn why its link is dead. */
const keepMs = 7 * 24 * 3600 * 1000;

export function signUpRepository(db: Db) {
  return {
    /** Stores a pending sign-up; earlier pending ones for the address stop working (only the newest mail's link does). */
    async create(input: { tokenHash: string; email: string; name: string; organizationName: string; now: number; ttlMs: number }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.run(`DELETE FROM sign_ups WHERE expires_at < ?`, [input.now - keepMs]);
        await tx.run(`DELETE FROM sign_ups WHERE lower(email) = lower(?) AND verified_at IS NULL`, [input.email]);
        await tx.run(`INSERT INTO sign_ups (token_hash, email, name, organization_name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`, [
          input.tokenHash,
          input.email,
          input.name,
          input.organizationName,
          input.now,
          input.now + input.ttlMs,
        ]);
      });
    },
    async find(tokenHash: string): Promise<SignUp | undefined> {
      const row = await db.get<Row>(`SELECT * FROM sign_ups WHERE token_hash = ?`, [tokenHash]);
      return row && toSignUp(row);
    },
    /**
     * Spends a live sign-up and, in the same transaction, makes its account with `make` (which gets
     * the transaction and returns the new user's id). Undefined when the link is dead or was just used.
     * If `make` throws (the address was taken meanwhile), nothing is spent.
     */
    async verify(tokenHash: string, now: number, make: (signUp: SignUp, tx: Db) => Promise<string>): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const row = await tx.get<Row>(`UPDATE sign_ups SET verified_at = ? WHERE token_hash = ? AND verified_at IS NULL AND expires_at > ? RETURNING *`, [now, tokenHash, now]);
        if (!row) return undefined;
        const userId = await make(toSignUp(row), tx);
        await tx.run(`UPDATE sign_ups SET user_id = ? WHERE token_hash = ?`, [userId, tokenHash]);
        return userId;
      });
    },
  };
}
