// A channel's own User-Agent (the admin API's `user_agent`): what its upstream requests carry in
// place of Tollgate's `Tollgate/<version>` — generation calls, token counts and the channel test
// alike — while every other channel keeps Tollgate's; empty takes Tollgate's back; and what no
// HTTP field value may hold is a 400 naming the field.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const tollgates = `Tollgate/${version}`;

let env: RelayEnv;
let anthropicChannel: string;
beforeAll(async () => {
  env = await startRelayEnv();
  const { data } = await env.operator.GET("/api/admin/channels");
  anthropicChannel = data!.data.find((channel) => channel.name === "env:anthropic")!.id;
});
afterAll(async () => {
  await env?.stop();
});

const setUserAgent = (id: string, user_agent: string) => env.operator.PATCH("/api/admin/channels/{id}", { params: { path: { id } }, body: { user_agent } });

async function post(path: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${env.tollgate.url}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${key}`, ...headers }, body: JSON.stringify(body) });
}

const message = { model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hi" }] };

describe("a channel's User-Agent", () => {
  it("reaches its upstream on calls, token counts and the channel test; another channel keeps Tollgate's; empty takes Tollgate's back", async () => {
    const set = await setUserAgent(anthropicChannel, "  AcmeProxy/2.1 (ops@example.com)  ");
    expect(set.error).toBeUndefined();
    expect(set.data!.user_agent).toBe("AcmeProxy/2.1 (ops@example.com)");

    const claude = await env.key("claude-smart");
    let from = env.mocks.anthropic.requests.length;
    expect((await post("/v1/messages", claude, message, { "anthropic-version": "2023-06-01" })).status).toBe(200);
    expect((await post("/v1/messages/count_tokens", claude, { model: message.model, messages: message.messages }, { "anthropic-version": "2023-06-01" })).status).toBe(200);
    expect((await env.operator.POST("/api/admin/channels/{id}/test", { params: { path: { id: anthropicChannel } } })).data!.ok).toBe(true);
    const sent = env.mocks.anthropic.requests.slice(from);
    expect(sent.map((request) => request.path)).toEqual(["/v1/messages", "/v1/messages/count_tokens", "/v1/messages"]);
    for (const request of sent) expect(request.headers["user-agent"]).toBe("AcmeProxy/2.1 (ops@example.com)");

    // Another channel is untouched.
    const deepseek = await env.key("deepseek-trial");
    from = env.mocks.openai.requests.length;
    expect((await post("/v1/chat/completions", deepseek, { model: "deepseek-chat", messages: [{ role: "user", content: "Hi" }] })).status).toBe(200);
    expect(env.mocks.openai.requests[from].headers["user-agent"]).toBe(tollgates);

    const cleared = await setUserAgent(anthropicChannel, "");
    expect(cleared.data!.user_agent).toBeNull();
    from = env.mocks.anthropic.requests.length;
    expect((await post("/v1/messages", claude, message, { "anthropic-version": "2023-06-01" })).status).toBe(200);
    expect(env.mocks.anthropic.requests[from].headers["user-agent"]).toBe(tollgates);
  });

  it("refuses what no User-Agent may hold with a 400 naming user_agent, on update and on create, and keeps the one it had", async () => {
    await setUserAgent(anthropicChannel, "Kept/1.0");
    for (const bad of ["Acme\r\nX-Injected: 1", "Acme\tProxy", "Tollgaté/1", "x".repeat(257)]) {
      const refused = await setUserAgent(anthropicChannel, bad);
      expect(refused.response.status, JSON.stringify(bad)).toBe(400);
      expect(refused.error).toMatchObject({ error: { code: "invalid_request", field: "user_agent" } });
      expect((refused.error as { error: { message: string } }).error.message).toContain("user_agent");
    }
    expect((await setUserAgent(anthropicChannel, "x".repeat(256))).response.status).toBe(200);
    const groupId = env.groups.get("claude-smart")!.id;
    const created = await env.operator.POST("/api/admin/channels", {
      body: { name: "ua-refused", kind: "anthropic", credentials: ["sk-test"], group_ids: [groupId], user_agent: "bad\u0000agent" },
    });
    expect(created.response.status).toBe(400);
    expect(created.error).toMatchObject({ error: { field: "user_agent" } });
    const { data } = await env.operator.GET("/api/admin/channels");
    expect(data!.data.find((channel) => channel.id === anthropicChannel)!.user_agent).toBe("x".repeat(256));
    expect(data!.data.some((channel) => channel.name === "ua-refused")).toBe(false);
    await setUserAgent(anthropicChannel, "");
  });
});
