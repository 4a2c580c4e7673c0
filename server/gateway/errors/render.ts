// One internal error type, rendered in the wire format of the interface that was called, with the
// retry hints the official SDKs read (wire-formats.md §5).
import type { Request, Response } from "express";
import { type GatewayError, statusOf } from "../../domain/errors.ts";
import { anthropicErrorBody } from "./anthropic.ts";
import { geminiErrorBody } from "./gemini.ts";
import { openaiErrorBody } from "./openai.ts";
import { wireFormatOf } from "./wire-format.ts";

export function errorBody(req: Request, error: GatewayError, requestId: string): unknown {
  const status = statusOf(error);
  switch (wireFormatOf(req)) {
    case "anthropic":
      return anthropicErrorBody(status, error.message, requestId);
    case "gemini":
      return geminiErrorBody(status, error.message);
    case "openai":
      return openaiErrorBody(status, error.message, error.kind, error.kind === "invalid_request" ? error.field : undefined);
  }
}

export function sendGatewayError(req: Request, res: Response, error: GatewayError): void {
  const status = statusOf(error);
  if (error.kind === "quota_exhausted") res.setHeader("x-should-retry", "false");
  if ((error.kind === "rate_limited" || error.kind === "no_channel") && error.retryAfterSeconds) res.setHeader("retry-after", String(error.retryAfterSeconds));
  if (error.kind === "method_not_allowed") res.setHeader("allow", error.allow);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(errorBody(req, error, String(res.getHeader("request-id") ?? ""))));
}
