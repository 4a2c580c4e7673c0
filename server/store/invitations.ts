// Invitations to join an organization, by e-mail, with a role (and, for a sub-user or developer, the
// groups its keys may use). The link's token is stored only as its SHA-256. An invitation works
// once, until it expires, and not after its owner revokes it; a resend gives it a new token and a new
// expiry (the old link dies). Times come from periodClock so tests can move past an expiry.
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import type { NewUser } from "./users.ts";
import { userRepository } from "./users.ts";

export type InvitationRole = "owner" | "sub-user" | "developer";

export type Invitation = {
  id: string;
  organizationId: string;
  email: string;
  role: InvitationRole;
  groupIds: string[];
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
  acceptedUserId: string | null;
  revokedAt: number | null;
};

/** Why an invitation's link no longer works; undefined while it does. */
export type InvitationState = "pending" | "expired" | "accepted" | "revoked";

export const invitationState = (invitation: Invitation, now: number): InvitationState =>
  invitation.acceptedAt !== null ? "accepted" : invitation.revokedAt !== null ? "revoked" : invitation.expiresAt <= now ? "expired" : "pending";

type Row = {
  id: string;
  organization_id: string;
  email: string;
  role: InvitationRole;
  group_ids: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  accepted_user_id: string | null;
  revoked_at: number | null;
};

const nullable = (value: number | null) => (value === null ? null : Number(value));

const toInvitation = (row: Row): Invitation => ({
  id: row.id,
  organizationId: row.organization_id,
  email: row.email,
  role: row.role,
  groupIds: JSON.parse(row.group_ids) as string[],
  invitedBy: row.invited_by,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  acceptedAt: nullable(row.accepted_at),
  acceptedUserId: row.accepted_user_id,
  revokedAt: nullable(row.revoked_at),
});

export function invitationRepository(db: Db) {
  const users = userRepository(db);
  const one = async (where: string, params: (string | number)[]) => {
    const row = await db.get<Row>(`SELECT * FROM invitations WHERE ${where}`, params);
    return row && toInvitation(row);
  };
  return {
    async create(input: { organizationId: string; email: string; role: InvitationRole; groupIds: string[]; invitedBy: string; tokenHash: string; now: number; ttlMs: number }): Promise<Invitation> {
      const id = newId("inv");
      await db.run(
        `INSERT INTO invitations (id, organization_id, email, role, group_ids, token_hash, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, input.organizationId, input.email, input.role, JSON.stringify([...new Set(input.groupIds)]), input.tokenHash, input.invitedBy, input.now, input.now + input.ttlMs],
      );
      return (await one(`id = ?`, [id]))!;
    },
    get: (id: string) => one(`id = ?`, [id]),
    byToken: (tokenHash: string) => one(`token_hash = ?`, [tokenHash]),
    /** Neither accepted nor revoked (expired ones included: the owner may resend or revoke them), newest first. */
    async open(organizationId: string): Promise<Invitation[]> {
      const rows = await db.all<Row>(`SELECT * FROM invitations WHERE organization_id = ? AND accepted_at IS NULL AND revoked_at IS NULL ORDER BY created_at DESC, id`, [organizationId]);
      return rows.map(toInvitation);
    },
    /** The organization's open invitation for this address, if any (folded as users' e-mails are). */
    openFor: (organizationId: string, email: string) =>
      one(`organization_id = ? AND lower(email) = lower(?) AND accepted_at IS NULL AND revoked_at IS NULL`, [organizationId, email]),
    async revoke(id: string, now: number): Promise<boolean> {
      const { changes } = await db.run(`UPDATE invitations SET revoked_at = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL`, [now, id]);
      return changes === 1;
    },
    /** A new token and expiry for an open invitation: the link mailed before stops working. */
    async renew(id: string, tokenHash: string, now: number, ttlMs: number): Promise<Invitation | undefined> {
      const { changes } = await db.run(`UPDATE invitations SET token_hash = ?, expires_at = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL`, [tokenHash, now + ttlMs, id]);
      return changes === 1 ? one(`id = ?`, [id]) : undefined;
    },
    /**
     * Accepts a live invitation and makes its account, in one transaction: of two concurrent accepts
     * of one link, exactly one gets the new account's id, the other undefined (the UPDATE's WHERE is
     * evaluated again after the first commits). The account is made by `account`, from the invitation.
     */
    async accept(tokenHash: string, now: number, account: (invitation: Invitation) => Omit<NewUser, "organizationId" | "email" | "role">): Promise<string | undefined> {
      return db.transaction(async (tx) => {
        const row = await tx.get<Row>(
          `UPDATE invitations SET accepted_at = ? WHERE token_hash = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ? RETURNING *`,
          [now, tokenHash, now],
        );
        if (!row) return undefined;
        const invitation = toInvitation(row);
        const userId = await users.create({ ...account(invitation), organizationId: invitation.organizationId, email: invitation.email, role: invitation.role }, tx);
        await tx.run(`UPDATE invitations SET accepted_user_id = ? WHERE id = ?`, [userId, invitation.id]);
        return userId;
      });
    },
  };
}
