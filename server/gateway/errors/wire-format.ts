// Which error body shape a request gets: the one of the interface that was called.
import type { Request } from "express";

export type WireFormat = "anthropic" | "openai" | "gemini";

/** The full path: inside a mounted router `req.path` is relative to the mount point. */
export function fullPath(req: Request): string {
  return req.originalUrl.split("?", 1)[0];
}

/** Chosen without regard to case: a path no route takes (routes match case-sensitively) still gets the shape its caller reads. */
const routedPath = (req: Request) => fullPath(req).toLowerCase();

/**
 * A Family C caller: any `/v1beta/` path, a `:generateContent`-style or `:countTokens` path under `/v1/models/`
 * (`@google/genai` 3.x defaults to API version v1), or `/v1/models` asked with a Family C credential.
 */
export function isFamilyCRequest(req: Request): boolean {
  const path = routedPath(req);
  if (path.startsWith("/v1beta/")) return true;
  if (!path.startsWith("/v1/models")) return false;
  return /:(?:(?:stream)?generatecontent|counttokens)$/.test(path) || req.headers["x-goog-api-key"] !== undefined || typeof req.query.key === "string";
}

export function wireFormatOf(req: Request): WireFormat {
  if (isFamilyCRequest(req)) return "gemini";
  const path = routedPath(req);
  if (path === "/v1/messages" || path.startsWith("/v1/messages/")) return "anthropic";
  // The Family A SDK lists models with `anthropic-version`; OpenAI-style callers never send it.
  if (path.startsWith("/v1/models") && req.headers["anthropic-version"] !== undefined) return "anthropic";
  return "openai";
}
