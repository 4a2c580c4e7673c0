// Relay paths to handlers, nothing else. The literal colon of the Family C paths is escaped for
// Express (DESIGN.md §1 pitfalls).
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { gatewayError } from "../domain/errors.ts";
import { refuseUndeclaredMethods } from "../undeclared-methods.ts";
import type { Catalog } from "./catalog.ts";
import { isFamilyCRequest } from "./errors/wire-format.ts";
import type { Forwarder } from "./forward.ts";
import { getModel, listGeminiModels, listModels, notAMethodPath } from "./handlers/models.ts";
import { countTokensHandler } from "./handlers/count-tokens.ts";
import { relayHandler } from "./handlers/relay.ts";
import { type KeyUse, authenticate } from "./middleware/authenticate.ts";
import { relayBody } from "./middleware/body.ts";
import { cors } from "./middleware/cors.ts";
import { relayErrors } from "./middleware/errors.ts";
import { requestId } from "./middleware/request-id.ts";
import { inSequence } from "./middleware/in-sequence.ts";
import { validateRelay } from "./middleware/validate.ts";
import { countRequests } from "../metrics/metrics.ts";
import type { CorsOrigins } from "../config.ts";
import type { Dispatcher } from "undici";

/** `/v1…` and `/v1beta…`, as `router.use(["/v1", "/v1beta"], …)` would match them. */
const isRelayPath = (url: string) => /^\/v1(?:beta)?(?:[/?]|$)/.test(url);

export type RelayDeps = {
  catalog: Catalog;
  forward: Forwarder;
  /** The upstream pools, for calls outside the forwarder (count_tokens). */
  dispatcher: Dispatcher;
  recordKeyUse: KeyUse;
  maxBodyBytes: number;
  maxJsonDepth: number;
  /** CORS for browser apps; absent, no CORS layer at all. */
  corsOrigins?: CorsOrigins;
  log: (event: string, fields: Record<string, unknown>) => void;
};

export function relayRouter({ catalog, forward, dispatcher, recordKeyUse, maxBodyBytes, maxJsonDepth, corsOrigins, log }: RelayDeps): Router {
  const router = express.Router({ caseSensitive: true });
  const familyA = authenticate(catalog, "family-a", recordKeyUse);
  const bearer = authenticate(catalog, "bearer", recordKeyUse);
  const familyC = authenticate(catalog, "family-c", recordKeyUse);

  // One unmounted layer for what every relay request goes through first: a mounted layer per
  // step would match and trim the URL again for each.
  // CORS first: a preflight is answered before it is counted, parsed or authenticated.
  const prologue = inSequence([...(corsOrigins ? [cors(corsOrigins)] : []), countRequests, requestId(), ...relayBody({ maxBytes: maxBodyBytes, maxDepth: maxJsonDepth })]);
  router.use((req, res, next) => (isRelayPath(req.url) ? prologue(req, res, next) : next()));

  // Authentication comes before validation: a request without a valid key costs a hash lookup, not a schema check.
  router.post("/v1/messages", familyA, validateRelay("/v1/messages"), relayHandler("messages", catalog, forward));
  router.post("/v1/chat/completions", bearer, validateRelay("/v1/chat/completions"), relayHandler("chat", catalog, forward));
  router.post("/v1/responses", bearer, validateRelay("/v1/responses"), relayHandler("responses", catalog, forward));
  router.post("/v1/embeddings", bearer, validateRelay("/v1/embeddings"), relayHandler("embeddings", catalog, forward));
  // Token counting: authenticated like its interface; never held, billed or rate limited.
  router.post("/v1/messages/count_tokens", familyA, validateRelay(["/v1/messages/count_tokens"]), countTokensHandler("messages", catalog, dispatcher, log));
  // Family C under v1beta (REST docs, older SDKs) and v1 (`@google/genai` 3.x default).
  for (const version of ["v1beta", "v1"]) {
    const validate = validateRelay(["{model}", "{group}/{model}"].flatMap((name) => [`/${version}/models/${name}:generateContent`, `/${version}/models/${name}:streamGenerateContent`]));
    for (const method of ["generateContent", "streamGenerateContent"]) {
      router.post(`/${version}/models/:model\\:${method}`, familyC, validate, relayHandler("generate-content", catalog, forward));
      router.post(`/${version}/models/:group/:model\\:${method}`, familyC, validate, relayHandler("generate-content", catalog, forward));
    }
    const validateCount = validateRelay([`/${version}/models/{model}:countTokens`, `/${version}/models/{group}/{model}:countTokens`]);
    const count = countTokensHandler("generate-content", catalog, dispatcher, log);
    router.post(`/${version}/models/:model\\:countTokens`, familyC, validateCount, count);
    router.post(`/${version}/models/:group/:model\\:countTokens`, familyC, validateCount, count);
  }
  const familyCOrA = (req: Request, res: Response, next: NextFunction) => (isFamilyCRequest(req) ? familyC : familyA)(req, res, next);
  router.get("/v1/models", familyCOrA, validateRelay(["/v1/models"]), listModels(catalog));
  router.get("/v1beta/models", familyC, validateRelay(["/v1beta/models"]), listGeminiModels(catalog));
  // One model: a plain or group-qualified name, or an id with a `/`, as one (percent-encoded) segment or two.
  for (const [version, auth] of [["v1", familyCOrA], ["v1beta", familyC]] as const) {
    const validate = validateRelay([`/${version}/models/{model}`, `/${version}/models/{group}/{model}`]);
    router.get(`/${version}/models/:model`, notAMethodPath, auth, validate, getModel(catalog));
    router.get(`/${version}/models/:group/:model`, notAMethodPath, auth, validate, getModel(catalog));
  }

  refuseUndeclaredMethods(router, (method, allow) =>
    gatewayError("method_not_allowed", `${method} is not a method of this endpoint; it accepts ${allow}.`, { allow }),
  );
  router.use(["/v1", "/v1beta"], (req, _res, next) =>
    next(gatewayError("not_found", `${req.method} ${req.originalUrl.split("?", 1)[0]} is not an endpoint of this gateway. See the Call Guide for the supported interfaces.`)),
  );
  router.use(["/v1", "/v1beta"], relayErrors(log));
  return router;
}
