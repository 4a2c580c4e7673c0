// The worker's HTTP server, built for its Express app.
import { IncomingMessage, type Server, ServerResponse, createServer } from "node:http";
import type { Express } from "express";

/**
 * An HTTP server for `app` whose requests and responses are born with the app's prototypes.
 * Express gives each request and response the app's prototype with `Object.setPrototypeOf`; in V8
 * that moves the object to a new hidden class, about 30,000 instructions a call (6% of a worker's
 * on a small call). For an object that has the prototype already, it does nothing. The classes
 * extend Node's own, so V8 sizes their objects as it sizes Node's (with plain constructor functions
 * it gave them too few fields, they fell into dictionary mode, and calls cost more than before);
 * their prototypes take the place of the app's, with the same chain: the app's, then Node's.
 */
export function serverFor(app: Express): Server {
  class Request extends IncomingMessage {}
  class Response extends ServerResponse {}
  for (const [cls, name] of [[Request, "request"], [Response, "response"]] as const) {
    const appPrototype = app[name] as object;
    Object.setPrototypeOf(cls.prototype, Object.getPrototypeOf(appPrototype));
    Object.defineProperties(cls.prototype, Object.getOwnPropertyDescriptors(appPrototype)); // `app`
    app[name] = cls.prototype as never;
  }
  return createServer({ IncomingMessage: Request, ServerResponse: Response }, app);
}
