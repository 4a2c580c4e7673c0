// POST /v1/embeddings (issue 20) through the OpenAI SDK: a group whose channel offers embeddings
// passes the call through (model rewritten per the channel's mapping), meters `usage.prompt_tokens`
// as input and bills it at the model's input price × the group's multiplier; a group whose family
// has no embeddings (Family A) answers 404 in the OpenAI error format; bad input is a 400 naming the field.
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { EMBEDDING_DIMENSIONS, embeddingTokensOf, startEmbeddingsMock } from "../mock-upstreams/embeddings.ts";
import type { Mock } from "../mock-upstreams/server.ts";

let env: RelayEnv;
let upstream: Mock;
const upstreamKey = "sk-embeddings-upstream";
const prices = { input: 20_000, output: 0 }; // $0.02 per million input tokens

beforeAll(async () => {
  [env, upstream] = await Promise.all([startRelayEnv(), startEmbeddingsMock({ apiKey: upstreamKey })]);
});
afterAll(async () => {
  await Promise.all([env?.stop(), upstream?.close()]);
});

describe("embeddings", () => {
  it("passes through, meters prompt tokens as input and bills them at the input price", async () => {
    const identifier = unique("embed").toLowerCase();
    const group = await env.operator.POST("/api/admin/groups", {
      body: { name: "Embed Cloud", identifier, family: "compatible", multiplier_milli: 2000, visibility: "public", models: [{ model_id: "text-embedding-3-small", prices }] },
    });
    expect(group.response.status).toBe(201);
    const channel = await env.operator.POST("/api/admin/channels", {
      body: {
        name: unique("embed"),
        kind: "openai-compatible",
        preset: "custom",
        base_url: `${upstream.url}/v1`,
        credentials: [upstreamKey],
        group_ids: [group.data!.id],
        model_mapping: { "text-embedding-3-small": "embed-v2" },
      },
    });
    expect(channel.response.status).toBe(201);
    const keyName = unique("embed-key");
    const key = (await env.tenant.owner.POST("/api/keys", { body: { name: keyName, group_id: group.data!.id } })).data!.secret;
    const client = new OpenAI({ apiKey: key, baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });

    const input = ["The food was delicious.", "The waiter was friendly and quick."];
    const result = await client.embeddings.create({ model: "text-embedding-3-small", input, encoding_format: "float" });
    expect(result.data).toHaveLength(2);
    expect(result.data[1].embedding).toHaveLength(EMBEDDING_DIMENSIONS);
    const received = upstream.requests.at(-1)!;
    expect(received.body).toEqual({ model: "embed-v2", input, encoding_format: "float" });
    expect(received.headers.authorization).toBe(`Bearer ${upstreamKey}`);

    const tokens = embeddingTokensOf(input);
    const [call] = await env.ledger(keyName);
    expect(call).toMatchObject({ status: "ok", interface: "embeddings", input_tokens: tokens, output_tokens: 0, model_id: "text-embedding-3-small" });
    // price per million × tokens × multiplier 2, rounded up to the micro as every call's cost is
    expect(call.cost).toBe(Math.ceil((prices.input * tokens * 2) / 1_000_000));

    const refused = await client.embeddings.create({ model: "text-embedding-3-small", input: 42 as unknown as string }).catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect(refused.message).toContain("input");
  });

  it("is not an interface of a Family A group: 404 in the OpenAI format", async () => {
    const client = new OpenAI({ apiKey: await env.key("claude-smart"), baseURL: `${env.tollgate.url}/v1`, maxRetries: 0 });
    const refused = await client.embeddings.create({ model: "claude-sonnet-4-6", input: "hi" }).catch((error) => error);
    expect(refused).toBeInstanceOf(OpenAI.NotFoundError);
    expect(refused.message).toContain("Claude Smart Preferred");
  });
});
