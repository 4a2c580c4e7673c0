// A typed error for non-2xx answers. Every interface answers in its own wire format, so the error
// says which one it saw (by the body's shape) and carries the body typed for that format.
import type { AnthropicErrorBody, ConsoleErrorBody, GeminiErrorBody, OpenAIErrorBody } from "./types.ts";

export type ErrorFormat = "family-a" | "openai" | "family-c" | "console" | "unknown";

export type ErrorDetail =
  | { format: "family-a"; body: AnthropicErrorBody }
  | { format: "openai"; body: OpenAIErrorBody }
  | { format: "family-c"; body: GeminiErrorBody }
  | { format: "console"; body: ConsoleErrorBody }
  | { format: "unknown"; body: unknown };

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === "object" && value !== null;

/** Tells the wire format from the body's shape (see the relay's error schemas). */
export function detailOf(body: unknown): ErrorDetail {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  if (!error || typeof error.message !== "string") return { format: "unknown", body };
  if ((body as Fields).type === "error") return { format: "family-a", body: body as AnthropicErrorBody };
  if (typeof error.code === "number" && typeof error.status === "string") return { format: "family-c", body: body as GeminiErrorBody };
  if ("param" in error || typeof error.type === "string") return { format: "openai", body: body as OpenAIErrorBody };
  return { format: "console", body: body as ConsoleErrorBody };
}

export class TollgateError extends Error {
  override readonly name = "TollgateError";
  /** The HTTP status. */
  readonly status: number;
  /** The machine-readable kind: Family A `error.type`, OpenAI `error.code ?? error.type`, Family C `error.status`, console `error.code`. */
  readonly code: string;
  /** The wire format and its typed body; narrow on `detail.format`. */
  readonly detail: ErrorDetail;
  /** Tollgate's request id (`request-id` header), for support. */
  readonly requestId: string | null;
  /** Seconds from `Retry-After` on 429s, when sent. */
  readonly retryAfterSeconds: number | null;

  constructor(response: Response, body: unknown) {
    const detail = detailOf(body);
    const message = detail.format === "unknown" ? (typeof body === "string" && body ? body : `HTTP ${response.status}`) : detail.body.error.message;
    super(message);
    this.status = response.status;
    this.detail = detail;
    this.code = codeOf(detail, response.status);
    this.requestId = response.headers.get("request-id") ?? response.headers.get("x-request-id");
    const retryAfter = Number(response.headers.get("retry-after"));
    this.retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  }
}

function codeOf(detail: ErrorDetail, status: number): string {
  switch (detail.format) {
    case "family-a":
      return detail.body.error.type;
    case "openai":
      return detail.body.error.code ?? detail.body.error.type;
    case "family-c":
      return detail.body.error.status;
    case "console":
      return detail.body.error.code;
    default:
      return `http_${status}`;
  }
}

type FetchResult<T> = { data?: T; error?: unknown; response: Response };

/** The data of an openapi-fetch call, or a thrown TollgateError for a non-2xx answer. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<NonNullable<T>> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw new TollgateError(response, error);
  return data as NonNullable<T>;
}
