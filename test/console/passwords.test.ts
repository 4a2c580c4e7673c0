// Passwords from the console: an account changes its own (its other sessions end, this one stays);
// the operator sets another account's (all of its sessions end); nobody else may.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient } from "../../client/index.ts";
import { type Console, createTenant, signIn, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

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
  });
});
