// Invitations end to end over a real SMTP server (test/helpers/smtp.ts): an owner invites, the mail
// carries a one-time link, the invitee previews and accepts it with a password and is signed in with
// the invitation's role and groups; expired, used, revoked and replaced links are refused saying
// why; two concurrent accepts make one account; the operator invites into any organization; every
// step is in the audit log and no token reaches the server's output. Without SMTP, inviting says so.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { type Console, type Tenant, createTenant, groupsByIdentifier, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { type Inbox, linkTokenIn, smtpEnv, startInbox } from "../helpers/smtp.ts";
import { type Tollgate, freePort, startTollgate } from "../helpers/tollgate.ts";

let inbox: Inbox;
let tollgate: Tollgate;
let operator: Console;
let tenant: Tenant;
const clockFile = join(mkdtempSync(join(tmpdir(), "tollgate-clock-")), "offset");
const tokens: string[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  writeFileSync(clockFile, "0");
  tollgate = await startTollgate({ ...smtpEnv(inbox, await freePort()), TOLLGATE_TEST_CLOCK_FILE: clockFile });
  operator = await signInOperator(tollgate.url);
  tenant = await createTenant(tollgate.url, operator);
}, 60_000);
afterAll(async () => {
  await tollgate?.stop();
  await inbox?.stop();
});

const anonymous = () => consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() });
const newAddress = () => `${unique("invitee")}@example.test`;

async function invite(by: Console, body: { email: string; role: "owner" | "sub-user" | "developer"; group_ids?: string[]; organization_id?: string }) {
  const answer = await by.POST("/api/invitations", { body });
  if (answer.error) throw new Error(JSON.stringify(answer.error));
  return answer.data!;
}

async function mailedToken(email: string, count = 1): Promise<string> {
  const token = linkTokenIn(await inbox.next(email, count), "invitation");
  tokens.push(token);
  return token;
}

const accept = (token: string, client = anonymous(), password = "invitee-password-1") =>
  client.POST("/api/invitation-acceptances", { body: { token, name: "Invitee", password }, headers: { "x-forwarded-for": "203.0.113.40" } });
const preview = (token: string) => anonymous().POST("/api/invitation-previews", { body: { token }, headers: { "x-forwarded-for": "203.0.113.41" } });

const moveClock = async (ms: number) => {
  writeFileSync(clockFile, String(ms));
  await new Promise((resolve) => setTimeout(resolve, 400));
};

describe("invitations, with SMTP", () => {
  it("the sign-in page is told invitations are on", async () => {
    expect((await anonymous().GET("/api/sign-in-options")).data).toMatchObject({ invitations: true });
  });

  it("invite → mail → preview → accept: signed in as a sub-user with the group; the invitation leaves the pending list; audited", async () => {
    const group = (await groupsByIdentifier(operator)).get("gpt-trial")!;
    const email = newAddress();
    const created = await invite(tenant.owner, { email, role: "sub-user", group_ids: [group.id] });
    expect(created).toMatchObject({ email, role: "sub-user", group_ids: [group.id], state: "pending", organization_id: tenant.organizationId });
    expect(JSON.stringify(created)).not.toMatch(/token/);

    const pending = (await tenant.owner.GET("/api/invitations")).data!.data;
    expect(pending.map((invitation) => invitation.id)).toContain(created.id);

    const mail = await inbox.next(email);
    expect(mail.subject).toMatch(/^Join .+ on Tollgate$/);
    expect(mail.text).toContain(`${tollgate.url}/#/invitation/`);
    expect(mail.text).toContain("as a sub-user");
    expect(mail.text).toContain("7 days");
    const token = linkTokenIn(mail, "invitation");
    tokens.push(token);

    const seen = await preview(token);
    expect(seen.data).toMatchObject({ state: "pending", email, role: "sub-user", account_exists: false });
    expect(seen.data!.organization_name).toMatch(/^Org-/);

    const browser = anonymous();
    const short = await accept(token, browser, "short");
    expect(short.error).toMatchObject({ error: { code: "invalid_request", field: "password" } });
    const done = await accept(token, browser);
    expect(done.response.status).toBe(200);
    expect(done.data).toMatchObject({ email, role: "sub-user", organization: { id: tenant.organizationId } });
    expect((await browser.GET("/api/me")).data).toMatchObject({ email, role: "sub-user" });
    await signIn(tollgate.url, email, "invitee-password-1");

    const members = (await tenant.owner.GET("/api/members")).data!.data;
    expect(members.find((member) => member.email === email)).toMatchObject({ role: "sub-user", group_ids: [group.id] });
    expect((await tenant.owner.GET("/api/invitations")).data!.data.map((invitation) => invitation.id)).not.toContain(created.id);

    const audit = (await tenant.owner.GET("/api/audit")).data!.data.filter((entry) => entry.target.id === created.id);
    expect(audit.map((entry) => entry.action)).toEqual(["invitation.accepted", "invitation.created"]);
    expect(audit[0]).toMatchObject({ actor: { email }, after: { role: "sub-user", group_ids: [group.id], accepted_from: "203.0.113.40" } });
    expect(audit[1]).toMatchObject({ actor: { email: tenant.ownerEmail }, target: { type: "invitation", name: email } });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it("a used invitation is refused, saying so; its preview says so too", async () => {
    const email = newAddress();
    await invite(tenant.owner, { email, role: "developer" });
    const token = await mailedToken(email);
    expect((await accept(token)).response.status).toBe(200);
    const again = await accept(token, anonymous(), "another-password-1");
    expect(again.response.status).toBe(400);
    expect(again.error).toMatchObject({ error: { code: "invalid_request", field: "token", message: expect.stringContaining("already accepted") } });
    expect((await preview(token)).data).toMatchObject({ state: "accepted", message: expect.stringContaining("already accepted") });
  });

  it("a revoked invitation is refused, and the revocation is audited", async () => {
    const email = newAddress();
    const created = await invite(tenant.owner, { email, role: "developer" });
    const token = await mailedToken(email);
    const revoked = await tenant.owner.DELETE("/api/invitations/{id}", { params: { path: { id: created.id } } });
    expect(revoked.data).toMatchObject({ id: created.id, state: "revoked" });
    const refused = await accept(token);
    expect(refused.error).toMatchObject({ error: { field: "token", message: expect.stringContaining("withdrawn") } });
    expect((await tenant.owner.GET("/api/invitations")).data!.data.map((invitation) => invitation.id)).not.toContain(created.id);
    const again = await tenant.owner.DELETE("/api/invitations/{id}", { params: { path: { id: created.id } } });
    expect(again.response.status).toBe(409);
    const audit = (await tenant.owner.GET("/api/audit")).data!.data.filter((entry) => entry.target.id === created.id);
    expect(audit[0]).toMatchObject({ action: "invitation.revoked", before: { state: "pending" }, after: { state: "revoked" } });
  });

  it("an invitation expires after 7 days; a resend gives a new link that works, and the old one stops", async () => {
    const email = newAddress();
    const created = await invite(tenant.owner, { email, role: "developer" });
    const first = await mailedToken(email);
    try {
      await moveClock(7 * 24 * 3600_000 + 60_000);
      const expired = await accept(first);
      expect(expired.error).toMatchObject({ error: { field: "token", message: expect.stringContaining("expired") } });
      expect((await tenant.owner.GET("/api/invitations")).data!.data.find((invitation) => invitation.id === created.id)).toMatchObject({ state: "expired" });

      const resent = await tenant.owner.POST("/api/invitations/{id}/resend", { params: { path: { id: created.id } } });
      expect(resent.data).toMatchObject({ id: created.id, state: "pending" });
      const second = await mailedToken(email, 2);
      expect(second).not.toBe(first);
      expect((await accept(first)).error).toMatchObject({ error: { field: "token", message: expect.stringContaining("not valid") } });
      expect((await accept(second)).response.status).toBe(200);
    } finally {
      await moveClock(0);
    }
    const audit = (await tenant.owner.GET("/api/audit")).data!.data.filter((entry) => entry.target.id === created.id);
    expect(audit.map((entry) => entry.action)).toEqual(["invitation.accepted", "invitation.resent", "invitation.created"]);
  });

  it("two concurrent accepts of one link make one account", async () => {
    const email = newAddress();
    await invite(tenant.owner, { email, role: "developer" });
    const token = await mailedToken(email);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => accept(token, anonymous(), `racing-password-${i}`)));
    const statuses = answers.map((answer) => answer.response.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    const members = (await tenant.owner.GET("/api/members")).data!.data.filter((member) => member.email === email);
    expect(members).toHaveLength(1);
  });

  it("refuses what cannot be: an address with an account, a second open invitation, an unavailable group, an owner with groups, a mistyped token", async () => {
    const taken = await tenant.owner.POST("/api/invitations", { body: { email: tenant.ownerEmail, role: "developer" } });
    expect(taken.response.status).toBe(409);
    expect(taken.error).toMatchObject({ error: { code: "conflict", field: "email", message: expect.stringContaining("already exists") } });

    const email = newAddress();
    await invite(tenant.owner, { email, role: "developer" });
    const twice = await tenant.owner.POST("/api/invitations", { body: { email: email.toUpperCase(), role: "developer" } });
    expect(twice.error).toMatchObject({ error: { code: "conflict", field: "email", message: expect.stringContaining("Resend it or revoke it") } });

    const exclusive = await operator.POST("/api/admin/groups", { body: { name: unique("GPT Private"), identifier: unique("gpt-private").toLowerCase(), multiplier_milli: 1000, visibility: "exclusive" } });
    const unavailable = await tenant.owner.POST("/api/invitations", { body: { email: newAddress(), role: "sub-user", group_ids: [exclusive.data!.id] } });
    expect(unavailable.error).toMatchObject({ error: { code: "invalid_request", field: "group_ids" } });

    const ownerWithGroups = await tenant.owner.POST("/api/invitations", { body: { email: newAddress(), role: "owner", group_ids: [exclusive.data!.id] } });
    expect(ownerWithGroups.error).toMatchObject({ error: { field: "group_ids", message: expect.stringContaining("every group") } });

    const wrong = await preview("not-a-token-we-gave-out");
    expect(wrong.error).toMatchObject({ error: { code: "invalid_request", field: "token", message: expect.stringContaining("not valid") } });
  });

  it("an invitation is refused once what it was sent under is gone: its sender archived, or its organization archived or requiring single sign-on", async () => {
    // Sent by a second owner who is then archived: accepting would make that person's pick an owner.
    const secondOwner = { email: newAddress(), password: "second-owner-password-1" };
    const made = await tenant.owner.POST("/api/members", { body: { email: secondOwner.email, name: "Second", password: secondOwner.password, role: "owner" } });
    const leaving = await signIn(tollgate.url, secondOwner.email, secondOwner.password);
    const email = newAddress();
    await invite(leaving, { email, role: "owner" });
    const token = await mailedToken(email);
    await tenant.owner.DELETE("/api/members/{id}", { params: { path: { id: made.data!.id } } });
    const orphaned = await accept(token);
    expect(orphaned.response.status).toBe(409);
    expect(orphaned.error).toMatchObject({ error: { field: "token", message: expect.stringContaining("can no longer invite") } });

    // An organization that comes to require single sign-on: no new invitation, and an open one is not accepted.
    const sso = await createTenant(tollgate.url, operator);
    const pending = newAddress();
    await invite(sso.owner, { email: pending, role: "developer" });
    const pendingToken = await mailedToken(pending);
    await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: sso.organizationId } }, body: { sso_required: true } });
    // (Requiring SSO ended the owner's password session, so the operator tries.)
    const refused = await operator.POST("/api/invitations", { body: { email: newAddress(), role: "developer", organization_id: sso.organizationId } });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ error: { message: expect.stringContaining("single sign-on only") } });
    expect((await accept(pendingToken)).error).toMatchObject({ error: { field: "token", message: expect.stringContaining("single sign-on only") } });

    // An archived organization's open invitation makes no account in it.
    const archived = await createTenant(tollgate.url, operator);
    const late = newAddress();
    await invite(archived.owner, { email: late, role: "developer" });
    const lateToken = await mailedToken(late);
    await operator.DELETE("/api/admin/organizations/{id}", { params: { path: { id: archived.organizationId } } });
    expect((await accept(lateToken)).error).toMatchObject({ error: { field: "token", message: expect.stringContaining("was archived") } });
  });

  it("only owners and the operator invite; the operator names the organization", async () => {
    const email = newAddress();
    await invite(tenant.owner, { email, role: "developer" });
    const developer = await anonymous();
    await accept(await mailedToken(email), developer);
    const refused = await developer.POST("/api/invitations", { body: { email: newAddress(), role: "developer" } });
    expect(refused.response.status).toBe(403);
    expect((await developer.GET("/api/invitations")).response.status).toBe(403);

    const unnamed = await operator.POST("/api/invitations", { body: { email: newAddress(), role: "owner" } });
    expect(unnamed.error).toMatchObject({ error: { field: "organization_id" } });
    const ownerEmail = newAddress();
    const byOperator = await invite(operator, { email: ownerEmail, role: "owner", organization_id: tenant.organizationId });
    expect(byOperator).toMatchObject({ role: "owner", organization_id: tenant.organizationId });
    expect((await operator.GET("/api/invitations", { params: { query: { organization_id: tenant.organizationId } } })).data!.data.map((invitation) => invitation.id)).toContain(byOperator.id);
    const owner = anonymous();
    expect((await accept(await mailedToken(ownerEmail), owner)).data).toMatchObject({ role: "owner", organization: { id: tenant.organizationId } });
    expect((await owner.GET("/api/members")).response.status).toBe(200);
  });

  it("guessing invitation tokens hits the client address's sign-in throttle", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const { response } = await anonymous().POST("/api/invitation-acceptances", { body: { token: `guess-${i}`, name: "G", password: "guessing-password" }, headers: { "x-forwarded-for": "192.0.2.88" } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(100).fill(400), 429]);
  });

  it("no invitation token reaches the server's output", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokens.length).toBeGreaterThan(4);
    for (const token of tokens) expect(tollgate.output()).not.toContain(token);
    expect(tollgate.output()).toContain('"purpose":"invitation"');
  });
});

describe("invitations, without SMTP", () => {
  it("inviting answers that e-mail is not configured; the sign-in page is told", async () => {
    const server = await startTollgate();
    try {
      const op = await signInOperator(server.url);
      const someone = await createTenant(server.url, op);
      expect((await consoleClient({ baseUrl: server.url }).GET("/api/sign-in-options")).data).toMatchObject({ invitations: false });
      const off = await someone.owner.POST("/api/invitations", { body: { email: "x@example.test", role: "developer" } });
      expect(off.response.status).toBe(404);
      expect(off.error).toMatchObject({ error: { code: "not_found", message: expect.stringContaining("has not configured e-mail") } });
    } finally {
      await server.stop();
    }
  }, 60_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe("invitations, on PostgreSQL", () => {
  if (!postgresUrl) {
    it.skip("needs TEST_DATABASE_URL (reason: no PostgreSQL server configured; .ci/run starts one)", () => {});
    return;
  }
  it("concurrent accepts of one link on two workers sharing one database make one account", async () => {
    const database = await freshDatabase(postgresUrl);
    const server = await startTollgate({ ...smtpEnv(inbox, await freePort()), DATABASE_URL: database.url, TOLLGATE_WORKERS: "2" });
    try {
      const someone = await createTenant(server.url, await signInOperator(server.url));
      const email = newAddress();
      expect((await someone.owner.POST("/api/invitations", { body: { email, role: "developer" } })).response.status).toBe(201);
      const token = linkTokenIn(await inbox.next(email), "invitation");
      const client = () => consoleClient({ baseUrl: server.url, fetch: withCookieJar() });
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => client().POST("/api/invitation-acceptances", { body: { token, name: "Racer", password: `pg-racing-password-${i}` } })));
      expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      expect((await someone.owner.GET("/api/members")).data!.data.filter((member) => member.email === email)).toHaveLength(1);
      expect(server.output()).not.toContain(token);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 60_000);
});
