// Automation tokens for the console API: made by an operator or owner with a session, shown once,
// stored hashed, used as `Authorization: Bearer`, revocable and expiring, acting with the creator's role.
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, consoleClient } from "../../client/index.ts";
import { type Console, createTenant, signIn, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
});
afterAll(() => tollgate?.stop());

const withToken = (token: string) => consoleClient({ baseUrl: tollgate.url, headers: auth.consoleToken(token) });

describe("console automation tokens", () => {
  it("lets a script manage organizations and groups with an operator's token, and stores only a hash", async () => {
    const { data: created, response } = await operator.POST("/api/tokens", { body: { name: "terraform", expires_at: inDays(30) } });
    expect(response.status).toBe(201);
    expect(created!.secret).toMatch(/^tgc_/);
    expect(created!.role).toBe("operator");
    const script = withToken(created!.secret);
    const organizations = await script.GET("/api/admin/organizations");
    expect(organizations.response.status).toBe(200);
    const made = await script.POST("/api/admin/organizations", {
      body: { name: "Scripted Org", group_routing: false, owner: { email: "scripted@example.test", name: "Owner", password: "owner-password-1" } },
    });
    expect(made.response.status).toBe(201);
    expect((await script.GET("/api/admin/groups")).data!.data.length).toBeGreaterThan(0);

    // The secret is shown once: the list has its display form only, and the database its hash.
    const listed = (await script.GET("/api/tokens")).data!.data;
    expect(listed.map((token) => token.name)).toContain("terraform");
    expect(JSON.stringify(listed)).not.toContain(created!.secret);
    expect(listed.find((token) => token.id === created!.id)!.last_used_at).not.toBeNull();
    const db = new DatabaseSync(join(tollgate.dataDir, "tollgate.db"), { readOnly: true });
    const rows = JSON.stringify(db.prepare("SELECT * FROM console_tokens").all());
    db.close();
    expect(rows).not.toContain(created!.secret);
  });

  it("refuses a token minting tokens, a revoked token, and anything that is not a console token", async () => {
    const { data: created } = await operator.POST("/api/tokens", { body: { name: "short-lived", expires_at: inDays(1) } });
    const script = withToken(created!.secret);
    const mint = await script.POST("/api/tokens", { body: { name: "child", expires_at: inDays(1) } });
    expect(mint.response.status).toBe(403);
    expect(mint.error!.error.message).toContain("signed in");

    expect((await script.DELETE("/api/tokens/{id}", { params: { path: { id: created!.id } } })).data!.revoked_at).not.toBeNull();
    const after = await script.GET("/api/admin/organizations");
    expect(after.response.status).toBe(401);
    expect(after.error!.error.message).toContain("revoked");

    const apiKey = await withToken("tg-not-a-console-token").GET("/api/me");
    expect(apiKey.response.status).toBe(401);
    expect(apiKey.error!.error.message).toContain("relay");
  });

  it("requires a future expiry of at most a year", async () => {
    for (const expires_at of [inDays(-1), inDays(400)]) {
      const { response, error } = await operator.POST("/api/tokens", { body: { name: "bad", expires_at } });
      expect(response.status).toBe(400);
      expect(error!.error.field).toBe("expires_at");
    }
  });

  it("scopes an owner's token to the owner's organization and role", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const { data: created } = await tenant.owner.POST("/api/tokens", { body: { name: "ci", expires_at: inDays(7) } });
    expect(created!.role).toBe("owner");
    const script = withToken(created!.secret);
    const key = await script.POST("/api/keys", { body: { name: "from-ci" } });
    expect(key.response.status).toBe(201);
    expect((await script.GET("/api/me")).data!.organization!.id).toBe(tenant.organizationId);
    expect((await script.GET("/api/admin/organizations")).response.status).toBe(403);
    // Another user's token is not visible nor revocable.
    expect((await operator.DELETE("/api/tokens/{id}", { params: { path: { id: created!.id } } })).response.status).toBe(404);
    // It adds developers, not owners: an owner with a password the token's holder chose would be a sign-in that mints tokens.
    const developer = await script.POST("/api/members", { body: { email: `${created!.id}-dev@example.test`, name: "Dev", password: "developer-password-1", role: "developer" } });
    expect(developer.response.status).toBe(201);
    const owner = await script.POST("/api/members", { body: { email: `${created!.id}-owner@example.test`, name: "Owner", password: "owner-password-9", role: "owner" } });
    expect(owner.response.status).toBe(403);
    expect(owner.error!.error).toMatchObject({ field: "role", message: expect.stringContaining("Sign in to the console") });
    expect((await tenant.owner.POST("/api/members", { body: { email: `${created!.id}-owner@example.test`, name: "Owner", password: "owner-password-9", role: "owner" } })).response.status).toBe(201);
  });

  it("are created and revoked in the audit log, without their secret", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const { data: created } = await tenant.owner.POST("/api/tokens", { body: { name: "audited", expires_at: inDays(7) } });
    await tenant.owner.DELETE("/api/tokens/{id}", { params: { path: { id: created!.id } } });
    const entries = (await tenant.owner.GET("/api/audit")).data!.data;
    expect(entries.slice(0, 2).map((entry) => [entry.action, entry.target])).toEqual([
      ["token.revoked", { type: "token", id: created!.id, name: "audited" }],
      ["token.created", { type: "token", id: created!.id, name: "audited" }],
    ]);
    expect(entries[0].after).toMatchObject({ revoked_at: expect.any(String) });
    expect(JSON.stringify(entries)).not.toContain(created!.secret);
  });

  it("is not offered to developers and sub-users", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    await tenant.owner.POST("/api/members", { body: { email: "dev-tokens@example.test", name: "Dev", password: "developer-password-1", role: "developer" } });
    const developer = await signIn(tollgate.url, "dev-tokens@example.test", "developer-password-1");
    expect((await developer.POST("/api/tokens", { body: { name: "x", expires_at: inDays(1) } })).response.status).toBe(403);
  });

  it("keeps the cookie session's cross-site refusal", async () => {
    const response = await fetch(`${tollgate.url}/api/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ name: "x", expires_at: inDays(1) }),
    });
    expect(response.status).toBe(403);
  });
});
