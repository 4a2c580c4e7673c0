// The server's route table is the contract: every path and method of both OpenAPI documents is
// served, and every relay or console route the Express app registers is in a document. Read from
// the app's own routers (not a list kept by hand), so a route added without the spec, or a spec
// path without a route, fails here.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type Worker, createWorker } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import type { CallState } from "../../server/call-state/worker.ts";
import { type Store, openStore } from "../../server/store/store.ts";

const dataDir = mkdtempSync(join(tmpdir(), "tollgate-routes-"));
let store: Store;
let worker: Worker;

beforeAll(async () => {
  store = openStore({ dataDir });
  await store.migrate();
  // Only the routes are read here: no call reaches the call state.
  const callState = { recordKeyUse: () => {}, onCatalogChanged: () => {}, catalogChanged: () => {}, channels: { view: () => ({ state: "closed" }) }, stop: async () => {} } as unknown as CallState;
  worker = await createWorker(loadConfig({ TOLLGATE_DATA_DIR: dataDir }), store, () => {}, callState);
});
afterAll(async () => {
  await worker?.stop();
  await store?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Layer = { route?: { path: unknown; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** `METHOD /path/{param}` for every route of the app, in OpenAPI's path notation. */
function served(): Set<string> {
  const routes = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.handle?.stack) walk(layer.handle.stack);
      const route = layer.route;
      if (!route || typeof route.path !== "string") continue;
      // `/v1beta/models/:model\:generateContent` → `/v1beta/models/{model}:generateContent`
      const path = route.path.replace(/(?<!\\):(\w+)/g, "{$1}").replace(/\\:/g, ":");
      for (const method of Object.keys(route.methods)) if (method !== "_all") routes.add(`${method.toUpperCase()} ${path}`);
    }
  };
  walk((worker.app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}

function declared(document: "relay" | "console"): Set<string> {
  const spec = parse(readFileSync(resolve(import.meta.dirname, "../../generated", `${document}.openapi.3.1.yaml`), "utf8")) as { paths: Record<string, object> };
  const methods = ["get", "put", "post", "delete", "patch", "head", "options"];
  return new Set(Object.entries(spec.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => methods.includes(key)).map((method) => `${method.toUpperCase()} ${path}`)));
}

describe("the route table equals the contract", () => {
  it("relay: every path and method of relay.openapi is served, and every /v1 or /v1beta route is in it", () => {
    const routes = [...served()].filter((route) => / \/v1(beta)?\//.test(route));
    expect(routes.sort()).toEqual([...declared("relay")].sort());
  });

  it("console: every path and method of console.openapi is served, and every /api route is in it", () => {
    const routes = [...served()].filter((route) => route.includes(" /api/"));
    expect(routes.sort()).toEqual([...declared("console")].sort());
  });

  it("nothing else is routed by path apart from the operations endpoints and the web console's pages", () => {
    const routes = [...served()].filter((route) => !/ \/(v1|v1beta|api)\//.test(route));
    // Health, metrics and the served documents are for operators and load balancers, not API clients
    // (README "Operations"); they are listed here so a new path outside the contract still fails.
    expect(routes.sort()).toEqual(["GET /docs", "GET /docs/init.js", "GET /healthz", "GET /metrics", "GET /openapi/{file}", "GET /readyz"]);
  });
});
