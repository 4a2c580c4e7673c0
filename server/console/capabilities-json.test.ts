// The console API's capability shapes are the contract's own (client/types.ts, generated from
// spec/console/models.tsp), not a hand-written copy that could drift from it: checked by the type
// checker (`npm run typecheck`), and the JSON written has exactly the fields the contract lists.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ConsoleComponents } from "../../client/types.ts";
import { catalogCapabilities, modelCapabilities } from "../domain/model-capabilities.ts";
import { loadSpec } from "../gateway/middleware/validate.ts";
import { capabilitiesJson, capabilityChangesFrom, capabilityChangesJson } from "./capabilities-json.ts";

type Schemas = ConsoleComponents["schemas"];
const schemas = (loadSpec("console") as { components: { schemas: Record<string, { properties: object; required?: string[] }> } }).components.schemas;

describe("capabilities in the console API", () => {
  it("take and give the contract's types", () => {
    expectTypeOf(capabilitiesJson).returns.toEqualTypeOf<Schemas["ModelCapabilities"]>();
    expectTypeOf(capabilityChangesJson).returns.toEqualTypeOf<Schemas["ModelCapabilityChanges"]>();
    expectTypeOf(capabilityChangesFrom).parameter(0).toEqualTypeOf<Schemas["ModelCapabilityChanges"] | undefined>();
  });

  it("write every field of ModelCapabilities and no other, for a catalog entry, a family's, the defaults and the operator's", () => {
    const fields = Object.keys(schemas.ModelCapabilities.properties).sort();
    expect(schemas.ModelCapabilities.required?.sort()).toEqual(fields);
    for (const capabilities of [catalogCapabilities("gpt-5"), catalogCapabilities("claude-sonnet-4-7"), catalogCapabilities("local-llm"), modelCapabilities("deepseek-chat", { maxOutputTokens: 4_096 })]) {
      expect(Object.keys(capabilitiesJson(capabilities)).sort()).toEqual(fields);
    }
  });

  it("carry the operator's changes there and back, field by field", () => {
    const changes = { max_output_tokens: 2_048, reasoning: { efforts: ["low", "high"], budget: null, can_disable: true }, stop_sequences: null, temperature: { min: 0, max: 1 } } satisfies Schemas["ModelCapabilityChanges"];
    const domain = capabilityChangesFrom(changes, "models[0].capabilities")!;
    expect(domain).toEqual({ maxOutputTokens: 2_048, reasoning: { efforts: ["low", "high"], budget: null, canDisable: true }, stopSequences: null, temperature: { min: 0, max: 1 } });
    expect(capabilityChangesJson(domain)).toEqual(changes);
  });
});
