// The console API at the edges of its contract: money above the documented maximum is refused
// before it can reach the store (where it once broke every read of the catalog), undeclared
// methods get 405 with Allow, `Origin: null` counts as cross-site, and valid query strings pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createKey, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
let tenant: Tenant;
let groups: Awaited<ReturnType<typeof groupsByIdentifier>>;

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
  groups = await groupsByIdentifier(operator);
  tenant = await createTenant(tollgate.url, operator);
});
afterAll(async () => {
  await tollgate?.stop();
});

const max = 1_000_000_000_000_000;

/** A session cookie for raw requests, so numbers beyond 2^53 reach the server exactly as written. */
async function cookieOf(email: string, password: string): Promise<string> {
  const response = await fetch(`${tollgate.url}/api/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  return response.headers.get("set-cookie")!.split(";", 1)[0];
}

let cookies: { operator: string; owner: string };
beforeAll(async () => {
  cookies = { operator: await cookieOf(adminEmail, adminPassword), owner: await cookieOf(tenant.ownerEmail, "owner-password-1") };
});

async function send(as: keyof typeof cookies, method: string, path: string, json: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${tollgate.url}${path}`, { method, headers: { "content-type": "application/json", cookie: cookies[as], ...headers }, body: json });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

describe("money fields are bounded at 10^15 micros in the contract", () => {
  it("a key's spend cap above the maximum (2^53 + 1, or above 2^63) is a 400 naming spend_cap, and the relay keeps serving", async () => {
    const { data: key } = await tenant.owner.POST("/api/keys", { body: { name: "capped", group_id: groups.get("claude-smart")!.id } });
    for (const cap of ["9007199254740993", "9223372036854775809", "1000000000000001"]) {
      const refused = await send("owner", "PATCH", `/api/keys/${key!.id}`, `{"spend_cap": ${cap}}`);
      expect(refused.status, cap).toBe(400);
      expect(refused.body.error).toMatchObject({ code: "invalid_request", field: "spend_cap", message: expect.stringContaining(String(max)) });
    }
    const created = await send("owner", "POST", "/api/keys", `{"name": "too big", "spend_cap": 9007199254740993}`);
    expect(created.status).toBe(400);
    expect(created.body.error.field).toBe("spend_cap");

    const { data: atMax } = await tenant.owner.PATCH("/api/keys/{id}", { params: { path: { id: key!.id } }, body: { spend_cap: max } });
    expect(atMax?.spend_cap).toBe(max);

    // Another organization's new key still reaches the relay, and a revocation still takes.
    const other = await createTenant(tollgate.url, operator);
    const secret = await createKey(other.owner, groups.get("gpt-trial")!.id);
    const models = await fetch(`${tollgate.url}/v1/models`, { headers: { authorization: `Bearer ${secret}` } });
    expect(models.status).toBe(200);
    const { response } = await tenant.owner.DELETE("/api/keys/{id}", { params: { path: { id: key!.id } } });
    expect(response.status).toBe(200);
  });

  it("a top-up above the maximum is a 400 naming amount, and none may take a balance above it", async () => {
    const path = `/api/admin/organizations/${tenant.organizationId}/top-ups`;
    for (const amount of ["9007199254740993", "1000000000000001", "-1000000000000001"]) {
      const refused = await send("operator", "POST", path, `{"amount": ${amount}}`);
      expect(refused.status, amount).toBe(400);
      expect(refused.body.error.field).toBe("amount");
    }
    expect((await send("operator", "POST", path, `{"amount": ${max}}`)).status).toBe(200);
    const over = await send("operator", "POST", path, `{"amount": 1}`);
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({ field: "amount", message: expect.stringContaining("above the maximum") });
  });

  it("a price above the maximum is a 400 naming the price", async () => {
    const refused = await send(
      "operator",
      "POST",
      "/api/admin/groups",
      `{"name": "GPT Huge", "identifier": "gpt-huge", "multiplier_milli": 1000, "visibility": "public", "models": [{"model_id": "m", "prices": {"input": 9007199254740993, "output": 1}}]}`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe("models.0.prices.input");
  });
});

describe("what the contract does not declare, and what it allows", () => {
  it("an undeclared method on a console path is 405 with Allow, in the console's error shape", async () => {
    const response = await fetch(`${tollgate.url}/api/keys`, { method: "PUT" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "POST"]);
    expect(await response.json()).toMatchObject({ error: { code: "method_not_allowed", message: expect.stringContaining("GET") } });
  });

  it("`Origin: null` does not pass the cross-site check; the console's own origin does", async () => {
    const refused = await send("owner", "POST", "/api/keys", '{"name":"from a sandbox"}', { origin: "null" });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
    expect((await send("owner", "POST", "/api/keys", '{"name":"from the console"}', { origin: tollgate.url })).status).toBe(201);
  });

  it("query values with characters URLs allow unencoded (`+`, `:`) are accepted", async () => {
    const response = await fetch(`${tollgate.url}/api/usage/calls?organization_id=a+b:c`, { headers: { cookie: cookies.operator } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: [], next_cursor: null });
  });
});
