// Proves the cloud fronts check what the clouds check and answer as they answer: the official
// clients (@anthropic-ai/bedrock-sdk, @anthropic-ai/vertex-sdk, openai's AzureOpenAI), pointed
// straight at them, are served; a wrong secret, a body changed after signing, an expired token or
// a missing api-version is refused as the cloud refuses it.
import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";
import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";
import { Hash } from "@smithy/hash-node";
import { SignatureV4 } from "@smithy/signature-v4";
import { importPKCS8, SignJWT } from "jose";
import { AzureOpenAI } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANTHROPIC_OUTPUT_TOKENS, ANTHROPIC_REPLY } from "./anthropic.ts";
import { decodeEventStream } from "./clouds/aws.ts";
import { BEDROCK_ANTHROPIC_VERSION, startBedrockMock } from "./clouds/bedrock.ts";
import { AZURE_API_VERSIONS, type AzureOpenAIMock, startAzureOpenAIMock } from "./clouds/azure-openai.ts";
import type { FrontMock } from "./clouds/front.ts";
import { startVertexMock, VERTEX_ANTHROPIC_VERSION, type VertexMock } from "./clouds/vertex.ts";
import { GEMINI_REPLY } from "./gemini.ts";
import { OPENAI_REPLY } from "./openai.ts";
import { expectedInputTokens } from "./server.ts";

const PROMPT = "Say hello to the mock, please.";
const REGION = "us-west-2";
const KEY = { id: "AKIAMOCKEXAMPLE00001", secret: "mock/secret+key/0000000000000000000000" };
const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";

describe("Bedrock front", () => {
  let mock: FrontMock;
  let bedrock: AnthropicBedrock;
  beforeAll(async () => {
    mock = await startBedrockMock({ region: REGION, keys: { [KEY.id]: { secretAccessKey: KEY.secret } }, apiKeys: ["ABSKbedrock-api-key"] });
    // The SDK writes its Messages API version into the body; Bedrock takes only its own.
    bedrock = new AnthropicBedrock({ awsAccessKey: KEY.id, awsSecretKey: KEY.secret, awsRegion: REGION, baseURL: mock.url, maxRetries: 0, defaultHeaders: { "anthropic-version": BEDROCK_ANTHROPIC_VERSION } });
  });
  afterAll(() => mock.close());
  const params = { model: MODEL, max_tokens: 64, messages: [{ role: "user" as const, content: PROMPT }] };

  it("serves the SDK's signed InvokeModel, the model in the path and Bedrock's version in the body", async () => {
    const message = await bedrock.messages.create(params);
    expect(message.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    expect(message.usage).toMatchObject({ input_tokens: expectedInputTokens(PROMPT), output_tokens: ANTHROPIC_OUTPUT_TOKENS });
    const seen = mock.requests.at(-1)!;
    expect(seen.path).toBe(`/model/${MODEL}/invoke`);
    expect(seen.body).toEqual({ max_tokens: 64, messages: params.messages, anthropic_version: BEDROCK_ANTHROPIC_VERSION });
    expect(seen.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEY.id}/\\d{8}/${REGION}/bedrock/aws4_request, SignedHeaders=`));
    expect(mock.inner.requests.at(-1)!.body.model).toBe("claude-sonnet-4-5-20250929");
  });

  it("streams as AWS event-stream messages that the SDK decodes, with Bedrock's metrics on the last event", async () => {
    const stream = bedrock.messages.stream(params);
    const text: string[] = [];
    stream.on("text", (delta) => text.push(delta));
    const final = await stream.finalMessage();
    expect(text.join("")).toBe(ANTHROPIC_REPLY);
    expect(final.usage.output_tokens).toBe(ANTHROPIC_OUTPUT_TOKENS);
    expect(mock.requests.at(-1)!.path).toBe(`/model/${MODEL}/invoke-with-response-stream`);
  });

  it("answers the beta header as the body's anthropic_beta", async () => {
    await bedrock.messages.create({ ...params }, { headers: { "anthropic-beta": "interleaved-thinking-2025-05-14" } });
    expect(mock.requests.at(-1)!.body.anthropic_beta).toEqual(["interleaved-thinking-2025-05-14"]);
    expect(mock.inner.requests.at(-1)!.headers["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
  });

  it("refuses a beta flag Bedrock does not take", async () => {
    await expect(bedrock.messages.create(params, { headers: { "anthropic-beta": "claude-code-20250219" } })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("invalid beta flag") });
  });

  it("refuses a wrong secret, another region's scope and an unknown key as AWS does (403)", async () => {
    const wrongSecret = new AnthropicBedrock({ awsAccessKey: KEY.id, awsSecretKey: "not-the-secret", awsRegion: REGION, baseURL: mock.url, maxRetries: 0, defaultHeaders: { "anthropic-version": BEDROCK_ANTHROPIC_VERSION } });
    await expect(wrongSecret.messages.create(params)).rejects.toMatchObject({ status: 403, message: expect.stringContaining("signature we calculated does not match") });
    const otherRegion = new AnthropicBedrock({ awsAccessKey: KEY.id, awsSecretKey: KEY.secret, awsRegion: "eu-west-1", baseURL: mock.url, maxRetries: 0, defaultHeaders: { "anthropic-version": BEDROCK_ANTHROPIC_VERSION } });
    await expect(otherRegion.messages.create({ ...params, model: "anthropic.claude-sonnet-4-5-20250929-v1:0" })).rejects.toMatchObject({ status: 403, message: expect.stringContaining("scoped to a valid region") });
    const unknown = new AnthropicBedrock({ awsAccessKey: "AKIAUNKNOWN000000000", awsSecretKey: KEY.secret, awsRegion: REGION, baseURL: mock.url, maxRetries: 0, defaultHeaders: { "anthropic-version": BEDROCK_ANTHROPIC_VERSION } });
    await expect(unknown.messages.create(params)).rejects.toMatchObject({ status: 403, message: expect.stringContaining("security token included in the request is invalid") });
  });

  it("refuses a body changed after it was signed", async () => {
    const url = `${mock.url}/model/${encodeURIComponent(MODEL).replace(/%3A/g, ":")}/invoke`;
    const signed = { max_tokens: 64, messages: params.messages, anthropic_version: BEDROCK_ANTHROPIC_VERSION };
    const headers = await sign(url, JSON.stringify(signed));
    const tampered = await fetch(url, { method: "POST", headers, body: JSON.stringify({ ...signed, max_tokens: 4096 }) });
    expect(tampered.status).toBe(403);
    expect(tampered.headers.get("x-amzn-errortype")).toMatch(/^InvalidSignatureException:/);
    const untouched = await fetch(url, { method: "POST", headers, body: JSON.stringify(signed) });
    expect(untouched.status).toBe(200);
  });

  it("takes a Bedrock API key as a bearer token", async () => {
    const keyed = new AnthropicBedrock({ apiKey: "ABSKbedrock-api-key", awsRegion: REGION, baseURL: mock.url, maxRetries: 0, defaultHeaders: { "anthropic-version": BEDROCK_ANTHROPIC_VERSION } });
    expect((await keyed.messages.create(params)).content[0]).toMatchObject({ text: ANTHROPIC_REPLY });
  });

  it("refuses what Bedrock refuses in the body: another anthropic_version, a model or stream member, a model it does not serve", async () => {
    const sdkVersion = new AnthropicBedrock({ awsAccessKey: KEY.id, awsSecretKey: KEY.secret, awsRegion: REGION, baseURL: mock.url, maxRetries: 0 });
    await expect(sdkVersion.messages.create(params)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Invalid API version") });
    const url = `${mock.url}/model/${MODEL}/invoke`;
    for (const member of ["model", "stream"]) {
      const body = JSON.stringify({ [member]: member === "model" ? MODEL : false, max_tokens: 8, messages: params.messages, anthropic_version: BEDROCK_ANTHROPIC_VERSION });
      const answer = await fetch(url, { method: "POST", headers: await sign(url, body), body });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: `Malformed input request: #: extraneous key [${member}] is not permitted, please reformat your input and try again.` });
    }
    await expect(bedrock.messages.create({ ...params, model: "eu.anthropic.claude-sonnet-4-5-20250929-v1:0" })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("model identifier is invalid") });
    // The Anthropic mock behind holds the body to Anthropic's own rules: a ValidationException.
    const sonnet46 = `${mock.url}/model/anthropic.claude-sonnet-4-6/invoke`;
    const tooLong = JSON.stringify({ max_tokens: 64_001, messages: params.messages, anthropic_version: BEDROCK_ANTHROPIC_VERSION });
    const refused = await fetch(sonnet46, { method: "POST", headers: await sign(sonnet46, tooLong), body: tooLong });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/);
    expect((await refused.json()).message).toContain("max_tokens: 64001 > 64000");
  });

  it("throttles with a ThrottlingException and cuts a stream with an exception frame", async () => {
    mock.next("throttling");
    await expect(bedrock.messages.create(params)).rejects.toMatchObject({ status: 429 });
    mock.next("stream-exception");
    const url = `${mock.url}/model/${MODEL}/invoke-with-response-stream`;
    const body = JSON.stringify({ max_tokens: 64, messages: params.messages, anthropic_version: BEDROCK_ANTHROPIC_VERSION });
    const answer = await fetch(url, { method: "POST", headers: await sign(url, body), body });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
    const { events, exception } = decodeEventStream(Buffer.from(await answer.arrayBuffer()));
    expect(events.map((event) => JSON.parse(event).type)).toEqual(["message_start", "content_block_start", "ping", "content_block_delta"]);
    expect(exception).toEqual({ type: "modelStreamErrorException", message: expect.any(String) });
  });

  it("counts tokens of an InvokeModel body (CountTokens)", async () => {
    const url = `${mock.url}/model/anthropic.claude-sonnet-4-5-20250929-v1:0/count-tokens`;
    const invoke = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, max_tokens: 1, messages: params.messages };
    const body = JSON.stringify({ input: { invokeModel: { body: Buffer.from(JSON.stringify(invoke)).toString("base64") } } });
    const answer = await fetch(url, { method: "POST", headers: await sign(url, body), body });
    expect(await answer.json()).toEqual({ inputTokens: expectedInputTokens(PROMPT) });
  });

  async function sign(url: string, body: string): Promise<Record<string, string>> {
    const target = new URL(url);
    const signer = new SignatureV4({ service: "bedrock", region: REGION, credentials: { accessKeyId: KEY.id, secretAccessKey: KEY.secret }, sha256: Hash.bind(null, "sha256") });
    const signed = await signer.sign({ method: "POST", protocol: "http:", hostname: target.hostname, port: Number(target.port), path: target.pathname, headers: { host: target.host, "content-type": "application/json" }, body });
    return signed.headers;
  }
});

describe("Vertex AI front", () => {
  const project = "tollgate-mock-project";
  let mock: VertexMock;
  beforeAll(async () => {
    mock = await startVertexMock({ project });
  });
  afterAll(() => mock.close());

  /** A service account's JWT-bearer grant, as Google's client libraries make it. */
  async function tokenFor(keyJson: string, tweak: { expiresIn?: number; scope?: string; otherKey?: string } = {}): Promise<Response> {
    const account = JSON.parse(keyJson);
    const key = await importPKCS8(tweak.otherKey ? JSON.parse(tweak.otherKey).private_key : account.private_key, "RS256");
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: tweak.scope ?? "https://www.googleapis.com/auth/cloud-platform" })
      .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: account.private_key_id })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(now - 3700 * (tweak.expiresIn !== undefined && tweak.expiresIn < 0 ? 1 : 0))
      .setExpirationTime(now + (tweak.expiresIn ?? 3600))
      .sign(key);
    return fetch(account.token_uri, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }) });
  }

  /** The SDK asks an auth client for its headers; this one holds a token from the mock's endpoint (Google's libraries trade at Google's own URL). */
  const holding = (token: string) => ({ getRequestHeaders: async () => new Headers({ authorization: `Bearer ${token}` }) }) as never;
  const vertexClient = (accessToken: string, region = "us-east5", projectId = project) => new AnthropicVertex({ authClient: holding(accessToken), projectId, region, baseURL: `${mock.url}/v1`, maxRetries: 0 });

  it("trades a service account's signed JWT for a token, and refuses a JWT signed by another key, expired, or without the scope", async () => {
    const key = mock.serviceAccountKey();
    const granted = await tokenFor(key);
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ access_token: expect.stringMatching(/^ya29\./), token_type: "Bearer", expires_in: expect.any(Number) });
    expect(await (await tokenFor(key, { otherKey: mock.serviceAccountKey("other") })).json()).toEqual({ error: "invalid_grant", error_description: "Invalid JWT Signature." });
    expect((await (await tokenFor(key, { expiresIn: -60 })).json()).error).toBe("invalid_grant");
    expect((await (await tokenFor(key, { scope: "https://www.googleapis.com/auth/userinfo.email" })).json()).error).toBe("invalid_scope");
  });

  it("serves Claude to the Vertex SDK through rawPredict and streamRawPredict, Vertex's version in the body", async () => {
    const { access_token } = await (await tokenFor(mock.serviceAccountKey())).json();
    const client = vertexClient(access_token);
    const params = { model: "claude-sonnet-4-5@20250929", max_tokens: 64, messages: [{ role: "user" as const, content: PROMPT }] };
    // The SDK copies its Messages API version into the body; Vertex takes only its own.
    const versioned = { headers: { "anthropic-version": VERTEX_ANTHROPIC_VERSION } };
    const message = await client.messages.create(params, versioned);
    expect(message.content).toMatchObject([{ type: "text", text: ANTHROPIC_REPLY }]);
    const seen = mock.requests.at(-1)!;
    expect(seen.path).toBe(`/v1/projects/${project}/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict`);
    expect(seen.body).toEqual({ max_tokens: 64, messages: params.messages, anthropic_version: VERTEX_ANTHROPIC_VERSION });
    const streamed = await client.messages.stream(params, versioned).finalText();
    expect(streamed).toBe(ANTHROPIC_REPLY);
    expect(mock.requests.at(-1)!.path).toMatch(/:streamRawPredict$/);
    await expect(client.messages.create(params)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("anthropic_version") });
  });

  it("refuses a beta flag Vertex does not take, naming it", async () => {
    const { access_token } = await (await tokenFor(mock.serviceAccountKey())).json();
    const params = { model: "claude-sonnet-4-5@20250929", max_tokens: 64, messages: [{ role: "user" as const, content: PROMPT }] };
    const headers = { "anthropic-version": VERTEX_ANTHROPIC_VERSION, "anthropic-beta": "interleaved-thinking-2025-05-14,oauth-2025-04-20" };
    await expect(vertexClient(access_token).messages.create(params, { headers })).rejects.toMatchObject({ status: 400, message: expect.stringContaining("Unexpected value(s) `oauth-2025-04-20`") });
  });

  it("answers 401 UNAUTHENTICATED to an expired token, 403 to another project, 429 RESOURCE_EXHAUSTED on quota", async () => {
    const { access_token } = await (await tokenFor(mock.serviceAccountKey())).json();
    const params = { model: "claude-haiku-4-5@20251001", max_tokens: 64, messages: [{ role: "user" as const, content: PROMPT }] };
    const versioned = { headers: { "anthropic-version": VERTEX_ANTHROPIC_VERSION } };
    mock.next("quota-429");
    await expect(vertexClient(access_token).messages.create(params, versioned)).rejects.toMatchObject({ status: 429 });
    const otherProject = vertexClient(access_token, "global", "someone-else");
    await expect(otherProject.messages.create(params, versioned)).rejects.toMatchObject({ status: 403 });
    mock.expireTokens();
    await expect(vertexClient(access_token).messages.create(params, versioned)).rejects.toMatchObject({ status: 401, message: expect.stringContaining("UNAUTHENTICATED") });
  });

  it("serves Gemini through Vertex's generateContent and its SSE stream", async () => {
    const { access_token } = await (await tokenFor(mock.serviceAccountKey())).json();
    const base = `${mock.url}/v1/projects/${project}/locations/global/publishers/google/models/gemini-2.5-flash`;
    const headers = { authorization: `Bearer ${access_token}`, "content-type": "application/json" };
    const body = JSON.stringify({ contents: [{ role: "user", parts: [{ text: PROMPT }] }] });
    const answer = await (await fetch(`${base}:generateContent`, { method: "POST", headers, body })).json();
    expect(answer.candidates[0].content.parts.map((part: any) => part.text).join("")).toBe(GEMINI_REPLY);
    const stream = await fetch(`${base}:streamGenerateContent?alt=sse`, { method: "POST", headers, body });
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(await stream.text()).toContain("data: ");
  });
});

describe("Azure OpenAI front", () => {
  const apiKey = "azure-resource-key-0001";
  const app = { tenantId: "00000000-0000-4000-8000-0000000000aa", clientId: "11111111-0000-4000-8000-0000000000bb", clientSecret: "entra~secret" };
  let mock: AzureOpenAIMock;
  beforeAll(async () => {
    mock = await startAzureOpenAIMock({ apiKey, deployments: { "gpt4o-prod": "gpt-4o" }, apps: [app] });
  });
  afterAll(() => mock.close());
  const apiVersion = AZURE_API_VERSIONS[0];
  const messages = [{ role: "user" as const, content: PROMPT }];

  it("serves AzureOpenAI's deployments path with the api-key and api-version, with Azure's filter annotations", async () => {
    const client = new AzureOpenAI({ endpoint: mock.url, apiKey, apiVersion, deployment: "gpt4o-prod", maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "gpt4o-prod", messages });
    expect(completion.choices[0].message.content).toBe(OPENAI_REPLY);
    expect((completion as any).prompt_filter_results[0].content_filter_results.violence).toEqual({ filtered: false, severity: "safe" });
    const seen = mock.requests.at(-1)!;
    expect(seen.path).toBe("/openai/deployments/gpt4o-prod/chat/completions");
    expect(seen.query["api-version"]).toBe(apiVersion);
    expect(seen.headers["api-key"]).toBe(apiKey);
    expect(mock.inner.requests.at(-1)!.body.model).toBe("gpt-4o");
    const text: string[] = [];
    for await (const chunk of await client.chat.completions.create({ model: "gpt4o-prod", messages, stream: true })) text.push(chunk.choices[0]?.delta?.content ?? "");
    expect(text.join("")).toBe(OPENAI_REPLY);
  });

  it("answers 404 without an api-version and 400 to one it does not serve", async () => {
    const url = `${mock.url}/openai/deployments/gpt4o-prod/chat/completions`;
    const init = { method: "POST", headers: { "api-key": apiKey, "content-type": "application/json" }, body: JSON.stringify({ messages }) };
    const missing = await fetch(url, init);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "404", message: "Resource not found" } });
    expect((await fetch(`${url}?api-version=2019-01-01`, init)).status).toBe(400);
  });

  it("serves the v1 API (deployment as model) and Responses to an Entra ID token from client credentials", async () => {
    const tokenAnswer = await fetch(`${mock.url}/${app.tenantId}/oauth2/v2.0/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: app.clientId, client_secret: app.clientSecret, scope: "https://cognitiveservices.azure.com/.default" }),
    });
    const { access_token } = await tokenAnswer.json();
    const client = new AzureOpenAI({ endpoint: mock.url, azureADTokenProvider: async () => access_token, apiVersion, maxRetries: 0 });
    const v1 = new AzureOpenAI({ baseURL: `${mock.url}/openai/v1`, azureADTokenProvider: async () => access_token, apiVersion: "preview", maxRetries: 0 });
    expect((await client.chat.completions.create({ model: "gpt4o-prod", messages })).choices[0].message.content).toBe(OPENAI_REPLY);
    const response = await v1.responses.create({ model: "gpt4o-prod", input: PROMPT });
    expect(response.output_text).toBe(OPENAI_REPLY);
    expect(mock.requests.at(-1)!.path).toBe("/openai/v1/responses");
    const wrongSecret = await fetch(`${mock.url}/${app.tenantId}/oauth2/v2.0/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: app.clientId, client_secret: "nope", scope: "https://cognitiveservices.azure.com/.default" }),
    });
    expect(wrongSecret.status).toBe(401);
    expect((await wrongSecret.json()).error_description).toMatch(/^AADSTS7000215/);
    mock.expireTokens();
    await expect(client.chat.completions.create({ model: "gpt4o-prod", messages })).rejects.toMatchObject({ status: 401 });
  });

  it("refuses a filtered prompt with code content_filter and the categories, and cuts a completion with finish_reason content_filter", async () => {
    const client = new AzureOpenAI({ endpoint: mock.url, apiKey, apiVersion, deployment: "gpt4o-prod", maxRetries: 0 });
    mock.next("content-filter");
    await expect(client.chat.completions.create({ model: "gpt4o-prod", messages })).rejects.toMatchObject({ status: 400, code: "content_filter" });
    mock.next("content-filter-completion");
    expect((await client.chat.completions.create({ model: "gpt4o-prod", messages })).choices[0].finish_reason).toBe("content_filter");
    const unknown = new AzureOpenAI({ endpoint: mock.url, apiKey, apiVersion, deployment: "no-such-deployment", maxRetries: 0 });
    await expect(unknown.chat.completions.create({ model: "no-such-deployment", messages })).rejects.toMatchObject({ status: 404 });
  });
});
