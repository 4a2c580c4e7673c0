// Contract validation of relay requests against the generated OpenAPI 3.1 document. A separate,
// small validator instance: it re-matches every spec path per request (DESIGN.md §1 pitfalls).
// Vendor fields we do not model pass through: never `removeAdditional: 'all'`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { parse as parseUrl } from "node:url";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import * as OpenApiValidator from "express-openapi-validator";
import { parse } from "yaml";
import { inSequence } from "./in-sequence.ts";

type Parameter = { in?: string; allowReserved?: boolean };
type Spec = { paths?: Record<string, Record<string, { parameters?: Parameter[] }>>; components?: { parameters?: Record<string, Parameter> } };

const parsed = new Map<string, Spec>();

/** A fresh copy of a generated document: parsed once per process (YAML parsing dominates start-up), cloned per user since the validator may annotate it. */
export function loadSpec(name: "relay" | "console"): object {
  let spec = parsed.get(name);
  if (!spec) {
    spec = parse(readFileSync(resolve(import.meta.dirname, "../../../generated", `${name}.openapi.3.1.yaml`), "utf8")) as Spec;
    // The validator refuses query values with reserved characters left unencoded (`before_id=a+`,
    // where `+` is a form-encoded space) though URLs allow them there; accept what clients send.
    const operations = Object.values(spec.paths ?? {}).flatMap((item) => Object.values(item));
    for (const parameter of [...operations.flatMap((operation) => operation.parameters ?? []), ...Object.values(spec.components?.parameters ?? {})]) {
      if (parameter.in === "query") parameter.allowReserved = true;
    }
    parsed.set(name, spec);
  }
  return structuredClone(spec);
}

/**
 * A validator over the relay paths that start with `prefix` (or, given a list, exactly those paths)
 * only. express-openapi-validator compiles and tries each spec path in turn on every request, so
 * each route gets an instance that knows just its own paths: one or two tries instead of twenty.
 */
export function validateRelay(prefix: string | string[]) {
  const spec = loadSpec("relay") as { paths: Record<string, unknown> };
  const chosen = (path: string) => (typeof prefix === "string" ? path.startsWith(prefix) : prefix.includes(path));
  const paths = Object.fromEntries(Object.entries(spec.paths).filter(([path]) => chosen(path)));
  if (Object.keys(paths).length === 0) throw new Error(`No relay path in the spec matches ${prefix}`);
  return lazyValidator(() => OpenApiValidator.middleware({
    apiSpec: { ...spec, paths } as never,
    validateRequests: { allowUnknownQueryParameters: true, coerceTypes: false },
    validateResponses: false,
    // Keys are checked by `authenticate` against the in-memory catalog, in each format's error shape.
    validateSecurity: false,
    validateApiSpec: false,
    ignoreUndocumented: true,
    ignorePaths: (path: string) => !(path.startsWith("/v1/") || path.startsWith("/v1beta/")),
  }));
}

// express-openapi-validator 5.6 compiles the route pattern of every candidate spec path on every
// request (`lookupRoute` calls path-to-regexp's `pathToRegexp`). A compiled pattern depends only on
// the path and its options, so the module function it calls remembers what it compiled.
const pathToRegexpModule = createRequire(createRequire(import.meta.url).resolve("express-openapi-validator"))("path-to-regexp") as {
  pathToRegexp: (path: string, options?: { sensitive?: boolean; strict?: boolean }) => unknown;
};
const compile = pathToRegexpModule.pathToRegexp;
const compiled = new Map<string, unknown>();
pathToRegexpModule.pathToRegexp = (path, options) => {
  if (typeof path !== "string") return compile(path, options);
  const key = `${options?.sensitive ? "s" : ""}${options?.strict ? "t" : ""}:${path}`;
  let pattern = compiled.get(key);
  if (pattern === undefined) compiled.set(key, (pattern = compile(path, options)));
  return pattern;
};

// It also calls `url.parse` on every request. Until Node has issued its one DEP0169 warning, each
// call from inside node_modules walks the caller's stack to decide whether to warn (several
// microseconds behind Express's middleware). One silenced call from here issues it.
const warnDeprecations = process.noDeprecation;
process.noDeprecation = true;
parseUrl("/");
process.noDeprecation = warnDeprecations;

const unbuilt = new Set<() => void>();

/**
 * A validator built on first use or by `warmValidators()`, whichever comes first. Building one
 * compiles its schemas with Ajv (a second or more of CPU for all of them); a worker calls
 * `warmValidators` once it is listening, so that work no longer delays the listen itself.
 */
export function lazyValidator(create: () => RequestHandler | RequestHandler[]): RequestHandler {
  let validate: RequestHandler | undefined;
  const build = () => {
    unbuilt.delete(build);
    const handlers = create();
    validate = Array.isArray(handlers) ? inSequence(handlers) : handlers;
    return validate;
  };
  unbuilt.add(build);
  return (req: Request, res: Response, next: NextFunction) => (validate ?? build())(req, res, next);
}

/** Builds every validator not built yet (after the worker listens). */
export function warmValidators(): void {
  for (const build of [...unbuilt]) build();
}
