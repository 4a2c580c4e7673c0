// Which error body shape a request gets: the one of the interface that was called.
import type { Request } from "express";

export type WireFormat = "anthropic" | "openai" | "gemini";

export function wireFormatOf(req: Request): WireFormat {
  // The full path: inside a mounted router `req.path` is relative to the mount point.
  const path = req.originalUrl.split("?", 1)[0];
  if (path.startsWith("/v1beta/")) return "gemini";
  if (path === "/v1/messages" || path.startsWith("/v1/messages/")) return "anthropic";
  // The Family A SDK lists models with `anthropic-version`; OpenAI-style callers never send it.
  if (path.startsWith("/v1/models") && req.headers["anthropic-version"] !== undefined) return "anthropic";
  return "openai";
}
