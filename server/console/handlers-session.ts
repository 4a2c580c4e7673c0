import type { Request, Response } from "express";
import { consoleError } from "./errors.ts";
import type { ConsoleDeps } from "./context.ts";
import { verifyPassword } from "./passwords.ts";
import { meJson } from "./serialize.ts";
import { currentUser, endSession, startSession } from "./session.ts";

export function sessionHandlers({ store }: ConsoleDeps) {
  return {
    async login(req: Request, res: Response) {
      const { email, password } = req.body as { email: string; password: string };
      const user = await store.users.byEmail(email);
      // Same answer for an unknown email and a wrong password.
      if (!user || !(await verifyPassword(password, user.passwordHash))) {
        throw consoleError("unauthenticated", "Email or password is incorrect. Check both and try again.");
      }
      await startSession(store, req, res, user);
      res.json(meJson(user, user.organizationId ? await store.organizations.get(user.organizationId) : undefined));
    },
    async logout(req: Request, res: Response) {
      await endSession(store, req, res);
      res.json({ ok: true });
    },
    async me(_req: Request, res: Response) {
      const user = currentUser(res);
      res.json(meJson(user, user.organizationId ? await store.organizations.get(user.organizationId) : undefined));
    },
  };
}
