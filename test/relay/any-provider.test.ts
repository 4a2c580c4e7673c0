// Any provider (issue 20), through the official SDKs against the mock upstreams: a group named
// "Mistral Cloud" — no family keyword — created with an explicit family serves chat completions from
// a custom OpenAI-compatible channel; a Kimi group serves /v1/messages natively from an
// Anthropic-compatible channel (kind `anthropic`), and only while that channel is enabled.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { ANTHROPIC_DELTAS, ANTHROPIC_REPLY } from "../mock-upstreams/anthropic.ts";
import { OPENAI_REPLY } from "../mock-upstreams/openai.ts";

let env: RelayEnv;

beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

const prices = { input: 2_000_000, output: 6_000_000 };

describe("a compatible group: Mistral Cloud", () => {
  it("is created with an explicit family and serves chat completions from a custom OpenAI-compatible channel", async () => {
    const identifier = unique("mistral").toLowerCase();
    const group = await env.operator.POST("/api/admin/groups", {
      body: { name: "Mistral Cloud", identifier, family: "compatible", multiplier_milli: 1500, visibility: "public", models: [{ model_id: "mistral-large-latest", prices }] },
    });
    expect(group.response.status).toBe(201);
    expect(group.data!.family).toBe("compatible");
    const channel = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("mistral"), kind: "openai-compatible", preset: "custom", base_url: `${env.mocks.openai.url}/v1`, credentials: [upstreamKeys.openai], group_ids: [group.data!.id] },
    });
    expect(channel.response.status).toBe(201);

    const keyName = unique("mistral-key");
    const client = new OpenAI({ apiKey: await env.tenant.owner.POST("/api/keys", { body: { name: keyName, group_id: group.data!.id } }).then((r) => r.data!.secret), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "mistral-large-latest", messages: [{ role: "user", content: "Bonjour" }] });
    expect(completion.choices[0].message.content).toBe(OPENAI_REPLY);
    const upstream = env.mocks.openai.requests.at(-1)!;
    expect(upstream.path).toBe("/v1/chat/completions");
    expect(upstream.body.model).toBe("mistral-large-latest");
    const [call] = await env.ledger(keyName);
    expect(call).toMatchObject({ group_name: "Mistral Cloud", model_id: "mistral-large-latest", status: "ok", multiplier_milli: 1500, interface: "chat" });

    // Messages is not one of its interfaces: 404 naming the group, with the operator's remedy.
    const anthropic = new Anthropic({ apiKey: (await env.tenant.owner.POST("/api/keys", { body: { name: unique("k"), group_id: group.data!.id } })).data!.secret, baseURL: env.tollgate.url, maxRetries: 0 });
    const refused = await anthropic.messages.create({ model: "mistral-large-latest", max_tokens: 16, messages: [{ role: "user", content: "Hi" }] }).catch((e) => e);
    expect(refused).toBeInstanceOf(Anthropic.NotFoundError);
    expect(refused.apiMessage).toContain('Group "Mistral Cloud"');
    expect(refused.apiMessage).toContain("Anthropic-compatible channel");
  });
});

describe("a domestic group with an Anthropic-compatible channel: Kimi", () => {
  it("serves /v1/messages natively, streamed and not, and stops when the channel is disabled", async () => {
    const kimi = env.groups.get("kimi-official")!;
    const keyName = unique("kimi-key");
    const key = (await env.tenant.owner.POST("/api/keys", { body: { name: keyName, group_id: kimi.id } })).data!.secret;
    const client = new Anthropic({ apiKey: key, baseURL: env.tollgate.url, maxRetries: 0 });
    const ask = () => client.messages.create({ model: "kimi-k2", max_tokens: 64, messages: [{ role: "user", content: "Hello Kimi" }] });

    // Without an anthropic channel a domestic group serves chat completions only.
    await expect(ask()).rejects.toBeInstanceOf(Anthropic.NotFoundError);

    // The kimi preset of kind anthropic, pointed at the mock (its default is Moonshot's /anthropic endpoint).
    const channel = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("kimi-anthropic"), kind: "anthropic", preset: "kimi", base_url: env.mocks.anthropic.url, credentials: [upstreamKeys.anthropic], group_ids: [kimi.id] },
    });
    expect(channel.data).toMatchObject({ kind: "anthropic", preset: "kimi" });

    const message = await ask();
    expect(message.content[0]).toMatchObject({ type: "text", text: ANTHROPIC_REPLY });
    const upstream = env.mocks.anthropic.requests.at(-1)!;
    expect(upstream.path).toBe("/v1/messages");
    expect(upstream.body.model).toBe("kimi-k2");
    expect(upstream.headers["x-api-key"]).toBe(upstreamKeys.anthropic);

    const text: string[] = [];
    const stream = client.messages.stream({ model: "kimi-k2", max_tokens: 64, messages: [{ role: "user", content: "Stream, Kimi" }] });
    stream.on("text", (delta) => text.push(delta));
    await stream.finalMessage();
    expect(text).toEqual(ANTHROPIC_DELTAS);

    const calls = await env.ledger(keyName, 2);
    expect(calls.map((call) => [call.group_name, call.model_id, call.interface, call.status])).toEqual([
      ["Kimi Official", "kimi-k2", "messages", "ok"],
      ["Kimi Official", "kimi-k2", "messages", "ok"],
    ]);

    await env.operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel.data!.id } }, body: { enabled: false } });
    const refused = await ask().catch((e) => e);
    expect(refused).toBeInstanceOf(Anthropic.NotFoundError);
    expect(refused.apiMessage).toContain('Group "Kimi Official"');
  });
});
