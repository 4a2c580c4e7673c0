// One handler shape for the four generation interfaces: resolve the call name through the key's
// group, then hand the admitted call to the forwarder (reserve → upstream → stream → settle).
import type { NextFunction, Request, Response } from "express";
import { callNameInPath } from "../../domain/call-name.ts";
import type { Interface } from "../../domain/families.ts";
import type { Catalog } from "../catalog.ts";
import type { Forwarder } from "../forward.ts";
import { loggedAsOf } from "../loopback.ts";
import type { Caller } from "../middleware/authenticate.ts";
import { resolveRoute } from "../resolve-route.ts";

type GenerationInterface = Exclude<Interface, "models">;

/** Where each interface's call name is: the body's `model`, or the Family C path. */
export const callNameOf: Record<GenerationInterface, (req: Request) => string> = {
  messages: (req) => req.body.model,
  chat: (req) => req.body.model,
  responses: (req) => req.body.model,
  // `/v1beta/models/<model>:…` or, group-qualified, `/v1beta/models/<group>/<model>:…` (`<group>/<owner>/<name>` for an id with a `/`).
  "generate-content": (req) => callNameInPath(req.params),
  embeddings: (req) => req.body.model,
};

const isStream: Record<GenerationInterface, (req: Request) => boolean> = {
  messages: (req) => req.body.stream === true,
  chat: (req) => req.body.stream === true,
  responses: (req) => req.body.stream === true,
  "generate-content": (req) => req.path.endsWith(":streamGenerateContent"),
  embeddings: () => false,
};

export function relayHandler(iface: GenerationInterface, catalog: Catalog, forward: Forwarder) {
  return async function handleRelay(req: Request, res: Response, next: NextFunction) {
    try {
      const caller = res.locals.caller as Caller;
      const route = resolveRoute(catalog.snapshot, caller, iface, callNameOf[iface](req));
      if ("kind" in route) return next(route);
      res.locals.route = route; // labels the request's metrics, and a refusal's row in the request log
      res.locals.stream = isStream[iface](req); // the body is let go once the call is admitted
      await forward({ iface, caller, route, stream: isStream[iface](req), requestId: res.locals.requestId, loggedAs: loggedAsOf(req) }, req, res);
    } catch (error) {
      next(error);
    }
  };
}
