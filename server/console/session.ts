// Console sessions: a random token in an httpOnly, SameSite=Strict cookie; the database keeps only
// its hash. Cross-site requests cannot ride the cookie (SameSite) nor send JSON without a CORS
// preflight we never grant; an Origin header from another host is refused outright.
import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { User } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { type ConsoleError, consoleError } from "./errors.ts";

/** Automation tokens start with this, so a misplaced one is recognisable (and API keys are not mistaken for it). */
export const consoleTokenPrefix = "tgc_";

export const sessionCookie = "tollgate_session";
const ttlMs = 7 * 24 * 3600 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The raw cookie value: our tokens are base64url, so nothing is percent-decoded (nor can fail to be). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** `method`: how the session began (password, reset_link, sso:<provider id>), shown in the operator's list of sessions. */
export async function startSession(store: Store, req: Request, res: Response, user: User, method = "password"): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await store.sessions.create(hashToken(token), user.id, ttlMs, method);
  const secure = req.secure ? "; Secure" : "";
  // Appended: a single sign-on callback clears its own cookie in the same answer.
  res.append("set-cookie", `${sessionCookie}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${ttlMs / 1000}${secure}`);
}

/** The session token the request carries in its cookie, if any. */
export const sessionTokenOf = (req: Request) => readCookie(req, sessionCookie);

export async function endSession(store: Store, req: Request, res: Response): Promise<void> {
  const token = readCookie(req, sessionCookie);
  if (token) await store.sessions.delete(hashToken(token));
  res.setHeader("set-cookie", `${sessionCookie}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`);
}

/** Loads the signed-in user (if any) into `res.locals.user`: from an automation token, else the session cookie. */
export function loadSession(store: Store) {
  return async function loadSessionUser(req: Request, res: Response, next: NextFunction) {
    const authorization = req.headers.authorization;
    if (authorization) return next(await tokenUser(store, authorization, res));
    const token = readCookie(req, sessionCookie);
    if (token) {
      const userId = await store.sessions.userId(hashToken(token));
      if (userId) res.locals.user = await store.users.get(userId);
    }
    next();
  };
}

/**
 * `Authorization: Bearer tgc_…`: the token's creator, while the token is live and the creator still
 * has the role it was made with. Browsers never send this header on their own, so it needs no
 * cross-site protection beyond the cookie's.
 */
async function tokenUser(store: Store, authorization: string, res: Response): Promise<ConsoleError | undefined> {
  const secret = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (!secret?.startsWith(consoleTokenPrefix)) {
    return consoleError("unauthenticated", `The console API takes an automation token (Authorization: Bearer ${consoleTokenPrefix}…) or a session cookie. API keys are for the relay (/v1/…).`);
  }
  const token = await store.consoleTokens.use(hashToken(secret));
  const user = token && (await store.users.get(token.userId));
  if (!token || !user) return consoleError("unauthenticated", "This automation token is unknown, revoked or expired. Create a new one on the console's Tokens page.");
  if (user.role !== token.role) return consoleError("unauthenticated", `This token was made for the ${token.role} role, which its account no longer has. Create a new one.`);
  res.locals.user = user;
  res.locals.consoleToken = token;
  return undefined;
}

/** The host of an Origin header; undefined for `null` (sandboxed and file: pages) and for malformed ones. */
const originHost = (origin: string) => (URL.canParse(origin) ? new URL(origin).host : undefined);

export function sameOriginOnly() {
  return function refuseCrossSite(req: Request, _res: Response, next: NextFunction) {
    const origin = req.headers.origin;
    // A present Origin must name this host: `Origin: null` comes from an opaque origin, never from the
    // console, and a malformed Origin names no host at all.
    if (req.method !== "GET" && req.method !== "HEAD" && origin !== undefined && originHost(origin) !== req.headers.host) {
      return next(consoleError("forbidden", "Cross-site request refused: the `Origin` header is not this console's address. Use the Tollgate console on its own address.", "origin"));
    }
    next();
  };
}

export function currentUser(res: Response): User {
  const user = res.locals.user as User | undefined;
  if (!user) throw consoleError("unauthenticated", "Sign in to the Tollgate console first.");
  return user;
}

export function currentOperator(res: Response): User {
  const user = currentUser(res);
  if (user.role !== "operator") throw consoleError("forbidden", "Only the operator can do this.");
  return user;
}

export function currentMember(res: Response): User & { organizationId: string } {
  const user = currentUser(res);
  if (!user.organizationId) throw consoleError("forbidden", "This needs an organization member's account; the operator account has no organization.");
  return user as User & { organizationId: string };
}
