// Family C error body: {"error":{code,message,status}} (wire-formats.md §4.5).

const statusByCode: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  405: "UNIMPLEMENTED",
  413: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

export function geminiErrorBody(status: number, message: string) {
  return { error: { code: status, message, status: statusByCode[status] ?? (status >= 500 ? "INTERNAL" : "FAILED_PRECONDITION") } };
}
