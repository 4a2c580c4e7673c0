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

export function relayBody({ maxBytes, maxDepth }: { maxBytes: number; maxDepth: number }) {
  const json = express.json({
    limit: maxBytes,
    verify: (_req, res, buffer) => {
      (res as Response).locals.bodyBytes = buffer.length;
    },
  });
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
  return [json, boundDepth];
}
