// Automation tokens: an operator or an owner names a token, sees its secret once, and revokes it when
// done. A token acts with its creator's account and role; only a browser session can create one, so
// a leaked token cannot mint successors.
import { randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import type { ConsoleToken } from "../store/console-tokens.ts";
import type { User } from "../store/records.ts";
import { recordAudit } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { consoleTokenPrefix, currentUser, hashToken } from "./session.ts";

const maxLifetimeMs = 366 * 24 * 3600 * 1000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function tokenJson(token: ConsoleToken) {
  return {
    id: token.id,
    name: token.name,
    display: token.display,
    role: token.role,
    created_at: iso(token.createdAt),
    expires_at: iso(token.expiresAt),
    revoked_at: iso(token.revokedAt),
    last_used_at: iso(token.lastUsedAt),
  };
}

function tokenManager(res: Response): User & { role: ConsoleToken["role"] } {
  const user = currentUser(res);
  if (user.role !== "operator" && user.role !== "owner") throw consoleError("forbidden", "Only the operator or an organization's owner can use automation tokens.");
  return user as User & { role: ConsoleToken["role"] };
}

export function tokenHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  return {
    async list(_req: Request, res: Response) {
      const user = tokenManager(res);
      res.json({ data: (await store.consoleTokens.ofUser(user.id)).map(tokenJson) });
    },
    async create(req: Request, res: Response) {
      const user = tokenManager(res);
      if (res.locals.consoleToken) throw consoleError("forbidden", "Create tokens in the console while signed in; a token cannot create another token.");
      const body = req.body as { name: string; expires_at: string };
      const expiresAt = Date.parse(body.expires_at);
      if (!(expiresAt > Date.now())) throw consoleError("invalid_request", "`expires_at` must be in the future.", "expires_at");
      if (expiresAt - Date.now() > maxLifetimeMs) throw consoleError("invalid_request", "`expires_at` may be at most a year ahead. Choose an earlier date and rotate the token.", "expires_at");
      const secret = consoleTokenPrefix + randomBytes(32).toString("base64url");
      const token = await store.consoleTokens.create({
        userId: user.id,
        name: body.name,
        tokenHash: hashToken(secret),
        display: `${secret.slice(0, consoleTokenPrefix.length + 4)}…${secret.slice(-4)}`,
        role: user.role,
        expiresAt,
      });
      await recordAudit(deps, res, "token.created", { type: "token", id: token.id, name: token.name, organizationId: user.organizationId }, null, tokenJson(token));
      res.status(201).json({ ...tokenJson(token), secret });
    },
    async revoke(req: Request, res: Response) {
      const user = tokenManager(res);
      const token = await store.consoleTokens.get(String(req.params.id));
      if (!token || token.userId !== user.id) throw consoleError("not_found", `No token "${req.params.id}" among your tokens.`);
      const revoked = tokenJson((await store.consoleTokens.revoke(token.id))!);
      await recordAudit(deps, res, "token.revoked", { type: "token", id: token.id, name: token.name, organizationId: user.organizationId }, tokenJson(token), revoked);
      res.json(revoked);
    },
  };
}
