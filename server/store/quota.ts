// Quota reservations: before an upstream call the worst-case cost is held against the
// organization's balance and the member's and key's spend caps, atomically; after the call the
// real cost is settled and the rest released. Conditional UPDATEs inside one transaction mean
// concurrent calls can never take a balance, or a cap's remainder, below zero.
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";

export type Holder = { organizationId: string; userId: string; keyId: string };
export type Blocker = "organization" | "member" | "key";
export type Reservation = Holder & { id: string; amount: number };

class Blocked extends Error {
  blocker: Blocker;
  constructor(blocker: Blocker) {
    super(blocker);
    this.blocker = blocker;
  }
}

type CapRow = { spend_cap: number | null; spent: number; reserved: number };
const capRemaining = (row: CapRow | undefined) =>
  row && row.spend_cap !== null ? Math.max(0, Number(row.spend_cap) - Number(row.spent) - Number(row.reserved)) : Number.POSITIVE_INFINITY;

export function quotaRepository(db: Db) {
  const forUpdate = db.dialect === "postgres" ? " FOR UPDATE" : "";

  return {
    async reserve(holder: Holder, amount: number): Promise<Reservation | { blocked: Blocker }> {
      const id = newId("rsv");
      try {
        await db.transaction(async (tx) => {
          const org = await tx.run(`UPDATE organizations SET balance = balance - ? WHERE id = ? AND balance >= ?`, [amount, holder.organizationId, amount]);
          if (org.changes !== 1) throw new Blocked("organization");
          const member = await tx.run(
            `UPDATE users SET reserved = reserved + ? WHERE id = ? AND (spend_cap IS NULL OR spent + reserved + ? <= spend_cap)`,
            [amount, holder.userId, amount],
          );
          if (member.changes !== 1) throw new Blocked("member");
          const key = await tx.run(
            `UPDATE api_keys SET reserved = reserved + ? WHERE id = ? AND (spend_cap IS NULL OR spent + reserved + ? <= spend_cap)`,
            [amount, holder.keyId, amount],
          );
          if (key.changes !== 1) throw new Blocked("key");
          await tx.run(`INSERT INTO reservations (id, organization_id, user_id, key_id, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)`, [
            id,
            holder.organizationId,
            holder.userId,
            holder.keyId,
            amount,
            Date.now(),
          ]);
        });
      } catch (error) {
        if (error instanceof Blocked) return { blocked: error.blocker };
        throw error;
      }
      return { id, amount, ...holder };
    },

    /**
     * Charges `cost` and releases the rest of the reservation. A cost above the reservation is
     * charged only as far as balance and caps allow; the amount actually charged is returned.
     * Settling a reservation twice charges nothing the second time.
     */
    async settle(reservationId: string, cost: number): Promise<number> {
      return db.transaction(async (tx) => {
        const reservation = await tx.get<{ organization_id: string; user_id: string; key_id: string; amount: number }>(
          `SELECT organization_id, user_id, key_id, amount FROM reservations WHERE id = ?${forUpdate}`,
          [reservationId],
        );
        if (!reservation) return 0;
        const amount = Number(reservation.amount);
        await tx.run(`DELETE FROM reservations WHERE id = ?`, [reservationId]);
        // Undo the hold on the caps first, so what remains is measured without it.
        await tx.run(`UPDATE users SET reserved = reserved - ? WHERE id = ?`, [amount, reservation.user_id]);
        await tx.run(`UPDATE api_keys SET reserved = reserved - ? WHERE id = ?`, [amount, reservation.key_id]);
        let charged = Math.min(cost, amount);
        if (cost > amount) {
          const org = await tx.get<{ balance: number }>(`SELECT balance FROM organizations WHERE id = ?${forUpdate}`, [reservation.organization_id]);
          const member = await tx.get<CapRow>(`SELECT spend_cap, spent, reserved FROM users WHERE id = ?${forUpdate}`, [reservation.user_id]);
          const key = await tx.get<CapRow>(`SELECT spend_cap, spent, reserved FROM api_keys WHERE id = ?${forUpdate}`, [reservation.key_id]);
          const extra = Math.min(cost - amount, Number(org?.balance ?? 0), capRemaining(member) - amount, capRemaining(key) - amount);
          charged = amount + Math.max(0, extra);
        }
        await tx.run(`UPDATE organizations SET balance = balance + ? - ? WHERE id = ?`, [amount, charged, reservation.organization_id]);
        await tx.run(`UPDATE users SET spent = spent + ? WHERE id = ?`, [charged, reservation.user_id]);
        await tx.run(`UPDATE api_keys SET spent = spent + ? WHERE id = ?`, [charged, reservation.key_id]);
        return charged;
      });
    },

    /** Reservations left by a crashed worker: released (charged nothing) after `olderThanMs`. */
    async releaseStale(olderThanMs: number): Promise<number> {
      const stale = await db.all<{ id: string }>(`SELECT id FROM reservations WHERE created_at < ?`, [Date.now() - olderThanMs]);
      for (const { id } of stale) await this.settle(id, 0);
      return stale.length;
    },

    async outstanding(organizationId: string): Promise<number> {
      const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM reservations WHERE organization_id = ?`, [organizationId]);
      return Number(row?.n ?? 0);
    },
  };
}
