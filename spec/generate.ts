// Compiles the TypeSpec contract: OpenAPI 3.0 and 3.1 documents per service into generated/, and
// openapi-typescript types (from the 3.0 emission, since openapi-typescript ignores 3.1's
// unevaluatedProperties) into client/generated/, inside the client package that ships them.
// `--check` regenerates in memory and fails when either folder differs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";

const root = resolve(import.meta.dirname, "..");
/** Output folders (relative to the root) and the files each one holds. */
const outputs = { documents: "generated", types: "client/generated" } as const;
const services = { relay: "Tollgate.Relay", console: "Tollgate.Console" } as const;
const header = (comment: string) => `${comment} Generated from spec/ by \`npm run generate\`. Do not edit by hand.\n`;

/**
 * TypeSpec types an event stream's body as its payload model. On the wire each event is
 * `event:` plus a `data:` line holding that payload as JSON (chat streams end with `data: [DONE]`),
 * and that is how OpenAPI 3.1 tools (Schemathesis among them) read a `text/event-stream` schema:
 * one object per event. The 3.1 documents say exactly that; the 3.0 ones, which only feed the
 * TypeScript types, keep the payload.
 */
function describeStreamEvents(yaml: string): string {
  return yaml.replace(/^( +)text\/event-stream:\n\1  schema:\n\1    \$ref: '(#\/components\/schemas\/([^']+))'\n/gm, (_match, indent: string, ref: string, name: string) => {
    const payload = ["type: string", "contentMediaType: application/json", "contentSchema:", `  $ref: '${ref}'`];
    const data = name === "Chat.ChatCompletionChunk" ? ["anyOf:", "  - const: '[DONE]'", ...payload.map((line, i) => (i === 0 ? `  - ${line}` : `    ${line}`))] : payload;
    const schema = ["type: object", "required:", "  - data", "properties:", "  event:", "    type: string", "  data:", ...data.map((line) => `    ${line}`)];
    return [`${indent}text/event-stream:`, `${indent}  schema:`, ...schema.map((line) => `${indent}    ${line}`), ""].join("\n");
  });
}

async function render(): Promise<Map<string, string>> {
  const scratch = mkdtempSync(join(tmpdir(), "tollgate-tsp-"));
  try {
    execFileSync(join(root, "node_modules/.bin/tsp"), ["compile", join(root, "spec"), "--output-dir", scratch, "--warn-as-error"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    const emitted = join(scratch, "@typespec/openapi3");
    const files = new Map<string, string>(); // "<folder>/<name>" → text
    for (const [short, service] of Object.entries(services)) {
      for (const version of ["3.0", "3.1"]) {
        const yaml = readFileSync(join(emitted, `${version}.0`, `${service}.yaml`), "utf8");
        files.set(`${outputs.documents}/${short}.openapi.${version}.yaml`, header("#") + (version === "3.1" ? describeStreamEvents(yaml) : yaml));
      }
      const ast = await openapiTS(new URL(`file://${join(emitted, "3.0.0", `${service}.yaml`)}`), { alphabetize: false });
      files.set(`${outputs.types}/${short}.d.ts`, header("//") + astToString(ast));
    }
    return files;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const files = await render();
const existing = (dir: string) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).map((name) => `${dir}/${name}`) : []);
const all = Object.values(outputs).flatMap(existing);
if (process.argv.includes("--check")) {
  const stale = [...files].filter(([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), "utf8") !== text).map(([path]) => path);
  const extra = all.filter((path) => !files.has(path));
  if (stale.length || extra.length) {
    console.error(`generated files are stale (${[...stale, ...extra].join(", ")}); run \`npm run generate\` and commit the result.`);
    process.exit(1);
  }
  console.log("generated/ and client/generated/ are fresh.");
} else {
  for (const dir of Object.values(outputs)) {
    rmSync(join(root, dir), { recursive: true, force: true });
    mkdirSync(join(root, dir), { recursive: true });
  }
  for (const [path, text] of files) writeFileSync(join(root, path), text);
  console.log(`wrote ${[...files.keys()].join(", ")}`);
}
