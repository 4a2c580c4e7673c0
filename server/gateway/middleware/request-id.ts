import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Every relay answer carries an id the SDKs surface (`request-id` for Family A, `x-request-id` for OpenAI). */
export function requestId() {
  return function assignRequestId(_req: Request, res: Response, next: NextFunction) {
    const id = `req_${randomBytes(12).toString("hex")}`;
    res.locals.requestId = id;
    res.setHeader("request-id", id);
    res.setHeader("x-request-id", id);
    next();
  };
}
