// Any provider family (issue 20): a group whose name has no family keyword is created with an
// explicit `family`; a keyword in the name keeps the seed's rule and an explicit family that
// contradicts it is a 400 naming `family`. Channels carry presets per kind (the domestic providers'
// Anthropic-compatible endpoints, a self-hosted OpenAI-compatible server) and cannot be bound to a
// group their kind can never serve. The Call Guide's interfaces follow a group's channels.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createTenant, groupsByIdentifier, signInOperator, unique } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let tenant: Tenant;
let groups: Awaited<ReturnType<typeof groupsByIdentifier>>;

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  groups = await groupsByIdentifier(operator);
  tenant = await createTenant(tollgate.url, operator);
});
afterAll(async () => {
  await tollgate?.stop();
});

type Family = "A" | "B" | "C" | "domestic" | "compatible";
const prices = { input: 1_000_000, output: 2_000_000 };
const createGroup = (name: string, family?: Family) =>
  operator.POST("/api/admin/groups", {
    body: { name, identifier: unique("g").toLowerCase(), ...(family ? { family } : {}), multiplier_milli: 1000, visibility: "public", models: [{ model_id: "m-1", prices }] },
  });
const createChannel = (body: Record<string, unknown>) =>
  operator.POST("/api/admin/channels", { body: { name: unique("chan"), credentials: ["sk-test-credential"], ...body } as never });

describe("POST /api/admin/groups: family", () => {
  it.each(["Mistral Cloud", "Llama Local", "OpenRouter"])("%s (no family keyword) is refused without `family`, naming it and the values", async (name) => {
    const { error, response } = await createGroup(name);
    expect(response.status).toBe(400);
    expect(error!.error.field).toBe("family");
    expect(error!.error.message).toMatch(/`family` is required/);
    expect(error!.error.message).toContain('"compatible"');
  });

  it.each([
    ["Mistral Cloud", "compatible"],
    ["Llama Local", "compatible"],
    ["OpenRouter", "B"],
  ] as const)("%s is created with family %s", async (name, family) => {
    const { data, response } = await createGroup(`${name} ${unique("x")}`, family);
    expect(response.status).toBe(201);
    expect(data!.family).toBe(family);
    const listed = (await groupsByIdentifier(operator)).get(data!.identifier)!;
    expect(listed.family).toBe(family);
  });

  it("a name with a keyword keeps the seed's rule: an agreeing family is fine, a contradicting one is a 400 naming `family`", async () => {
    expect((await createGroup(`Kimi Plus ${unique("x")}`)).data!.family).toBe("domestic");
    expect((await createGroup(`Kimi Pro ${unique("x")}`, "domestic")).data!.family).toBe("domestic");
    const { error, response } = await createGroup(`Kimi Local ${unique("x")}`, "compatible");
    expect(response.status).toBe(400);
    expect(error!.error.field).toBe("family");
    expect(error!.error.message).toMatch(/contradicts/);
  });

  it("a value outside the contract is a 400 naming `family`", async () => {
    const { error, response } = await createGroup("Mistral Cloud", "mistral" as Family);
    expect(response.status).toBe(400);
    expect(error!.error.field).toBe("family");
  });
});

describe("PATCH /api/admin/groups/{id}: family", () => {
  it("changes the family of a group without a keyword, refuses one that contradicts the name, and keeps it on a rename", async () => {
    const created = (await createGroup(`Mistral ${unique("x")}`, "compatible")).data!;
    const path = { params: { path: { id: created.id } } };
    expect((await operator.PATCH("/api/admin/groups/{id}", { ...path, body: { family: "B" } })).data!.family).toBe("B");
    expect((await operator.PATCH("/api/admin/groups/{id}", { ...path, body: { name: `Le Chat ${unique("x")}` } })).data!.family).toBe("B");
    const contradicts = await operator.PATCH("/api/admin/groups/{id}", { ...path, body: { name: `Gemini ${unique("x")}`, family: "compatible" } });
    expect(contradicts.response.status).toBe(400);
    expect(contradicts.error!.error.field).toBe("family");
    const seeded = await operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: groups.get("kimi-official")!.id } }, body: { family: "C" } });
    expect(seeded.response.status).toBe(400);
    expect(seeded.error!.error.field).toBe("family");
  });

  it("refuses a family its channels cannot serve, naming `family` and the channel", async () => {
    const created = (await createGroup(`Mistral ${unique("x")}`, "compatible")).data!;
    const channel = await createChannel({ kind: "openai-compatible", base_url: "http://127.0.0.1:9/v1", group_ids: [created.id] });
    expect(channel.response.status).toBe(201);
    const { error, response } = await operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: created.id } }, body: { family: "C" } });
    expect(response.status).toBe(400);
    expect(error!.error.field).toBe("family");
    expect(error!.error.message).toContain(channel.data!.name);
  });
});

describe("channel presets and bindings", () => {
  it.each([
    ["anthropic", "deepseek", "deepseek-trial", "https://api.deepseek.com/anthropic"],
    ["anthropic", "kimi", "kimi-official", "https://api.moonshot.cn/anthropic"],
    ["anthropic", "glm", "glm-official", "https://open.bigmodel.cn/api/anthropic"],
    ["anthropic", "minimax", "minimax-trial", "https://api.minimax.io/anthropic"],
    ["anthropic", "qwen", "qwen-trial", "https://dashscope.aliyuncs.com/apps/anthropic"],
    ["openai-compatible", "self-hosted", "qwen-trial", "http://127.0.0.1:8000/v1"],
  ])("kind %s, preset %s (for %s) fills in %s", async (kind, preset, identifier, baseUrl) => {
    // Disabled: these channels only show the presets, and must not change what the groups offer.
    const { data, response } = await createChannel({ kind, preset, enabled: false, group_ids: [groups.get(identifier)!.id] });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ kind, preset, base_url: baseUrl });
  });

  it("a preset of another kind is a 400 naming `preset`", async () => {
    const wrong = await createChannel({ kind: "openai", preset: "deepseek", group_ids: [groups.get("gpt-trial")!.id] });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error.field).toBe("preset");
    expect(wrong.error!.error.message).toMatch(/omit `preset`/);
    const selfHostedAnthropic = await createChannel({ kind: "anthropic", preset: "self-hosted", group_ids: [groups.get("claude-smart")!.id] });
    expect(selfHostedAnthropic.error!.error.field).toBe("preset");
  });

  it("a channel is not bound to a group its kind can never serve, on create or update", async () => {
    const gemini = await createChannel({ kind: "gemini", group_ids: [groups.get("kimi-official")!.id] });
    expect(gemini.response.status).toBe(400);
    expect(gemini.error!.error).toMatchObject({ field: "group_ids" });
    expect(gemini.error!.error.message).toContain("Kimi Official");
    const anthropicForGpt = await createChannel({ kind: "anthropic", group_ids: [groups.get("gpt-trial")!.id] });
    expect(anthropicForGpt.error!.error.field).toBe("group_ids");
    const ok = await createChannel({ kind: "anthropic", group_ids: [groups.get("claude-smart")!.id] });
    const moved = await operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: ok.data!.id } }, body: { group_ids: [groups.get("gemini-official")!.id] } });
    expect(moved.response.status).toBe(400);
    expect(moved.error!.error.field).toBe("group_ids");
  });
});

describe("model views", () => {
  it("the Call Guide offers /v1/messages for a domestic group once it has an enabled anthropic channel, and lists compatible groups", async () => {
    const interfaces = async (identifier: string) => (await tenant.owner.GET("/api/call-guide")).data!.groups.find((group) => group.identifier === identifier)!.interfaces;
    expect(await interfaces("glm-official")).toEqual(["/v1/chat/completions", "/v1/embeddings"]);
    const channel = await createChannel({ kind: "anthropic", preset: "glm", group_ids: [groups.get("glm-official")!.id] });
    expect(await interfaces("glm-official")).toEqual(["/v1/messages", "/v1/chat/completions", "/v1/embeddings"]);
    await operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel.data!.id } }, body: { enabled: false } });
    expect(await interfaces("glm-official")).toEqual(["/v1/chat/completions", "/v1/embeddings"]);

    const mistral = (await createGroup(`Mistral Guide ${unique("x")}`, "compatible")).data!;
    const guide = (await tenant.owner.GET("/api/call-guide")).data!;
    const listed = guide.groups.find((group) => group.identifier === mistral.identifier)!;
    expect(listed).toMatchObject({ family: "compatible", base_url: `${tollgate.url}/v1`, interfaces: ["/v1/chat/completions", "/v1/embeddings"] });
    // Family by family: compatible groups come last.
    expect(guide.groups.at(-1)!.family).toBe("compatible");
    const market = (await operator.GET("/api/marketplace")).data!;
    expect(market.groups.find((group) => group.identifier === mistral.identifier)?.family).toBe("compatible");
  });
});
