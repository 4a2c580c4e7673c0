// Last stop of a relay request that failed before or during admission: body-parser and contract
// errors become 400/413 that name the field; everything is rendered in the interface's own shape.
import type { NextFunction, Request, Response } from "express";
import { type GatewayError, gatewayError, isGatewayError, statusOf } from "../../domain/errors.ts";
import { sendGatewayError } from "../errors/render.ts";

type ValidationIssue = { path?: string; message?: string };
type HttpLikeError = { status?: number; type?: string; errors?: ValidationIssue[]; message?: string; limit?: number };

/** `/body/messages/0/content` → `messages[0].content`; `/headers/anthropic-version` → header `anthropic-version`. */
function fieldName(path: string | undefined): { field: string; label: string } | undefined {
  if (!path) return undefined;
  const [, location, ...rest] = path.split("/");
  if (rest.length === 0) return undefined;
  const field = rest.reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), "");
  const label = location === "headers" ? `header \`${field}\`` : location === "query" ? `query parameter \`${field}\`` : `\`${field}\``;
  return { field, label };
}

function contractError(error: HttpLikeError): GatewayError {
  const issue = error.errors?.[0];
  const named = fieldName(issue?.path);
  const problem = (issue?.message ?? error.message ?? "is invalid").replace(/^must have required property '[^']+'$/, "is required");
  if (!named) return gatewayError("invalid_request", `Invalid request: ${problem}. Fix the request body and retry.`);
  return gatewayError("invalid_request", `Invalid request: ${named.label} ${problem}. Correct ${named.label} and send the request again.`, {
    field: named.field,
  });
}

export function toGatewayError(error: unknown): GatewayError {
  if (isGatewayError(error)) return error;
  const httpError = error as HttpLikeError;
  if (httpError?.type === "entity.too.large" || httpError?.status === 413) {
    // body-parser says the limit it applied (to the decoded body, where it was compressed).
    const limit = typeof httpError.limit === "number" ? ` (at most ${httpError.limit} bytes, decoded)` : "";
    return gatewayError("too_large", `Request body is larger than this gateway accepts${limit}. Send a smaller request (fewer or smaller images and documents).`);
  }
  if (httpError?.type === "entity.parse.failed") {
    return gatewayError("invalid_request", "Request body is not valid JSON. Send a JSON object with Content-Type: application/json.");
  }
  if (httpError?.type === "encoding.unsupported") {
    return gatewayError("invalid_request", "Unsupported Content-Encoding. Send the body uncompressed, or compressed with gzip, deflate or br.");
  }
  if (httpError?.status === 415) {
    return gatewayError("invalid_request", "Unsupported Content-Type. Send the body as JSON with Content-Type: application/json.");
  }
  if (httpError?.status === 405) return gatewayError("not_found", `${httpError.message ?? "Method not allowed"}.`);
  if (httpError?.status === 400) return contractError(httpError);
  return gatewayError("internal", "Internal error in the gateway. Retry; if it persists, report the request-id to the operator.");
}

/** `recordRefusal`: puts a known key's refused call in the request log (refusal-log.ts). */
export function relayErrors(log: (event: string, fields: Record<string, unknown>) => void, recordRefusal?: (req: Request, res: Response, error: GatewayError, status: number) => void) {
  return function renderRelayError(error: unknown, req: Request, res: Response, _next: NextFunction) {
    const gateway = toGatewayError(error);
    if (gateway.kind === "internal") log("relay.internal_error", { path: req.originalUrl.split("?", 1)[0], request_id: res.locals.requestId, error: String((error as Error)?.stack ?? error) });
    try {
      recordRefusal?.(req, res, gateway, statusOf(gateway));
    } catch (failure) {
      log("relay.refusal_not_logged", { request_id: res.locals.requestId, error: String((failure as Error)?.message ?? failure) });
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    sendGatewayError(req, res, gateway);
  };
}
