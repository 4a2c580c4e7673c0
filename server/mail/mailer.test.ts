// The mailer against a real SMTP server on loopback: a mail arrives; an address list is refused
// before anything is sent; a refused SMTP sign-in is logged without the password.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Inbox, smtpPassword, smtpUser, startInbox } from "../../test/helpers/smtp.ts";
import type { SmtpConfig } from "../config.ts";
import { createMailer } from "./mailer.ts";
import { passwordResetMail } from "./password-reset-mail.ts";

let inbox: Inbox;
beforeAll(async () => {
  inbox = await startInbox();
});
afterAll(async () => {
  await inbox?.stop();
});

const config = (password = smtpPassword): SmtpConfig => ({
  host: "127.0.0.1",
  port: inbox.port,
  tls: "none",
  auth: { user: smtpUser, password },
  from: "Tollgate <no-reply@tollgate.test>",
  publicUrl: "https://tollgate.example.com",
});

function logged() {
  const lines: [string, Record<string, unknown>][] = [];
  return { lines, log: (event: string, fields: Record<string, unknown> = {}) => void lines.push([event, fields]) };
}

const mail = (to: string) => passwordResetMail({ to, userId: "usr_1", name: "Ada <b>", publicUrl: "https://tollgate.example.com", token: "tok-123_abc", ttlMinutes: 30 });

describe("mailer", () => {
  it("sends off the caller's path; the mail carries the link in text and (escaped) HTML", async () => {
    const { lines, log } = logged();
    const mailer = createMailer(config(), log);
    mailer.send(mail("ada@example.test"));
    expect(lines).toEqual([]); // nothing has happened yet: send only queued it
    await mailer.idle();
    const received = await inbox.next("ada@example.test");
    expect(received.text).toContain("https://tollgate.example.com/#/reset-password/tok-123_abc");
    expect(received.html).toContain("Hello Ada &#60;b&#62;");
    expect(lines).toEqual([["mail.sent", expect.objectContaining({ purpose: "password_reset", user: "usr_1" })]]);
    expect(JSON.stringify(lines)).not.toContain("ada@example.test");
  });

  it.each(["ada@example.test, eve@evil.test", "Eve <eve@evil.test>", "ada@example.test;eve@evil.test", "not-an-address"])("refuses %j: one plain address only", async (to) => {
    const { lines, log } = logged();
    const mailer = createMailer(config(), log);
    const before = inbox.mails.length;
    mailer.send(mail(to));
    await mailer.idle();
    expect(lines.map(([event]) => event)).toEqual(["mail.refused"]);
    expect(inbox.mails.length).toBe(before);
  });

  it("logs a refused SMTP sign-in without the password, and throws nothing", async () => {
    const { lines, log } = logged();
    const wrong = "wrong-Secret-93kd";
    const mailer = createMailer(config(wrong), log);
    mailer.send(mail("grace@example.test"));
    await mailer.idle();
    expect(lines[0]).toEqual(["mail.failed", expect.objectContaining({ purpose: "password_reset", command: "AUTH", response_code: 535 })]);
    expect(JSON.stringify(lines)).not.toContain(wrong);
    expect(JSON.stringify(lines)).not.toContain(Buffer.from(wrong).toString("base64"));
  });
});
