// Routing and resilience: priority order with failover before the first byte, and the statuses
// when every channel fails (429 with Retry-After, 504 on timeout, 503 otherwise); a stream that
// breaks after its first byte ends with the format's error event; a failing channel's circuit opens.
import OpenAI from "openai";
import { messagesRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, unique } from "../helpers/fixtures.ts";
import { freePort } from "../helpers/tollgate.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { OPENAI_REPLY, startOpenAIMock } from "../mock-upstreams/openai.ts";
import type { Mock } from "../mock-upstreams/server.ts";

let env: RelayEnv;
let backup: Mock;

beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_CIRCUIT_MIN_CALLS: "3", TOLLGATE_CIRCUIT_COOLDOWN_MS: "600000" } });
  backup = await startOpenAIMock({ apiKey: upstreamKeys.openai });
});
afterAll(async () => {
  await backup?.close();
  await env?.stop();
});

type ChannelSpec = { url: string; priority: number; timeoutMs?: number };

/** A fresh GPT group served by the given channels, and a client holding a key bound to it. */
async function groupServedBy(channels: ChannelSpec[]) {
  const identifier = unique("gpt-fo").toLowerCase();
  const group = await env.operator.POST("/api/admin/groups", {
    body: { name: `GPT ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public", models: [{ model_id: "gpt-4o", prices: { input: 1, output: 1 } }] },
  });
  const ids: string[] = [];
  for (const [index, channel] of channels.entries()) {
    const created = await env.operator.POST("/api/admin/channels", {
      body: {
        name: `${identifier}-${index}`,
        kind: "openai",
        base_url: `${channel.url}/v1`,
        credentials: [upstreamKeys.openai],
        group_ids: [group.data!.id],
        priority: channel.priority,
        ...(channel.timeoutMs ? { timeout_ms: channel.timeoutMs } : {}),
      },
    });
    ids.push(created.data!.id);
  }
  const key = await createKey(env.tenant.owner, group.data!.id);
  return { groupId: group.data!.id, channelIds: ids, client: new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 }) };
}

const ask = (client: OpenAI) => client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] });
const served = (mock: Mock) => mock.requests.length;

describe("failover before the first byte", () => {
  it("connection refused on the first channel: the second answers", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { client, groupId, channelIds } = await groupServedBy([
      { url: closed, priority: 10 },
      { url: backup.url, priority: 0 },
    ]);
    const before = served(backup);
    expect((await ask(client)).choices[0].message.content).toBe(OPENAI_REPLY);
    expect(served(backup)).toBe(before + 1);

    // The request log's detail says which channel was tried first, and why it did not serve.
    let listed: { id: string }[] = [];
    for (let attempt = 0; attempt < 50 && listed.length === 0; attempt++) {
      listed = (await env.operator.GET("/api/usage/calls", { params: { query: { group_id: groupId } } })).data?.data ?? [];
      if (listed.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const detail = (await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: listed[0].id } } })).data!;
    expect(detail.channel_id).toBe(channelIds[1]);
    expect(detail.failovers).toEqual([{ channel_id: channelIds[0], channel_name: expect.any(String), reason: expect.stringMatching(/^connection failed/) }]);
  });

  it("a connection reset before any answer (a reused keep-alive connection the upstream had closed) is sent once more on the same channel; reset twice, the next channel answers", async () => {
    const { client } = await groupServedBy([
      { url: env.mocks.openai.url, priority: 10 },
      { url: backup.url, priority: 0 },
    ]);
    const [first, second] = [served(env.mocks.openai), served(backup)];
    env.mocks.openai.next("reset");
    expect((await ask(client)).choices[0].message.content).toBe(OPENAI_REPLY);
    expect([served(env.mocks.openai), served(backup)]).toEqual([first + 2, second]);
    env.mocks.openai.next("reset", "reset");
    expect((await ask(client)).choices[0].message.content).toBe(OPENAI_REPLY);
    expect([served(env.mocks.openai), served(backup)]).toEqual([first + 4, second + 1]);
  });

  it.each(["error-500", "error-429", "empty-stream", "slow-first-byte"] as const)("%s on the first channel: the second answers", async (scenario) => {
    const { client } = await groupServedBy([
      // Times out about 1 s after the request (undici's coarse timer), well before the slow mock's first byte (SLOW_FIRST_BYTE_MS).
      { url: env.mocks.openai.url, priority: 10, timeoutMs: 300 },
      { url: backup.url, priority: 0 },
    ]);
    env.mocks.openai.next(scenario);
    const before = served(backup);
    if (scenario === "empty-stream") {
      let text = "";
      for await (const chunk of await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }], stream: true })) {
        text += chunk.choices[0]?.delta?.content ?? "";
      }
      expect(text).toBe(OPENAI_REPLY);
    } else {
      expect((await ask(client)).choices[0].message.content).toBe(OPENAI_REPLY);
    }
    expect(served(backup)).toBe(before + 1);
  });

  it("a translated agent-sized call fails over with the same translated body (read again from the caller's bytes)", async () => {
    const { groupId } = await groupServedBy([
      { url: env.mocks.openai.url, priority: 10 },
      { url: backup.url, priority: 0 },
    ]);
    const patched = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: groupId } }, body: { translated_interfaces: ["messages"] } });
    expect(patched.error).toBeUndefined();
    const key = await createKey(env.tenant.owner, groupId);
    env.mocks.openai.next("error-500");
    const [failedBefore, servedBefore] = [served(env.mocks.openai), served(backup)];
    // The catalog picks up the group's change within a second.
    let response: Response | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      response = await fetch(`${env.tollgate.url}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
        body: messagesRequest("gpt-4o", false),
      });
      if (response.status !== 404) break;
      await response.text();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(response!.status, await response!.clone().text()).toBe(200);
    expect((await response!.json()).type).toBe("message");
    expect(served(env.mocks.openai)).toBe(failedBefore + 1);
    expect(served(backup)).toBe(servedBefore + 1);
    const [first, second] = [env.mocks.openai.requests.at(-1)!.raw, backup.requests.at(-1)!.raw];
    expect(first.length).toBeGreaterThan(100_000);
    expect(second).toBe(first);
  });

  it("a higher priority channel is always tried first", async () => {
    const { client } = await groupServedBy([
      { url: backup.url, priority: 0 },
      { url: env.mocks.openai.url, priority: 5 },
    ]);
    const before = served(env.mocks.openai);
    for (let i = 0; i < 5; i++) await ask(client);
    expect(served(env.mocks.openai)).toBe(before + 5);
  });
});

describe("when every channel fails", () => {
  it("all answer 429: 429 with Retry-After", async () => {
    const { client } = await groupServedBy([{ url: env.mocks.openai.url, priority: 0 }]);
    env.mocks.openai.next("error-429");
    const error = await ask(client).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error.headers.get("retry-after")).toBe("7");
  });

  it("all answer 500: 503", async () => {
    const { client } = await groupServedBy([
      { url: env.mocks.openai.url, priority: 1 },
      { url: backup.url, priority: 0 },
    ]);
    env.mocks.openai.next("error-500");
    backup.next("error-500");
    const error = await ask(client).catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect(error.status).toBe(503);
  });

  it("the upstream times out: 504", async () => {
    const { client } = await groupServedBy([{ url: env.mocks.openai.url, priority: 0, timeoutMs: 300 }]);
    env.mocks.openai.next("hang");
    const error = await ask(client).catch((e) => e);
    expect(error.status).toBe(504);
  });
});

describe("after the first byte", () => {
  it("a stream that breaks ends with the format's error event, which the SDK raises", async () => {
    const { client } = await groupServedBy([
      { url: env.mocks.openai.url, priority: 1 },
      { url: backup.url, priority: 0 },
    ]);
    env.mocks.openai.next("break-mid-stream");
    const before = served(backup);
    const stream = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }], stream: true });
    let text = "";
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    })().catch((e) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(String(error.message)).toContain("broke off");
    expect(text.length).toBeGreaterThan(0);
    expect(served(backup)).toBe(before); // no failover once bytes reached the client
  });
});

describe("circuit breaker", () => {
  it("after consecutive failures a channel is skipped", async () => {
    const failing = await startOpenAIMock({ apiKey: upstreamKeys.openai });
    failing.setDefault("error-500");
    try {
      const { client, channelIds } = await groupServedBy([
        { url: failing.url, priority: 1 },
        { url: backup.url, priority: 0 },
      ]);
      for (let i = 0; i < 3; i++) await ask(client);
      expect(served(failing)).toBe(3);
      for (let i = 0; i < 3; i++) await ask(client);
      expect(served(failing)).toBe(3);
      const listed = await env.operator.GET("/api/admin/channels");
      const health = listed.data!.data.find((channel) => channel.id === channelIds[0])!.health;
      expect(health).toMatchObject({ state: "open", consecutive_failures: 3 });
      expect(health.last_error).toContain("500");
    } finally {
      await failing.close();
    }
  });
});
