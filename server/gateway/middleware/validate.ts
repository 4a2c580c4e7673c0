// Contract validation of relay requests against the generated OpenAPI 3.1 document. A separate,
// small validator instance: it re-matches every spec path per request (DESIGN.md §1 pitfalls).
// Vendor fields we do not model pass through: never `removeAdditional: 'all'`.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as OpenApiValidator from "express-openapi-validator";
import { parse } from "yaml";

type Parameter = { in?: string; allowReserved?: boolean };
type Spec = { paths?: Record<string, Record<string, { parameters?: Parameter[] }>>; components?: { parameters?: Record<string, Parameter> } };

export function loadSpec(name: "relay" | "console"): object {
  const path = resolve(import.meta.dirname, "../../../generated", `${name}.openapi.3.1.yaml`);
  const spec = parse(readFileSync(path, "utf8")) as Spec;
  // The validator refuses query values with reserved characters left unencoded (`before_id=a+`,
  // where `+` is a form-encoded space) though URLs allow them there; accept what clients send.
  const operations = Object.values(spec.paths ?? {}).flatMap((item) => Object.values(item));
  for (const parameter of [...operations.flatMap((operation) => operation.parameters ?? []), ...Object.values(spec.components?.parameters ?? {})]) {
    if (parameter.in === "query") parameter.allowReserved = true;
  }
  return spec;
}

/**
 * A validator over the relay paths that start with `prefix` only. express-openapi-validator
 * compiles and tries each spec path in turn on every request, so each route gets an instance
 * that knows just its own paths: one or two tries instead of sixteen.
 */
export function validateRelay(prefix: string) {
  const spec = loadSpec("relay") as { paths: Record<string, unknown> };
  const paths = Object.fromEntries(Object.entries(spec.paths).filter(([path]) => path.startsWith(prefix)));
  if (Object.keys(paths).length === 0) throw new Error(`No relay path in the spec starts with ${prefix}`);
  return OpenApiValidator.middleware({
    apiSpec: { ...spec, paths } as never,
    validateRequests: { allowUnknownQueryParameters: true, coerceTypes: false },
    validateResponses: false,
    // Keys are checked by `authenticate` against the in-memory catalog, in each format's error shape.
    validateSecurity: false,
    validateApiSpec: false,
    ignoreUndocumented: true,
    ignorePaths: (path: string) => !(path.startsWith("/v1/") || path.startsWith("/v1beta/")),
  });
}
