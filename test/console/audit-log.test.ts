// The audit log (issue 22): every top-up and configuration change — groups and their prices,
// channels, organizations, grants, members, keys, limits — is recorded with who, when, what and
// before/after; the operator reads all of it, an owner their organization's, a sub-user or a
// developer nothing (403). It pages newest first by cursor and cannot be edited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createTenant, groupsByIdentifier, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let tenant: Tenant;
let other: Tenant;
let sub: Console;
let developer: Console;

type Entry = { action: string; organization_id: string | null; actor: { email: string }; target: { id: string; name: string | null }; before: any; after: any };
const entries = async (client: Console, query: Record<string, unknown> = {}) => {
  const { data, error, response } = await client.GET("/api/audit", { params: { query: { limit: 200, ...query } } });
  return { data: (data?.data ?? []) as Entry[], next: data?.next_cursor ?? null, error, status: response.status };
};

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  tenant = await createTenant(tollgate.url, operator);
  other = await createTenant(tollgate.url, operator);
  const groups = await groupsByIdentifier(operator);
  const gpt = groups.get("gpt-trial")!;

  // Operator: a group and a price change, a channel edited and archived, a top-up, grants, key limits.
  const group = (await operator.POST("/api/admin/groups", {
    body: { name: "Claude Audit Premium", identifier: "claude-audit", multiplier_milli: 2000, visibility: "exclusive", models: [{ model_id: "claude-x", prices: { input: 1_000_000, output: 2_000_000 } }] },
  })).data!;
  await operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { models: [{ model_id: "claude-x", prices: { input: 3_000_000, output: 2_000_000 } }] } });
  const channel = (await operator.POST("/api/admin/channels", { body: { name: "audited", kind: "anthropic", base_url: "http://127.0.0.1:9", credentials: ["sk-very-secret-7777"], group_ids: [group.id] } })).data!;
  await operator.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel.id } }, body: { credentials: ["sk-rotated-secret-8888"], timeout_ms: 9000 } });
  await operator.DELETE("/api/admin/channels/{id}", { params: { path: { id: channel.id } } });
  await operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 5_000_000 } });
  await operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: other.organizationId } }, body: { amount: 1_000_000 } });
  await operator.PUT("/api/admin/organizations/{id}/exclusive-groups", { params: { path: { id: tenant.organizationId } }, body: { group_ids: [group.id] } });
  await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: tenant.organizationId } }, body: { group_routing: true } });

  // Owner: members, a cap, grants, keys.
  const subEmail = `${unique("sub")}@example.test`;
  const member = (await tenant.owner.POST("/api/members", { body: { email: subEmail, name: "Sub", password: "sub-password-1", role: "sub-user", group_ids: [gpt.id] } })).data!;
  await tenant.owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: 1_000_000 } });
  await tenant.owner.PUT("/api/members/{id}/groups", { params: { path: { id: member.id } }, body: { group_ids: [gpt.id, group.id] } });
  const devEmail = `${unique("dev")}@example.test`;
  await tenant.owner.POST("/api/members", { body: { email: devEmail, name: "Dev", password: "dev-password-1", role: "developer", group_ids: [gpt.id] } });
  const key = (await tenant.owner.POST("/api/keys", { body: { name: "audited-key", group_id: gpt.id } })).data!;
  await tenant.owner.PATCH("/api/keys/{id}", { params: { path: { id: key.id } }, body: { name: "audited-key-2" } });
  await operator.PATCH("/api/admin/keys/{id}", { params: { path: { id: key.id } }, body: { rate_limits: { rpm: 10 } } });
  await tenant.owner.DELETE("/api/keys/{id}", { params: { path: { id: key.id } } });
  sub = await signIn(tollgate.url, subEmail, "sub-password-1");
  developer = await signIn(tollgate.url, devEmail, "dev-password-1");
});
afterAll(async () => {
  await tollgate?.stop();
});

describe("GET /api/audit", () => {
  it("the operator reads every change, newest first, with who and before/after", async () => {
    const { data, status } = await entries(operator);
    expect(status).toBe(200);
    const actions = data.map((entry) => entry.action);
    for (const action of [
      "group.created", "group.updated", "channel.created", "channel.updated", "channel.archived", "organization.created", "organization.topped_up",
      "organization.grants_changed", "organization.updated", "member.created", "member.updated", "member.grants_changed", "key.created", "key.updated", "key.limits_changed", "key.revoked",
    ]) expect(actions, action).toContain(action);
    expect(actions.indexOf("key.revoked")).toBeLessThan(actions.indexOf("group.created"));

    const price = data.find((entry) => entry.action === "group.updated")!;
    expect(price.actor.email).toBe(adminEmail);
    expect(price.before.models[0].prices.input).toBe(1_000_000);
    expect(price.after.models[0].prices.input).toBe(3_000_000);
    const topUp = data.find((entry) => entry.action === "organization.topped_up" && entry.organization_id === tenant.organizationId)!;
    expect(topUp.after.balance - topUp.before.balance).toBe(5_000_000);
    expect(topUp.after.amount).toBe(5_000_000);
    const cap = data.find((entry) => entry.action === "member.updated")!;
    expect(cap.actor.email).toBe(tenant.ownerEmail);
    expect(cap.before.spend_cap).toBeNull();
    expect(cap.after.spend_cap).toBe(1_000_000);
    const rotation = data.find((entry) => entry.action === "channel.updated")!;
    expect(rotation.before.credentials.hints).toEqual(["…7777"]);
    expect(rotation.after.credentials.hints).toEqual(["…8888"]);
    expect(rotation.after.timeout_ms).toBe(9000);
    // Credentials never reach the log, only their hints.
    expect(JSON.stringify(data)).not.toContain("secret-7777");
    expect(JSON.stringify(data)).not.toContain("secret-8888");
  });

  it("the operator narrows to one organization", async () => {
    const { data } = await entries(operator, { organization_id: other.organizationId });
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((entry) => entry.organization_id === other.organizationId)).toBe(true);
  });

  it("an owner reads their organization's entries only", async () => {
    const { data, status } = await entries(tenant.owner, { organization_id: other.organizationId });
    expect(status).toBe(200);
    expect(data.length).toBeGreaterThan(5);
    expect(data.every((entry) => entry.organization_id === tenant.organizationId)).toBe(true);
    expect(data.some((entry) => entry.action.startsWith("channel."))).toBe(false);
    expect(data.some((entry) => entry.action === "organization.topped_up")).toBe(true);
  });

  it("a sub-user and a developer cannot read it (403)", async () => {
    for (const client of [sub, developer]) {
      const { status, error } = await entries(client);
      expect(status).toBe(403);
      expect((error as { error: { message: string } }).error.message).toMatch(/owner and the operator/);
    }
  });

  it("pages by cursor without repeats, and refuses a cursor it did not give out", async () => {
    const all = (await entries(operator)).data.map((entry) => JSON.stringify(entry));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await entries(operator, { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.data.map((entry) => JSON.stringify(entry)));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all);
    const bad = await entries(operator, { cursor: "nonsense" });
    expect(bad.status).toBe(400);
    expect((bad.error as { error: { field: string } }).error.field).toBe("cursor");
  });

  it("cannot be edited: no write method exists on it", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${tollgate.url}/api/audit`, { method, headers: { "content-type": "application/json", origin: tollgate.url }, body: method === "DELETE" ? undefined : "{}" });
      expect([404, 405], method).toContain(response.status);
    }
  });

  it("the operator's list of organizations names each owner (the organization card shows it)", async () => {
    const listed = (await operator.GET("/api/admin/organizations")).data!.data.find((organization) => organization.id === tenant.organizationId)!;
    expect(listed.owners).toEqual([{ name: "Owner", email: tenant.ownerEmail }]);
  });

  it("an archived owner is no longer named as one", async () => {
    const third = await createTenant(tollgate.url, operator);
    const email = `${unique("second-owner")}@example.test`;
    const second = (await third.owner.POST("/api/members", { body: { email, name: "Second", password: "owner-password-2", role: "owner" } })).data!;
    const ownersOf = async () => (await operator.GET("/api/admin/organizations")).data!.data.find((organization) => organization.id === third.organizationId)!.owners;
    expect(await ownersOf()).toEqual([{ name: "Owner", email: third.ownerEmail }, { name: "Second", email }]);
    expect((await third.owner.DELETE("/api/members/{id}", { params: { path: { id: second.id } } })).response.status).toBe(200);
    expect(await ownersOf()).toEqual([{ name: "Owner", email: third.ownerEmail }]);
  });
});
