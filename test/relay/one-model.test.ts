// One model (issue 20): GET /v1/models/{id} in the caller's SDK shape and GET /v1beta/models/{model},
// through the official SDKs' own retrieve calls, with ids that contain `/` and group-qualified ids;
// a model the key's group does not offer is a 404 in the caller's error format.
import Anthropic from "@anthropic-ai/sdk";
import { ApiError, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createKey, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let tenant: Tenant;
const keys: Record<string, string> = {};

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  const groups = await groupsByIdentifier(operator);
  tenant = await createTenant(tollgate.url, operator, { groupRouting: true });
  for (const identifier of ["claude-smart", "gpt-trial", "gemini-official", "qwen-trial"]) keys[identifier] = await createKey(tenant.owner, groups.get(identifier)!.id);
  // A self-hosted group whose model id has a colon, as Ollama's do.
  const ollama = await operator.POST("/api/admin/groups", {
    body: { name: "Ollama Local", identifier: "ollama-local", family: "compatible", multiplier_milli: 1000, visibility: "public", models: [{ model_id: "llama3.1:8b", prices: { input: 0, output: 0 } }] },
  });
  keys["ollama-local"] = await createKey(tenant.owner, ollama.data!.id);
});
afterAll(async () => {
  await tollgate?.stop();
});

const openai = (key: string) => new OpenAI({ apiKey: key, baseURL: `${tollgate.url}/v1`, maxRetries: 0 });
const anthropic = (key: string) => new Anthropic({ apiKey: key, baseURL: tollgate.url, maxRetries: 0 });
const genai = (key: string, apiVersion?: string) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: tollgate.url, ...(apiVersion ? { apiVersion } : {}) } });

describe("OpenAI SDK: client.models.retrieve", () => {
  it("returns the OpenAI model object", async () => {
    const model = await openai(keys["gpt-trial"]).models.retrieve("gpt-5");
    expect(model).toMatchObject({ id: "gpt-5", object: "model", owned_by: "gpt-trial" });
    expect(typeof model.created).toBe("number");
  });

  it("finds an id with a slash (the SDK percent-encodes it) and a group-qualified one", async () => {
    expect((await openai(keys["qwen-trial"]).models.retrieve("Qwen/Qwen3-235B-A22B")).id).toBe("Qwen/Qwen3-235B-A22B");
    const qualified = await openai(keys["gpt-trial"]).models.retrieve("qwen-trial/Qwen/Qwen3-235B-A22B");
    expect(qualified).toMatchObject({ id: "qwen-trial/Qwen/Qwen3-235B-A22B", owned_by: "qwen-trial" });
  });

  it("finds an id with a colon, percent-encoded by the SDK or written plainly", async () => {
    expect((await openai(keys["ollama-local"]).models.retrieve("llama3.1:8b")).id).toBe("llama3.1:8b");
    const plain = await fetch(`${tollgate.url}/v1/models/llama3.1:8b`, { headers: { authorization: `Bearer ${keys["ollama-local"]}` } });
    expect(await plain.json()).toMatchObject({ id: "llama3.1:8b", object: "model", owned_by: "ollama-local" });
  });

  it("a model the group does not offer is a NotFoundError in the OpenAI format", async () => {
    const error = await openai(keys["gpt-trial"]).models.retrieve("claude-sonnet-4-6").catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.code).toBe("model_not_found");
    expect(error.message).toContain('Model "claude-sonnet-4-6" is not offered by group "GPT Trial"');
  });
});

describe("Family A SDK: client.models.retrieve", () => {
  it("returns the Family A model object", async () => {
    const model = await anthropic(keys["claude-smart"]).models.retrieve("claude-sonnet-4-6");
    expect(model).toMatchObject({ type: "model", id: "claude-sonnet-4-6", display_name: "Claude Sonnet 4.6" });
    expect(new Date(model.created_at).getTime()).toBeGreaterThan(0);
  });

  it("a model the group does not offer is a NotFoundError in the Family A format", async () => {
    const error = await anthropic(keys["claude-smart"]).models.retrieve("gpt-5").catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.error).toMatchObject({ type: "error", error: { type: "not_found_error" } });
  });
});

describe("Family C SDK: ai.models.get", () => {
  it.each([undefined, "v1beta"])("returns the Family C model (API version %s)", async (apiVersion) => {
    const model = await genai(keys["gemini-official"], apiVersion).models.get({ model: "gemini-2.5-flash" });
    expect(model).toMatchObject({ name: "models/gemini-2.5-flash", displayName: "Gemini 2.5 Flash" });
  });

  it("finds an id with a slash, sent as two path segments", async () => {
    const model = await genai(keys["qwen-trial"], "v1beta").models.get({ model: "Qwen/Qwen3-235B-A22B" });
    expect(model.name).toBe("models/Qwen/Qwen3-235B-A22B");
  });

  it.each([undefined, "v1beta"])("finds a group-qualified id whose model id has a slash, as the Call Guide shows it (three path segments, API version %s)", async (apiVersion) => {
    const guide = (await tenant.owner.GET("/api/call-guide")).data!;
    const qualified = guide.groups.find((group) => group.identifier === "qwen-trial")!.models.find((model) => model.model_id === "Qwen/Qwen3-235B-A22B")!.qualified_call_name;
    const model = await genai(keys["gemini-official"], apiVersion).models.get({ model: qualified });
    expect(model).toMatchObject({ name: `models/${qualified}`, displayName: expect.any(String) });
    // …and the name it answers with finds it again.
    expect((await genai(keys["gemini-official"], apiVersion).models.get({ model: model.name! })).name).toBe(model.name);
  });

  it("a name in more segments than a model path takes is a 404 that says to encode, and encoded it is looked up", async () => {
    const said = async (model: string) => {
      const error = await genai(keys["gemini-official"], "v1beta").models.get({ model }).catch((e) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(404);
      return JSON.parse(error.message).error.message as string;
    };
    expect(await said("qwen-trial/a/b/c")).toContain('Percent-encode the "/" inside the model id (%2F), e.g. "qwen-trial/a%2Fb%2Fc"');
    expect(await said("qwen-trial/a%2Fb%2Fc")).toContain('Model "a/b/c" is not offered by group');
  });

  it("a model the group does not offer is a 404 in the Family C format", async () => {
    const error = await genai(keys["gemini-official"], "v1beta").models.get({ model: "gemini-0-nope" }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    const response = await fetch(`${tollgate.url}/v1beta/models/gemini-0-nope`, { headers: { "x-goog-api-key": keys["gemini-official"] } });
    expect(await response.json()).toMatchObject({ error: { code: 404, status: "NOT_FOUND" } });
  });
});

describe("the one-model paths keep the relay's other rules", () => {
  it("a missing key is 401 in the caller's format", async () => {
    const response = await fetch(`${tollgate.url}/v1/models/gpt-5`, { headers: { "anthropic-version": "2023-06-01" } });
    expect(response.status).toBe(401);
    expect((await response.json()).type).toBe("error");
  });

  it("POST is a 405 with Allow, and GET on a generateContent path is still its 405", async () => {
    const post = await fetch(`${tollgate.url}/v1/models/gpt-5`, { method: "POST", headers: { authorization: `Bearer ${keys["gpt-trial"]}` } });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const get = await fetch(`${tollgate.url}/v1beta/models/gemini-2.5-flash:generateContent`, { headers: { "x-goog-api-key": keys["gemini-official"] } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});
