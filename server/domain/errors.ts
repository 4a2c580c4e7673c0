// The relay's one internal error type. Each kind's HTTP status is set in one exhaustive switch;
// renderers in gateway/errors/ turn it into the wire format of the interface that was called.

export type GatewayError =
  | { kind: "invalid_request"; message: string; field?: string }
  | { kind: "unauthenticated"; message: string }
  | { kind: "no_group"; message: string }
  | { kind: "group_not_permitted"; message: string }
  | { kind: "interface_mismatch"; message: string }
  | { kind: "model_not_found"; message: string }
  | { kind: "not_found"; message: string }
  | { kind: "method_not_allowed"; message: string; allow: string }
  | { kind: "too_large"; message: string }
  | { kind: "quota_exhausted"; message: string }
  | { kind: "rate_limited"; message: string; retryAfterSeconds: number }
  | { kind: "no_channel"; message: string; /** set when circuits are open: their remaining cool-down */ retryAfterSeconds?: number }
  | { kind: "upstream_timeout"; message: string }
  | { kind: "upstream_error"; message: string; status: number }
  | { kind: "internal"; message: string };

export type GatewayErrorKind = GatewayError["kind"];

export function statusOf(error: GatewayError): number {
  switch (error.kind) {
    case "invalid_request":
      return 400;
    case "unauthenticated":
      return 401;
    case "no_group":
    case "group_not_permitted":
      return 403;
    case "interface_mismatch":
    case "model_not_found":
    case "not_found":
      return 404;
    case "method_not_allowed":
      return 405;
    case "too_large":
      return 413;
    case "quota_exhausted":
    case "rate_limited":
      return 429;
    case "no_channel":
      return 503;
    case "upstream_timeout":
      return 504;
    case "upstream_error":
      return error.status;
    case "internal":
      return 500;
  }
}

export function gatewayError<K extends GatewayErrorKind>(
  kind: K,
  message: string,
  extra?: Omit<Extract<GatewayError, { kind: K }>, "kind" | "message">,
): Extract<GatewayError, { kind: K }> {
  return { kind, message, ...extra } as Extract<GatewayError, { kind: K }>;
}

export function isGatewayError(value: unknown): value is GatewayError {
  return typeof value === "object" && value !== null && "kind" in value && "message" in value;
}
