// The gateway's own refusals in the request log (server/gateway/refusal-log.ts): each kind a known
// key can meet gets a row with its status, error code and message, cost 0, in the console's list,
// its detail and the CSV; a call without a valid key leaves no row with any organization.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, type UsageCall, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv({ env: { TOLLGATE_MAX_BODY_BYTES: "20000" } });
});
afterAll(async () => {
  await env?.stop();
});

async function rowsOf(keyName: string, count: number): Promise<UsageCall[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { data } = await env.operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } });
    const rows = (data?.data ?? []).filter((row) => row.key_name === keyName);
    if (rows.length >= count) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} request-log rows for key ${keyName}`);
}

const post = (path: string, headers: Record<string, string>, body: string) => fetch(`${env.tollgate.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("refusals of a known key", () => {
  it("a contract error, a model the group lacks, a body past the limit (refused before authentication, its key found all the same) and an interface the group does not serve each get a row: status, code, message, cost 0", async () => {
    const name = unique("refused");
    const deepseek = await env.key("deepseek-trial", name);
    const bearer = { authorization: `Bearer ${deepseek}` };
    const contract = await post("/v1/chat/completions", bearer, JSON.stringify({ model: "deepseek-chat", messages: [{ role: "user", content: "Hi" }], temperature: 7 }));
    expect(contract.status).toBe(400);
    const missing = await post("/v1/chat/completions", bearer, JSON.stringify({ model: "no-such-model", messages: [{ role: "user", content: "Hi" }] }));
    expect(missing.status).toBe(404);
    const large = await post("/v1/chat/completions", bearer, JSON.stringify({ model: "deepseek-chat", messages: [{ role: "user", content: "x".repeat(30_000) }] }));
    expect(large.status).toBe(413);
    const wrongInterface = await post("/v1/messages", { "x-api-key": deepseek, "anthropic-version": "2023-06-01" }, JSON.stringify({ model: "deepseek-chat", max_tokens: 10, messages: [{ role: "user", content: "Hi" }] }));
    expect(wrongInterface.status).toBe(404);
    const told = await Promise.all([contract, missing, large, wrongInterface].map(async (answer) => JSON.stringify(await answer.json())));

    const rows = (await rowsOf(name, 4)).reverse();
    expect(rows.map((row) => [row.status, row.http_status, row.error_code, row.interface, row.cost, row.channel_id])).toEqual([
      ["invalid_request", 400, "invalid_request", "chat", 0, null],
      ["model_not_found", 404, "model_not_found", "chat", 0, null],
      ["too_large", 413, "too_large", "chat", 0, null],
      ["interface_mismatch", 404, "interface_mismatch", "messages", 0, null],
    ]);
    // The message is the one the caller got; the model is the one it named.
    for (const [i, row] of rows.entries()) expect(told[i]).toContain(JSON.stringify(row.error_message).slice(1, 60));
    expect(rows[0].error_message).toContain("temperature");
    expect(rows[1]).toMatchObject({ model_id: "no-such-model", call_name: "no-such-model" });
    expect(rows.every((row) => row.request_id.startsWith("req_") && row.finish === null)).toBe(true);

    // The detail says the gateway refused it and what the caller was told; the CSV has the columns.
    const detail = await env.operator.GET("/api/usage/calls/{id}", { params: { path: { id: rows[1].id } } });
    expect(detail.data!.outcome).toContain("Refused by the gateway");
    expect(detail.data!.error_message).toBe(rows[1].error_message);
    const token = (await env.operator.POST("/api/tokens", { body: { name: unique("csv"), expires_at: new Date(Date.now() + 86_400_000).toISOString() } })).data!.secret;
    const csv = await fetch(`${env.tollgate.url}/api/usage/calls.csv?key_id=${rows[0].key_id}`, { headers: { authorization: `Bearer ${token}` } }).then((answer) => answer.text());
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header.split(",")).toEqual(expect.arrayContaining(["finish", "error_code", "error_message"]));
    expect(lines).toHaveLength(4);
    expect(csv).toContain("model_not_found");

    // Nothing was charged, and usage totals count admitted calls only.
    const usage = await env.operator.GET("/api/usage/summary", { params: { query: { organization_id: env.tenant.organizationId, group_by: "key" } } });
    expect(JSON.stringify(usage.data)).not.toContain(rows[0].key_id);
  });

  it("an agent's huge output limit is held at what the model can give (64,000), not refused for the balance", async () => {
    const name = unique("huge-ask");
    const key = await env.key("claude-smart", name);
    const answer = await post("/v1/messages", { "x-api-key": key, "anthropic-version": "2023-06-01" }, JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64_000_000, messages: [{ role: "user", content: "Hi" }] }));
    expect(answer.status, await answer.clone().text()).toBe(200);
  });

  it("a Gemini stream refused for its model: the interface and the model from the path", async () => {
    const name = unique("gemini-refused");
    const key = await env.key("gemini-official", name);
    const answer = await post("/v1beta/models/gemini-0-nothing:streamGenerateContent?alt=sse", { "x-goog-api-key": key }, JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }));
    expect(answer.status).toBe(404);
    const [row] = await rowsOf(name, 1);
    expect(row).toMatchObject({ status: "model_not_found", interface: "generate-content", stream: true, model_id: "gemini-0-nothing", cost: 0 });
  });

  it("a refusal before authentication is logged under the caller its authentication would have found: a key where its interface does not take it is none", async () => {
    const name = unique("elsewhere");
    const deepseek = await env.key("deepseek-trial", name);
    const large = JSON.stringify({ model: "deepseek-chat", messages: [{ role: "user", content: "x".repeat(30_000) }] });
    // Chat takes its key as a Bearer token only (authentication would have said "Missing API key").
    for (const headers of [{ "x-api-key": deepseek }, { "x-goog-api-key": deepseek }] as Record<string, string>[]) expect((await post("/v1/chat/completions", headers, large)).status).toBe(413);
    // The same body with the key where chat takes it is logged (the rows come in order: none came before it).
    expect((await post("/v1/chat/completions", { authorization: `Bearer ${deepseek}` }, large)).status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = await rowsOf(name, 1);
    expect(rows.map((row) => [row.http_status, row.error_code])).toEqual([[413, "too_large"]]);
  });

  it("a call with no valid key leaves no row with any organization", async () => {
    const before = (await env.operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } })).data!.data.length;
    const answer = await post("/v1/chat/completions", { authorization: "Bearer tg-not-a-real-key-000000000000000000000000" }, JSON.stringify({ model: "deepseek-chat", messages: [] }));
    expect(answer.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await env.operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } })).data!.data.length).toBe(before);
  });
});
