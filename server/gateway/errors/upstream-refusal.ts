// An upstream's answer of 4xx, read for the two things the relay must know: whether it refused the
// channel's own credentials or gave the call up (then the channel is at fault and another is tried),
// and how to tell the client why its request was refused, in the called interface's error shape (DESIGN.md §6).
import { anthropicErrorBody } from "./anthropic.ts";
import { geminiErrorBody, geminiFileNotReady, geminiKeyRefused, upstreamGaveUp } from "./gemini.ts";
import { openaiErrorBody } from "./openai.ts";
import type { WireFormat } from "./wire-format.ts";

const parse = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * The upstream refused the channel's credentials: 401 or 403, or Gemini's 400 whose details give the
 * reason `API_KEY_INVALID` (Gemini answers a wrong key so, wire-formats.md §4.5).
 */
export function credentialsRefused(status: number, text: string): boolean {
  if (status === 401 || status === 403) return true;
  if (status !== 400 || !text.includes("API_KEY_INVALID")) return false;
  return geminiKeyRefused(parse(text)?.error);
}

/**
 * The upstream will not serve this channel at all: its credentials refused (above), or Gemini's 400
 * FAILED_PRECONDITION, which Gemini says of the channel's own project or region ("User location is
 * not supported", billing not enabled) and another channel need not share, as in a stream (adapter.ts),
 * but where it says a file the request names is not ready, which is the request's (gemini.ts).
 */
export function channelRefused(status: number, text: string): boolean {
  if (credentialsRefused(status, text)) return true;
  if (status !== 400 || !text.includes("FAILED_PRECONDITION")) return false;
  const body = parse(text);
  const error = (Array.isArray(body) ? body[0] : body)?.error;
  return error?.status === "FAILED_PRECONDITION" && !geminiFileNotReady(error.message);
}

/**
 * The upstream gave the call up, though the gateway did not cancel it: 499 (Client Closed Request,
 * which no caller of the gateway's sent it), or Google's ABORTED or CANCELLED (gemini.ts).
 */
export function gaveUp(status: number, text: string): boolean {
  if (status === 499) return true;
  if (!text.includes("ABORTED") && !text.includes("CANCELLED")) return false;
  const body = parse(text);
  return upstreamGaveUp((Array.isArray(body) ? body[0] : body)?.error?.status);
}

/** The interface's own error shape: such a body goes to the client as the upstream wrote it, with its type, code and param. */
const inOwnShape: Record<WireFormat, (body: any) => boolean> = {
  anthropic: (body) => body?.type === "error" && typeof body.error?.message === "string",
  openai: (body) => typeof body?.error === "object" && body.error !== null && typeof body.error.message === "string",
  gemini: (body) => typeof body?.error === "object" && body.error !== null && typeof body.error.message === "string",
};

const firstText = (...values: unknown[]) => values.find((value): value is string => typeof value === "string" && value.trim() !== "");

/** A reason to pass on, unless it is an HTML page (a proxy's, with its internal addresses) or nothing. */
export function pageless(reason: string, status: number): string {
  const trimmed = reason.trim();
  if (trimmed === "" || trimmed.startsWith("<")) return `The upstream refused the request (HTTP ${status}) without saying why. Check the request against the model's documentation.`;
  return trimmed;
}

/** What the upstream said, where it said it in words. */
function reasonOf(body: any, text: string, status: number): string {
  const said = body && typeof body === "object" ? firstText(body.error?.message, body.error, body.message, body.base_resp?.status_msg, body.detail, body.msg) : undefined;
  return said ? said.slice(0, 2000) : pageless(text.slice(0, 500), status);
}

/** The body of an upstream's refusal as the client's interface says errors. */
export function refusalBody(format: WireFormat, status: number, text: string, requestId: string): string {
  const body = parse(text);
  return inOwnShape[format](body) ? text : refusalSaid(format, status, reasonOf(body, text, status), requestId);
}

/** A refusal whose reason is already in words, in the interface's error shape. */
export function refusalSaid(format: WireFormat, status: number, reason: string, requestId: string): string {
  if (format === "anthropic") return JSON.stringify(anthropicErrorBody(status, reason, requestId));
  if (format === "gemini") return JSON.stringify(geminiErrorBody(status, reason));
  return JSON.stringify(openaiErrorBody(status, reason));
}
