// Passwords from the console: an account changes its own (its other sessions end, this one stays);
// the operator sets another account's (all of its sessions end); nobody else may.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient } from "../../client/index.ts";
import { type Console, createTenant, signIn, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let operator: Console;

beforeAll(async () => {
  tollgate = await startTollgate();
  operator = await signInOperator(tollgate.url);
});
afterAll(async () => {
  await tollgate?.stop();
});

describe("console passwords", () => {
  it("an owner changes their own password: the current one is required, other sessions end, this one stays", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const other = await signIn(tollgate.url, tenant.ownerEmail, "owner-password-1");

    const wrong = await tenant.owner.PUT("/api/me/password", { body: { current_password: "not-it", new_password: "owner-password-2" } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error).toMatchObject({ error: { code: "invalid_request", field: "current_password" } });
    const short = await tenant.owner.PUT("/api/me/password", { body: { current_password: "owner-password-1", new_password: "short" } });
    expect(short.response.status).toBe(400);

    const changed = await tenant.owner.PUT("/api/me/password", { body: { current_password: "owner-password-1", new_password: "owner-password-2" } });
    expect(changed.data).toEqual({ ok: true });
    expect((await tenant.owner.GET("/api/me")).response.status).toBe(200);
    expect((await other.GET("/api/me")).response.status).toBe(401);
    await expect(signIn(tollgate.url, tenant.ownerEmail, "owner-password-1")).rejects.toThrow();
    await signIn(tollgate.url, tenant.ownerEmail, "owner-password-2");
  });

  it("the operator resets a member's password: every session of the member ends", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const reset = await operator.POST("/api/admin/password-resets", { body: { email: tenant.ownerEmail.toUpperCase(), new_password: "reset-by-operator" } });
    expect(reset.data).toEqual({ ok: true });
    expect((await tenant.owner.GET("/api/me")).response.status).toBe(401);
    await signIn(tollgate.url, tenant.ownerEmail, "reset-by-operator");

    const unknown = await operator.POST("/api/admin/password-resets", { body: { email: "nobody@example.test", new_password: "whatever-1" } });
    expect(unknown.response.status).toBe(404);
  });

  it("only the operator may reset; an automation token cannot change its account's password", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const refused = await tenant.owner.POST("/api/admin/password-resets", { body: { email: tenant.ownerEmail, new_password: "taken-over-1" } });
    expect(refused.response.status).toBe(403);

    const { data } = await operator.POST("/api/tokens", { body: { name: "script", expires_at: new Date(Date.now() + 3_600_000).toISOString() } });
    const script = consoleClient({ baseUrl: tollgate.url, headers: { authorization: `Bearer ${data!.secret}` } });
    const byToken = await script.PUT("/api/me/password", { body: { current_password: "operator-password-1", new_password: "changed-by-script" } });
    expect(byToken.response.status).toBe(403);
    // Nor reset any password: a leaked operator token must not become the operator's sign-in.
    for (const email of [adminEmail, tenant.ownerEmail]) {
      const reset = await script.POST("/api/admin/password-resets", { body: { email, new_password: "taken-over-1" } });
      expect(reset.response.status).toBe(403);
    }
    await signIn(tollgate.url, tenant.ownerEmail, "owner-password-1");
  });

  it("the operator's own password is changed knowing it, not reset; a reset is in the audit log", async () => {
    const me = (await operator.GET("/api/me")).data!;
    const own = await operator.POST("/api/admin/password-resets", { body: { email: me.email, new_password: "reset-own-1" } });
    expect(own.response.status).toBe(400);
    expect(own.error).toMatchObject({ error: { code: "invalid_request", field: "email", message: expect.stringContaining("/api/me/password") } });

    const tenant = await createTenant(tollgate.url, operator);
    await operator.POST("/api/admin/password-resets", { body: { email: tenant.ownerEmail, new_password: "reset-by-operator" } });
    const { data } = await tenant.owner.GET("/api/audit");
    expect(data).toBeUndefined(); // the reset ended the owner's session
    const owner = await signIn(tollgate.url, tenant.ownerEmail, "reset-by-operator");
    const entries = (await owner.GET("/api/audit")).data!.data;
    // Newest first: the owner's sign-in with the new password, then the operator's reset.
    expect(entries[0]).toMatchObject({ action: "member.signed_in", target: { type: "member", name: tenant.ownerEmail }, after: { method: "password" } });
    expect(entries[1]).toMatchObject({ action: "member.password_reset", actor: { id: me.id }, target: { type: "member", name: tenant.ownerEmail }, before: null, after: null });
  });

  it("wrong current passwords count as sign-in attempts: past the limit, 429 with Retry-After, even for the right one", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess++) {
      const { response } = await tenant.owner.PUT("/api/me/password", { body: { current_password: `guess-${guess}`, new_password: "owner-password-2" } });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const right = await tenant.owner.PUT("/api/me/password", { body: { current_password: "owner-password-1", new_password: "owner-password-2" } });
    expect(right.response.status).toBe(429);
    expect(Number(right.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // The counter is the account's sign-in counter too.
    await expect(signIn(tollgate.url, tenant.ownerEmail, "owner-password-1")).rejects.toThrow();
  });
});
