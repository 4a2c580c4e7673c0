// A first start has groups and prices but no channel (issue 22): the Marketplace and the Call Guide
// list every model, marked unavailable, until an enabled channel serves it; a channel with a model
// list makes only those models available, and disabling it takes them away again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let tenant: Tenant;

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  tenant = await createTenant(tollgate.url, operator);
});
afterAll(async () => {
  await tollgate?.stop();
});

const marketplaceModels = async () => (await operator.GET("/api/marketplace")).data!.groups.flatMap((group) => group.models.map((model) => ({ group: group.identifier, ...model })));
const guideModels = async () => (await tenant.owner.GET("/api/call-guide")).data!.groups.flatMap((group) => group.models.map((model) => ({ group: group.identifier, ...model })));

describe("availability of models", () => {
  it("with no channel, every model is listed and marked unavailable", async () => {
    const market = await marketplaceModels();
    expect(market.length).toBeGreaterThan(10);
    expect(market.every((model) => model.available === false)).toBe(true);
    expect((await guideModels()).every((model) => model.available === false)).toBe(true);
  });

  it("an enabled channel makes the models it serves available, in its groups only; disabling it takes them away", async () => {
    const smart = (await groupsByIdentifier(operator)).get("claude-smart")!;
    const served = smart.models[0].model_id;
    const { data: channel } = await operator.POST("/api/admin/channels", {
      body: { name: "first", kind: "anthropic", base_url: "http://127.0.0.1:9", credentials: ["sk-x"], models: [served], group_ids: [smart.id] },
    });
    for (const models of [await marketplaceModels(), await guideModels()]) {
      const available = models.filter((model) => model.available).map((model) => `${model.group}/${model.model_id}`);
      expect(available).toEqual([`claude-smart/${served}`]);
    }
    await operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel!.id } }, body: { models: [] } });
    const whole = (await marketplaceModels()).filter((model) => model.available);
    expect(whole.length).toBe(smart.models.length);
    expect(whole.every((model) => model.group === "claude-smart")).toBe(true);
    await operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel!.id } }, body: { enabled: false } });
    expect((await marketplaceModels()).some((model) => model.available)).toBe(false);
  });
});
