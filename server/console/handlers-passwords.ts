// Passwords from the console: an account changes its own (knowing the current one); the operator
// sets anyone's. Both end the account's other sessions, so whoever knew the old password is out.
import type { Request, Response } from "express";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { currentOperator, currentUser, hashToken, sessionTokenOf } from "./session.ts";

export function passwordHandlers({ store, log }: ConsoleDeps) {
  return {
    async changeOwn(req: Request, res: Response) {
      const user = currentUser(res);
      const session = sessionTokenOf(req);
      if (res.locals.consoleToken || !session) throw consoleError("forbidden", "Sign in to the console to change your password; an automation token cannot.");
      const body = req.body as { current_password: string; new_password: string };
      if (!(await verifyPassword(body.current_password, user.passwordHash))) {
        throw consoleError("invalid_request", "The current password is incorrect. Type the password you signed in with.", "current_password");
      }
      await store.users.setPassword(user.id, await hashPassword(body.new_password), hashToken(session));
      log("console.password_changed", { user: user.id });
      res.json({ ok: true });
    },
    async reset(req: Request, res: Response) {
      const operator = currentOperator(res);
      const body = req.body as { email: string; new_password: string };
      const user = await store.users.byEmail(body.email);
      if (!user) throw consoleError("not_found", `No account has the email ${body.email}.`, "email");
      await store.users.setPassword(user.id, await hashPassword(body.new_password));
      log("console.password_reset", { user: user.id, by: operator.id });
      res.json({ ok: true });
    },
  };
}
