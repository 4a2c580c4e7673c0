// "Forgot your password" end to end over a real SMTP server (test/helpers/smtp.ts): the same
// answer for a known and an unknown address, a mailed one-time link that works once, expires, is
// replaced by a newer one and dies with a password change; the throttle; the audit log; and no
// token nor SMTP password in the server's output. Without SMTP, the feature says it is off.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { type Console, type Tenant, createTenant, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { type Inbox, resetTokenIn, smtpEnv, smtpPassword, startInbox } from "../helpers/smtp.ts";
import { type Tollgate, freePort, startTollgate } from "../helpers/tollgate.ts";

let inbox: Inbox;
let tollgate: Tollgate;
let operator: Console;
const clockFile = join(mkdtempSync(join(tmpdir(), "tollgate-clock-")), "offset");
/** Every token mailed in this file: none may appear in the server's output. */
const tokens: string[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  writeFileSync(clockFile, "0");
  tollgate = await startTollgate({ ...smtpEnv(inbox, await freePort()), TOLLGATE_TEST_CLOCK_FILE: clockFile });
  operator = await signInOperator(tollgate.url);
}, 60_000);
afterAll(async () => {
  await tollgate?.stop();
  await inbox?.stop();
});

const anonymous = () => consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() });

/** Asks for a link as a browser would, from a given client address (the loopback proxy is trusted). */
function requestLink(email: string, address = "203.0.113.7") {
  return anonymous().POST("/api/password-reset-links", { body: { email }, headers: { "x-forwarded-for": address } });
}

async function mailedToken(email: string, count = 1): Promise<string> {
  const token = resetTokenIn(await inbox.next(email, count));
  tokens.push(token);
  return token;
}

function resetWith(token: string, newPassword: string, client = anonymous()) {
  return client.POST("/api/password-resets", { body: { token, new_password: newPassword }, headers: { "x-forwarded-for": "203.0.113.8" } });
}

const moveClock = async (ms: number) => {
  writeFileSync(clockFile, String(ms));
  await new Promise((resolve) => setTimeout(resolve, 400)); // every process re-reads it every 100 ms
};

describe("forgot your password, with SMTP", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(tollgate.url, operator);
  });

  it("the sign-in page is told that e-mail and password reset are on", async () => {
    const { data } = await anonymous().GET("/api/sign-in-options");
    expect(data).toEqual({ email: true, password_reset: true, sign_up: false, invitations: true, identity_providers: [] });
  });

  it("answers a known and an unknown address alike, and mails only the known one, signed in to SMTP", async () => {
    const unknownEmail = `${unique("nobody")}@example.test`;
    const unknown = await requestLink(unknownEmail);
    const known = await requestLink(tenant.ownerEmail.toUpperCase());
    expect(unknown.response.status).toBe(202);
    expect(known.response.status).toBe(202);
    expect(known.data).toEqual(unknown.data);
    expect(known.data!.message).toContain("If an account uses this address");

    const mail = await inbox.next(tenant.ownerEmail);
    tokens.push(resetTokenIn(mail));
    expect(mail.subject).toBe("Set a new Tollgate password");
    expect(mail.from?.text).toContain("no-reply@tollgate.test");
    expect(mail.text).toContain(`${tollgate.url}/#/reset-password/`);
    expect(mail.text).toContain("30 minutes");
    expect(mail.html).toContain('href="http://127.0.0.1:');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.to(unknownEmail)).toEqual([]);
    expect(inbox.logins.length).toBeGreaterThan(0);
    expect(inbox.logins.every((login) => login.accepted)).toBe(true);
  });

  it("the answer does not wait on the mail: known and unknown addresses take about as long", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await requestLink(email, `203.0.113.${Math.floor(Math.random() * 200) + 20}`)).response.status).toBe(202);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round++) {
      const someone = await createTenant(tollgate.url, operator);
      known.push(await timed(someone.ownerEmail));
      unknown.push(await timed(`${unique("nobody")}@example.test`));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[1];
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(100);
  });

  it("the link sets the password once: signed in, other sessions ended, a second use refused, audited", async () => {
    const someone = await createTenant(tollgate.url, operator);
    const elsewhere = await signIn(tollgate.url, someone.ownerEmail, "owner-password-1");
    await requestLink(someone.ownerEmail);
    const token = await mailedToken(someone.ownerEmail);

    const short = await resetWith(token, "short");
    expect(short.response.status).toBe(400);
    expect(short.error).toMatchObject({ error: { code: "invalid_request", field: "new_password" } });

    const browser = anonymous();
    const done = await resetWith(token, "new-password-by-link", browser);
    expect(done.response.status).toBe(200);
    expect(done.data).toMatchObject({ email: someone.ownerEmail, role: "owner" });
    expect((await browser.GET("/api/me")).response.status).toBe(200);
    expect((await elsewhere.GET("/api/me")).response.status).toBe(401);
    expect((await someone.owner.GET("/api/me")).response.status).toBe(401);
    await expect(signIn(tollgate.url, someone.ownerEmail, "owner-password-1")).rejects.toThrow();
    await signIn(tollgate.url, someone.ownerEmail, "new-password-by-link");

    const again = await resetWith(token, "another-password-1");
    expect(again.response.status).toBe(400);
    expect(again.error).toMatchObject({ error: { code: "invalid_request", field: "token", message: expect.stringContaining("already used") } });

    const audit = (await browser.GET("/api/audit")).data!.data;
    const [reset, sent] = audit.filter((entry) => entry.action.startsWith("member.password_reset"));
    expect(reset).toMatchObject({ action: "member.password_reset_by_link", actor: { email: someone.ownerEmail }, target: { type: "member", name: someone.ownerEmail }, organization_id: someone.organizationId });
    expect(sent).toMatchObject({ action: "member.password_reset_link_sent", actor: { email: someone.ownerEmail }, after: { requested_from: "203.0.113.7", expires_at: expect.any(String) } });
    expect(JSON.stringify(audit)).not.toContain(token);
    // The operator sees them too.
    const all = (await operator.GET("/api/audit", { params: { query: { organization_id: someone.organizationId } } })).data!.data;
    expect(all.map((entry) => entry.action)).toEqual(expect.arrayContaining(["member.password_reset_link_sent", "member.password_reset_by_link"]));
  });

  it("a member of an organization that requires single sign-on gets no sign-in from a link: the link stays unused", async () => {
    const someone = await createTenant(tollgate.url, operator);
    await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: someone.organizationId } }, body: { sso_required: true } });
    await requestLink(someone.ownerEmail);
    const token = await mailedToken(someone.ownerEmail);
    const refused = await resetWith(token, "password-by-link-1");
    expect(refused.response.status).toBe(403);
    expect(refused.error!.error.message).toContain("signs in through single sign-on only");
    // The operator lifts the requirement: the same link works, since the refusal did not spend it.
    await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: someone.organizationId } }, body: { sso_required: false } });
    expect((await resetWith(token, "password-by-link-1")).response.status).toBe(200);
  });

  it("a mistyped token is refused, naming the field and the remedy", async () => {
    const wrong = await resetWith("not-a-token-we-gave-out", "whatever-password");
    expect(wrong.response.status).toBe(400);
    expect(wrong.error).toMatchObject({ error: { code: "invalid_request", field: "token", message: expect.stringContaining("Forgot password?") } });
  });

  it("a newer link replaces the older one", async () => {
    const someone = await createTenant(tollgate.url, operator);
    await requestLink(someone.ownerEmail);
    const older = await mailedToken(someone.ownerEmail, 1);
    await requestLink(someone.ownerEmail);
    const newer = await mailedToken(someone.ownerEmail, 2);
    expect(newer).not.toBe(older);
    const refused = await resetWith(older, "from-the-older-link");
    expect(refused.error).toMatchObject({ error: { field: "token", message: expect.stringContaining("newer password reset link") } });
    expect((await resetWith(newer, "from-the-newer-link")).response.status).toBe(200);
  });

  it("a link expires after 30 minutes", async () => {
    const someone = await createTenant(tollgate.url, operator);
    await requestLink(someone.ownerEmail);
    const token = await mailedToken(someone.ownerEmail);
    try {
      await moveClock(31 * 60_000);
      const expired = await resetWith(token, "too-late-password");
      expect(expired.response.status).toBe(400);
      expect(expired.error).toMatchObject({ error: { code: "invalid_request", field: "token", message: expect.stringContaining("expired") } });
    } finally {
      await moveClock(0);
    }
    // 29 minutes in, a fresh link still works.
    await requestLink(someone.ownerEmail);
    const fresh = await mailedToken(someone.ownerEmail, 2);
    try {
      await moveClock(29 * 60_000);
      expect((await resetWith(fresh, "just-in-time-password")).response.status).toBe(200);
    } finally {
      await moveClock(0);
    }
  });

  it("a password change kills a link sent before it", async () => {
    const someone = await createTenant(tollgate.url, operator);
    await requestLink(someone.ownerEmail);
    const token = await mailedToken(someone.ownerEmail);
    await someone.owner.PUT("/api/me/password", { body: { current_password: "owner-password-1", new_password: "changed-meanwhile" } });
    const refused = await resetWith(token, "from-a-stale-link");
    expect(refused.error).toMatchObject({ error: { field: "token", message: expect.stringContaining("password was changed after this link was sent") } });
  });

  it("asking counts against the sign-in throttle: the 11th request for one address in a window gets 429, known or not", async () => {
    for (const email of [(await createTenant(tollgate.url, operator)).ownerEmail, `${unique("nobody")}@example.test`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await requestLink(email, `198.51.100.${i + 1}`)).response.status);
      expect(statuses).toEqual([...Array(10).fill(202), 429]);
      const throttled = await requestLink(email, "198.51.100.99");
      expect(Number(throttled.response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(throttled.error).toMatchObject({ error: { code: "too_many_requests" } });
    }
  });

  it("using links counts against the client address's sign-in throttle: the 101st try in a window gets 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const { response } = await anonymous().POST("/api/password-resets", { body: { token: `guess-${i}`, new_password: "guessing-password" }, headers: { "x-forwarded-for": "192.0.2.77" } });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(100).fill(400), 429]);
  });

    it("neither a token nor the SMTP password reaches the server's output", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const output = tollgate.output();
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(output).not.toContain(token);
    expect(output).not.toContain(smtpPassword);
    expect(output).not.toContain(Buffer.from(smtpPassword).toString("base64"));
    expect(output).toContain('"event":"mail.sent"');
  });
});

describe("forgot your password, SMTP refusing the sign-in", () => {
  it("the answer is still 202; the failure is logged without the password; the worker lives on", async () => {
    const wrongPassword = "wrong-smtp-password-Zq71";
    const server = await startTollgate(smtpEnv(inbox, await freePort(), wrongPassword));
    try {
      const op = await signInOperator(server.url);
      const someone = await createTenant(server.url, op);
      const answer = await consoleClient({ baseUrl: server.url }).POST("/api/password-reset-links", { body: { email: someone.ownerEmail } });
      expect(answer.response.status).toBe(202);
      await expect.poll(() => server.output(), { timeout: 15_000 }).toContain('"event":"mail.failed"');
      expect(server.output()).not.toContain(wrongPassword);
      expect(server.output()).not.toContain(Buffer.from(wrongPassword).toString("base64"));
      expect(inbox.to(someone.ownerEmail)).toEqual([]);
      expect((await op.GET("/api/me")).response.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe("forgot your password, without SMTP", () => {
  it("is off: the sign-in page is told so, and asking names the operator's remedy", async () => {
    const server = await startTollgate();
    try {
      const client = consoleClient({ baseUrl: server.url });
      expect((await client.GET("/api/sign-in-options")).data).toEqual({ email: false, password_reset: false, sign_up: false, invitations: false, identity_providers: [] });
      const off = await client.POST("/api/password-reset-links", { body: { email: "someone@example.test" } });
      expect(off.response.status).toBe(404);
      expect(off.error).toMatchObject({ error: { code: "not_found", message: expect.stringContaining("has not configured e-mail") } });
      expect(off.error!.error.message).toContain("npm run admin -- reset-password");
    } finally {
      await server.stop();
    }
  }, 60_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe("forgot your password, on PostgreSQL", () => {
  if (!postgresUrl) {
    it.skip("needs TEST_DATABASE_URL (reason: no PostgreSQL server configured; .ci/run starts one)", () => {});
    return;
  }
  it("a mailed link sets the password once, two workers sharing one database", async () => {
    const database = await freshDatabase(postgresUrl);
    const server = await startTollgate({ ...smtpEnv(inbox, await freePort()), DATABASE_URL: database.url, TOLLGATE_WORKERS: "2" });
    try {
      const someone = await createTenant(server.url, await signInOperator(server.url));
      const client = consoleClient({ baseUrl: server.url, fetch: withCookieJar() });
      expect((await client.POST("/api/password-reset-links", { body: { email: someone.ownerEmail } })).response.status).toBe(202);
      const token = resetTokenIn(await inbox.next(someone.ownerEmail));
      // Both at once, likely on both workers: exactly one sets the password.
      const answers = await Promise.all(["pg-password-one", "pg-password-two"].map((password) => client.POST("/api/password-resets", { body: { token, new_password: password } })));
      expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 400]);
      const winner = answers[0].response.status === 200 ? "pg-password-one" : "pg-password-two";
      await signIn(server.url, someone.ownerEmail, winner);
      expect(server.output()).not.toContain(token);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 60_000);
});
