// Family A error body: {"type":"error","error":{type,message},"request_id"} (wire-formats.md §1.5).

const typeByStatus: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  504: "timeout_error",
  529: "overloaded_error",
};

const statusByType: Record<string, number> = Object.fromEntries(Object.entries(typeByStatus).map(([status, type]) => [type, Number(status)]));

/** The status an error's type stands for (an error event inside a stream carries only the type); unknown types are the upstream's fault. */
export function anthropicErrorStatus(type: unknown): number {
  return (typeof type === "string" && statusByType[type]) || 500;
}

export function anthropicErrorType(status: number): string {
  return typeByStatus[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
}

export function anthropicErrorBody(status: number, message: string, requestId: string) {
  return { type: "error", error: { type: anthropicErrorType(status), message }, request_id: requestId };
}
