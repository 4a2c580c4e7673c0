// The relay's body parser: JSON (inflated when the client sends Content-Encoding gzip, deflate or
// br), bounded in size and in nesting depth, with the decoded size kept for the quota hold.
import express, { type NextFunction, type Request, type Response } from "express";
import { gatewayError } from "../../domain/errors.ts";

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

/** JSON as body-parser's strict mode reads it: an object or an array, and an empty body is `{}`. */
function parseStrict(text: string): unknown {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // a byte-order mark, as iconv-lite drops it
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return {};
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
    verify: (_req, res, buffer) => {
      (res as Response).locals.bodyBytes = buffer.length;
    },
  });
  // The common case read directly: uncompressed JSON in UTF-8 with a length within the limit.
  // Everything else (compressed bodies, other charsets, chunked or oversized bodies, which get
  // their 413) goes to express.json. Under load its layers of type, charset and decoder handling
  // were about 5% of a worker's CPU for this one case.
  const read = (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.headers["content-length"]);
    const encoding = req.headers["content-encoding"];
    if (!(length > 0 && length <= maxBytes) || (encoding !== undefined && encoding !== "identity") || !plainJson.test(req.headers["content-type"] ?? "")) {
      return json(req, res, next);
    }
    const chunks: Buffer[] = [];
    let ended = false; // by the body's end or by an error, whichever came first: `next` is called once
    const fail = (error: Error) => {
      if (ended) return;
      ended = true;
      next(Object.assign(error, { status: 400, type: "request.aborted" }));
    };
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("error", fail);
    req.once("aborted", () => fail(new Error("request aborted")));
    req.once("end", () => {
      if (ended) return;
      ended = true;
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      res.locals.bodyBytes = body.length;
      try {
        req.body = parseStrict(body.toString("utf8"));
      } catch (error) {
        return next(error);
      }
      (req as Request & { _body?: boolean })._body = true;
      next();
    });
  };
  // Checked before contract validation and before any code that recurses over the body (the
  // upstream adapters' JSON.stringify overflows the stack at some thousands of levels).
  const boundDepth = (req: Request, _res: Response, next: NextFunction) => {
    const at = req.body === undefined ? undefined : tooDeepAt(req.body, maxDepth);
    if (at === undefined) return next();
    const field = at.split(/[.[]/, 1)[0] || undefined;
    const where = at.length > 60 ? `${at.slice(0, 60)}…` : at;
    next(
      gatewayError(
        "invalid_request",
        `Invalid request: ${field ? `\`${field}\`` : "the body"} nests deeper than ${maxDepth} levels (at \`${where}\`). Flatten that value, or send deeply nested data as a JSON string (the limit is TOLLGATE_MAX_JSON_DEPTH).`,
        field ? { field } : undefined,
      ),
    );
  };
  return [read, boundDepth];
}
