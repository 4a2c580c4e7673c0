// The relay's body parser: JSON (inflated when the client sends Content-Encoding gzip, deflate or
// br), bounded in size and in nesting depth, with the decoded size kept for the quota hold and the
// decoded bytes kept (as `res.locals.rawJson`) so that they, not a re-serialized copy, go upstream.
import { parse as parseContentType } from "content-type";
import express, { type NextFunction, type Request, type Response } from "express";
import { gatewayError } from "../../domain/errors.ts";
import { releaseBytes, slabFromBytes, takeSlab } from "../body-slabs.ts";
import { isLoopbackCall, loopbackBodyAllowance } from "../loopback.ts";
import { parseInPieces, piecesFromBytes } from "../parse-in-pieces.ts";
import { type RawJson, type Scan, scanJson } from "../raw-json.ts";

/**
 * The size of the body as parsed, after any Content-Encoding was undone. `content-length` is the
 * compressed size, so it must never size a hold.
 */
export function decodedBodyBytes(req: Request, res: Response): number {
  return (res.locals.bodyBytes as number | undefined) ?? Buffer.byteLength(JSON.stringify(req.body ?? null));
}

type Frame = { value: object; depth: number; parent: Frame | null; key: string | number };

const pathOf = (frame: Frame): string => {
  const parts: (string | number)[] = [];
  for (let at: Frame | null = frame; at?.parent; at = at.parent) parts.unshift(at.key);
  return parts.reduce<string>((path, key) => (typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key), "");
};

/** The client's JSON as it sent it (decoded, in UTF-8), when the relay may forward those bytes. */
export const rawJsonOf = (res: Response): RawJson | null => (res.locals.rawJson as RawJson | null | undefined) ?? null;

/**
 * The first path (as `a.b[0]`) at which `value` nests deeper than `maxDepth` arrays and objects,
 * or undefined. Iterative, so a hostile depth cannot overflow the stack here.
 */
export function tooDeepAt(value: unknown, maxDepth: number): string | undefined {
  if (value === null || typeof value !== "object") return undefined;
  const stack: Frame[] = [{ value, depth: 1, parent: null, key: "" }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.depth > maxDepth) return pathOf(frame);
    const push = (child: unknown, key: string | number) => {
      if (child !== null && typeof child === "object") stack.push({ value: child, depth: frame.depth + 1, parent: frame, key });
    };
    if (Array.isArray(frame.value)) frame.value.forEach(push);
    else for (const key of Object.keys(frame.value)) push((frame.value as Record<string, unknown>)[key], key);
  }
  return undefined;
}

/** `application/json`, alone or with `charset=utf-8`: what every official SDK sends. */
const plainJson = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

const parseFailed = (message: string) => Object.assign(new Error(message), { status: 400, type: "entity.parse.failed" });

const withoutBom = (bytes: Buffer) => (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes);

/**
 * A charset the bytes can go upstream in as they are: UTF-8, named or implied. Read with the parser
 * body-parser itself uses, so the two cannot disagree (a quoted parameter that hides a second
 * `charset` from a regular expression would let bytes decoded as UTF-7 go upstream as UTF-8).
 */
const isUtf8 = (req: Request) => {
  try {
    const header = req.headers["content-type"];
    const charset = header === undefined ? undefined : parseContentType(header).parameters.charset;
    return charset === undefined || charset.toLowerCase() === "utf-8";
  } catch {
    return false;
  }
};

/** JSON as body-parser's strict mode reads it: an object or an array, and an empty body is `{}` (one of only whitespace is not JSON). */
function parseStrict(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark, as iconv-lite drops it
  if (text.length === 0) return {};
  const first = /[^\x20\t\n\r]/.exec(text)?.[0]; // JSON's own whitespace, not JavaScript's \s
  if (first !== "{" && first !== "[") throw parseFailed("JSON body must be an object or an array");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw parseFailed((error as Error).message);
  }
}

export function relayBody({ maxBytes, maxDepth }: { maxBytes: number; maxDepth: number }) {
  const json = express.json({
    limit: maxBytes,
    // Called with the body inflated but not yet decoded from its charset.
    verify: (req, res, buffer) => {
      (res as Response).locals.bodyBytes = buffer.length;
      if (isUtf8(req as Request)) (res as Response).locals.rawBody = withoutBom(buffer);
    },
  });
  // The common case read directly: uncompressed JSON in UTF-8 with a length within the limit.
  // Everything else (compressed bodies, other charsets, chunked or oversized bodies, which get
  // their 413) goes to express.json. Under load its layers of type, charset and decoder handling
  // were about 5% of a worker's CPU for this one case. The gateway's own loopback calls, which send
  // just such bodies, are always read here: a little over the limit is what they add to a caller's
  // body that was within it (loopback.ts).
  const read = (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.headers["content-length"]);
    const encoding = req.headers["content-encoding"];
    const withinLimit = length <= maxBytes || (length <= maxBytes + loopbackBodyAllowance && isLoopbackCall(req));
    if (!(length > 0 && withinLimit) || (encoding !== undefined && encoding !== "identity") || !plainJson.test(req.headers["content-type"] ?? "")) {
      return json(req, res, next);
    }
    // A large body is copied into a reused slab as it arrives (see body-slabs.ts), held until the response closes.
    const slab = length >= slabFromBytes ? takeSlab(length) : null;
    if (slab) res.once("close", () => releaseBytes(slab));
    const chunks: Buffer[] = [];
    let filled = 0;
    let ended = false; // by the body's end or by an error, whichever came first: `next` is called once
    const fail = (error: Error) => {
      if (ended) return;
      ended = true;
      next(Object.assign(error, { status: 400, type: "request.aborted" }));
    };
    if (slab) req.on("data", (chunk: Buffer) => void (filled += chunk.copy(slab, filled)));
    else req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", fail);
    req.once("aborted", () => fail(new Error("request aborted")));
    req.once("end", () => {
      if (ended) return;
      ended = true;
      const body = slab ? slab.subarray(0, filled) : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      res.locals.bodyBytes = body.length;
      const bytes = withoutBom(body);
      try {
        // Scanned first: a large body is then parsed in pieces, without one large string of it.
        const scan = scanJson(bytes, maxDepth);
        res.locals.scan = scan;
        const pieces = !scan.tooDeep && scan.raw && bytes.length >= piecesFromBytes ? parseInPieces(scan.raw) : undefined;
        req.body = pieces ?? parseStrict(body.toString("utf8"));
      } catch (error) {
        return next(error);
      }
      (req as Request & { _body?: boolean })._body = true;
      next();
    });
  };
  // Checked before contract validation and before any code that recurses over the body (an
  // adapter's JSON.stringify overflows the stack at some thousands of levels). Where the bytes are
  // kept, one pass over them (made in `read`, or here after express.json) finds the depth and the
  // layout the adapters edit; the parsed body is walked only to name the place that is too deep.
  const boundDepth = (req: Request, res: Response, next: NextFunction) => {
    if (req.body === undefined) return next();
    const bytes = res.locals.rawBody as Buffer | undefined;
    const scan = (res.locals.scan as Scan | undefined) ?? (bytes ? scanJson(bytes, maxDepth) : undefined);
    res.locals.rawBody = res.locals.scan = undefined;
    let at: string | undefined;
    if (scan) {
      if (!scan.tooDeep) {
        res.locals.rawJson = scan.raw;
        return next();
      }
      // The bytes may nest deeper than the parsed body where a duplicate key's deep value was dropped.
      at = tooDeepAt(req.body, maxDepth) ?? "";
    } else {
      at = tooDeepAt(req.body, maxDepth);
      if (at === undefined) return next();
    }
    const field = at.split(/[.[]/, 1)[0] || undefined;
    const where = at.length > 60 ? `${at.slice(0, 60)}…` : at;
    next(
      gatewayError(
        "invalid_request",
        `Invalid request: ${field ? `\`${field}\`` : "the body"} nests deeper than ${maxDepth} levels${where ? ` (at \`${where}\`)` : ""}. Flatten that value, or send deeply nested data as a JSON string (the limit is TOLLGATE_MAX_JSON_DEPTH).`,
        field ? { field } : undefined,
      ),
    );
  };
  return [read, boundDepth];
}
