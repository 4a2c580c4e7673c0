// Self sign-up end to end over a real SMTP server: off by default (refused, and the sign-in page is
// told); on, a sign-up mails a confirmation link and makes nothing until it is followed, which opens
// an organization of the person's own with the operator's starting balance and exclusive groups, and
// signs in. The answer is the same for a taken address (which gets no mail); links work once and
// expire; the throttle counts; and no token reaches the server's output.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { type Console, createTenant, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { type Inbox, linkTokenIn, smtpEnv, startInbox } from "../helpers/smtp.ts";
import { type Tollgate, freePort, startTollgate } from "../helpers/tollgate.ts";

let inbox: Inbox;
let tollgate: Tollgate;
let operator: Console;
let privateGroupId: string;
const clockFile = join(mkdtempSync(join(tmpdir(), "tollgate-clock-")), "offset");
const tokens: string[] = [];
const privateIdentifier = `signup-private-${process.pid}`;

beforeAll(async () => {
  inbox = await startInbox();
  writeFileSync(clockFile, "0");
  tollgate = await startTollgate({
    ...smtpEnv(inbox, await freePort()),
    TOLLGATE_TEST_CLOCK_FILE: clockFile,
    TOLLGATE_SIGNUP: "true",
    TOLLGATE_SIGNUP_STARTING_BALANCE: "2500000",
    TOLLGATE_SIGNUP_GROUPS: `gpt-trial, ${privateIdentifier}, no-such-group`,
  });
  operator = await signInOperator(tollgate.url);
  const group = await operator.POST("/api/admin/groups", { body: { name: `GPT Sign-up Private ${process.pid}`, identifier: privateIdentifier, multiplier_milli: 1000, visibility: "exclusive" } });
  privateGroupId = group.data!.id;
}, 60_000);
afterAll(async () => {
  await tollgate?.stop();
  await inbox?.stop();
});

const anonymous = () => consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() });
const newAddress = () => `${unique("signup")}@example.test`;

function signUp(email: string, address = "203.0.113.50", client = anonymous()) {
  return client.POST("/api/sign-ups", { body: { email, name: "Sam Signup", organization_name: "Sam's Startup" }, headers: { "x-forwarded-for": address } });
}
const verify = (token: string, client = anonymous(), password = "signup-password-1") => client.POST("/api/sign-up-verifications", { body: { token, password }, headers: { "x-forwarded-for": "203.0.113.51" } });

async function mailedToken(email: string, count = 1): Promise<string> {
  const token = linkTokenIn(await inbox.next(email, count), "verify-sign-up");
  tokens.push(token);
  return token;
}

const moveClock = async (ms: number) => {
  writeFileSync(clockFile, String(ms));
  await new Promise((resolve) => setTimeout(resolve, 400));
};

describe("self sign-up, on", () => {
  it("the sign-in page is told sign-up is open", async () => {
    expect((await anonymous().GET("/api/sign-in-options")).data).toEqual({ email: true, password_reset: true, sign_up: true, invitations: true, identity_providers: [] });
  });

  it("sign-up → mail → link: an organization of one's own with the starting balance and the groups, signed in as its owner; audited", async () => {
    const email = newAddress();
    const asked = await signUp(email);
    expect(asked.response.status).toBe(202);
    expect(await signIn(tollgate.url, email, "signup-password-1").catch(() => "no account yet")).toBe("no account yet");

    const mail = await inbox.next(email);
    expect(mail.subject).toBe("Confirm your Tollgate sign-up");
    expect(mail.text).toContain(`${tollgate.url}/#/verify-sign-up/`);
    expect(mail.text).toContain("Sam's Startup");
    const token = linkTokenIn(mail, "verify-sign-up");
    tokens.push(token);

    const browser = anonymous();
    const done = await verify(token, browser);
    expect(done.response.status).toBe(200);
    expect(done.data).toMatchObject({ email, name: "Sam Signup", role: "owner", organization: { name: "Sam's Startup" } });
    expect((await browser.GET("/api/me")).data).toMatchObject({ email, role: "owner" });
    await signIn(tollgate.url, email, "signup-password-1");

    const organizations = (await operator.GET("/api/admin/organizations")).data!.data;
    const mine = organizations.find((organization) => organization.id === done.data!.organization!.id)!;
    expect(mine).toMatchObject({ name: "Sam's Startup", balance: 2_500_000, exclusive_group_ids: [privateGroupId] });
    const guide = JSON.stringify((await browser.GET("/api/call-guide")).data);
    expect(guide).toContain(privateIdentifier);
    expect(guide).toContain("gpt-trial");
    expect(tollgate.output()).toContain('"event":"console.sign_up_group_unknown"');

    const audit = (await browser.GET("/api/audit")).data!.data;
    expect(audit.find((entry) => entry.action === "organization.signed_up")).toMatchObject({
      actor: { email },
      target: { type: "organization", name: "Sam's Startup" },
      after: { balance: 2_500_000, exclusive_group_ids: [privateGroupId], verified_from: "203.0.113.51" },
    });

    const again = await verify(token);
    expect(again.error).toMatchObject({ error: { code: "invalid_request", field: "token", message: expect.stringContaining("already confirmed") } });
  });

  it("answers a taken address exactly as a free one, and mails only the free one", async () => {
    const owner = (await createTenant(tollgate.url, operator)).ownerEmail;
    const free = newAddress();
    const taken = await signUp(owner, "203.0.113.60");
    const fresh = await signUp(free, "203.0.113.61");
    expect(taken.response.status).toBe(202);
    expect(fresh.response.status).toBe(202);
    expect(taken.data).toEqual(fresh.data);
    await mailedToken(free);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inbox.to(owner)).toEqual([]);
  });

  it("two links followed at once make one account; only the newest link of an address works", async () => {
    const startups = async () => (await operator.GET("/api/admin/organizations")).data!.data.filter((organization) => organization.name === "Sam's Startup").length;
    const before = await startups();
    const email = newAddress();
    await signUp(email);
    const older = await mailedToken(email);
    await signUp(email);
    const newer = await mailedToken(email, 2);
    expect((await verify(older)).error).toMatchObject({ error: { field: "token", message: expect.stringContaining("not valid") } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(newer)));
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await startups()).toBe(before + 1);
  });

  it("a link expires after 24 hours", async () => {
    const email = newAddress();
    await signUp(email);
    const token = await mailedToken(email);
    try {
      await moveClock(24 * 3600_000 + 60_000);
      expect((await verify(token)).error).toMatchObject({ error: { field: "token", message: expect.stringContaining("expired") } });
    } finally {
      await moveClock(0);
    }
  });

  it("a short password (chosen at the link) or a missing organization name is refused naming the field", async () => {
    const email = newAddress();
    await signUp(email);
    const short = await verify(await mailedToken(email), anonymous(), "short");
    expect(short.error).toMatchObject({ error: { code: "invalid_request", field: "password" } });
    const unnamed = await anonymous().POST("/api/sign-ups", { body: { email: newAddress(), name: "S" } as never });
    expect(unnamed.error).toMatchObject({ error: { code: "invalid_request", field: "organization_name" } });
  });

  it("signing up counts against the sign-in throttle: the 11th for one address in a window gets 429", async () => {
    const email = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUp(email, `198.51.100.${i + 120}`)).response.status);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
  });

  it("no confirmation token reaches the server's output", async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tokens.length).toBeGreaterThan(3);
    for (const token of tokens) expect(tollgate.output()).not.toContain(token);
  });
});

describe("self sign-up, off (the default)", () => {
  it("is refused saying so, and the sign-in page is told", async () => {
    const server = await startTollgate(smtpEnv(inbox, await freePort()));
    try {
      const client = consoleClient({ baseUrl: server.url });
      expect((await client.GET("/api/sign-in-options")).data).toMatchObject({ sign_up: false });
      const off = await client.POST("/api/sign-ups", { body: { email: newAddress(), name: "S", organization_name: "X" } });
      expect(off.response.status).toBe(404);
      expect(off.error).toMatchObject({ error: { code: "not_found", message: expect.stringContaining("Self sign-up is off") } });
      expect((await client.POST("/api/sign-up-verifications", { body: { token: "whatever", password: "long-enough-1" } })).response.status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe("self sign-up, on PostgreSQL", () => {
  if (!postgresUrl) {
    it.skip("needs TEST_DATABASE_URL (reason: no PostgreSQL server configured; .ci/run starts one)", () => {});
    return;
  }
  it("a link followed at once on two workers sharing one database opens one organization, with the starting balance", async () => {
    const database = await freshDatabase(postgresUrl);
    const server = await startTollgate({ ...smtpEnv(inbox, await freePort()), DATABASE_URL: database.url, TOLLGATE_WORKERS: "2", TOLLGATE_SIGNUP: "true", TOLLGATE_SIGNUP_STARTING_BALANCE: "700" });
    try {
      const email = newAddress();
      const client = () => consoleClient({ baseUrl: server.url, fetch: withCookieJar() });
      await client().POST("/api/sign-ups", { body: { email, name: "Pat", organization_name: "Pat's PG Org" } });
      const token = linkTokenIn(await inbox.next(email), "verify-sign-up");
      const answers = await Promise.all(Array.from({ length: 5 }, () => client().POST("/api/sign-up-verifications", { body: { token, password: "pg-signup-password" } })));
      expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 400, 400, 400, 400]);
      const organizations = (await (await signInOperator(server.url)).GET("/api/admin/organizations")).data!.data.filter((organization) => organization.name === "Pat's PG Org");
      expect(organizations).toHaveLength(1);
      expect(organizations[0].balance).toBe(700);
    } finally {
      await server.stop();
      await database.drop();
    }
  }, 60_000);
});
