// Budget alerts by e-mail, beside the webhook: a real SMTP server (test/helpers/smtp.ts) receives
// the alert at the organization's owner and at a listed address, once per crossing and period, while
// the webhook still gets its signed POST. Without e-mail configured, asking for mails is refused
// (alerts.test.ts, "alerts by e-mail without e-mail").
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { type Inbox, smtpEnv, startInbox } from "../helpers/smtp.ts";
import { freePort } from "../helpers/tollgate.ts";

let env: RelayEnv;
let inbox: Inbox;
let hook: Server;
let hookUrl: string;
const posts: Record<string, unknown>[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  hook = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => (posts.push(JSON.parse(text)), res.writeHead(200).end()));
  });
  await new Promise<void>((ready) => hook.listen(0, "127.0.0.1", ready));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  env = await startRelayEnv({ env: { ...smtpEnv(inbox, await freePort()), TOLLGATE_ALERT_INTERVAL_MS: "250", TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: "true" } });
}, 60_000);
afterAll(async () => {
  await env?.stop();
  await inbox?.stop();
  await new Promise((done) => hook?.close(done));
});

describe("budget alerts by e-mail", () => {
  it("a low balance is mailed to the owner and the listed address once, beside the webhook; audited settings show the recipients", async () => {
    const finance = "finance@example.test";
    const put = await env.tenant.owner.PUT("/api/alerts", {
      body: { url: hookUrl, cap_percents: [100], balance_below: 9_000_000_000_000, day_cover: false, email_owners: true, email_addresses: [finance, finance.toUpperCase()] },
    });
    expect(put.response.status).toBe(201);
    expect(put.data).toMatchObject({ email_owners: true, email_addresses: [finance, finance.toUpperCase()] });

    const toOwner = await inbox.next(env.tenant.ownerEmail);
    const toFinance = await inbox.next(finance);
    for (const mail of [toOwner, toFinance]) {
      expect(mail.subject).toMatch(/^Tollgate budget alert: /);
      expect(mail.text).toMatch(/The balance of .+ is \$[\d.]+, below the \$9000000\.00 this alert watches for\./);
      expect(mail.text).toContain(env.tollgate.url);
    }
    await expect.poll(() => posts.filter((post) => post.type === "balance.below").length, { timeout: 10_000 }).toBe(1);
    // Several more evaluations: still one mail each (once per crossing and UTC day), and one per address however it is spelt.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(inbox.to(env.tenant.ownerEmail)).toHaveLength(1);
    expect(inbox.to(finance)).toHaveLength(1);
    expect(env.tollgate.output()).toContain('"purpose":"budget_alert"');
  });

  it("a malformed address is refused naming the field", async () => {
    const bad = await env.tenant.owner.PUT("/api/alerts", { body: { url: hookUrl, email_addresses: ["a@x.test, b@y.test"] } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: { code: "invalid_request", field: expect.stringMatching(/^email_addresses/) } });
  });
});
