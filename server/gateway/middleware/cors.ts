// CORS for the relay, so browser apps can call it with an official SDK (off unless origins are
// configured: TOLLGATE_CORS_ORIGINS). Keys travel in headers, never cookies, so no credentials mode.
// A preflight from an allowed origin is answered here, before body parsing and authentication; an
// origin that is not allowed gets no CORS headers at all, and its preflight the relay's usual 405.
// Fetch standard: https://fetch.spec.whatwg.org/#http-cors-protocol
import type { NextFunction, Request, Response } from "express";
import type { CorsOrigins } from "../../config.ts";

const allowMethods = "GET, POST, OPTIONS";
/** Headers a browser may read from an answer: the ids and retry hints the SDKs surface. */
const exposeHeaders = "request-id, x-request-id, retry-after, x-should-retry";
/** A header list is tokens and commas; anything else is not echoed back. */
const headerList = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

export function cors(origins: CorsOrigins) {
  const any = origins === "*";
  return function corsHeaders(req: Request, res: Response, next: NextFunction) {
    const origin = req.headers.origin;
    // Answers differ by Origin unless every origin is allowed: caches must keep them apart.
    if (!any) res.setHeader("vary", "Origin");
    if (origin === undefined || !(any || (origins as ReadonlySet<string>).has(origin))) return next();
    res.setHeader("access-control-allow-origin", any ? "*" : origin);
    const method = req.headers["access-control-request-method"];
    if (req.method !== "OPTIONS" || method === undefined) {
      res.setHeader("access-control-expose-headers", exposeHeaders);
      return next();
    }
    // Preflight: the methods the relay takes and the headers the SDK asks for (x-api-key,
    // anthropic-version, anthropic-dangerous-direct-browser-access, x-goog-api-key, x-stainless-*, …).
    const requested = req.headers["access-control-request-headers"];
    res.setHeader("access-control-allow-methods", allowMethods);
    if (requested && headerList.test(requested)) res.setHeader("access-control-allow-headers", requested);
    res.setHeader("access-control-max-age", "600");
    res.appendHeader("vary", "Access-Control-Request-Headers");
    res.writeHead(204).end();
  };
}
