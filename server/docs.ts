// The published contract: the OpenAPI 3.1 documents the server validates against, as JSON and YAML
// under /openapi/, and a browsable reference at /docs (Swagger UI from the swagger-ui-dist package,
// served from node_modules: no CDN, and no call to the public validator badge service).
import { createRequire } from "node:module";
import { dirname } from "node:path";
import express, { type Request, type Response, type Router } from "express";
import { stringify } from "yaml";
import { loadSpec } from "./gateway/middleware/validate.ts";

const documents = { relay: "Tollgate relay", console: "Tollgate console" } as const;
type DocumentName = keyof typeof documents;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API docs · Tollgate</title>
    <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
    <style>body { margin: 0; } .back { display: block; padding: 0.5rem 1rem; font: 14px system-ui, sans-serif; background: #f6f7f9; }</style>
  </head>
  <body>
    <a class="back" href="/">← Tollgate console</a>
    <div id="swagger-ui"></div>
    <script src="/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// Both documents in one viewer: the top bar switches between them (?urls.primaryName=Console).
const init = `window.ui = SwaggerUIBundle({
  urls: ${JSON.stringify(Object.entries(documents).map(([name, title]) => ({ url: `/openapi/${name}.json`, name: title.replace("Tollgate ", "").replace(/^./, (c) => c.toUpperCase()) })))},
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
});
`;

export function docsRouter({ publicUrl }: { publicUrl?: string }): Router {
  const router = express.Router({ caseSensitive: true });
  const specs = { relay: loadSpec("relay"), console: loadSpec("console") } as Record<DocumentName, Record<string, unknown>>;
  // Rendered once per origin: the server URL in the copy names the address the reader used.
  const rendered = new Map<string, string>();
  const render = (name: DocumentName, format: "json" | "yaml", origin: string) => {
    const cacheKey = `${name} ${format} ${origin}`;
    let text = rendered.get(cacheKey);
    if (!text) {
      const document = { ...specs[name], servers: [{ url: origin, description: "This Tollgate server" }] };
      text = format === "json" ? JSON.stringify(document) : stringify(document);
      if (rendered.size < 64) rendered.set(cacheKey, text);
    }
    return text;
  };
  const assets = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

  router.get("/openapi/:file", (req: Request, res: Response, next) => {
    const match = /^(relay|console)\.(json|yaml)$/.exec(String(req.params.file));
    if (!match) return next();
    const [, name, format] = match as unknown as [string, DocumentName, "json" | "yaml"];
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("cache-control", "no-cache");
    res.type(format === "json" ? "application/json" : "application/yaml").send(render(name, format, publicUrl ?? `${req.protocol}://${req.get("host")}`));
  });
  router.get("/docs", (_req, res) => void res.type("html").setHeader("cache-control", "no-cache").send(page));
  router.get("/docs/init.js", (_req, res) => void res.type("js").setHeader("cache-control", "no-cache").send(init));
  router.use("/docs/assets", express.static(assets, { index: false, maxAge: "1d" }));
  return router;
}
