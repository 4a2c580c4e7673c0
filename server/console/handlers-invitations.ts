// Invitations: an owner (or the operator, naming the organization) invites someone by e-mail with a
// role and, for a sub-user or developer, the groups its keys may use. The mailed link carries a
// one-time token (stored only hashed) that expires, that the owner may revoke, and that a resend
// replaces. The invitee previews it and accepts it with a name and a password, which makes the
// account and signs in. One account belongs to one organization, so an address that already has an
// account cannot be invited (nor accept): its owner asks the operator to move it, or uses another.
//
// Seam for single sign-on: a person who signs in by SSO with a verified e-mail that has an open
// invitation can be given it with `store.invitations.accept` (the SSO account's name, no password to
// choose); nothing here needs to change for that.
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { periodClock } from "../clock.ts";
import { canManageMembers } from "../domain/permissions.ts";
import { invitationMail } from "../mail/invitation-mail.ts";
import { type Invitation, type InvitationRole, invitationState } from "../store/invitations.ts";
import type { User } from "../store/records.ts";
import { recordAudit, recordAuditBy } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { checkGrantable } from "./grantable-groups.ts";
import { hashPassword } from "./passwords.ts";
import { countPublicAttempt } from "./public-throttle.ts";
import { meJson } from "./serialize.ts";
import { currentUser, hashToken, startSession } from "./session.ts";

export const invitationTtlDays = 7;
const ttlMs = invitationTtlDays * 24 * 3600 * 1000;
const roles = new Set<InvitationRole>(["owner", "sub-user", "developer"]);

export const emailOffMessage =
  "Invitations go by e-mail, and the operator has not configured e-mail (TOLLGATE_SMTP_HOST, docs/email.md). Until then, add the member with a password on the Members page and pass it on.";

/** An SSO-required organization's members come in through its identity provider, never with a password an invitation would set. */
const ssoOnlyMessage = (organizationName: string) =>
  `${organizationName} signs in through single sign-on only: its members come in by signing in with its identity provider's button on the sign-in page, not by an invitation with a password.`;

export function invitationJson(invitation: Invitation, now = periodClock()) {
  return {
    id: invitation.id,
    organization_id: invitation.organizationId,
    email: invitation.email,
    role: invitation.role,
    group_ids: invitation.groupIds,
    invited_by: invitation.invitedBy,
    created_at: new Date(invitation.createdAt).toISOString(),
    expires_at: new Date(invitation.expiresAt).toISOString(),
    state: invitationState(invitation, now),
  };
}

const target = (invitation: Invitation) => ({ type: "invitation" as const, id: invitation.id, name: invitation.email, organizationId: invitation.organizationId });

/** Why a link no longer works, as its holder should read it; undefined while it works. */
function deadLinkMessage(invitation: Invitation | undefined, now: number): string | undefined {
  if (!invitation) {
    return "This invitation link is not valid: it may be cut short or mistyped, or a newer invitation mail replaced it. Open the whole link from the latest mail, or ask the person who invited you to send it again.";
  }
  switch (invitationState(invitation, now)) {
    case "accepted":
      return "This invitation was already accepted; each invitation works once. Sign in with the account it made (“Forgot password?” on the sign-in page if needed).";
    case "revoked":
      return "This invitation was withdrawn by the organization. Ask its owner for a new one if you still need access.";
    case "expired":
      return `This invitation has expired (invitations work for ${invitationTtlDays} days). Ask the organization's owner to send it again (Members page, Resend).`;
    case "pending":
      return undefined;
  }
}

const takenMessage = (email: string) =>
  `An account with e-mail ${email} already exists, and an account belongs to one organization. Invite another address, or ask the operator about this account.`;

export function invitationHandlers(deps: ConsoleDeps) {
  const { store, mail, log } = deps;

  /** The organization the caller manages invitations of: the owner's own, or the one the operator names. */
  function organizationOf(res: Response, named: unknown): { user: User; organizationId: string } {
    const user = currentUser(res);
    if (user.role === "operator") {
      if (typeof named !== "string" || !named) throw consoleError("invalid_request", "As the operator, name the organization: `organization_id`.", "organization_id");
      return { user, organizationId: named };
    }
    if (!user.organizationId || !canManageMembers(user.role)) throw consoleError("forbidden", "Only the organization's owner (or the operator) manages invitations.");
    return { user, organizationId: user.organizationId };
  }

  async function invitationOr404(res: Response, id: string): Promise<{ user: User; invitation: Invitation }> {
    const user = currentUser(res);
    if (user.role !== "operator" && !canManageMembers(user.role)) throw consoleError("forbidden", "Only the organization's owner (or the operator) manages invitations.");
    const invitation = await store.invitations.get(id);
    if (!invitation || (user.role !== "operator" && invitation.organizationId !== user.organizationId)) throw consoleError("not_found", `No invitation "${id}" in your organization.`);
    return { user, invitation };
  }

  async function send(invitation: Invitation, token: string, inviter: User) {
    const organization = await store.organizations.get(invitation.organizationId);
    mail!.mailer.send(
      invitationMail({ to: invitation.email, organizationName: organization?.name ?? "an organization", role: invitation.role, invitedBy: inviter.name || inviter.email, publicUrl: mail!.publicUrl, token, ttlDays: invitationTtlDays }),
    );
  }

  /**
   * Why an invitation that is still live may not be accepted now: what was true when it was sent
   * no longer is. Its organization was archived or now signs in through single sign-on only (an
   * invitation would give a password that the organization refuses), or the person who sent it can
   * no longer invite there (archived, or no longer its owner).
   */
  async function whyNotNow(invitation: Invitation): Promise<string | undefined> {
    const organization = await store.organizations.get(invitation.organizationId);
    if (!organization) return "The organization this invitation is for was archived. Ask the operator.";
    if (organization.ssoRequired) return ssoOnlyMessage(organization.name);
    const inviter = await store.users.get(invitation.invitedBy);
    const mayInvite = inviter?.role === "operator" || (inviter?.role === "owner" && inviter.organizationId === organization.id);
    if (!mayInvite) return `The person who invited you can no longer invite members to ${organization.name}. Ask one of its owners to invite you again.`;
    return undefined;
  }

  return {
    async list(req: Request, res: Response) {
      const { organizationId } = organizationOf(res, req.query.organization_id);
      const now = periodClock();
      res.json({ data: (await store.invitations.open(organizationId)).map((invitation) => invitationJson(invitation, now)) });
    },

    async create(req: Request, res: Response) {
      const body = req.body as { email: string; role: InvitationRole; group_ids?: string[]; organization_id?: string };
      const { user, organizationId } = organizationOf(res, body.organization_id);
      if (!mail) throw consoleError("not_found", emailOffMessage);
      if (!roles.has(body.role)) throw consoleError("invalid_request", "`role` must be owner, sub-user or developer.", "role");
      // As for members: an owner made through a token would be a sign-in its holder controls.
      if (body.role === "owner" && res.locals.consoleToken) throw consoleError("forbidden", "Sign in to the console to invite an owner; an automation token can invite sub-users and developers only.", "role");
      const groupIds = body.group_ids ?? [];
      if (body.role === "owner" && groupIds.length > 0) throw consoleError("invalid_request", "An owner may use every group of the organization: leave `group_ids` out.", "group_ids");
      const organization = await store.organizations.get(organizationId);
      if (!organization) throw consoleError("not_found", `No organization "${organizationId}".`, "organization_id");
      if (organization.ssoRequired) throw consoleError("conflict", ssoOnlyMessage(organization.name), "organization_id");
      await checkGrantable(store, organizationId, groupIds);
      if (await store.users.byEmail(body.email)) throw consoleError("conflict", takenMessage(body.email), "email");
      if (await store.invitations.openFor(organizationId, body.email)) {
        throw consoleError("conflict", `${body.email} already has an open invitation to this organization. Resend it or revoke it from the Members page.`, "email");
      }
      const token = randomBytes(32).toString("base64url");
      const invitation = await store.invitations.create({ organizationId, email: body.email, role: body.role, groupIds, invitedBy: user.id, tokenHash: hashToken(token), now: periodClock(), ttlMs });
      const json = invitationJson(invitation);
      await recordAudit(deps, res, "invitation.created", target(invitation), null, json);
      await send(invitation, token, user);
      log("console.invitation_sent", { invitation: invitation.id, organization: organizationId });
      res.status(201).json(json);
    },

    async resend(req: Request, res: Response) {
      const { user, invitation } = await invitationOr404(res, String(req.params.id));
      if (!mail) throw consoleError("not_found", emailOffMessage);
      const state = invitationState(invitation, periodClock());
      if (state === "accepted" || state === "revoked") throw consoleError("conflict", `This invitation was ${state}; invite ${invitation.email} again instead.`);
      const token = randomBytes(32).toString("base64url");
      const renewed = await store.invitations.renew(invitation.id, hashToken(token), periodClock(), ttlMs);
      if (!renewed) throw consoleError("conflict", "This invitation was just accepted or revoked; refresh the Members page.");
      const json = invitationJson(renewed);
      await recordAudit(deps, res, "invitation.resent", target(renewed), invitationJson(invitation), json);
      await send(renewed, token, user);
      res.json(json);
    },

    async revoke(req: Request, res: Response) {
      const { invitation } = await invitationOr404(res, String(req.params.id));
      if (!(await store.invitations.revoke(invitation.id, periodClock()))) {
        throw consoleError("conflict", `This invitation was already ${invitationState(invitation, periodClock())}; there is nothing to revoke.`);
      }
      const after = invitationJson((await store.invitations.get(invitation.id))!);
      await recordAudit(deps, res, "invitation.revoked", target(invitation), invitationJson(invitation), after);
      res.json(after);
    },

    /** Public: what the invitation page shows before the invitee chooses a password. */
    async preview(req: Request, res: Response) {
      const attempt = await countPublicAttempt(deps, req);
      const { token } = req.body as { token: string };
      const invitation = await store.invitations.byToken(hashToken(token));
      const now = periodClock();
      const dead = deadLinkMessage(invitation, now);
      if (!invitation) throw consoleError("invalid_request", dead!, "token");
      await attempt.forgive();
      if (dead) return res.json({ state: invitationState(invitation, now), message: dead });
      const organization = await store.organizations.get(invitation.organizationId);
      res.json({
        state: "pending",
        email: invitation.email,
        role: invitation.role,
        organization_name: organization?.name ?? "",
        expires_at: new Date(invitation.expiresAt).toISOString(),
        account_exists: (await store.users.byEmail(invitation.email)) !== undefined,
      });
    },

    /** Public: accepts with a name and a password, makes the account and signs in. */
    async accept(req: Request, res: Response) {
      const attempt = await countPublicAttempt(deps, req);
      const body = req.body as { token: string; name: string; password: string };
      const tokenHash = hashToken(body.token);
      const found = await store.invitations.byToken(tokenHash);
      const dead = deadLinkMessage(found, periodClock());
      if (dead) throw consoleError("invalid_request", dead, "token");
      const invitation = found!;
      if (await store.users.byEmail(invitation.email)) throw consoleError("conflict", `${takenMessage(invitation.email)} Sign in with it instead.`, "token");
      const notNow = await whyNotNow(invitation);
      if (notNow) throw consoleError("conflict", notNow, "token");
      try {
        await checkGrantable(store, invitation.organizationId, invitation.groupIds);
      } catch {
        throw consoleError("conflict", "A group this invitation grants is no longer available to the organization. Ask its owner to invite you again.", "token");
      }
      const passwordHash = await hashPassword(body.password);
      const userId = await store.invitations.accept(tokenHash, periodClock(), (inv) => ({ name: body.name, passwordHash, groupIds: inv.groupIds }));
      if (!userId) throw consoleError("invalid_request", deadLinkMessage(await store.invitations.byToken(tokenHash), periodClock()) ?? "This invitation was just used. Each invitation works once.", "token");
      await attempt.forgive();
      await deps.onChange();
      const user = (await store.users.get(userId))!;
      await recordAuditBy(deps, user, "invitation.accepted", target(invitation), invitationJson(invitation), {
        member_id: user.id,
        role: user.role,
        group_ids: user.groupIds,
        accepted_from: req.ip ?? "unknown",
      });
      log("console.invitation_accepted", { invitation: invitation.id, user: user.id });
      await startSession(store, req, res, user);
      res.json(meJson(user, await store.organizations.get(invitation.organizationId)));
    },
  };
}
