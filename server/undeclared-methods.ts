// A method the contract does not declare on a path it does declare is 405 with `Allow`, not 404.
// Built from the router's own route table, so it cannot drift from the routes registered.
import type { NextFunction, Request, Response, Router } from "express";

type RouteLayer = { route?: { path: unknown; methods: Record<string, boolean> } };

/** Declared methods per path, as `Allow` lists them (HEAD wherever GET is, as Express serves it). */
export function declaredMethods(router: Router): Map<string, string[]> {
  const byPath = new Map<string, Set<string>>();
  for (const layer of router.stack as RouteLayer[]) {
    const route = layer.route;
    if (!route || typeof route.path !== "string") continue;
    const methods = byPath.get(route.path) ?? new Set<string>();
    for (const method of Object.keys(route.methods)) if (method !== "_all") methods.add(method.toUpperCase());
    if (methods.has("GET")) methods.add("HEAD");
    byPath.set(route.path, methods);
  }
  return new Map([...byPath].map(([path, methods]) => [path, [...methods]]));
}

/**
 * Call after the routes are registered: each declared path answers other methods with `error`
 * (rendered by the router's error handler, in its interface's shape) and an `Allow` header.
 */
export function refuseUndeclaredMethods(router: Router, error: (method: string, allow: string) => unknown): void {
  for (const [path, methods] of declaredMethods(router)) {
    const allow = methods.join(", ");
    router.all(path, (req: Request, res: Response, next: NextFunction) => {
      res.setHeader("allow", allow);
      next(error(req.method, allow));
    });
  }
}
