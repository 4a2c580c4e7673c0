// Members and organizations are archived, never deleted (issue 22): the ledger names them. An
// archived member's keys stop working within a second, its session ends and it cannot sign in,
// while its calls still render; an organization is archived only with a zero balance, and then
// every member goes with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createTenant, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await env?.stop();
});

async function chat(secret: string): Promise<number> {
  const response = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ model: env.groups.get("gpt-trial")!.models[0].model_id, messages: [{ role: "user", content: "hi" }] }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Polls until the key is refused, and returns how long that took after `since`. */
async function refusedWithin(secret: string, since: number): Promise<number> {
  while ((await chat(secret)) === 200 && performance.now() - since < 2000) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await chat(secret)).toBe(401);
  return performance.now() - since;
}

describe("DELETE /api/members/{id}: archive", () => {
  let sub: Console;
  let memberId: string;
  let secret: string;
  const email = `${unique("sub")}@example.test`;
  const keyName = unique("sub-key");

  beforeAll(async () => {
    const gpt = env.groups.get("gpt-trial")!;
    memberId = (await env.tenant.owner.POST("/api/members", { body: { email, name: "Sub", password: "sub-password-1", role: "sub-user", group_ids: [gpt.id] } })).data!.id;
    sub = await signIn(env.tollgate.url, email, "sub-password-1");
    secret = (await sub.POST("/api/keys", { body: { name: keyName, group_id: gpt.id } })).data!.secret;
    expect(await chat(secret)).toBe(200);
    await env.ledger(keyName);
  });

  it("a sub-user cannot archive anyone, and an owner cannot archive themselves", async () => {
    expect((await sub.DELETE("/api/members/{id}", { params: { path: { id: memberId } } })).response.status).toBe(403);
    const me = (await env.tenant.owner.GET("/api/me")).data!;
    const self = await env.tenant.owner.DELETE("/api/members/{id}", { params: { path: { id: me.id } } });
    expect(self.response.status).toBe(409);
  });

  it("the owner archives a member: its key stops within a second, its session ends, it cannot sign in, its calls still render", async () => {
    const { data, response } = await env.tenant.owner.DELETE("/api/members/{id}", { params: { path: { id: memberId } } });
    const at = performance.now();
    expect(response.status).toBe(200);
    expect(data!.revoked_key_ids!.length).toBe(1);
    expect(await refusedWithin(secret, at)).toBeLessThan(1000);
    expect((await sub.GET("/api/me")).response.status).toBe(401);
    await expect(signIn(env.tollgate.url, email, "sub-password-1")).rejects.toThrow(/sign-in/);
    expect((await env.tenant.owner.GET("/api/members")).data!.data.some((member) => member.id === memberId)).toBe(false);
    const [call] = await env.ledger(keyName);
    expect(call.member_id).toBe(memberId);
    expect((await env.tenant.owner.DELETE("/api/members/{id}", { params: { path: { id: memberId } } })).response.status).toBe(404);
    const audit = (await env.tenant.owner.GET("/api/audit", { params: { query: {} } })).data!.data;
    expect(audit.some((entry) => entry.action === "member.archived" && entry.target.id === memberId)).toBe(true);
  });
});

describe("DELETE /api/admin/organizations/{id}: archive", () => {
  it("is refused while the balance is above zero (409 naming it), then archives the organization and all its members", async () => {
    const tenant = await createTenant(env.tollgate.url, env.operator);
    const path = { params: { path: { id: tenant.organizationId } } };
    await env.operator.POST("/api/admin/organizations/{id}/top-ups", { ...path, body: { amount: 5_000_000 } });
    const secret = (await tenant.owner.POST("/api/keys", { body: { name: unique("k"), group_id: env.groups.get("gpt-trial")!.id } })).data!.secret;
    expect(await chat(secret)).toBe(200);
    expect((await tenant.owner.DELETE("/api/admin/organizations/{id}", path)).response.status).toBe(403);

    const refused = await env.operator.DELETE("/api/admin/organizations/{id}", path);
    expect(refused.response.status).toBe(409);
    expect(refused.error!.error.field).toBe("balance");
    expect(refused.error!.error.message).toMatch(/negative `amount`/);

    const balance = (await env.operator.GET("/api/admin/organizations")).data!.data.find((organization) => organization.id === tenant.organizationId)!.balance;
    await env.operator.POST("/api/admin/organizations/{id}/top-ups", { ...path, body: { amount: -balance } });
    const archived = await env.operator.DELETE("/api/admin/organizations/{id}", path);
    const at = performance.now();
    expect(archived.response.status).toBe(200);
    expect(archived.data!.revoked_key_ids!.length).toBe(1);
    expect(await refusedWithin(secret, at)).toBeLessThan(1000);
    expect((await tenant.owner.GET("/api/me")).response.status).toBe(401);
    expect((await env.operator.GET("/api/admin/organizations")).data!.data.some((organization) => organization.id === tenant.organizationId)).toBe(false);
    const audit = (await env.operator.GET("/api/audit", { params: { query: { organization_id: tenant.organizationId } } })).data!.data;
    expect(audit[0].action).toBe("organization.archived");
    expect((await env.operator.DELETE("/api/admin/organizations/{id}", path)).response.status).toBe(404);
  });
});
