// Console errors: `{"error":{code,message,field?}}`, with a message that says what to do.
import type { NextFunction, Request, Response } from "express";
import { CapWriteTooLate } from "../store/budgets.ts";
import { constraintViolation } from "../store/constraints.ts";

export type ConsoleErrorCode =
  | "invalid_request"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "too_large"
  | "too_many_requests"
  | "internal"
  | "unavailable";

const statusByCode: Record<ConsoleErrorCode, number> = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
};

export type ConsoleError = { consoleError: true; code: ConsoleErrorCode; message: string; field?: string; retryAfterSeconds?: number };

export function consoleError(code: ConsoleErrorCode, message: string, field?: string): ConsoleError {
  return { consoleError: true, code, message, ...(field ? { field } : {}) };
}

/** 429 with `Retry-After`: the caller may try again after that many seconds. */
export function tooManyRequests(message: string, retryAfterSeconds: number): ConsoleError {
  return { ...consoleError("too_many_requests", message), retryAfterSeconds };
}

type ValidatorError = { status?: number; type?: string; errors?: { path?: string; message?: string }[]; message?: string; headers?: Record<string, string> };

function fromValidator(error: ValidatorError): ConsoleError {
  if (error.type === "entity.too.large") return consoleError("too_large", "Request body is too large.");
  if (error.type === "entity.parse.failed") return consoleError("invalid_request", "Request body is not valid JSON.");
  const issue = error.errors?.[0];
  const field = issue?.path?.split("/").slice(2).join(".") || undefined;
  const problem = (issue?.message ?? error.message ?? "is invalid").replace(/^must have required property '[^']+'$/, "is required");
  // An empty list where one is needed reads as advice, not as the JSON Schema keyword.
  if (field === "group_ids" && /fewer than 1 items/.test(problem)) {
    return consoleError("invalid_request", "Choose at least one group for this to serve: `group_ids` is empty.", field);
  }
  if (field === "user_agent" && /pattern/.test(problem)) {
    return consoleError("invalid_request", "`user_agent` takes printable ASCII only (letters, digits, spaces and punctuation; no tabs, line breaks or other characters). Correct it and try again.", field);
  }
  if (error.status === 404) return consoleError("not_found", `${error.message ?? "Not found"}.`);
  if (error.status === 405) return consoleError("method_not_allowed", `${error.message ?? "Method not allowed"}; this endpoint accepts ${error.headers?.Allow?.toUpperCase() ?? "other methods"}.`);
  if (error.status === 415) return consoleError("invalid_request", "Send the body as JSON with Content-Type: application/json.");
  return consoleError("invalid_request", field ? `\`${field}\` ${problem}. Correct it and try again.` : `Invalid request: ${problem}.`, field);
}

/** A write the database refused: the request named a taken value or a record that does not exist. */
function fromStore(error: unknown): ConsoleError | undefined {
  const violation = constraintViolation(error);
  if (!violation) return undefined;
  const field = violation.column;
  const named = field ? `\`${field}\`` : "A value";
  switch (violation.kind) {
    case "unique":
      return consoleError("conflict", `${named} is already taken. Choose another value.`, field);
    case "reference":
      return consoleError("invalid_request", `${field ? named : "An id in the request"} refers to a record that does not exist. Use ids from the console's lists.`, field);
    default:
      return consoleError("invalid_request", `${named} is out of range or missing. Correct it and try again.`, field);
  }
}

export function consoleErrors(log: (event: string, fields: Record<string, unknown>) => void) {
  return function renderConsoleError(error: unknown, req: Request, res: Response, _next: NextFunction) {
    let rendered: ConsoleError;
    if ((error as ConsoleError)?.consoleError) rendered = error as ConsoleError;
    else if (typeof (error as ValidatorError)?.status === "number" && (error as ValidatorError).status! < 500) rendered = fromValidator(error as ValidatorError);
    else if (fromStore(error)) rendered = fromStore(error)!;
    else if (error instanceof CapWriteTooLate) {
      // Replica mode: the shared Redis took long enough that the write would have committed past its
      // deadline. Nothing is broken and nothing was saved, so the caller may simply send it again.
      log("console.cap_write_too_late", { path: req.path });
      rendered = consoleError("unavailable", "The spend cap change was not saved: Redis, which the replicas share, answered too slowly for it to be written in time. Nothing changed; try again.");
    } else {
      log("console.internal_error", { path: req.path, error: String((error as Error)?.stack ?? error) });
      rendered = consoleError("internal", "Internal error. Try again; if it persists, contact the operator.");
    }
    const { code, message, field, retryAfterSeconds } = rendered;
    if (retryAfterSeconds !== undefined) res.setHeader("retry-after", String(retryAfterSeconds));
    const allow = (error as ValidatorError)?.headers?.Allow;
    if (code === "method_not_allowed" && allow) res.setHeader("allow", allow.toUpperCase());
    res.status(statusByCode[code]).json({ error: { code, message, ...(field ? { field } : {}) } });
  };
}
