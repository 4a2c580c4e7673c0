// For translation's tests: what a reader or writer refused, and where a body asks for caching.
import { TranslationRefusal } from "../../server/translate/canonical.ts";

/** The TranslationRefusal that `run` throws; any other error is rethrown, and no error fails the test. */
export function refusalOf(run: () => unknown): TranslationRefusal {
  try {
    run();
  } catch (error) {
    if (error instanceof TranslationRefusal) return error;
    throw error;
  }
  throw new Error("expected a TranslationRefusal");
}

/** Where a request body has cache_control, as `path: cache_control` (e.g. `tools[1]: { type: "ephemeral" }`). */
export function cacheBreakpoints(value: unknown, path = ""): Record<string, unknown> {
  if (value === null || typeof value !== "object") return {};
  const found: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key === "cache_control") found[path] = inner;
    else Object.assign(found, cacheBreakpoints(inner, at));
  }
  return found;
}
