// Finds the caller's API key in the catalog by the hash of the secret each interface carries:
// Family A `x-api-key` or Bearer; OpenAI-style Bearer; Family C `x-goog-api-key` or `?key=`.
import type { NextFunction, Request, Response } from "express";
import { hashSecret, looksLikeKey } from "../../domain/api-key-secret.ts";
import { gatewayError } from "../../domain/errors.ts";
import type { ApiKey } from "../../store/records.ts";
import type { Catalog, CatalogMember, CatalogOrganization } from "../catalog.ts";

export type Caller = { key: ApiKey; member: CatalogMember; organization: CatalogOrganization };

export type CredentialSource = "family-a" | "bearer" | "family-c";

const howToSend: Record<CredentialSource, string> = {
  "family-a": "Send your Tollgate API key in the `x-api-key` header (or `Authorization: Bearer <key>`).",
  bearer: "Send your Tollgate API key as `Authorization: Bearer <key>`.",
  "family-c": "Send your Tollgate API key in the `x-goog-api-key` header or the `key` query parameter.",
};

function bearer(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1].trim();
}

function presented(req: Request, source: CredentialSource): string | undefined {
  switch (source) {
    case "family-a":
      return (req.headers["x-api-key"] as string | undefined) ?? bearer(req);
    case "bearer":
      return bearer(req);
    case "family-c":
      return (req.headers["x-goog-api-key"] as string | undefined) ?? (typeof req.query.key === "string" ? req.query.key : undefined);
  }
}

export type KeyUse = (keyId: string) => void;

/** Why a request names no caller: no key where its interface takes one, a key unknown (or revoked, or malformed), one that expired, or one whose owner is gone. */
export type NoCaller = "missing" | "unknown" | { expired: ApiKey } | "orphaned";

/**
 * The caller whose key a request carries where its interface takes it (`source`), or why there is
 * none. The one lookup of a key: authentication answers by it, and the request log's refusals
 * (refusal-log.ts) find by it the caller of a request refused before authentication ran.
 */
export function callerOf(req: Request, catalog: Catalog, source: CredentialSource): Caller | NoCaller {
  const secret = presented(req, source);
  if (!secret) return "missing";
  const key = looksLikeKey(secret) ? catalog.keyByHash(hashSecret(secret)) : undefined;
  if (!key) return "unknown";
  if (key.expiresAt !== null && key.expiresAt <= Date.now()) return { expired: key };
  const snapshot = catalog.snapshot;
  const member = snapshot.members.get(key.userId);
  const organization = snapshot.organizations.get(key.organizationId);
  if (!member || !organization) return "orphaned";
  return { key, member, organization };
}

export function authenticate(catalog: Catalog, source: CredentialSource, recordUse: KeyUse) {
  return function authenticateKey(req: Request, res: Response, next: NextFunction) {
    const caller = callerOf(req, catalog, source);
    if (typeof caller === "object" && "key" in caller) {
      recordUse(caller.key.id);
      res.locals.caller = caller;
      return next();
    }
    if (typeof caller === "object") {
      const { name, expiresAt } = caller.expired;
      return next(gatewayError("unauthenticated", `API key "${name}" expired on ${new Date(expiresAt!).toISOString()}. Create a new key in the Tollgate console.`));
    }
    switch (caller) {
      case "missing":
        return next(gatewayError("unauthenticated", `Missing API key. ${howToSend[source]}`));
      // One message for unknown, malformed and revoked keys: a caller learns nothing about which it was.
      case "unknown":
        return next(gatewayError("unauthenticated", "Invalid API key: it is unknown or has been revoked. Create a key in the Tollgate console (API Keys) and use its secret."));
      case "orphaned":
        return next(gatewayError("unauthenticated", "Invalid API key: its owner no longer exists."));
    }
  };
}
