// What an upstream refuses: refused credentials are the channel's fault (another channel is tried, in
// every family's spelling of it); a refusal of the request reaches the client in its interface's
// error shape, never as a proxy's HTML page with its internal addresses; and a stream that says
// nothing, or begins with an error, is a failed attempt while nothing has reached the client.
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";

let env: RelayEnv;
/** What the scripted upstream answers to its next request. */
let answer: (res: ServerResponse) => void = (res) => res.writeHead(500).end();
let scripted: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_CIRCUIT_MIN_CALLS: "1000" } });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => req.resume().on("end", () => answer(res)));
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  scripted = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}, 60_000);

afterAll(async () => {
  await scripted?.close();
  await env?.stop();
});

/** A group of one model served by `channels` (highest priority first), and a key bound to it. */
async function groupWith(family: "B" | "C" | "compatible", model: string, channels: { kind: "gemini" | "openai"; url: string; key: string; priority: number }[]): Promise<string> {
  const identifier = unique("refusals").toLowerCase();
  const group = await env.operator.POST("/api/admin/groups", {
    body: { name: identifier, identifier, family, multiplier_milli: 1000, visibility: "public", models: [{ model_id: model, prices: { input: 1, output: 1 } }] },
  });
  if (group.error) throw new Error(JSON.stringify(group.error));
  for (const [i, channel] of channels.entries()) {
    const created = await env.operator.POST("/api/admin/channels", {
      body: { name: `${identifier}-${i}`, kind: channel.kind, base_url: channel.url, credentials: [channel.key], group_ids: [group.data!.id], priority: channel.priority },
    });
    if (created.error) throw new Error(JSON.stringify(created.error));
  }
  const key = await createKey(env.tenant.owner, group.data!.id);
  await new Promise((settle) => setTimeout(settle, 500)); // the catalog reloads
  return key;
}

/** A Gemini group whose first channel is `first` and the mock's good one behind it: a generateContent, then a countTokens. */
async function pastFirstGeminiChannel(first: { url: string; key: string }) {
  const key = await groupWith("C", "gemini-2.5-flash", [
    { kind: "gemini", ...first, priority: 10 },
    { kind: "gemini", url: env.mocks.gemini.url, key: upstreamKeys.gemini, priority: 0 },
  ]);
  const headers = { "content-type": "application/json", "x-goog-api-key": key };
  const body = JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] });
  const generated = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:generateContent`, { method: "POST", headers, body });
  // count_tokens tries one channel: a channel at fault makes it estimate, not refuse the client's request.
  const counted = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:countTokens`, { method: "POST", headers, body });
  return { generated, counted };
}

describe("refused credentials are the channel's fault", () => {
  it("Gemini's 400 API_KEY_INVALID fails over to the next channel, for generateContent and countTokens", async () => {
    const { generated, counted } = await pastFirstGeminiChannel({ url: env.mocks.gemini.url, key: "not-the-key" });
    expect(generated.status).toBe(200);
    expect((await generated.json()).candidates).toHaveLength(1);
    expect(counted.status).toBe(200);
    expect(await counted.json()).toHaveProperty("totalTokens");
  });
});

describe("a channel that cannot serve at all is the channel's fault", () => {
  it("Gemini's 400 FAILED_PRECONDITION (the channel's region or billing) fails over to the next channel, as inside a stream it already did", async () => {
    answer = (res) =>
      res
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { code: 400, message: "User location is not supported for the API use.", status: "FAILED_PRECONDITION" } }));
    const { generated, counted } = await pastFirstGeminiChannel({ url: scripted.url, key: "scripted" });
    expect(generated.status).toBe(200);
    expect((await generated.json()).candidates).toHaveLength(1);
    expect(counted.status).toBe(200);
    expect(counted.headers.get("x-tollgate-token-count")).toBe("estimate");
  });
});

describe("a file the request names that is not ready yet is the request's fault", () => {
  it("Gemini's 400 FAILED_PRECONDITION of a File API file not ACTIVE reaches the caller as Gemini said it; no other channel is tried", async () => {
    const error = { code: 400, message: "The File r1153mb4nz53 is not in an ACTIVE state and usage is not allowed.", status: "FAILED_PRECONDITION" };
    answer = (res) => res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error }));
    const before = env.mocks.gemini.requests.length;
    const { generated, counted } = await pastFirstGeminiChannel({ url: scripted.url, key: "scripted" });
    expect(generated.status).toBe(400);
    expect(await generated.json()).toEqual({ error });
    expect(counted.status).toBe(400);
    expect(await counted.json()).toEqual({ error });
    expect(env.mocks.gemini.requests.slice(before)).toEqual([]);
  });
});

describe("a call the upstream gave up is the channel's fault", () => {
  it("Gemini's 409 ABORTED and 499 CANCELLED to a countTokens make it estimate, not refuse the client's request", async () => {
    const key = await groupWith("C", "gemini-2.5-flash", [{ kind: "gemini", url: scripted.url, key: "scripted", priority: 0 }]);
    const headers = { "content-type": "application/json", "x-goog-api-key": key };
    const body = JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] });
    for (const error of [
      { code: 409, message: "The operation was aborted.", status: "ABORTED" },
      { code: 499, message: "The operation was cancelled.", status: "CANCELLED" },
    ]) {
      answer = (res) => res.writeHead(error.code, { "content-type": "application/json" }).end(JSON.stringify({ error }));
      const counted = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:countTokens`, { method: "POST", headers, body });
      expect({ status: counted.status, estimate: counted.headers.get("x-tollgate-token-count") }).toEqual({ status: 200, estimate: "estimate" });
      expect(await counted.json()).toHaveProperty("totalTokens");
    }
  });
});

describe("an upstream's wait", () => {
  it("given as an HTTP date in Retry-After (RFC 9110), reaches the caller in seconds", async () => {
    const key = await groupWith("compatible", "date-wait-model", [{ kind: "openai", url: scripted.url, key: "sk-scripted", priority: 0 }]);
    const until = new Date(Date.now() + 90_000).toUTCString();
    answer = (res) => res.writeHead(429, { "content-type": "application/json", "retry-after": until }).end(JSON.stringify({ error: { message: "Rate limit reached.", type: "requests" } }));
    const response = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ model: "date-wait-model", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(429);
    // Whole seconds from now to the date (less what the call took; the date itself has whole seconds).
    const seconds = Number(response.headers.get("retry-after"));
    expect(seconds).toBeGreaterThanOrEqual(85);
    expect(seconds).toBeLessThanOrEqual(90);
  });
});

describe("a refusal of the request reaches the client in its interface's error shape", () => {
  let client: OpenAI;
  beforeAll(async () => {
    const key = await groupWith("compatible", "refusal-model", [{ kind: "openai", url: scripted.url, key: "sk-scripted", priority: 0 }]);
    client = new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
  });
  const refusal = async () => {
    const error = await client.chat.completions.create({ model: "refusal-model", messages: [{ role: "user", content: "hi" }] }).catch((caught) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    return error as InstanceType<typeof OpenAI.BadRequestError>;
  };

  it("a proxy's HTML page becomes an OpenAI error that says the upstream refused, without the page", async () => {
    answer = (res) => res.writeHead(400, { "content-type": "text/html" }).end("<html><body>400 Bad Request — nginx upstream 10.0.0.5:8080</body></html>");
    const error = await refusal();
    expect(error.message).toMatch(/upstream refused the request \(HTTP 400\)/);
    expect(JSON.stringify(error.error)).not.toMatch(/10\.0\.0\.5|nginx|<html/);
  });

  it("a vendor's own shape (DashScope's code and message) becomes an OpenAI error carrying its message", async () => {
    answer = (res) => res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ code: "InvalidParameter", message: "Range of input length should be [1, 30720]", request_id: "9b0e" }));
    const error = await refusal();
    expect(error.error).toMatchObject({ message: "Range of input length should be [1, 30720]", type: "invalid_request_error" });
  });

  it("an error already in OpenAI's shape goes as the upstream wrote it, its param and code kept", async () => {
    const written = { error: { message: "Invalid value for 'temperature'.", type: "invalid_request_error", param: "temperature", code: "invalid_value" } };
    answer = (res) => res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify(written));
    const error = await refusal();
    expect(error.error).toEqual(written.error);
    expect(error.param).toBe("temperature");
  });
});

describe("a stream that says nothing, or begins with an error, fails over while nothing reached the client", () => {
  let client: OpenAI;
  beforeAll(async () => {
    const key = await groupWith("compatible", "gpt-4.1", [
      { kind: "openai", url: scripted.url, key: "sk-scripted", priority: 10 },
      { kind: "openai", url: `${env.mocks.openai.url}/v1`, key: upstreamKeys.openai, priority: 0 },
    ]);
    client = new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
  });
  const streamedText = async () => {
    let text = "";
    for await (const chunk of await client.chat.completions.create({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: "hi" }] })) text += chunk.choices[0]?.delta.content ?? "";
    return text;
  };
  const sse = (body: string) => (res: ServerResponse) => res.writeHead(200, { "content-type": "text/event-stream" }).end(body);

  it.each([
    ["only a keep-alive comment", sse(": keep-alive\n\n")],
    ["a JSON error body instead of a stream", (res: ServerResponse) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "model overloaded" } }))],
    ["an error chunk first", sse(`: keep-alive\n\ndata: ${JSON.stringify({ error: { message: "model overloaded", type: "server_error" } })}\n\n`)],
  ])("%s: the next channel answers", async (_what, scriptedAnswer) => {
    answer = scriptedAnswer;
    const text = await streamedText();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/overloaded/);
  });

  it("a Responses call asked without a stream, refused by an error event with no final response, hears the refusal", async () => {
    const key = await groupWith("B", "gpt-refusing", [{ kind: "openai", url: scripted.url, key: "sk-scripted", priority: 0 }]);
    answer = sse(`event: error\ndata: ${JSON.stringify({ type: "error", code: "invalid_prompt", message: "Invalid prompt: flagged.", sequence_number: 0 })}\n\n`);
    const responses = new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 }).responses;
    const error = await responses.create({ model: "gpt-refusing", input: "hi" }).catch((caught) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toMatch(/Invalid prompt: flagged/);
  });

  it("an error that refuses the request itself reaches the client: another channel would refuse it too", async () => {
    answer = sse(`data: ${JSON.stringify({ error: { message: "This model's maximum context length is 8192 tokens.", type: "invalid_request_error" } })}\n\n`);
    await expect(streamedText()).rejects.toThrow(/maximum context length/);
  });
});
