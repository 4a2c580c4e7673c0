// Self sign-up, off unless the operator opens it (TOLLGATE_SIGNUP=true, docs/sign-up.md). A person
// gives an e-mail, a name and an organization name; nothing is made until the mailed link is followed
// and a password chosen there (so whoever asked cannot set the password of another person's address),
// which makes an organization of their own (the starting balance and the groups the
// operator set) with them as its owner, and signs in. The first answer is the same 202, as fast,
// whether or not the address has an account (it answers, and only then looks the address up); an address that has an account gets no mail. Both calls count against
// the sign-in throttle.
//
// Seam for single sign-on: an SSO sign-in with a verified e-mail needs no link; it would make the
// organization as `makeAccount` below does.
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { periodClock } from "../clock.ts";
import { verificationMail } from "../mail/verification-mail.ts";
import type { Db } from "../store/db.ts";
import type { SignUp } from "../store/sign-ups.ts";
import { recordAuditBy } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { hashPassword } from "./passwords.ts";
import { countPublicAttempt } from "./public-throttle.ts";
import { meJson } from "./serialize.ts";
import { hashToken, startSession } from "./session.ts";

export const signUpTtlHours = 24;
const ttlMs = signUpTtlHours * 3600 * 1000;

export const signUpOffMessage =
  "Self sign-up is off on this server. Ask an organization's owner to invite you, or the operator to open an account for you (operators turn sign-up on with TOLLGATE_SIGNUP=true, docs/sign-up.md).";

const requested = {
  message: `If the address can sign up, a link to confirm it is on its way. The link works once, for ${signUpTtlHours} hours. No mail? Check the address and your spam folder; if you already have an account, sign in or use “Forgot password?”.`,
};

function deadLinkMessage(signUp: SignUp | undefined, now: number): string | undefined {
  if (!signUp) return "This confirmation link is not valid: it may be cut short or mistyped, or a newer sign-up mail replaced it. Open the whole link from the latest mail, or sign up again.";
  if (signUp.verifiedAt !== null) return "This address was already confirmed and its account opened; each link works once. Sign in (“Forgot password?” if needed).";
  if (signUp.expiresAt <= now) return `This confirmation link has expired (links work for ${signUpTtlHours} hours). Sign up again for a new one.`;
  return undefined;
}

export function signUpHandlers(deps: ConsoleDeps) {
  const { store, mail, log } = deps;
  const open = () => Boolean(deps.signUp?.open && mail);

  /** After the answer: an unknown address gets a pending sign-up and its mail; a known one nothing. */
  async function mailLink(body: { email: string; name: string; organization_name: string }) {
    if (await store.users.byEmail(body.email)) {
      log("console.sign_up_taken_address", {});
      return;
    }
    const token = randomBytes(32).toString("base64url");
    await store.signUps.create({ tokenHash: hashToken(token), email: body.email, name: body.name, organizationName: body.organization_name, now: periodClock(), ttlMs });
    mail!.mailer.send(verificationMail({ to: body.email, name: body.name, organizationName: body.organization_name, publicUrl: mail!.publicUrl, token, ttlHours: signUpTtlHours }));
    log("console.sign_up_link_sent", {});
  }

  /** The exclusive groups a new organization is authorized for, read before the transaction (which may only use its own connection). */
  async function grantedGroups(): Promise<string[]> {
    const byIdentifier = new Map((await store.groups.list()).map((group) => [group.identifier, group]));
    return deps.signUp!.groupIdentifiers.flatMap((identifier) => {
      const group = byIdentifier.get(identifier);
      if (!group) log("console.sign_up_group_unknown", { group: identifier });
      // Public groups are every organization's already; only exclusive ones need authorizing.
      return group?.visibility === "exclusive" ? [group.id] : [];
    });
  }

  /** The organization and its owner, inside the verifying transaction. */
  const makeAccount = (granted: string[], passwordHash: string) => async (signUp: SignUp, tx: Db): Promise<string> => {
    const organizationId = await store.organizations.create({ name: signUp.organizationName, balance: deps.signUp!.startingBalance }, tx);
    if (granted.length > 0) await store.organizations.setExclusiveGroups(organizationId, granted, tx);
    return store.users.create({ organizationId, email: signUp.email, name: signUp.name, role: "owner", passwordHash }, tx);
  };

  return {
    async signUp(req: Request, res: Response) {
      if (!open()) throw consoleError("not_found", signUpOffMessage);
      const body = req.body as { email: string; name: string; organization_name: string };
      await countPublicAttempt(deps, req, body.email);
      res.status(202).json(requested);
      mailLink(body).catch((error) => log("console.sign_up_link_failed", { error: String((error as Error)?.message ?? error) }));
    },

    async verify(req: Request, res: Response) {
      if (!open()) throw consoleError("not_found", signUpOffMessage);
      const attempt = await countPublicAttempt(deps, req);
      const body = req.body as { token: string; password: string };
      const tokenHash = hashToken(body.token);
      const found = await store.signUps.find(tokenHash);
      const dead = deadLinkMessage(found, periodClock());
      if (dead) throw consoleError("invalid_request", dead, "token");
      if (await store.users.byEmail(found!.email)) {
        throw consoleError("conflict", `An account with e-mail ${found!.email} was opened since you signed up. Sign in with it (“Forgot password?” if needed).`, "token");
      }
      const passwordHash = await hashPassword(body.password);
      const userId = await store.signUps.verify(tokenHash, periodClock(), makeAccount(await grantedGroups(), passwordHash));
      if (!userId) throw consoleError("invalid_request", deadLinkMessage(await store.signUps.find(tokenHash), periodClock()) ?? "This link was just used. Each link works once.", "token");
      await attempt.forgive();
      await deps.onChange();
      const user = (await store.users.get(userId))!;
      const organization = await store.organizations.get(user.organizationId!);
      await recordAuditBy(deps, user, "organization.signed_up", { type: "organization", id: organization!.id, name: organization!.name, organizationId: organization!.id }, null, {
        owner: { id: user.id, email: user.email, name: user.name },
        balance: organization!.balance,
        exclusive_group_ids: organization!.exclusiveGroupIds,
        verified_from: req.ip ?? "unknown",
      });
      log("console.signed_up", { user: user.id, organization: organization!.id });
      await startSession(store, req, res, user);
      res.json(meJson(user, organization));
    },
  };
}
