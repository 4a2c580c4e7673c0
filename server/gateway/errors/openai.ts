// OpenAI-style error body: {"error":{message,type,param,code}} (wire-formats.md §2.4).
import type { GatewayErrorKind } from "../../domain/errors.ts";
import { isRequestFault } from "../upstreams/adapter.ts";

const codeByKind: Partial<Record<GatewayErrorKind, string>> = {
  unauthenticated: "invalid_api_key",
  no_group: "key_without_group",
  group_not_permitted: "group_not_permitted",
  interface_mismatch: "group_cannot_serve_interface",
  model_not_found: "model_not_found",
  method_not_allowed: "method_not_allowed",
  too_large: "request_too_large",
  quota_exhausted: "insufficient_quota",
  rate_limited: "rate_limit_exceeded",
  no_channel: "no_available_channel",
  upstream_timeout: "upstream_timeout",
};

// The statuses of the OpenAI-style types and codes a stream's error chunk or event gives (it has no status of its own).
const statusByKind: Record<string, number> = {
  rate_limit_exceeded: 429,
  insufficient_quota: 429,
  invalid_api_key: 401,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  model_not_found: 404,
};

/**
 * The HTTP status an OpenAI-style error type or code stands for: what the caller's error event is
 * typed for in its own format. A refusal of the request (as the relay records it) is a 400; anything else a 500.
 */
export function openaiErrorHttpStatus(kind: unknown): number {
  if (typeof kind !== "string") return 500;
  return statusByKind[kind] ?? (isRequestFault(kind) ? 400 : 500);
}

/**
 * The HTTP status an OpenAI-style error object stands for, by its code, else its type: OpenAI says a
 * rate limit as type `requests` or `tokens` with code `rate_limit_exceeded`.
 */
export function openaiErrorObjectStatus(error: { code?: unknown; type?: unknown }): number {
  const byCode = openaiErrorHttpStatus(error.code);
  return byCode !== 500 ? byCode : openaiErrorHttpStatus(error.type);
}
/** The OpenAI-style type of an error with this HTTP status (what a stream's error chunk or event says it as). */
export const openaiErrorType = (status: number): string => typeOf(status, undefined);

function typeOf(status: number, kind: GatewayErrorKind | undefined): string {
  if (kind === "quota_exhausted") return "insufficient_quota";
  if (status === 429) return "rate_limit_exceeded";
  if (status === 403) return "permission_error";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

/**
 * An upstream's error of this status as an OpenAI-style stream's error chunk says it: typed and coded
 * as Tollgate's own body of the status is. Only 429's code speaks of the status alone; the others by
 * kind (invalid_api_key, no_available_channel) would speak of the caller's key or Tollgate's channels.
 */
export const openaiStreamError = (status: number, message: string) => openaiErrorBody(status, message, status === 429 ? "rate_limited" : undefined).error;
export function openaiErrorBody(status: number, message: string, kind?: GatewayErrorKind, param?: string) {
  return { error: { message, type: typeOf(status, kind), param: param ?? null, code: (kind && codeByKind[kind]) ?? null } };
}
