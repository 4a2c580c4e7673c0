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

// google.rpc.Code's HTTP mapping, for a Gemini error that gives its status name but no usable code.
const codeByStatus: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** The HTTP status a Gemini error object stands for: its `code`, else its `status` name's, else 500. */
export function geminiErrorHttpStatus(error: { code?: unknown; status?: unknown }): number {
  if (Number.isInteger(error.code) && (error.code as number) >= 400 && (error.code as number) <= 599) return error.code as number;
  return (typeof error.status === "string" && codeByStatus[error.status]) || 500;
}

// What a Gemini message can name of the channel: its key (`Consumer 'api_key:AIza…' has been
// suspended`, or a key alone) and its Google Cloud project (`consumer 'project_number:…'`, `projects/…`).
const channelIdentifiers = /(api_key:)[^\s'"]+|(project_number:|projects\/)\d+|AIza[0-9A-Za-z_-]{35}/g;

/** A Gemini error message with the channel's key and project taken out, for a caller to read. */
export const withoutChannelIdentifiers = (message: string): string =>
  message.replace(channelIdentifiers, (_, keyPrefix: string | undefined, projectPrefix: string | undefined) => `${keyPrefix ?? projectPrefix ?? ""}(redacted)`);
