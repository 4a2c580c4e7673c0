// Calls the gateway makes to itself: the Responses API's WebSocket mode and `responses.compact` are
// each made as a `POST /v1/responses` call on this worker's own server, so they are validated,
// routed, limited, billed and logged exactly as an HTTP call of the caller's is.
// Such a call says so with a secret the node's workers share (the call may land on any of them):
// only then does the relay grant it what a caller's call never gets (loopbackBodyAllowance, and
// the request log's name of the outer call). The address alone proves nothing: a reverse proxy on
// this machine connects from loopback too.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** How the primary hands its workers the node's one secret (main.ts); a server started alone makes its own. */
export const loopbackSecretVariable = "TOLLGATE_LOOPBACK_SECRET";
const secret = Buffer.from(process.env[loopbackSecretVariable] || randomBytes(32).toString("base64url"));

/** The header that carries the secret, and the one that names the outer call for the request log. */
const secretHeader = "x-tollgate-loopback";
const loggedAsHeader = "x-tollgate-logged-as";

/**
 * The bytes a loopback call's body may have beyond TOLLGATE_MAX_BODY_BYTES: the caller's body
 * passed that limit, and the call adds to it (a compaction's trigger item and `stream`, a string
 * input made an item; the WebSocket mode's `stream`), which must not turn it into a 413.
 */
export const loopbackBodyAllowance = 1024;

/** The caller's headers that its loopback calls carry: its credentials and who it is. */
const carried = ["authorization", "x-api-key", "user-agent", "openai-organization", "openai-project"];

/** A loopback call's headers; `loggedAs` names the caller's call in the request log where it is not the inner one's (responses/compact). */
export function loopbackHeaders(req: IncomingMessage, loggedAs?: string): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", [secretHeader]: secret.toString() };
  if (loggedAs) headers[loggedAsHeader] = loggedAs;
  for (const name of carried) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
}

const isLoopbackAddress = (address: string) => address === "::1" || address.replace(/^::ffff:/, "").startsWith("127.");

/** Whether the request is one of this node's loopback calls: it comes from this machine and carries the secret. */
export function isLoopbackCall(req: IncomingMessage): boolean {
  const said = req.headers[secretHeader];
  if (typeof said !== "string") return false;
  const from = req.socket.remoteAddress ?? "";
  // A call to the server's own non-loopback address (a HOST of this machine's) comes from that address.
  if (!isLoopbackAddress(from) && from !== req.socket.localAddress) return false;
  const bytes = Buffer.from(said);
  return bytes.length === secret.length && timingSafeEqual(bytes, secret);
}

/** The request log's name of a loopback call's outer call, or undefined (a caller's own call, or a loopback call logged as itself). */
export function loggedAsOf(req: IncomingMessage): string | undefined {
  const named = req.headers[loggedAsHeader];
  return typeof named === "string" && isLoopbackCall(req) ? named : undefined;
}

/** The base URL of a server at `address` (a listening server's, or a connection's local end), by loopback where it listens on every address. */
export function loopbackBase(where: AddressInfo | object | string | null): string {
  if (!where || typeof where === "string" || !("port" in where)) throw new Error("the server is not listening on a port");
  const address = where as AddressInfo;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address.replace(/^::ffff:/, "");
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/**
 * No wait of undici's own on a loopback call (its default gives up after 300 s without headers or
 * body): the call inside has the channel's timeouts and the drain's, and a compaction answered
 * whole sends its headers only when it is done, which failovers can make long.
 */
export const loopbackTimeouts = { headersTimeout: 0, bodyTimeout: 0 } as const;
