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

export function authenticate(catalog: Catalog, source: CredentialSource, recordUse: KeyUse) {
  return function authenticateKey(req: Request, res: Response, next: NextFunction) {
    const secret = presented(req, source);
    if (!secret) return next(gatewayError("unauthenticated", `Missing API key. ${howToSend[source]}`));
    const key = looksLikeKey(secret) ? catalog.keyByHash(hashSecret(secret)) : undefined;
    // One message for unknown, malformed and revoked keys: a caller learns nothing about which it was.
    if (!key) {
      return next(gatewayError("unauthenticated", "Invalid API key: it is unknown or has been revoked. Create a key in the Tollgate console (API Keys) and use its secret."));
    }
    if (key.expiresAt !== null && key.expiresAt <= Date.now()) {
      return next(gatewayError("unauthenticated", `API key "${key.name}" expired on ${new Date(key.expiresAt).toISOString()}. Create a new key in the Tollgate console.`));
    }
    const snapshot = catalog.snapshot;
    const member = snapshot.members.get(key.userId);
    const organization = snapshot.organizations.get(key.organizationId);
    if (!member || !organization) return next(gatewayError("unauthenticated", "Invalid API key: its owner no longer exists."));
    recordUse(key.id);
    res.locals.caller = { key, member, organization } satisfies Caller;
    next();
  };
}
