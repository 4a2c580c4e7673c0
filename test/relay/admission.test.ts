// What the relay decides before any upstream is called, seen through the official JS SDKs with
// only the base URL and key changed: 401, 403, 404 (with the group and the remedy), 400 naming
// the field, model lists per bound group, group-qualified names, and 503 until channels exist.
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createKey, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let groups: Awaited<ReturnType<typeof groupsByIdentifier>>;
let tenant: Tenant;
const keys: Record<string, string> = {};

const anthropic = (key: string) => new Anthropic({ apiKey: key, baseURL: tollgate.url, maxRetries: 0 });
const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${tollgate.url}/v1`, maxRetries: 0 });
const genai = (key: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: tollgate.url } });

// Record, not the SDK's param type: tests send fields (out-of-range, vendor extras) on purpose.
const askClaude = (key: string, extra: Record<string, unknown> = {}) =>
  anthropic(key).messages.create({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hi" }], ...extra } as Anthropic.MessageCreateParamsNonStreaming);
const askChat = (key: string, model = "gpt-5", extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
  openai(key).chat.completions.create({ model, messages: [{ role: "user", content: "Hi" }], ...extra });
const askGemini = (key: string, model = "gemini-2.5-flash", config: Record<string, unknown> = {}) =>
  genai(key).models.generateContent({ model, contents: "Hi", config });

async function geminiFailure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  tollgate = await startTollgate({ TOLLGATE_MAX_BODY_BYTES: "200000" });
  operator = await signInOperator(tollgate.url);
  groups = await groupsByIdentifier(operator);
  tenant = await createTenant(tollgate.url, operator, { groupRouting: true });
  for (const identifier of ["claude-smart", "gpt-trial", "gemini-official", "qwen-trial", "claude-flagship"]) {
    keys[identifier] = await createKey(tenant.owner, groups.get(identifier)!.id);
  }
  keys.none = await createKey(tenant.owner, null);
});

afterAll(async () => {
  await tollgate?.stop();
});

describe("401 for a wrong key", () => {
  const wrong = "tg-this-key-does-not-exist-anywhere";
  it("Family A SDK", async () => {
    await expect(askClaude(wrong)).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });
  it("OpenAI SDK", async () => {
    await expect(askChat(wrong)).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });
  it("Family C SDK", async () => {
    expect((await geminiFailure(askGemini(wrong))).status).toBe(401);
  });
  it("a missing key says how to send one, in the interface's format", async () => {
    const response = await fetch(`${tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 5, messages: [{ role: "user", content: "x" }] }),
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.type).toBe("error");
    expect(body.error.type).toBe("authentication_error");
    expect(body.error.message).toContain("x-api-key");
  });
});

describe("403 for a key bound to no group", () => {
  it("Family A SDK", async () => {
    const error = await askClaude(keys.none).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(error.apiMessage).toContain("Select a group for this key");
  });
  it("OpenAI SDK", async () => {
    await expect(askChat(keys.none)).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
  });
  it("Family C SDK", async () => {
    expect((await geminiFailure(askGemini(keys.none))).status).toBe(403);
  });
});

describe("404 when the key's group cannot serve the interface", () => {
  it("Family A SDK with a GPT key names the group and the remedy", async () => {
    const error = await askClaude(keys["gpt-trial"]).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.apiMessage).toContain(`Group "GPT Trial"`);
    expect(error.apiMessage).toContain("Rebind the key");
  });
  it("OpenAI SDK with a Family A key", async () => {
    const error = await askChat(keys["claude-smart"], "claude-sonnet-4-6").catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.message).toContain('Group "Claude Smart Preferred"');
    expect(error.code).toBe("group_cannot_serve_interface");
  });
  it("Responses through the OpenAI SDK with a domestic key", async () => {
    const error = await openai(keys["qwen-trial"])
      .responses.create({ model: "qwen3-max", input: "Hi" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.message).toContain('Group "Qwen Trial"');
  });
  it("Family C SDK with a Family A key", async () => {
    const error = await geminiFailure(askGemini(keys["claude-smart"]));
    expect(error.status).toBe(404);
    expect(error.message).toContain("Claude Smart Preferred");
  });
  it("a model the group does not offer lists what it does offer", async () => {
    const error = await askClaude(keys["claude-smart"], { model: "claude-unknown" }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.apiMessage).toContain("claude-sonnet-4-6");
  });
});

describe("400 naming the field for out-of-range input", () => {
  it("Family A temperature is 0–1", async () => {
    const error = await askClaude(keys["claude-smart"], { temperature: 1.5 }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.apiMessage).toContain("`temperature`");
  });
  it("Family A max_tokens is required", async () => {
    const response = await fetch(`${tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": keys["claude-smart"], "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", messages: [{ role: "user", content: "x" }] }),
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain("`max_tokens` is required");
  });
  it("chat temperature is 0–2 and the OpenAI error names the param", async () => {
    const error = await askChat(keys["gpt-trial"], "gpt-5", { temperature: 2.5 }).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.param).toBe("temperature");
  });
  it("chat n must be at least 1 and penalties lie in −2..2", async () => {
    await expect(askChat(keys["gpt-trial"], "gpt-5", { n: 0 })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    const error = await askChat(keys["gpt-trial"], "gpt-5", { presence_penalty: -3 }).catch((e) => e);
    expect(error.param).toBe("presence_penalty");
  });
  it("Family C temperature is 0–2", async () => {
    const error = await geminiFailure(askGemini(keys["gemini-official"], "gemini-2.5-flash", { temperature: 3 }));
    expect(error.status).toBe(400);
    expect(error.message).toContain("generationConfig.temperature");
  });
  it("a body over the limit is 413 in the interface's format", async () => {
    const error = await askClaude(keys["claude-smart"], { messages: [{ role: "user", content: "x".repeat(300_000) }] }).catch((e) => e);
    expect(error.status).toBe(413);
    expect(error.error.error.type).toBe("request_too_large");
    // The message says how large a body may be (TOLLGATE_MAX_BODY_BYTES here).
    expect(error.error.error.message).toContain("at most 200000 bytes");
  });
  it("unmodelled vendor fields and content blocks pass validation", async () => {
    const error = await askClaude(keys["claude-smart"], {
      messages: [{ role: "user", content: [{ type: "text", text: "Hi", cache_control: { type: "ephemeral" } }] }],
      metadata: { user_id: "u1" },
      thinking: { type: "enabled", budget_tokens: 1024 },
    }).catch((e) => e);
    // Admitted: it fails only for want of an upstream channel.
    expect(error.status).toBe(503);
  });
});

describe("model lists show the bound group's models", () => {
  const modelIds = (identifier: string) => groups.get(identifier)!.models.map((model) => model.model_id);

  it("Family A SDK models.list()", async () => {
    const ids: string[] = [];
    for await (const model of anthropic(keys["claude-smart"]).models.list({ limit: 2 })) ids.push(model.id);
    expect(ids).toEqual(modelIds("claude-smart"));
  });
  it("Family A SDK models.list() paging back from before_id: every earlier model, once", async () => {
    const all = modelIds("claude-smart");
    expect(all.length).toBeGreaterThanOrEqual(3);
    const ids: string[] = [];
    for await (const model of anthropic(keys["claude-smart"]).models.list({ limit: 1, before_id: all.at(-1)! })) ids.push(model.id);
    expect(ids.sort()).toEqual(all.slice(0, -1).sort());
  });
  it("a cursor or page token that names no place in the list gives an empty page, not the list again", async () => {
    const anthropicPage = await fetch(`${tollgate.url}/v1/models?after_id=no-such-model`, { headers: { "x-api-key": keys["claude-smart"], "anthropic-version": "2023-06-01" } });
    expect(await anthropicPage.json()).toMatchObject({ data: [], has_more: false });
    const gemini = (query: string) => fetch(`${tollgate.url}/v1beta/models?${query}`, { headers: { "x-goog-api-key": keys["gemini-official"] } }).then((response) => response.json());
    expect(await gemini("pageToken=bogus")).toEqual({ models: [] });
    const unsized = await gemini("pageSize=-1");
    expect(unsized.models).toHaveLength(modelIds("gemini-official").length);
    expect(unsized).not.toHaveProperty("nextPageToken");
  });
  it("OpenAI SDK models.list()", async () => {
    const ids: string[] = [];
    for await (const model of openai(keys["gpt-trial"]).models.list()) ids.push(model.id);
    expect(ids).toEqual(modelIds("gpt-trial"));
  });
  it("Family C SDK models.list()", async () => {
    const names: string[] = [];
    for await (const model of await genai(keys["gemini-official"]).models.list()) names.push(model.name!);
    expect(names).toEqual(modelIds("gemini-official").map((id) => `models/${id}`));
  });
  it("two keys bound to different groups list different models", async () => {
    const list = async (key: string) => (await openai(key).models.list()).data.map((model) => model.id);
    const [gpt, qwen] = await Promise.all([list(keys["gpt-trial"]), list(keys["qwen-trial"])]);
    expect(gpt).toEqual(modelIds("gpt-trial"));
    expect(qwen).toEqual(modelIds("qwen-trial"));
    expect(gpt).not.toEqual(qwen);
  });
});

describe("call names", () => {
  it("a model id of the key's group whose first segment is another group's identifier is callable as listed", async () => {
    const prefix = `hosted-${Date.now().toString(36)}`;
    const modelId = `${prefix}/Model-X`;
    const made = await operator.POST("/api/admin/groups", {
      body: { name: `Compatible ${prefix}`, identifier: `owner-of-${prefix}`, family: "compatible", multiplier_milli: 1000, visibility: "public", models: [{ model_id: modelId, prices: { input: 1, output: 1 } }] },
    });
    expect(made.error).toBeUndefined();
    const clash = await operator.POST("/api/admin/groups", {
      body: { name: `Compatible clash ${prefix}`, identifier: prefix, family: "compatible", multiplier_milli: 1000, visibility: "public", models: [{ model_id: "other", prices: { input: 1, output: 1 } }] },
    });
    expect(clash.error).toBeUndefined();
    const key = await createKey(tenant.owner, made.data!.id);
    await new Promise((settle) => setTimeout(settle, 500)); // the catalog reloads
    const listed = (await openai(key).models.list()).data.map((model) => model.id);
    expect(listed).toEqual([modelId]);
    const retrieved = await openai(key).models.retrieve(modelId);
    expect(retrieved.id).toBe(modelId);
  });

  it("a group-qualified name resolves to the named group when routing is enabled", async () => {
    // A Family A key calls a GPT model through the GPT Trial group: admitted, then 503 naming that group.
    const error = await askChat(keys["claude-smart"], "gpt-trial/gpt-5").catch((e) => e);
    expect(error.status).toBe(503);
    expect(error.message).toContain('group "GPT Trial"');
  });
  it("on the Family C path as /v1beta/models/<group>/<model>", async () => {
    const response = await fetch(`${tollgate.url}/v1beta/models/gemini-official/gemini-2.5-pro:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": keys["claude-smart"] },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }),
    });
    expect(response.status).toBe(503);
    expect((await response.json()).error.message).toContain('group "Gemini Official"');
  });
  it("is refused when the organization has routing disabled", async () => {
    const other = await createTenant(tollgate.url, operator, { groupRouting: false });
    const key = await createKey(other.owner, groups.get("claude-smart")!.id);
    const error = await askChat(key, "gpt-trial/gpt-5").catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.message).toContain("group-qualified model names are disabled");
  });
  it("is refused for a group the organization may not use", async () => {
    const { data: exclusive } = await operator.POST("/api/admin/groups", {
      body: { name: "GPT Secret Preview", identifier: "gpt-secret", multiplier_milli: 1000, visibility: "exclusive", models: [{ model_id: "gpt-x", prices: { input: 1, output: 1 } }] },
    });
    expect(exclusive).toBeDefined();
    const error = await askChat(keys["gpt-trial"], "gpt-secret/gpt-x").catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.message).toContain("unknown or not available");
  });
  it("a model id containing / still resolves as a plain name", async () => {
    const error = await askChat(keys["qwen-trial"], "Qwen/Qwen3-235B-A22B").catch((e) => e);
    expect(error.status).toBe(503);
    expect(error.message).toContain('model "Qwen/Qwen3-235B-A22B" in group "Qwen Trial"');
  });
});

describe("a request that passes every check when no channel serves its group", () => {
  it("gets 503 no available channel, in each format", async () => {
    const claude = await askClaude(keys["claude-smart"]).catch((e) => e);
    expect(claude).toBeInstanceOf(Anthropic.InternalServerError);
    expect(claude.status).toBe(503);
    expect(claude.apiMessage).toContain("No available channel");
    const gemini = await geminiFailure(askGemini(keys["gemini-official"]));
    expect(gemini.status).toBe(503);
  });
});

describe("expiry", () => {
  it("a key stops working when it expires, with a 401 that says so", async () => {
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const { data } = await tenant.owner.POST("/api/keys", { body: { name: "short-lived", group_id: groups.get("gpt-trial")!.id, expires_at: expiresAt } });
    const client = openai(data!.secret);
    expect((await client.models.list()).data.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const error = await client.models.list().catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.message).toContain("expired");
  });

  it("an expiry in the past is refused at creation, naming the field", async () => {
    const { response, error } = await tenant.owner.POST("/api/keys", { body: { name: "stale", expires_at: new Date(Date.now() - 1000).toISOString() } });
    expect(response.status).toBe(400);
    expect(error?.error.field).toBe("expires_at");
  });
});

describe("Family C streaming", () => {
  it("streamGenerateContent without alt=sse is refused with a 400 that names the parameter", async () => {
    const response = await fetch(`${tollgate.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": keys["gemini-official"] },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.status).toBe("INVALID_ARGUMENT");
    expect(body.error.message).toContain("query parameter `alt`");
  });
});
