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

// google.rpc.Code's HTTP mapping: a Google status name says precisely what happened.
const codeByStatus = new Map<string, number>([
  ["INVALID_ARGUMENT", 400],
  ["FAILED_PRECONDITION", 400],
  ["OUT_OF_RANGE", 400],
  ["UNAUTHENTICATED", 401],
  ["PERMISSION_DENIED", 403],
  ["NOT_FOUND", 404],
  ["ABORTED", 409],
  ["ALREADY_EXISTS", 409],
  ["RESOURCE_EXHAUSTED", 429],
  ["CANCELLED", 499],
  ["INTERNAL", 500],
  ["UNKNOWN", 500],
  ["DATA_LOSS", 500],
  ["UNIMPLEMENTED", 501],
  ["UNAVAILABLE", 503],
  ["DEADLINE_EXCEEDED", 504],
]);

/** The HTTP status a Google status name (`NOT_FOUND`) stands for; undefined for any other word. */
export const googleStatusCode = (name: unknown): number | undefined => (typeof name === "string" ? codeByStatus.get(name) : undefined);

/**
 * Statuses google.rpc.Code maps to a 4xx that say nothing against the request when an upstream
 * answers them: ABORTED (409) is "a concurrency issue", which code.proto tells the client to retry
 * "at a higher level" — here another channel — and CANCELLED (499), "typically by the caller", came
 * though the gateway did not cancel the call (the relay judges an answer after its own abort as
 * the client's leaving): the upstream gave it up. Source: googleapis/googleapis google/rpc/code.proto.
 */
const upstreamGaveUpStatuses = new Set(["ABORTED", "CANCELLED"]);

/** Whether a Google status name says the upstream gave the call up (see above). */
export const upstreamGaveUp = (name: unknown): boolean => typeof name === "string" && upstreamGaveUpStatuses.has(name);

/**
 * Whether a Gemini FAILED_PRECONDITION (400) is the request's own: Gemini says that status of the
 * channel's project or region ("User location is not supported for the API use.", "Gemini API free
 * tier is not available in your country. Please enable billing…"), which another channel need not
 * share, but also of a File API file the request names that is not ready yet: "The File <id> is not
 * in an ACTIVE state and usage is not allowed." (google-gemini/cookbook, quickstarts/rest, Audio
 * prompting: "If you use it in a prompt prematurely you will see an error like …"). That one no
 * other channel would serve either (a file is its project's): the caller waits until the file is ACTIVE.
 */
export const geminiFileNotReady = (message: unknown): boolean => typeof message === "string" && /\bis not in an ACTIVE state\b/.test(message);

/** The HTTP status a Gemini error object stands for: its `status` name's, else its `code`, else 500. */
export function geminiErrorHttpStatus(error: { code?: unknown; status?: unknown }): number {
  const named = googleStatusCode(error.status);
  if (named !== undefined) return named;
  if (Number.isInteger(error.code) && (error.code as number) >= 400 && (error.code as number) <= 599) return error.code as number;
  return 500;
}

/**
 * Whether a Gemini error object refuses the channel's own key: Gemini says so with status
 * INVALID_ARGUMENT (400), the reason API_KEY_INVALID in its details (wire-formats.md §4.5), over
 * HTTP and inside a stream alike. The request is not at fault, whatever the status says.
 */
export function geminiKeyRefused(error: unknown): boolean {
  const details = (error as { details?: unknown } | null | undefined)?.details;
  return Array.isArray(details) && details.some((detail) => detail?.reason === "API_KEY_INVALID");
}

const retryInfo = "type.googleapis.com/google.rpc.RetryInfo";
const duration = /^(\d+(?:\.\d+)?)s$/;

/**
 * The wait, in whole seconds rounded up, a Gemini error object asks for before a retry: a 429's
 * details carry google.rpc.RetryInfo, whose retryDelay is a Duration ("37s", "1.5s"). Only that
 * number is read of the details; the rest (which can name the cloud project) goes nowhere.
 */
export function geminiRetryDelaySeconds(error: unknown): number | undefined {
  const details = (error as { details?: unknown } | null | undefined)?.details;
  if (!Array.isArray(details)) return undefined;
  const said = details.find((detail) => detail?.["@type"] === retryInfo)?.retryDelay;
  const seconds = typeof said === "string" ? duration.exec(said)?.[1] : undefined;
  return seconds !== undefined && Number(seconds) > 0 ? Math.ceil(Number(seconds)) : undefined;
}

/** The same from an error answer's body, which is parsed only when it names RetryInfo. */
export function geminiRetryDelayInBody(text: string): number | undefined {
  if (!text.includes(retryInfo)) return undefined;
  try {
    const parsed = JSON.parse(text);
    return geminiRetryDelaySeconds((Array.isArray(parsed) ? parsed[0] : parsed)?.error);
  } catch {
    return undefined;
  }
}

// What a Gemini message can name of the channel: its key (`Consumer 'api_key:AIza…' has been
// suspended`, or a key alone) and its Google Cloud project (`consumer 'project_number:…'`, `projects/…`).
const channelIdentifiers = /(api_key:)[^\s'"]+|(project_number:|projects\/)\d+|AIza[0-9A-Za-z_-]{35}/g;

/** A Gemini error message with the channel's key and project taken out, for a caller to read. */
export const withoutChannelIdentifiers = (message: string): string =>
  message.replace(channelIdentifiers, (_, keyPrefix: string | undefined, projectPrefix: string | undefined) => `${keyPrefix ?? projectPrefix ?? ""}(redacted)`);
