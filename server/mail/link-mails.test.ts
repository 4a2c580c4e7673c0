// The invitation, verification and budget-alert mails: the link carries the token after `#` (no
// server sees it), names and organizations cannot add markup to the HTML part, and alert mails say
// what fired in words.
import { describe, expect, it } from "vitest";
import { alertSentence, budgetAlertMail } from "./budget-alert-mail.ts";
import { invitationMail } from "./invitation-mail.ts";
import { verificationMail } from "./verification-mail.ts";

describe("invitation mail", () => {
  const mail = invitationMail({ to: "ivy@x.test", organizationName: "<b>Acme</b>", role: "sub-user", invitedBy: "Owner & Co", publicUrl: "https://tg.example", token: "tok_123", ttlDays: 7 });
  it("links to #/invitation/<token> and names the role and expiry", () => {
    expect(mail).toMatchObject({ purpose: "invitation", to: "ivy@x.test", subject: "Join <b>Acme</b> on Tollgate" });
    expect(mail.text).toContain("https://tg.example/#/invitation/tok_123");
    expect(mail.text).toContain("as a sub-user");
    expect(mail.text).toContain("7 days");
  });
  it("escapes names in the HTML part", () => {
    expect(mail.html).not.toContain("<b>Acme</b>");
    expect(mail.html).toContain("&#60;b&#62;Acme");
    expect(mail.html).toContain("Owner &#38; Co");
  });
});

describe("verification mail", () => {
  it("links to #/verify-sign-up/<token>", () => {
    const mail = verificationMail({ to: "sam@x.test", name: "Sam", organizationName: "Sam's", publicUrl: "https://tg.example", token: "tok_9", ttlHours: 24 });
    expect(mail.purpose).toBe("verification");
    expect(mail.text).toContain("https://tg.example/#/verify-sign-up/tok_9");
    expect(mail.text).toContain("24 hours");
  });
});

describe("budget alert mail", () => {
  it.each([
    [{ type: "balance.below", organization: { name: "Acme" }, balance: 1_500_000, balance_below: 5_000_000 }, "The balance of Acme is $1.50, below the $5.00 this alert watches for."],
    [{ type: "cap.threshold", organization: { name: "Acme" }, subject: { type: "key", name: "ci" }, spent: 4_000_000, spend_cap: 5_000_000, threshold_percent: 80, cap_period: "daily" }, "The key ci of Acme has spent $4.00, 80% or more of its $5.00 cap (daily)."],
    [{ type: "balance.day_cover", organization: { name: "Acme" }, balance: 1_000_000, cost_last_24h: 3_000_000 }, "The balance of Acme is $1.00, less than the $3.00 its calls cost in the last 24 hours: at that rate it runs out within a day."],
  ])("says %o in words", (payload, sentence) => {
    expect(alertSentence(payload)).toBe(sentence);
  });
  it("carries the console's address and no token", () => {
    const mail = budgetAlertMail({ to: "f@x.test", payload: { type: "balance.below", organization: { name: "Acme" }, balance: 1, balance_below: 2 }, publicUrl: "https://tg.example" });
    expect(mail).toMatchObject({ purpose: "budget_alert", subject: "Tollgate budget alert: Acme" });
    expect(mail.text).toContain("https://tg.example");
    expect(mail.text).not.toContain("#/");
  });
});
