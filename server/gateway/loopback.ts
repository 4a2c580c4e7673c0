// Calls the gateway makes to itself: the Responses API's WebSocket mode and `responses.compact` are
// each made as a `POST /v1/responses` call on this worker's own server, so they are validated,
// routed, limited, billed and logged exactly as an HTTP call of the caller's is.
import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** The caller's headers that its loopback calls carry: its credentials and who it is. */
const carried = ["authorization", "x-api-key", "user-agent", "openai-organization", "openai-project"];

export function loopbackHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  for (const name of carried) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  return headers;
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
