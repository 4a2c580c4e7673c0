import type { Request, Response } from "express";
import { accountScope, addressScope, signInWait } from "../domain/sign-in-throttle.ts";
import { consoleError, tooManyRequests } from "./errors.ts";
import type { ConsoleDeps } from "./context.ts";
import { verifyPasswordOf, warmDummyHash } from "./passwords.ts";
import { meJson } from "./serialize.ts";
import { recordAuditBy } from "./audit.ts";
import { currentUser, endSession, startSession } from "./session.ts";
import { passwordSignInRefusal } from "./sso-required.ts";

export function sessionHandlers(deps: ConsoleDeps) {
  const { store, signInPolicy } = deps;
  void warmDummyHash();
  return {
    async login(req: Request, res: Response) {
      const { email, password } = req.body as { email: string; password: string };
      // Count the attempt before checking the password: concurrent guesses on any worker all count.
      const account = accountScope(await store.users.foldedEmail(email));
      const address = addressScope(req.ip ?? "unknown");
      const now = Date.now();
      const counts = [
        await store.signInAttempts.count(account, signInPolicy.windowMs, now),
        await store.signInAttempts.count(address, signInPolicy.windowMs, now),
      ] as const;
      const wait = signInWait(signInPolicy, ...counts, now);
      if (wait > 0) {
        throw tooManyRequests(`Too many sign-in attempts for this account or from this address. Try again in ${wait} seconds.`, wait);
      }
      const user = await store.users.byEmail(email);
      // Same answer, and the same scrypt work, for an unknown email and a wrong password.
      if (!(await verifyPasswordOf(password, user?.passwordHash))) {
        throw consoleError("unauthenticated", "Email or password is incorrect. Check both and try again.");
      }
      // Told only to someone who knows the password: it reveals nothing to a guesser.
      const refusal = await passwordSignInRefusal(store, user!);
      if (refusal) throw refusal;
      await store.signInAttempts.clear(account);
      await store.signInAttempts.uncount(address);
      await startSession(store, req, res, user!);
      // Every sign-in is in the audit log (single sign-on's as member.signed_in_sso), with where it came from.
      await recordAuditBy(deps, user!, "member.signed_in", { type: "member", id: user!.id, name: user!.email, organizationId: user!.organizationId }, null, { method: "password", from: req.ip ?? "unknown" });
      res.json(meJson(user!, user!.organizationId ? await store.organizations.get(user!.organizationId) : undefined));
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
