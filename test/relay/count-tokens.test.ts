// Token counts (count_tokens, input_tokens, countTokens) through the official SDKs: answered by the upstream that serves the model, or by
// Tollgate's estimate where that upstream cannot count; never billed, never rate limited.
import Anthropic from "@anthropic-ai/sdk";
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateRequestTokens } from "../../server/domain/estimate-tokens.ts";
import { unique } from "../helpers/fixtures.ts";
import { base64, png } from "../helpers/images.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { inputTokensOf } from "../mock-upstreams/server.ts";

let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

const request = {
  model: "claude-sonnet-4-6",
  system: "You are terse.",
  messages: [{ role: "user" as const, content: "How many tokens is this sentence, roughly?" }],
  tools: [{ name: "read_file", description: "Reads a file", input_schema: { type: "object" as const, properties: { path: { type: "string" } } } }],
};

async function keyWithRpm(identifier: string, rpm: number): Promise<string> {
  const { data, error } = await env.tenant.owner.POST("/api/keys", { body: { name: unique("count"), group_id: env.groups.get(identifier)!.id, rate_limits: { rpm } } });
  if (!data) throw new Error(JSON.stringify(error));
  return data.secret;
}

describe("POST /v1/messages/count_tokens", () => {
  it("is the upstream's count, through the Anthropic SDK, with the model mapped and Tollgate's key kept back", async () => {
    const key = await keyWithRpm("claude-smart", 1);
    const client = new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 });
    const balance = await env.balance();
    const before = env.mocks.anthropic.requests.length;
    // More counts than the key's 1 request a minute: counting is not rate limited.
    for (let i = 0; i < 3; i++) {
      const counted = await client.messages.countTokens(request);
      expect(counted.input_tokens).toBe(inputTokensOf(request));
    }
    const upstream = env.mocks.anthropic.requests.slice(before);
    expect(upstream.map((call) => call.path)).toEqual(Array(3).fill("/v1/messages/count_tokens"));
    expect(upstream[0].headers["x-api-key"]).toBe(upstreamKeys.anthropic);
    expect(JSON.stringify(upstream[0].headers)).not.toContain(key);
    expect(upstream[0].raw).toBe(JSON.stringify(request));
    // Never billed, and the key's one call a minute is still there for a message.
    expect(await env.balance()).toBe(balance);
    await client.messages.create({ ...request, max_tokens: 16 });
  });

  it("answers in the caller's format for a model the group does not offer", async () => {
    const key = await env.key("claude-smart");
    const answer = await fetch(`${env.tollgate.url}/v1/messages/count_tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ ...request, model: "gpt-4o-mini" }),
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ type: "error", error: { type: "not_found_error" } });
    const invalid = await fetch(`${env.tollgate.url}/v1/messages/count_tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", messages: [] }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toContain("messages");
  });

  it("is Tollgate's estimate, marked as such, where the serving upstream cannot count", async () => {
    // An Anthropic-compatible channel whose endpoint has no count_tokens (here: one that answers 404 to it).
    const group = env.groups.get("claude-flagship")!;
    const made = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("no-count"), kind: "anthropic", base_url: env.mocks.openai.url, credentials: [upstreamKeys.openai], group_ids: [group.id], priority: 10 },
    });
    expect(made.response.status).toBe(201);
    const key = await env.key("claude-flagship");
    let answer: Response | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      answer = await fetch(`${env.tollgate.url}/v1/messages/count_tokens`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
        body: JSON.stringify(request),
      });
      if (answer.headers.get("x-tollgate-token-count") === "estimate") break;
      await new Promise((resolve) => setTimeout(resolve, 100)); // the catalog picks the channel up within a second
    }
    expect(answer!.status).toBe(200);
    expect(answer!.headers.get("x-tollgate-token-count")).toBe("estimate");
    expect(await answer!.json()).toEqual({ input_tokens: estimateRequestTokens("messages", request) });
    await env.operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: made.data!.id } }, body: { enabled: false } });
  });

  it("estimates an image at Anthropic's rule for its size, read from the base64's header, not at a few tokens", async () => {
    const group = env.groups.get("claude-premium")!;
    const made = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("no-count-image"), kind: "anthropic", base_url: env.mocks.openai.url, credentials: [upstreamKeys.openai], group_ids: [group.id], priority: 10 },
    });
    expect(made.response.status).toBe(201);
    const client = new Anthropic({ apiKey: await env.key("claude-premium"), baseURL: env.tollgate.url, maxRetries: 0 });
    // A 1000 × 750 screenshot: kept as sent, 750,000 / 750 = 1,000 tokens; its 300 KB of base64 are no text.
    const screenshot = { type: "base64" as const, media_type: "image/png" as const, data: base64(png(1000, 750, 225_000)) };
    const counted = { model: "claude-sonnet-4-6", messages: [{ role: "user" as const, content: [{ type: "image" as const, source: screenshot }, { type: "text" as const, text: "What does this show?" }] }] };
    const textOnly = { model: "claude-sonnet-4-6", messages: [{ role: "user" as const, content: [{ type: "text" as const, text: "What does this show?" }] }] };
    let answer: { data: Anthropic.MessageTokensCount; response: Response } | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      answer = await client.messages.countTokens(counted).withResponse();
      if (answer.response.headers.get("x-tollgate-token-count") === "estimate") break;
      await new Promise((resolve) => setTimeout(resolve, 100)); // the catalog picks the channel up within a second
    }
    expect(answer!.response.headers.get("x-tollgate-token-count")).toBe("estimate");
    const image = answer!.data.input_tokens - estimateRequestTokens("messages", textOnly);
    expect(image).toBeGreaterThanOrEqual(1000);
    expect(image).toBeLessThan(1030); // the block's own keys ("source", "media_type", …) are a few tokens
    await env.operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: made.data!.id } }, body: { enabled: false } });
  });
});

describe("POST /v1/responses/input_tokens", () => {
  const counted = {
    model: "gpt-4o-mini",
    instructions: "You are terse.",
    input: [{ role: "user" as const, content: "How many tokens is this sentence, roughly?" }],
    tools: [{ type: "function" as const, name: "read_file", description: "Reads a file", parameters: { type: "object", properties: { path: { type: "string" } } }, strict: false }],
  };

  it("is the upstream's count, through the OpenAI SDK, the client's bytes forwarded, never billed or rate limited", async () => {
    const key = await keyWithRpm("gpt-trial", 1);
    const client = new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const balance = await env.balance();
    const before = env.mocks.openai.requests.length;
    for (let i = 0; i < 3; i++) {
      const answer = await client.responses.inputTokens.count(counted).withResponse();
      expect(answer.data).toEqual({ object: "response.input_tokens", input_tokens: inputTokensOf(counted) });
      expect(answer.response.headers.get("x-tollgate-token-count")).toBeNull();
    }
    const upstream = env.mocks.openai.requests.slice(before);
    expect(upstream.map((call) => call.path)).toEqual(Array(3).fill("/v1/responses/input_tokens"));
    expect(upstream[0].headers.authorization).toBe(`Bearer ${upstreamKeys.openai}`);
    expect(upstream[0].raw).toBe(JSON.stringify(counted));
    expect(await env.balance()).toBe(balance);
    await client.responses.create({ model: "gpt-4o-mini", input: "one call" });
  });

  it("passes the upstream's refusal of the request on; a count without a model is refused naming it", async () => {
    const client = new OpenAI({ apiKey: await env.key("gpt-trial"), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    await expect(client.responses.inputTokens.count({ ...counted, max_output_tokens: 10 } as never)).rejects.toMatchObject({ status: 400, error: { message: "Unknown parameter: 'max_output_tokens'." } });
    await expect(client.responses.inputTokens.count({ input: "no model" })).rejects.toMatchObject({ status: 400, error: { message: expect.stringContaining("model") } });
  });

  it("is Tollgate's estimate, marked as such, where the upstream cannot count now; an image is its size's tokens, not its base64", async () => {
    const client = new OpenAI({ apiKey: await env.key("gpt-trial"), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    env.mocks.openai.next("error-429");
    const answer = await client.responses.inputTokens.count(counted).withResponse();
    expect(answer.response.headers.get("x-tollgate-token-count")).toBe("estimate");
    expect(answer.data).toEqual({ object: "response.input_tokens", input_tokens: estimateRequestTokens("responses", counted) });
    // A 1000 × 750 screenshot at detail high: 2 × 2 tiles of 512 at 768 px short side, 4 × 170 + 85 = 765 tokens.
    const image = { type: "input_image" as const, detail: "high" as const, image_url: `data:image/png;base64,${base64(png(1000, 750, 225_000))}` };
    const withImage = { ...counted, input: [{ role: "user" as const, content: [image, { type: "input_text" as const, text: "What does this show?" }] }] };
    const textOnly = { ...counted, input: [{ role: "user" as const, content: [{ type: "input_text" as const, text: "What does this show?" }] }] };
    env.mocks.openai.next("error-429");
    const estimated = await client.responses.inputTokens.count(withImage);
    const imageTokens = estimated.input_tokens - estimateRequestTokens("responses", textOnly);
    expect(imageTokens).toBeGreaterThanOrEqual(765);
    expect(imageTokens).toBeLessThan(790); // the part's own keys ("detail", "high", …) are a few tokens
  });
});

describe("POST /v1beta/models/{model}:countTokens", () => {
  it("is the upstream's count, through google-genai, and never billed", async () => {
    const key = await env.key("gemini-official");
    const ai = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: env.tollgate.url } });
    const balance = await env.balance();
    const contents = [{ role: "user", parts: [{ text: "Count the tokens of this, please." }] }];
    const counted = await ai.models.countTokens({ model: "gemini-2.5-flash", contents });
    expect(counted.totalTokens).toBe(inputTokensOf({ contents }));
    expect(env.mocks.gemini.requests.at(-1)!.path).toMatch(/\/models\/gemini-2\.5-flash:countTokens$/);
    expect(await env.balance()).toBe(balance);
    // A GET on the method path is that path's 405, not a lookup of a model named "…:countTokens".
    const get = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:countTokens`, { headers: { "x-goog-api-key": key } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("names the upstream's model inside a whole generateContentRequest too, as in the path", async () => {
    const key = await env.key("gemini-official");
    const contents = [{ role: "user", parts: [{ text: "Count these." }] }];
    const answer = await fetch(`${env.tollgate.url}/v1beta/models/gemini-official/gemini-2.5-flash:countTokens`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": key },
      body: JSON.stringify({ generateContentRequest: { model: "models/gemini-official/gemini-2.5-flash", contents } }),
    });
    expect(answer.status).toBe(200);
    const sent = env.mocks.gemini.requests.at(-1)!;
    expect(sent.path).toMatch(/\/models\/gemini-2\.5-flash:countTokens$/);
    expect(sent.body.generateContentRequest).toEqual({ model: "models/gemini-2.5-flash", contents });
  });
});
