// OpenAI-style error body: {"error":{message,type,param,code}} (wire-formats.md §2.4).
import type { GatewayErrorKind } from "../../domain/errors.ts";

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

/** The OpenAI-style type of an error with this HTTP status (what a stream's error chunk or event says it as). */
export const openaiErrorType = (status: number): string => typeOf(status, undefined);

function typeOf(status: number, kind: GatewayErrorKind | undefined): string {
  if (kind === "quota_exhausted") return "insufficient_quota";
  if (status === 429) return "rate_limit_exceeded";
  if (status === 403) return "permission_error";
  if (status >= 500) return "server_error";
  return "invalid_request_error";
}

export function openaiErrorBody(status: number, message: string, kind?: GatewayErrorKind, param?: string) {
  return { error: { message, type: typeOf(status, kind), param: param ?? null, code: (kind && codeByKind[kind]) ?? null } };
}
