// The three views of models: the public Marketplace, the Call Guide per member, and the model
// lists of keys — and the invariant that ties them together.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient } from "../../client/index.ts";
import { type Console, type Tenant, createKey, createTenant, groupsByIdentifier, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let exclusiveId: string;
let tenant: Tenant;
let outsider: Tenant;

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  const created = await operator.POST("/api/admin/groups", {
    body: {
      name: "Claude Enterprise Flagship",
      identifier: "claude-enterprise",
      multiplier_milli: 3000,
      visibility: "exclusive",
      models: [{ model_id: "claude-opus-4-6", display_name: "Claude Opus 4.6", prices: { input: 15_000_000, output: 75_000_000 } }],
    },
  });
  exclusiveId = created.data!.id;
  tenant = await createTenant(tollgate.url, operator);
  outsider = await createTenant(tollgate.url, operator);
  const granted = await operator.PUT("/api/admin/organizations/{id}/exclusive-groups", {
    params: { path: { id: tenant.organizationId } },
    body: { group_ids: [exclusiveId] },
  });
  expect(granted.data?.exclusive_group_ids).toEqual([exclusiveId]);
});

afterAll(async () => {
  await tollgate?.stop();
});

describe("Marketplace", () => {
  it("is public, lists public groups only, and prices each group at base × multiplier", async () => {
    const anonymous = consoleClient({ baseUrl: tollgate.url });
    const { data, response } = await anonymous.GET("/api/marketplace");
    expect(response.status).toBe(200);
    const identifiers = data!.groups.map((group) => group.identifier);
    expect(identifiers).toContain("claude-smart");
    expect(identifiers).toContain("deepseek-trial");
    expect(identifiers).not.toContain("claude-enterprise");
    const smart = data!.groups.find((group) => group.identifier === "claude-smart")!;
    const sonnet = smart.models.find((model) => model.model_id === "claude-sonnet-4-6")!;
    expect(sonnet.base_prices.input).toBe(3_000_000);
    expect(sonnet.prices.input).toBe(7_500_000); // 2.5x
    expect(sonnet.prices.output).toBe(37_500_000);
  });

  it("shows a 1-hour cache-write price where the model has one (the seed's Claude models: 2x input), scaled like the others", async () => {
    const { data } = await consoleClient({ baseUrl: tollgate.url }).GET("/api/marketplace");
    const smart = data!.groups.find((group) => group.identifier === "claude-smart")!;
    const sonnet = smart.models.find((model) => model.model_id === "claude-sonnet-4-6")!;
    expect(sonnet.base_prices).toMatchObject({ cache_write: 3_750_000, cache_write_1h: 6_000_000 });
    expect(sonnet.prices).toMatchObject({ cache_write: 9_375_000, cache_write_1h: 15_000_000 });
    const gpt = data!.groups.find((group) => group.identifier === "gpt-trial")!;
    expect(gpt.models[0].prices).not.toHaveProperty("cache_write_1h");
  });
});

describe("Prices", () => {
  it("the operator sets a 1-hour cache-write price like the others, and one left out is unset, not 0", async () => {
    const created = await operator.POST("/api/admin/groups", {
      body: { name: "Claude Price Test", identifier: unique("claude-price").toLowerCase(), multiplier_milli: 1000, visibility: "exclusive", models: [] },
    });
    const id = created.data!.id;
    const model = (prices: { input: number; output: number; cache_write?: number; cache_write_1h?: number }) => ({ model_id: "claude-x", display_name: "X", prices });
    const pricesOf = async () => (await groupsByIdentifier(operator)).get(created.data!.identifier)!.models[0].prices;
    await operator.PATCH("/api/admin/groups/{id}", { params: { path: { id } }, body: { models: [model({ input: 1_000_000, output: 5_000_000, cache_write: 1_250_000, cache_write_1h: 2_000_000 })] } });
    expect(await pricesOf()).toEqual({ input: 1_000_000, output: 5_000_000, cache_read: 0, cache_write: 1_250_000, cache_write_1h: 2_000_000 });
    await operator.PATCH("/api/admin/groups/{id}", { params: { path: { id } }, body: { models: [model({ input: 1_000_000, output: 5_000_000, cache_write: 1_250_000 })] } });
    expect(await pricesOf()).toEqual({ input: 1_000_000, output: 5_000_000, cache_read: 0, cache_write: 1_250_000 });
    const refused = await operator.PATCH("/api/admin/groups/{id}", { params: { path: { id } }, body: { models: [model({ input: 1, output: 1, cache_write_1h: -1 })] } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error.message).toContain("cache_write_1h");
  });
});

describe("Call Guide", () => {
  const identifiers = async (client: Console) => (await client.GET("/api/call-guide")).data!.groups.map((group) => group.identifier);

  it("needs a session", async () => {
    const { response, error } = await consoleClient({ baseUrl: tollgate.url }).GET("/api/call-guide");
    expect(response.status).toBe(401);
    expect(error?.error.message).toContain("Sign in");
  });

  it("shows an owner the public groups plus its authorized exclusive ones", async () => {
    const { data } = await operator.GET("/api/marketplace");
    const publicGroups = data!.groups.map((group) => group.identifier);
    expect((await identifiers(tenant.owner)).sort()).toEqual([...publicGroups, "claude-enterprise"].sort());
    expect(await identifiers(outsider.owner)).not.toContain("claude-enterprise");
  });

  it("gives each group its family's base URL and plain and qualified call names", async () => {
    const guide = (await tenant.owner.GET("/api/call-guide")).data!;
    expect(guide.base_urls).toEqual({ anthropic: tollgate.url, openai: `${tollgate.url}/v1`, gemini: tollgate.url });
    const qwen = guide.groups.find((group) => group.identifier === "qwen-trial")!;
    expect(qwen.base_url).toBe(`${tollgate.url}/v1`);
    expect(qwen.interfaces).toEqual(["/v1/chat/completions", "/v1/embeddings"]);
    const slashModel = qwen.models.find((model) => model.model_id === "Qwen/Qwen3-235B-A22B")!;
    expect(slashModel.call_name).toBe("Qwen/Qwen3-235B-A22B");
    expect(slashModel.qualified_call_name).toBe("qwen-trial/Qwen/Qwen3-235B-A22B");
    expect(guide.groups.find((group) => group.identifier === "claude-smart")!.base_url).toBe(tollgate.url);
  });

  it("shows a sub-user only the groups granted to it, and it can bind keys to those only", async () => {
    const groups = await groupsByIdentifier(operator);
    const email = `${unique("sub")}@example.test`;
    const created = await tenant.owner.POST("/api/members", {
      body: { email, name: "Sub", password: "sub-password-1", role: "sub-user", group_ids: [groups.get("gpt-trial")!.id, exclusiveId] },
    });
    expect(created.response.status).toBe(201);
    const sub = await signIn(tollgate.url, email, "sub-password-1");
    expect((await identifiers(sub)).sort()).toEqual(["claude-enterprise", "gpt-trial"]);
    const refused = await sub.POST("/api/keys", { body: { name: "k", group_id: groups.get("claude-smart")!.id } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.error.field).toBe("group_id");
    expect((await sub.GET("/api/members")).response.status).toBe(403);
  });
});

describe("the aggregated model lists of an organization equal its Call Guide", () => {
  it("holds for an owner with one key per usable group", async () => {
    const guide = (await tenant.owner.GET("/api/call-guide")).data!;
    const fromGuide = guide.groups.flatMap((group) => group.models.map((model) => `${group.identifier}:${model.model_id}`)).sort();
    const fromLists: string[] = [];
    for (const group of guide.groups) {
      const key = await createKey(tenant.owner, group.id);
      const client = new OpenAI({ apiKey: key, baseURL: `${tollgate.url}/v1`, maxRetries: 0 });
      for await (const model of client.models.list()) fromLists.push(`${group.identifier}:${model.id}`);
    }
    expect(fromLists.sort()).toEqual(fromGuide);
  });
});

describe("keys in the console", () => {
  it("show the secret once, store a display form, rebind, and revoke within a second", async () => {
    const groups = await groupsByIdentifier(operator);
    const created = await tenant.owner.POST("/api/keys", { body: { name: "ci", group_id: groups.get("gpt-trial")!.id } });
    const key = created.data!;
    expect(key.secret.startsWith("tg-")).toBe(true);
    expect(key.display).toContain(key.secret.slice(-4));
    const listed = (await tenant.owner.GET("/api/keys")).data!.data.find((entry) => entry.id === key.id)!;
    expect(listed).not.toHaveProperty("secret");
    expect(listed.group_name).toBe("GPT Trial");

    const client = new OpenAI({ apiKey: key.secret, baseURL: `${tollgate.url}/v1`, maxRetries: 0 });
    expect((await client.models.list()).data.map((model) => model.id)).toContain("gpt-5");
    const lastUsed = async () => (await tenant.owner.GET("/api/keys")).data!.data.find((entry) => entry.id === key.id)!.last_used_at;
    expect(listed.last_used_at).toBeNull();
    await expect.poll(lastUsed, { timeout: 4000 }).not.toBeNull();

    const rebound = await tenant.owner.PATCH("/api/keys/{id}", { params: { path: { id: key.id } }, body: { group_id: groups.get("kimi-official")!.id } });
    expect(rebound.data?.group_name).toBe("Kimi Official");
    expect((await client.models.list()).data.map((model) => model.id)).toEqual(["kimi-k2"]);

    await tenant.owner.DELETE("/api/keys/{id}", { params: { path: { id: key.id } } });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect(client.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it("an owner cannot see another organization's keys", async () => {
    const key = (await tenant.owner.POST("/api/keys", { body: { name: "private" } })).data!;
    const { response } = await outsider.owner.DELETE("/api/keys/{id}", { params: { path: { id: key.id } } });
    expect(response.status).toBe(404);
  });
});

describe("operator API", () => {
  it("rejects a group name that names two families, naming the field", async () => {
    const { response, error } = await operator.POST("/api/admin/groups", {
      body: { name: "Claude GPT Mix", identifier: "mix", multiplier_milli: 1000, visibility: "public" },
    });
    expect(response.status).toBe(400);
    expect(error?.error.field).toBe("name");
    expect(error?.error.message).toContain("ambiguous");
  });
  it("is closed to organization members", async () => {
    expect((await tenant.owner.GET("/api/admin/organizations")).response.status).toBe(403);
  });
  it("tops up balances and never takes them below zero", async () => {
    const path = { params: { path: { id: outsider.organizationId } } };
    expect((await operator.POST("/api/admin/organizations/{id}/top-ups", { ...path, body: { amount: 5_000_000 } })).data?.balance).toBe(5_000_000);
    const refused = await operator.POST("/api/admin/organizations/{id}/top-ups", { ...path, body: { amount: -6_000_000 } });
    expect(refused.response.status).toBe(400);
  });
  it("refuses cross-site writes", async () => {
    const response = await fetch(`${tollgate.url}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: "x@y.z", password: "whatever" }),
    });
    expect(response.status).toBe(403);
  });
  it("validates console input against the spec, naming the field", async () => {
    const { response, error } = await operator.POST("/api/admin/groups", {
      body: { name: "GPT Z", identifier: "Bad Identifier", multiplier_milli: 1000, visibility: "public" },
    });
    expect(response.status).toBe(400);
    expect(error?.error.field).toBe("identifier");
  });
});
