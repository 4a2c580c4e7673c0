import type { RequestHandler } from "express";

/**
 * Runs `handlers` in order as one middleware, as a router would run them, without a router's
 * per-layer path matching and URL trimming (which allocate on every request).
 */
export function inSequence(handlers: RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let at = 0;
    const step = (error?: unknown) => {
      if (error) return next(error);
      const handler = handlers[at++];
      if (!handler) return next();
      try {
        handler(req, res, step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
