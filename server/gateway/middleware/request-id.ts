import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

// A random prefix drawn once per process and a counter: unique ids without a syscall per request.
const prefix = `req_${randomBytes(8).toString("hex")}`;
let counter = 0;

/** Every relay answer carries an id the SDKs surface (`request-id` for Family A, `x-request-id` for OpenAI). */
export function requestId() {
  return function assignRequestId(_req: Request, res: Response, next: NextFunction) {
    const id = prefix + (++counter).toString(36).padStart(8, "0");
    res.locals.requestId = id;
    res.setHeader("request-id", id);
    res.setHeader("x-request-id", id);
    next();
  };
}
