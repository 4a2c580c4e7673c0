// Exact quota: costs scale with the group multiplier, concurrent calls never overdraw a balance,
// and every path — success, upstream error, client disconnect — leaves no reservation behind.
import { once } from "node:events";
import { type Server, createServer } from "node:http";
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { worstCaseCost } from "../../server/domain/worst-case.ts";
import { createKey, createTenant, unique } from "../helpers/fixtures.ts";
import { dataUrl, jpeg } from "../helpers/images.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { ANTHROPIC_OUTPUT_TOKENS } from "../mock-upstreams/anthropic.ts";
import { CACHE_READ_TOKENS, CACHE_WRITE_TOKENS } from "../mock-upstreams/server.ts";

let env: RelayEnv;
let faulty: Server;
/** The usage the faulty upstream (serving the Qwen channel here) reports for its next answer. */
let faultyUsage: Record<string, unknown> = {};
/** How the faulty upstream's next stream ends: without usage, or with an error chunk after its text. */
let faultyStreamEnd: "no usage" | "error" | "lingering" = "no usage";

beforeAll(async () => {
  faulty = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => {
      if (JSON.parse(Buffer.concat(chunks).toString()).stream === true) {
        // A stream that ignores stream_options.include_usage: three text chunks, the finish, [DONE], and no usage.
        res.writeHead(200, { "content-type": "text/event-stream" });
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: "chatcmpl-odd", object: "chat.completion.chunk", created: 1, model: "qwen3-max", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        const text = chunk({ role: "assistant", content: "o" }, null) + chunk({ content: "k" }, null) + chunk({ content: "!" }, null);
        // The error comes once the text has gone on to the client: before that, another channel would be tried.
        if (faultyStreamEnd === "error") res.write(text), setTimeout(() => res.end(`data: ${JSON.stringify({ error: { message: "The server is overloaded", type: "server_error" } })}\n\n`), 50);
        else if (faultyStreamEnd === "lingering") {
          // The whole answer and its usage, then a wait before the stream's end.
          const usage = `data: ${JSON.stringify({ id: "chatcmpl-odd", object: "chat.completion.chunk", created: 1, model: "qwen3-max", choices: [], usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } })}\n\n`;
          res.write(`${text}${chunk({}, "stop")}${usage}`);
          setTimeout(() => res.end("data: [DONE]\n\n"), 1000);
        } else res.end(`${text}${chunk({}, "stop")}data: [DONE]\n\n`);
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "chatcmpl-odd", object: "chat.completion", created: 1, model: "qwen3-max", choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }], usage: faultyUsage }));
    });
  });
  await once(faulty.listen(0, "127.0.0.1"), "listening");
  const { port } = faulty.address() as { port: number };
  env = await startRelayEnv({ delayMs: 20, env: { TOLLGATE_QWEN_BASE_URL: `http://127.0.0.1:${port}/v1` } });
});
afterAll(async () => {
  await env?.stop();
  faulty?.close();
});

const sixtyChars = "Please answer with a short greeting for the billing test ok.";
const expectNothingHeld = async () => expect(await env.held()).toEqual({ reservations: 0, keyReserved: 0, memberReserved: 0 });

describe("cost", () => {
  it("a call in a 6x group costs exactly 6/2.5 of the same call in a 2.5x group", async () => {
    expect(sixtyChars).toHaveLength(60); // 15 input tokens at the mock's 4 characters per token
    const costs: Record<string, number> = {};
    for (const identifier of ["claude-smart", "claude-flagship"]) {
      const name = unique(identifier);
      const client = new Anthropic({ apiKey: await env.key(identifier, name), baseURL: env.tollgate.url, maxRetries: 0 });
      await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: sixtyChars }] });
      costs[identifier] = (await env.ledger(name))[0].cost;
    }
    // claude-sonnet-4-6: 3 micros per input token, 15 per output token.
    const base = 15 * 3 + ANTHROPIC_OUTPUT_TOKENS * 15;
    expect(costs["claude-smart"]).toBe(base * 2.5);
    expect(costs["claude-flagship"]).toBe(base * 6);
    expect(costs["claude-flagship"] / costs["claude-smart"]).toBe(6 / 2.5);
  });
});

describe("1-hour cache writes", () => {
  it.each([false, true])("are charged at the model's 1-hour price, not the 5-minute one (stream %s)", async (stream) => {
    const name = unique("cache-1h");
    const group = env.groups.get("claude-smart")!;
    const prices = group.models.find((model) => model.model_id === "claude-sonnet-4-6")!.prices;
    const client = new Anthropic({ apiKey: await env.key("claude-smart", name), baseURL: env.tollgate.url, maxRetries: 0 });
    env.mocks.anthropic.next("cached");
    const params = {
      model: "claude-sonnet-4-6",
      max_tokens: 64,
      system: [{ type: "text" as const, text: sixtyChars, cache_control: { type: "ephemeral" as const, ttl: "1h" as const } }],
      messages: [{ role: "user" as const, content: "hi" }],
    };
    const message = stream ? await client.messages.stream(params).finalMessage() : await client.messages.create(params);
    expect(message.usage).toMatchObject({ cache_creation_input_tokens: CACHE_WRITE_TOKENS, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: CACHE_WRITE_TOKENS } });
    const [call] = await env.ledger(name);
    // The seed's Anthropic terms: a 1-hour write costs 2x input (6 µ a token for Sonnet), a 5-minute one 1.25x (3.75 µ).
    const oneHourPrice = 2 * prices.input;
    const base = call.input_tokens * prices.input + call.output_tokens * prices.output + CACHE_READ_TOKENS * prices.cache_read! + CACHE_WRITE_TOKENS * oneHourPrice;
    expect(call.cost).toBe(Math.ceil((base * group.multiplier_milli) / 1e9));
    expect(call).toMatchObject({ status: "ok", cache_read_tokens: CACHE_READ_TOKENS, cache_write_tokens: CACHE_WRITE_TOKENS, cache_write_1h_tokens: CACHE_WRITE_TOKENS });
    expect(prices.cache_write_1h).toBe(oneHourPrice);
    await expectNothingHeld();
  });
});

describe("concurrency", () => {
  it("50 concurrent calls against a balance that affords 10 leave it at or above zero, every reservation settled", async () => {
    const tenant = await createTenant(env.tollgate.url, env.operator);
    const group = env.groups.get("claude-smart")!;
    const keyName = unique("concurrent");
    const key = await createKey(tenant.owner, group.id, keyName);
    const body = JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 200, stream: true, messages: [{ role: "user", content: sixtyChars }] });
    const model = group.models.find((candidate) => candidate.model_id === "claude-sonnet-4-6")!;
    const prices = { cache_read: 0, cache_write: 0, ...model.prices };
    const worst = worstCaseCost("messages", JSON.parse(body), Buffer.byteLength(body), prices, group.multiplier_milli);
    const funded = worst * 10;
    await env.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: funded } });

    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        fetch(`${env.tollgate.url}/v1/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
          body,
        }).then(async (response) => ({ status: response.status, retry: response.headers.get("x-should-retry"), text: await response.text() })),
      ),
    );
    const ok = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(responses.filter((r) => r.status !== 200 && r.status !== 429).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    expect(ok.length + refused.length).toBe(50);
    expect(ok.length).toBeGreaterThanOrEqual(10);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].retry).toBe("false");
    expect(JSON.parse(refused[0].text).error.message).toContain("top-up");

    const calls = await env.ledger(keyName, ok.length);
    const { data } = await env.operator.GET("/api/admin/organizations");
    const balance = data!.data.find((org) => org.id === tenant.organizationId)!.balance;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(funded - balance).toBe(calls.reduce((sum, call) => sum + call.cost, 0));
    await expectNothingHeld();
  });
});

/** The OpenAI SDK on a Qwen Trial key recorded under `name` (the faulty upstream serves that group), and the group's terms for qwen3-max. */
async function qwenCaller(name: string) {
  const group = env.groups.get("qwen-trial")!;
  return {
    client: new OpenAI({ apiKey: await env.key("qwen-trial", name), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 }),
    group,
    prices: group.models.find((model) => model.model_id === "qwen3-max")!.prices,
  };
}

/** Reads a chat stream's text into `into.text` as it comes, so what arrived is known if the stream then throws. */
async function readStream(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>, into: { text: string }): Promise<void> {
  for await (const chunk of stream) into.text += chunk.choices[0]?.delta.content ?? "";
}

describe("usage an upstream should not have sent", () => {
  it("a fractional count is billed rounded up and a negative one as zero, and the call settles", async () => {
    faultyUsage = { prompt_tokens: 12.5, completion_tokens: -3, total_tokens: 9.5 };
    const name = unique("odd-usage");
    const before = await env.balance();
    const { client, group, prices } = await qwenCaller(name);
    const answer = await client.chat.completions.create({ model: "qwen3-max", messages: [{ role: "user", content: "hi" }] });
    expect(answer.choices[0].message.content).toBe("ok");
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "ok", input_tokens: 13, output_tokens: 0 });
    expect(call.cost).toBe(Math.ceil((13 * prices.input * group.multiplier_milli) / 1e9));
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
  });
});

describe("a stream that reports no usage", () => {
  it("is charged as a disconnect would be (input from the request's size, a token per event), not as free", async () => {
    faultyStreamEnd = "no usage";
    const name = unique("no-usage-stream");
    const before = await env.balance();
    const { client, group, prices } = await qwenCaller(name);
    const request = { model: "qwen3-max", stream: true as const, messages: [{ role: "user" as const, content: sixtyChars }] };
    const read = { text: "" };
    await readStream(await client.chat.completions.create(request), read);
    expect(read.text).toBe("ok!");
    const [call] = await env.ledger(name);
    // The SDK's body, as the gateway read it: input at a token per three bytes; output one token for each of the five events it forwarded ([DONE] too).
    const input = Math.ceil(Buffer.byteLength(JSON.stringify(request)) / 3);
    expect(call).toMatchObject({ status: "ok", input_tokens: input, output_tokens: 5 });
    expect(call.cost).toBe(Math.ceil(((input * prices.input + 5 * prices.output) * group.multiplier_milli) / 1e9));
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
  });

  it("charges an image by OpenAI's rule for its size, not its base64 at three bytes a token", async () => {
    faultyStreamEnd = "no usage";
    const name = unique("no-usage-image");
    const { client } = await qwenCaller(name);
    // A 1024 × 1024 photo, 400 KB of base64: at high (auto) detail 768 × 768, four tiles, 85 + 4 × 170 = 765 tokens.
    const photo = dataUrl(jpeg(1024, 1024, { payloadBytes: 300_000 }), "image/jpeg");
    const request = {
      model: "qwen3-max",
      stream: true as const,
      messages: [{ role: "user" as const, content: [{ type: "text" as const, text: sixtyChars }, { type: "image_url" as const, image_url: { url: photo } }] }],
    };
    const read = { text: "" };
    await readStream(await client.chat.completions.create(request), read);
    const [call] = await env.ledger(name);
    const text = Buffer.byteLength(JSON.stringify(request)) - photo.length;
    expect(call).toMatchObject({ status: "ok", input_tokens: Math.ceil(text / 3) + 765, output_tokens: 5 });
    await expectNothingHeld();
  });
});

describe("a stream that ends with the upstream's error event", () => {
  it("reaches the SDK as an error, and the ledger records it as broken off (charged the estimate, as it reported no usage), not as ok", async () => {
    faultyStreamEnd = "error";
    const name = unique("error-stream");
    const before = await env.balance();
    const { client } = await qwenCaller(name);
    const request = { model: "qwen3-max", stream: true as const, messages: [{ role: "user" as const, content: "hi" }] };
    const read = { text: "" };
    await expect(client.chat.completions.create(request).then((stream) => readStream(stream, read))).rejects.toThrow(/overloaded/);
    expect(read.text).toBe("ok!");
    const [call] = await env.ledger(name);
    // Three text events went on to the client before the error event (which is no output).
    expect(call).toMatchObject({ status: "upstream_broken", http_status: 200, input_tokens: Math.ceil(Buffer.byteLength(JSON.stringify(request)) / 3), output_tokens: 3 });
    expect(call.cost).toBeGreaterThan(0);
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
  });
});

describe("a client that leaves once the answer is complete", () => {
  it("was served: the call is ok and billed its reported usage, not recorded as a disconnect", async () => {
    faultyStreamEnd = "lingering";
    const name = unique("leaves-at-end");
    const { group, prices } = await qwenCaller(name);
    const controller = new AbortController();
    const response = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await env.key("qwen-trial", name)}` },
      body: JSON.stringify({ model: "qwen3-max", stream: true, stream_options: { include_usage: true }, messages: [{ role: "user", content: "hi" }] }),
      signal: controller.signal,
    });
    // Read until the usage chunk has come (after the finish), then leave, as an agent does at the terminal event.
    const reader = response.body!.getReader();
    let seen = "";
    while (!seen.includes('"usage":{')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "ok", input_tokens: 7, output_tokens: 3, finish_reason: "stop" });
    expect(call.cost).toBe(Math.ceil(((7 * prices.input + 3 * prices.output) * group.multiplier_milli) / 1e9));
    await expectNothingHeld();
  });
});

describe("every path releases its reservation", () => {
  it("an upstream failure charges nothing and holds nothing", async () => {
    const before = await env.balance();
    env.mocks.anthropic.next("error-500");
    const name = unique("failure");
    const client = new Anthropic({ apiKey: await env.key("claude-smart", name), baseURL: env.tollgate.url, maxRetries: 0 });
    const error = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "hi" }] }).catch((e) => e);
    expect(error.status).toBe(503);
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ cost: 0, http_status: 503 });
    expect(await env.balance()).toBe(before);
    await expectNothingHeld();
  });

  it("a client that disconnects mid-stream aborts the upstream call and pays only for what it received", async () => {
    const name = unique("disconnect");
    const key = await env.key("claude-smart", name);
    const before = await env.balance();
    const controller = new AbortController();
    const response = await fetch(`${env.tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: sixtyChars }] }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read(); // message_start has arrived
    controller.abort();
    const [call] = await env.ledger(name);
    expect(call.status).toBe("client_disconnected");
    expect(call.cost).toBeGreaterThan(0);
    expect(call.input_tokens).toBe(15);
    expect(await env.balance()).toBe(before - call.cost);
    await expectNothingHeld();
    await expect.poll(() => env.mocks.anthropic.requests.at(-1)!.aborted).toBe(true);
  });

  it("a client that leaves a responses.compact under way ends its response call as a disconnect, with no internal error said", async () => {
    const name = unique("compact-leaves");
    const controller = new AbortController();
    env.mocks.openai.next("hang"); // the upstream takes the compaction and has not answered when the client leaves
    const asked = fetch(`${env.tollgate.url}/v1/responses/compact`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await env.key("gpt-trial", name)}` },
      body: JSON.stringify({ model: "gpt-4o-mini", input: "Compact me." }),
      signal: controller.signal,
    }).catch(() => "left");
    await expect.poll(() => env.mocks.openai.requests.at(-1)?.body?.input?.at?.(-1)?.type).toBe("compaction_trigger");
    controller.abort();
    expect(await asked).toBe("left");
    const [call] = await env.ledger(name);
    expect(call.status).toBe("client_disconnected");
    await expectNothingHeld();
    expect(env.tollgate.output()).not.toContain("relay.internal_error");
  });

  it("a client that leaves mid-stream after its whole prompt was cached pays the cache's counts, with no estimated input on top", async () => {
    const name = unique("disconnect-cached");
    const key = await env.key("claude-smart", name);
    const controller = new AbortController();
    // As Claude Code marks its turns: a breakpoint at the end of the last message, so every input token is a cache write and none is uncached.
    env.mocks.anthropic.next("prompt-cache");
    const response = await fetch(`${env.tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({
        model: "claude-sonnet-4-6",
        max_tokens: 64,
        stream: true,
        messages: [{ role: "user", content: [{ type: "text", text: sixtyChars, cache_control: { type: "ephemeral" } }] }],
      }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const opening = new TextDecoder().decode((await reader.read()).value); // message_start has arrived
    expect(opening).toContain('"input_tokens":0');
    controller.abort();
    const [call] = await env.ledger(name);
    expect(call).toMatchObject({ status: "client_disconnected", input_tokens: 0, cache_write_tokens: 15 });
    await expectNothingHeld();
  });
});
