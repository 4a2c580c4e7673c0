// The sign-in throttle for public endpoints that take a mailed token or make an account (invitation
// links, sign-ups): each call counts against the client address's sign-in attempts, so guessing
// tokens or flooding mailboxes hits the same limit as guessing passwords. A call that turns out
// legitimate gives its attempt back (`forgive`).
import type { Request } from "express";
import { accountScope, addressScope, signInWait } from "../domain/sign-in-throttle.ts";
import type { ConsoleDeps } from "./context.ts";
import { tooManyRequests } from "./errors.ts";

export type CountedAttempt = { forgive: () => Promise<void> };

/** Counts one attempt from the client's address (and, with `email`, for that account); 429 past the limit. */
export async function countPublicAttempt({ store, signInPolicy }: ConsoleDeps, req: Request, email?: string): Promise<CountedAttempt> {
  const address = addressScope(req.ip ?? "unknown");
  const now = Date.now();
  const account = email === undefined ? { attempts: 0, windowStart: now } : await store.signInAttempts.count(accountScope(await store.users.foldedEmail(email)), signInPolicy.windowMs, now);
  const fromAddress = await store.signInAttempts.count(address, signInPolicy.windowMs, now);
  const wait = signInWait(signInPolicy, account, fromAddress, now);
  if (wait > 0) throw tooManyRequests(`Too many attempts ${email === undefined ? "from this address" : "for this address or from this client"}. Try again in ${wait} seconds.`, wait);
  return { forgive: () => store.signInAttempts.uncount(address) };
}
