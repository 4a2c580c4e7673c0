// The User-Agent every upstream request carries, so a vendor (or the operator's own proxy) can tell
// Tollgate's calls apart: `Tollgate/<version>` from the project's package.json, read once, or the
// channel's own where the operator set one (a provider or proxy that asks for its client's name).
// A channel's is resolved once, when the relay's catalog loads (catalog.ts), not per request.
import { readFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };

export const tollgateUserAgent = `Tollgate/${version}`;

/** The User-Agent a channel's upstream requests carry: its own, or Tollgate's where it has none. */
export const userAgentOf = (channel: { userAgent: string | null }): string => channel.userAgent || tollgateUserAgent;

/** The request's headers with the User-Agent set (an adapter's own, where it set one, stays). */
export function withUserAgent(headers: Record<string, string>, userAgent: string): Record<string, string> {
  headers["user-agent"] ??= userAgent;
  return headers;
}
