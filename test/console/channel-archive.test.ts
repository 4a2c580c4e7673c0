// Channels and groups are managed end to end (issue 22): a channel is edited in place (name, base
// URL, credential rotation, timeout, model mapping, models, priority, weight, groups) and archived,
// after which it stops serving within a second; a group is archived and leaves every list, while
// the calls it served still render its name. Refusals: a binding the kind cannot serve, an empty
// group list (in words, not the validator's), an archived record, a non-operator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

const channelByName = async (name: string) => (await env.operator.GET("/api/admin/channels")).data!.data.find((channel) => channel.name === name);
const path = (id: string) => ({ params: { path: { id } } });

async function callMessages(key: string, model: string) {
  const response = await fetch(`${env.tollgate.url}/v1/messages`, {
    method: "POST",
    headers: { "x-api-key": key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
    body: JSON.stringify({ model, max_tokens: 16, messages: [{ role: "user", content: "hi" }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("PATCH /api/admin/channels/{id}: every setting", () => {
  it("edits name, base URL, credentials (a rotation), timeout, mapping, models, priority, weight and groups", async () => {
    const groupA = env.groups.get("claude-premium")!;
    const groupB = env.groups.get("claude-flagship")!;
    const created = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("edit"), kind: "anthropic", base_url: "http://127.0.0.1:9/", credentials: ["sk-old-aaaa"], group_ids: [groupA.id] },
    });
    expect(created.response.status).toBe(201);
    const name = unique("edited");
    const { data, response } = await env.operator.PATCH("/api/admin/channels/{id}", {
      ...path(created.data!.id),
      body: {
        name,
        base_url: "http://127.0.0.1:10/",
        credentials: ["sk-new-1111", "sk-new-2222"],
        timeout_ms: 30_000,
        model_mapping: { "claude-opus-4-6": "claude-opus-4-6-20260101" },
        models: ["claude-opus-4-6"],
        priority: 5,
        weight: 3,
        group_ids: [groupB.id],
        enabled: false,
      },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      name,
      base_url: "http://127.0.0.1:10/",
      credentials: { count: 2, hints: ["…1111", "…2222"] },
      timeout_ms: 30_000,
      model_mapping: { "claude-opus-4-6": "claude-opus-4-6-20260101" },
      models: ["claude-opus-4-6"],
      priority: 5,
      weight: 3,
      group_ids: [groupB.id],
    });
    expect(JSON.stringify(data)).not.toContain("sk-new");
  });

  it("keeps the stored credentials on their host: a base URL on another host needs its credentials in the same request", async () => {
    const group = env.groups.get("claude-premium")!;
    const created = await env.operator.POST("/api/admin/channels", {
      body: { name: unique("moved"), kind: "anthropic", base_url: "http://127.0.0.1:9/v1", credentials: ["sk-stored-aaaa"], group_ids: [group.id] },
    });
    const moved = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(created.data!.id), body: { base_url: "http://attacker.example:8080/" } });
    expect(moved.response.status).toBe(400);
    expect(moved.error).toMatchObject({ error: { code: "invalid_request", field: "credentials", message: expect.stringContaining("http://attacker.example:8080") } });
    expect((await channelByName(created.data!.name))?.base_url).toBe("http://127.0.0.1:9/v1");
    // The same host (another path) keeps them; another host with its own credentials is a move.
    const samePlace = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(created.data!.id), body: { base_url: "http://127.0.0.1:9/v2" } });
    expect(samePlace.response.status).toBe(200);
    const withCredentials = await env.operator.PATCH("/api/admin/channels/{id}", {
      ...path(created.data!.id),
      body: { base_url: "http://127.0.0.1:10/", credentials: ["sk-moved-bbbb"] },
    });
    expect(withCredentials.data).toMatchObject({ base_url: "http://127.0.0.1:10/", credentials: { count: 1, hints: ["…bbbb"] } });
  });

  it("refuses a group its kind cannot serve: 400 naming `group_ids`, the group and why", async () => {
    const channel = (await channelByName("env:anthropic"))!;
    const { error, response } = await env.operator.PATCH("/api/admin/channels/{id}", { ...path(channel.id), body: { group_ids: [env.groups.get("gpt-trial")!.id] } });
    expect(response.status).toBe(400);
    expect(error!.error.field).toBe("group_ids");
    expect(error!.error.message).toContain("GPT Trial");
    expect(error!.error.message).toContain("OpenAI (GPT)");
    expect(error!.error.message).toMatch(/cannot serve/);
  });

  it("an empty group list is refused in words, naming the field, not with the validator's text", async () => {
    const { error, response } = await env.operator.POST("/api/admin/channels", { body: { name: unique("none"), kind: "anthropic", credentials: ["x"], group_ids: [] } });
    expect(response.status).toBe(400);
    expect(error!.error.field).toBe("group_ids");
    expect(error!.error.message).toMatch(/Choose at least one group/);
    expect(error!.error.message).not.toMatch(/fewer than/);
  });
});

describe("DELETE /api/admin/channels/{id}: archive", () => {
  it("the owner cannot archive a channel (403)", async () => {
    const channel = (await channelByName("env:gemini"))!;
    const { response } = await env.tenant.owner.DELETE("/api/admin/channels/{id}", path(channel.id));
    expect(response.status).toBe(403);
  });

  it("an archived channel stops serving within a second, leaves the list, frees its name and cannot be edited", async () => {
    const model = env.groups.get("claude-smart")!.models[0].model_id;
    const key = await env.key("claude-smart");
    expect(await callMessages(key, model)).toBe(200);
    const channel = (await channelByName("env:anthropic"))!;

    const archived = await env.operator.DELETE("/api/admin/channels/{id}", path(channel.id));
    const at = performance.now();
    expect(archived.response.status).toBe(200);
    expect(archived.data).toMatchObject({ id: channel.id, archived: true });
    let status = 200;
    while (status === 200 && performance.now() - at < 1000) {
      status = await callMessages(key, model);
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(503);
    expect(performance.now() - at).toBeLessThan(1000);

    expect(await channelByName("env:anthropic")).toBeUndefined();
    expect((await env.operator.PATCH("/api/admin/channels/{id}", { ...path(channel.id), body: { priority: 1 } })).response.status).toBe(404);
    expect((await env.operator.DELETE("/api/admin/channels/{id}", path(channel.id))).response.status).toBe(404);
    // The name is free again.
    const again = await env.operator.POST("/api/admin/channels", {
      body: { name: "env:anthropic", kind: "anthropic", base_url: env.mocks.anthropic.url, credentials: ["sk-ant-upstream-secret-1"], group_ids: [env.groups.get("claude-smart")!.id] },
    });
    expect(again.response.status).toBe(201);
  });
});

describe("DELETE /api/admin/groups/{id}: archive", () => {
  it("the group leaves the lists, its keys are unbound, and its calls still render its name", async () => {
    const identifier = unique("qwen-arch").toLowerCase();
    const created = await env.operator.POST("/api/admin/groups", {
      body: { name: `Qwen Archive ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public", models: [{ model_id: "qwen-plus", prices: { input: 1_000_000, output: 2_000_000 } }] },
    });
    const group = created.data!;
    const channel = (await channelByName("env:qwen"))!;
    await env.operator.PATCH("/api/admin/channels/{id}", { ...path(channel.id), body: { group_ids: [...channel.group_ids, group.id] } });
    const keyName = unique("arch-key");
    const { data: key } = await env.tenant.owner.POST("/api/keys", { body: { name: keyName, group_id: group.id } });
    const called = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key!.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "qwen-plus", messages: [{ role: "user", content: "hi" }] }),
    });
    await called.arrayBuffer();
    expect(called.status).toBe(200);
    await env.ledger(keyName);

    expect((await env.tenant.owner.DELETE("/api/admin/groups/{id}", path(group.id))).response.status).toBe(403);
    const archived = await env.operator.DELETE("/api/admin/groups/{id}", path(group.id));
    expect(archived.response.status).toBe(200);
    expect(archived.data).toMatchObject({ id: group.id, archived: true, unbound_key_ids: [key!.id] });

    expect((await env.operator.GET("/api/admin/groups")).data!.data.some((candidate) => candidate.id === group.id)).toBe(false);
    expect(JSON.stringify((await env.operator.GET("/api/marketplace")).data)).not.toContain(identifier);
    expect((await channelByName("env:qwen"))!.group_ids).not.toContain(group.id);
    const keys = (await env.tenant.owner.GET("/api/keys")).data!.data;
    expect(keys.find((candidate) => candidate.id === key!.id)!.group_id).toBeNull();
    // History renders: the call keeps the group's (archived) name.
    const [call] = await env.ledger(keyName);
    expect(call.group_id).toBe(group.id);
    expect(call.group_name).toContain(`Qwen Archive ${identifier}`);
    expect(call.group_name).toContain("archived");

    expect((await env.operator.PATCH("/api/admin/groups/{id}", { ...path(group.id), body: { multiplier_milli: 2000 } })).response.status).toBe(404);
    expect((await env.operator.DELETE("/api/admin/groups/{id}", path(group.id))).response.status).toBe(404);
    // Its identifier is free for a new group.
    const reused = await env.operator.POST("/api/admin/groups", { body: { name: `Qwen Again ${identifier}`, identifier, multiplier_milli: 1000, visibility: "public" } });
    expect(reused.response.status).toBe(201);
  });
});
