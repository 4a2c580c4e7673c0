// "Forgot your password": a public endpoint mails a one-time link, and another sets the password
// with the link's token. The first answers the same, as fast, whether or not the address has an
// account: it counts the attempt, answers, and only then looks the address up, stores a token and
// hands the mail to the mailer (which sends it later still). Both count against the sign-in
// throttle, so neither is a way around it nor a way to flood someone's mailbox.
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { periodClock } from "../clock.ts";
import { accountScope, addressScope, signInWait } from "../domain/sign-in-throttle.ts";
import { passwordResetMail } from "../mail/password-reset-mail.ts";
import type { MailToken } from "../store/mail-tokens.ts";
import { recordAuditBy } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError, tooManyRequests } from "./errors.ts";
import { hashPassword } from "./passwords.ts";
import { meJson } from "./serialize.ts";
import { hashToken, startSession } from "./session.ts";
import { passwordSignInRefusal } from "./sso-required.ts";

export const defaultPasswordResetTtlMs = 30 * 60_000;

const requested = (minutes: number) => ({
  message: `If an account uses this address, a link to set a new password is on its way to it. The link works once, for ${minutes} minutes. No mail? Check the address and your spam folder, or ask again.`,
});

const askAgain = "Ask for a new link under “Forgot password?” on the sign-in page.";
const orAskAgain = "ask for a new link under “Forgot password?” on the sign-in page.";

/** Why a stored token no longer works, as the person holding its link should read it. */
function deadLinkMessage(token: MailToken | undefined, now: number): string | undefined {
  if (!token) return `This password reset link is not valid: it may be cut short or mistyped. Open the whole link from the mail, or ${orAskAgain}`;
  switch (token.spentReason) {
    case "used":
      return `This password reset link was already used to set a password; each link works once. If that was not you, ${orAskAgain}`;
    case "superseded":
      return "A newer password reset link was sent to this address since, and only the newest works. Open the link in the latest mail.";
    case "password_changed":
      return `The account's password was changed after this link was sent, so the link no longer works. ${askAgain}`;
  }
  if (token.expiresAt <= now) return `This password reset link has expired (links work for a limited time). ${askAgain}`;
  return undefined;
}

export function passwordResetHandlers(deps: ConsoleDeps) {
  const { store, log, signInPolicy, mail } = deps;
  const ttlMs = deps.passwordResetTtlMs ?? defaultPasswordResetTtlMs;
  const ttlMinutes = Math.round(ttlMs / 60_000);

  /** After the answer: the account (if any) gets a fresh token, an audit entry and its mail. */
  async function mailLink(email: string, address: string) {
    const user = await store.users.byEmail(email);
    if (!user) {
      log("console.password_reset_link_unknown_address", {});
      return;
    }
    const token = randomBytes(32).toString("base64url");
    const now = periodClock();
    await store.mailTokens.issue({ tokenHash: hashToken(token), purpose: "password_reset", userId: user.id, now, ttlMs });
    await recordAuditBy(deps, user, "member.password_reset_link_sent", { type: "member", id: user.id, name: user.email, organizationId: user.organizationId }, null, {
      expires_at: new Date(now + ttlMs).toISOString(),
      requested_from: address,
    });
    mail!.mailer.send(passwordResetMail({ to: user.email, userId: user.id, name: user.name, publicUrl: mail!.publicUrl, token, ttlMinutes }));
    log("console.password_reset_link_sent", { user: user.id });
  }

  return {
    /** `identityProviders`: single sign-on's buttons (handlers-sso.ts). */
    signInOptions(_req: Request, res: Response, identityProviders: { id: string; label: string }[]) {
      res.json({ email: mail !== undefined, password_reset: mail !== undefined, sign_up: Boolean(deps.signUp?.open && mail), invitations: mail !== undefined, identity_providers: identityProviders });
    },

    async requestLink(req: Request, res: Response) {
      if (!mail) {
        throw consoleError(
          "not_found",
          "Password reset by e-mail is off: the operator has not configured e-mail (TOLLGATE_SMTP_HOST, docs/email.md). Ask the operator to set a new password for you: in the console (Account page) or with `npm run admin -- reset-password <email>` on the server.",
        );
      }
      const { email } = req.body as { email: string };
      const address = req.ip ?? "unknown";
      const now = Date.now();
      const counts = [
        await store.signInAttempts.count(accountScope(await store.users.foldedEmail(email)), signInPolicy.windowMs, now),
        await store.signInAttempts.count(addressScope(address), signInPolicy.windowMs, now),
      ] as const;
      const wait = signInWait(signInPolicy, ...counts, now);
      if (wait > 0) throw tooManyRequests(`Too many attempts for this account or from this address. Try again in ${wait} seconds.`, wait);
      res.status(202).json(requested(ttlMinutes));
      mailLink(email, address).catch((error) => log("console.password_reset_link_failed", { error: String((error as Error)?.message ?? error) }));
    },

    async resetByLink(req: Request, res: Response) {
      const body = req.body as { token: string; new_password: string };
      const address = addressScope(req.ip ?? "unknown");
      const now = Date.now();
      const attempts = await store.signInAttempts.count(address, signInPolicy.windowMs, now);
      const wait = signInWait(signInPolicy, { attempts: 0, windowStart: now }, attempts, now);
      if (wait > 0) throw tooManyRequests(`Too many attempts from this address. Try again in ${wait} seconds.`, wait);

      const tokenHash = hashToken(body.token);
      const clock = periodClock();
      const stored = await store.mailTokens.find(tokenHash, "password_reset");
      const dead = deadLinkMessage(stored, clock);
      if (dead) throw consoleError("invalid_request", dead, "token");
      const user = await store.users.get(stored!.userId);
      if (!user) throw consoleError("invalid_request", "The account this link was sent for no longer exists. Ask your organization's owner or the operator.", "token");
      const refusal = await passwordSignInRefusal(store, user);
      if (refusal) throw refusal;
      const passwordHash = await hashPassword(body.new_password);
      // Spent atomically: of two uses of one link, exactly one sets the password.
      if ((await store.mailTokens.use(tokenHash, "password_reset", periodClock())) !== user.id) {
        throw consoleError("invalid_request", deadLinkMessage(await store.mailTokens.find(tokenHash, "password_reset"), periodClock()) ?? "This password reset link was just used. Each link works once.", "token");
      }
      // Every session of the account ends (whoever knew the old password is out), and so does any other link.
      await store.users.setPassword(user.id, passwordHash);
      await store.signInAttempts.clear(accountScope(await store.users.foldedEmail(user.email)));
      await store.signInAttempts.uncount(address);
      await recordAuditBy(deps, user, "member.password_reset_by_link", { type: "member", id: user.id, name: user.email, organizationId: user.organizationId }, null, {
        requested_from: req.ip ?? "unknown",
      });
      log("console.password_reset_by_link", { user: user.id });
      await startSession(store, req, res, user, "reset_link");
      res.json(meJson(user, user.organizationId ? await store.organizations.get(user.organizationId) : undefined));
    },
  };
}
