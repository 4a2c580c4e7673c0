// The published contract: /openapi/*.json and .yaml are the documents the server validates against,
// naming this server's address, with descriptions and examples; /docs serves the viewer from npm.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
beforeAll(async () => (tollgate = await startTollgate()));
afterAll(() => tollgate?.stop());

const generated = (name: string) => parse(readFileSync(resolve(import.meta.dirname, `../../generated/${name}.openapi.3.1.yaml`), "utf8"));

describe("served OpenAPI documents", () => {
  for (const name of ["relay", "console"]) {
    it(`serves the ${name} document the server validates against, as JSON and YAML`, async () => {
      const json = await (await fetch(`${tollgate.url}/openapi/${name}.json`)).json();
      const yamlResponse = await fetch(`${tollgate.url}/openapi/${name}.yaml`);
      expect(yamlResponse.headers.get("content-type")).toContain("yaml");
      const yaml = parse(await yamlResponse.text());
      const { servers: _servers, ...contract } = generated(name);
      expect(json).toMatchObject(contract);
      expect(yaml).toEqual(json);
      expect(json.servers).toEqual([{ url: tollgate.url, description: "This Tollgate server" }]);
      expect(json.info.description).toBeTruthy();
    });
  }

  it("has a description and an example for every relay interface", async () => {
    const relay = await (await fetch(`${tollgate.url}/openapi/relay.json`)).json();
    for (const [path, operations] of Object.entries<Record<string, any>>(relay.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        if (method !== "post") continue;
        expect(operation.description ?? relay.paths[path].description, `${path} has a description`).toBeTruthy();
        const examples = operation.requestBody.content["application/json"].examples;
        expect(Object.keys(examples ?? {}).length, `${path} has an example`).toBeGreaterThan(0);
      }
    }
  });

  it("serves the docs viewer and its assets locally", async () => {
    const page = await (await fetch(`${tollgate.url}/docs`)).text();
    expect(page).toContain("/docs/assets/swagger-ui-bundle.js");
    expect(page).not.toMatch(/https?:\/\/(?!127)/);
    const bundle = await fetch(`${tollgate.url}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    const init = await (await fetch(`${tollgate.url}/docs/init.js`)).text();
    expect(init).toContain("/openapi/relay.json");
    expect(init).toContain("/openapi/console.json");
  });
});
