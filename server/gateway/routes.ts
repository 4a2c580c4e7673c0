// Relay paths to handlers, nothing else. The literal colon of the Family C paths is escaped for
// Express (DESIGN.md §1 pitfalls).
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { maxModelPathSegments } from "../domain/call-name.ts";
import { gatewayError } from "../domain/errors.ts";
import { refuseUndeclaredMethods } from "../undeclared-methods.ts";
import type { Catalog } from "./catalog.ts";
import { isFamilyCRequest } from "./errors/wire-format.ts";
import type { Forwarder } from "./forward.ts";
import { getModel, listGeminiModels, listModels, notAMethodPath } from "./handlers/models.ts";
import { countTokensHandler } from "./handlers/count-tokens.ts";
import { relayHandler } from "./handlers/relay.ts";
import { compactHandler } from "./handlers/responses-compact.ts";
import { type KeyUse, authenticate } from "./middleware/authenticate.ts";
import { relayBody } from "./middleware/body.ts";
import { cors } from "./middleware/cors.ts";
import { relayErrors } from "./middleware/errors.ts";
import { requestId } from "./middleware/request-id.ts";
import { type RefusalSink, refusalRecorder } from "./refusal-log.ts";
import { inSequence } from "./middleware/in-sequence.ts";
import { validateRelay } from "./middleware/validate.ts";
import { countRequests } from "../metrics/metrics.ts";
import type { CorsOrigins } from "../config.ts";
import type { Dispatcher } from "undici";

/** A model path's segments in the contract's notation and in Express's: one, two or three (call-name.ts). */
const modelPaths = ["{model}", "{group}/{model}", "{group}/{owner}/{model}"];
const modelRoutes = [":model", ":group/:model", ":group/:owner/:model"];

/**
 * What to do about a model name sent in more segments than a model path takes (an SDK that leaves
 * `/` unencoded, a model id with two `/` under a group), or null for any other unknown path.
 */
function modelInTooManySegments(path: string): string | null {
  const match = /^\/v1(?:beta)?\/models\/(.+?)(?::(?:generateContent|streamGenerateContent|countTokens))?$/.exec(path);
  const segments = match?.[1].split("/") ?? [];
  if (segments.length <= maxModelPathSegments) return null;
  const [first, ...rest] = segments;
  return `The model name "${segments.join("/")}" came as ${segments.length} path segments; a model path takes at most ${maxModelPathSegments} (<group_identifier>/<owner>/<name>). Percent-encode the "/" inside the model id (%2F), e.g. "${first}/${rest.join("%2F")}".`;
}

/** `/v1…` and `/v1beta…`, as `router.use(["/v1", "/v1beta"], …)` would match them. */
const isRelayPath = (url: string) => /^\/v1(?:beta)?(?:[/?]|$)/.test(url);

export type RelayDeps = {
  catalog: Catalog;
  forward: Forwarder;
  /** The upstream pools, for calls outside the forwarder (token counts). */
  dispatcher: Dispatcher;
  recordKeyUse: KeyUse;
  /** Writes a known key's refused call to the request log (refusal-log.ts). */
  recordRefusal?: RefusalSink;
  maxBodyBytes: number;
  maxJsonDepth: number;
  /** CORS for browser apps; absent, no CORS layer at all. */
  corsOrigins?: CorsOrigins;
  log: (event: string, fields: Record<string, unknown>) => void;
};

export function relayRouter({ catalog, forward, dispatcher, recordKeyUse, recordRefusal, maxBodyBytes, maxJsonDepth, corsOrigins, log }: RelayDeps): Router {
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
  router.post("/v1/responses", bearer, validateRelay(["/v1/responses"]), relayHandler("responses", catalog, forward));
  // A compaction: a response made over loopback (responses-compact.ts), billed as one.
  router.post("/v1/responses/compact", bearer, validateRelay(["/v1/responses/compact"]), compactHandler());
  router.post("/v1/responses/input_tokens", bearer, validateRelay(["/v1/responses/input_tokens"]), countTokensHandler("responses", catalog, dispatcher, log));
  router.post("/v1/embeddings", bearer, validateRelay("/v1/embeddings"), relayHandler("embeddings", catalog, forward));
  // Token counting: authenticated like its interface; never held, billed or rate limited.
  router.post("/v1/messages/count_tokens", familyA, validateRelay(["/v1/messages/count_tokens"]), countTokensHandler("messages", catalog, dispatcher, log));
  // Family C under v1beta (REST docs, older SDKs) and v1 (`@google/genai` 3.x default).
  // The model in one, two or three segments (`@google/genai` sends a name's `/` unencoded; call-name.ts).
  for (const version of ["v1beta", "v1"]) {
    const validate = validateRelay(modelPaths.flatMap((name) => [`/${version}/models/${name}:generateContent`, `/${version}/models/${name}:streamGenerateContent`]));
    for (const method of ["generateContent", "streamGenerateContent"]) {
      for (const name of modelRoutes) router.post(`/${version}/models/${name}\\:${method}`, familyC, validate, relayHandler("generate-content", catalog, forward));
    }
    const validateCount = validateRelay(modelPaths.map((name) => `/${version}/models/${name}:countTokens`));
    const count = countTokensHandler("generate-content", catalog, dispatcher, log);
    for (const name of modelRoutes) router.post(`/${version}/models/${name}\\:countTokens`, familyC, validateCount, count);
  }
  const familyCOrA = (req: Request, res: Response, next: NextFunction) => (isFamilyCRequest(req) ? familyC : familyA)(req, res, next);
  router.get("/v1/models", familyCOrA, validateRelay(["/v1/models"]), listModels(catalog));
  router.get("/v1beta/models", familyC, validateRelay(["/v1beta/models"]), listGeminiModels(catalog));
  // One model: a plain or group-qualified name, or an id with a `/`, as one (percent-encoded) segment, two or three.
  for (const [version, auth] of [["v1", familyCOrA], ["v1beta", familyC]] as const) {
    const validate = validateRelay(modelPaths.map((name) => `/${version}/models/${name}`));
    for (const name of modelRoutes) router.get(`/${version}/models/${name}`, notAMethodPath, auth, validate, getModel(catalog));
  }

  refuseUndeclaredMethods(router, (method, allow) =>
    gatewayError("method_not_allowed", `${method} is not a method of this endpoint; it accepts ${allow}.`, { allow }),
  );
  router.use(["/v1", "/v1beta"], (req, _res, next) => {
    const path = req.originalUrl.split("?", 1)[0];
    next(gatewayError("not_found", modelInTooManySegments(path) ?? `${req.method} ${path} is not an endpoint of this gateway. See the Call Guide for the supported interfaces.`));
  });
  router.use(["/v1", "/v1beta"], relayErrors(log, recordRefusal && refusalRecorder(catalog, recordRefusal)));
  return router;
}
