// The User-Agent every upstream request carries, so a vendor (or the operator's own proxy) can tell
// Tollgate's calls apart: `Tollgate/<version>` from the project's package.json, read once.
import { readFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };

export const tollgateUserAgent = `Tollgate/${version}`;

/** The request's headers with the User-Agent set (an adapter's own, where it set one, stays). */
export function withUserAgent(headers: Record<string, string>): Record<string, string> {
  headers["user-agent"] ??= tollgateUserAgent;
  return headers;
}
