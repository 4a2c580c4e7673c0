// The relay where the contract and the server used to disagree: errors in the called interface's
// shape whatever the letter case of its path, requests the contract refuses stopped before the
// upstream, requests it allows accepted, and undeclared methods answered 405 with Allow.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
let keys: Record<string, string>;

beforeAll(async () => {
  env = await startRelayEnv();
  keys = { claude: await env.key("claude-smart"), gpt: await env.key("gpt-trial"), gemini: await env.key("gemini-official") };
});
afterAll(async () => {
  await env?.stop();
});

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${env.tollgate.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const contents = [{ role: "user", parts: [{ text: "Hi" }] }];

describe("Family C errors keep the Family C shape", () => {
  it.each([
    "/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
    "/v1/models/gemini-2.5-flash:generateContent",
    "/v1/models/gemini-2.5-flash:countTokens",
    "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
  ])(
    "a missing key on %s",
    async (path) => {
      const response = await post(path, {}, { contents });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 401, message: expect.stringContaining("x-goog-api-key"), status: "UNAUTHENTICATED" } });
    },
  );

  it("paths only exist with a version prefix", async () => {
    const response = await post("/models/gemini-2.5-flash:generateContent", { "x-goog-api-key": keys.gemini }, { contents });
    expect(response.status).toBe(404);
  });
});

describe("requests the contract refuses never reach the upstream", () => {
  it("an empty messages or contents list is a 400 naming the field", async () => {
    const before = { anthropic: env.mocks.anthropic.requests.length, openai: env.mocks.openai.requests.length, gemini: env.mocks.gemini.requests.length };
    const familyA = await post("/v1/messages", { "x-api-key": keys.claude, "anthropic-version": "2023-06-01" }, { model: "claude-sonnet-4-6", max_tokens: 16, messages: [] });
    expect(familyA.status).toBe(400);
    expect((await familyA.json()).error).toMatchObject({ type: "invalid_request_error", message: expect.stringContaining("`messages`") });
    const chat = await post("/v1/chat/completions", { authorization: `Bearer ${keys.gpt}` }, { model: "gpt-5", messages: [] });
    expect(chat.status).toBe(400);
    expect((await chat.json()).error.param).toBe("messages");
    const gemini = await post("/v1beta/models/gemini-2.5-flash:generateContent", { "x-goog-api-key": keys.gemini }, { contents: [] });
    expect(gemini.status).toBe(400);
    expect((await gemini.json()).error).toMatchObject({ status: "INVALID_ARGUMENT", message: expect.stringContaining("`contents`") });
    expect({ anthropic: env.mocks.anthropic.requests.length, openai: env.mocks.openai.requests.length, gemini: env.mocks.gemini.requests.length }).toEqual(before);
  });
});

describe("requests the contract allows are accepted", () => {
  it("a query value with a reserved character left unencoded (before_id=a+)", async () => {
    const response = await fetch(`${env.tollgate.url}/v1/models?before_id=a+&after_id=x:y`, { headers: { "x-api-key": keys.claude, "anthropic-version": "2023-06-01" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: [] });
  });
});

describe("undeclared methods on relay paths", () => {
  it.each([
    ["GET", "/v1/messages", "POST", (json: any) => expect(json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } })],
    ["DELETE", "/v1/chat/completions", "POST", (json: any) => expect(json.error).toMatchObject({ code: "method_not_allowed", type: "invalid_request_error" })],
    ["GET", "/v1/responses", "POST", (json: any) => expect(json.error.code).toBe("method_not_allowed")],
    ["PUT", "/v1beta/models/gemini-2.5-flash:generateContent", "POST", (json: any) => expect(json.error).toMatchObject({ code: 405 })],
    ["GET", "/v1/models/gemini-2.5-flash:streamGenerateContent", "POST", (json: any) => expect(json.error).toMatchObject({ code: 405 })],
    ["POST", "/v1/models", "GET, HEAD", (json: any) => expect(json.error.code).toBe("method_not_allowed")],
    ["DELETE", "/v1beta/models", "GET, HEAD", (json: any) => expect(json.error).toMatchObject({ code: 405 })],
  ])("%s %s is 405 with Allow: %s, in the interface's error shape", async (method, path, allow, shape) => {
    const response = await fetch(`${env.tollgate.url}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    shape(await response.json());
  });
});
