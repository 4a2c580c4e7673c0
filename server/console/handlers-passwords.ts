// Passwords from the console: an account changes its own (knowing the current one); the operator
// sets anyone else's. Both end the account's other sessions, so whoever knew the old password is
// out. Neither is open to an automation token: a leaked token must not become a sign-in (which
// could then mint tokens of its own). Wrong current passwords count as sign-in attempts do, so a
// stolen session cannot guess its way to the account.
import type { Request, Response } from "express";
import { accountScope, signInWait } from "../domain/sign-in-throttle.ts";
import { recordAudit } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError, tooManyRequests } from "./errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { currentOperator, currentUser, hashToken, sessionTokenOf } from "./session.ts";

export function passwordHandlers(deps: ConsoleDeps) {
  const { store, log, signInPolicy } = deps;
  return {
    async changeOwn(req: Request, res: Response) {
      const user = currentUser(res);
      const session = sessionTokenOf(req);
      if (res.locals.consoleToken || !session) throw consoleError("forbidden", "Sign in to the console to change your password; an automation token cannot.");
      const body = req.body as { current_password: string; new_password: string };
      // Counted before the check, on the account's sign-in counter: guesses here and at sign-in share one limit.
      const account = accountScope(await store.users.foldedEmail(user.email));
      const now = Date.now();
      const attempts = await store.signInAttempts.count(account, signInPolicy.windowMs, now);
      const wait = signInWait(signInPolicy, attempts, { attempts: 0, windowStart: now }, now);
      if (wait > 0) throw tooManyRequests(`Too many wrong passwords for this account. Try again in ${wait} seconds.`, wait);
      if (!(await verifyPassword(body.current_password, user.passwordHash))) {
        throw consoleError("invalid_request", "The current password is incorrect. Type the password you signed in with.", "current_password");
      }
      await store.signInAttempts.clear(account);
      await store.users.setPassword(user.id, await hashPassword(body.new_password), hashToken(session));
      log("console.password_changed", { user: user.id });
      res.json({ ok: true });
    },
    async reset(req: Request, res: Response) {
      const operator = currentOperator(res);
      if (res.locals.consoleToken) throw consoleError("forbidden", "Sign in to the console to reset a password; an automation token cannot.");
      const body = req.body as { email: string; new_password: string };
      const user = await store.users.byEmail(body.email);
      if (!user) throw consoleError("not_found", `No account has the email ${body.email}.`, "email");
      if (user.id === operator.id) {
        throw consoleError("invalid_request", "This sets another account's password. Change your own under PUT /api/me/password (Account in the console), with your current password.", "email");
      }
      await store.users.setPassword(user.id, await hashPassword(body.new_password));
      await recordAudit(deps, res, "member.password_reset", { type: "member", id: user.id, name: user.email, organizationId: user.organizationId }, null, null);
      log("console.password_reset", { user: user.id, by: operator.id });
      res.json({ ok: true });
    },
  };
}
