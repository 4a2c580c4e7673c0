// In a real browser, "Forgot password?" to the end: the link on the sign-in page, the address
// asked for, the mail received by a real SMTP server, its link opened, a new password set, and
// the person signed in; then the same link refused. Without e-mail the sign-in page offers no link.
// Screenshots of each page at 1280 and 390 px (test-results/screenshots/password-reset-*).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, signIn, signInOperator } from "../helpers/fixtures.ts";
import { type Inbox, resetLinkIn, smtpEnv, startInbox } from "../helpers/smtp.ts";
import { type Tollgate, freePort, startTollgate } from "../helpers/tollgate.ts";
import { freshPage, launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let inbox: Inbox;
let tollgate: Tollgate;
let browser: Browser;

const newPage = () => freshPage(browser);

suite(skipped ? `password reset in a real browser (skipped: ${skipped})` : "password reset in a real browser", () => {
  beforeAll(async () => {
    inbox = await startInbox();
    tollgate = await startTollgate(smtpEnv(inbox, await freePort()));
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
    await inbox?.stop();
  });

  it("follows the mailed link to a new password and a signed-in console", async () => {
    const tenant = await createTenant(tollgate.url, await signInOperator(tollgate.url));
    const page = await newPage();
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(tenant.ownerEmail);
    await shoot(page, "password-reset-ask");
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("If an account uses this address");
    await shoot(page, "password-reset-sent");

    const link = resetLinkIn(await inbox.next(tenant.ownerEmail));
    expect(link.startsWith(`${tollgate.url}/#/reset-password/`)).toBe(true);
    const reset = await newPage();
    await reset.goto(link);
    await reset.getByRole("heading", { name: "Set a new password" }).waitFor();
    expect(await reset.title()).toBe("Set a new password · Tollgate");
    // Two different passwords are caught before anything is sent.
    await reset.getByLabel("New password", { exact: true }).fill("browser-reset-password");
    await reset.getByLabel("New password, again").fill("browser-reset-passwrd");
    await reset.getByRole("button", { name: "Set password and sign in" }).click();
    await expect.poll(() => reset.getByRole("alert").textContent()).toContain("The two passwords differ");
    await reset.getByLabel("New password, again").fill("browser-reset-password");
    await shoot(reset, "password-reset-new-password");
    await reset.getByRole("button", { name: "Set password and sign in" }).click();
    await reset.getByRole("button", { name: "Sign out" }).waitFor();
    await expect.poll(() => reset.evaluate(() => location.hash)).toBe("#/keys");
    await shoot(reset, "password-reset-signed-in");
    await signIn(tollgate.url, tenant.ownerEmail, "browser-reset-password");

    // The same link again, in another browser: refused with the reason and the remedy.
    const again = await newPage();
    await again.goto(link);
    await again.getByLabel("New password", { exact: true }).fill("second-try-password");
    await again.getByLabel("New password, again").fill("second-try-password");
    await again.getByRole("button", { name: "Set password and sign in" }).click();
    await expect.poll(() => again.getByRole("alert").textContent()).toContain("already used");
    await shoot(again, "password-reset-used-link");
  });

  it("without e-mail, the sign-in page offers no reset link and says whom to ask", async () => {
    const plain = await startTollgate();
    try {
      const page = await newPage();
      await page.goto(`${plain.url}/#/sign-in`);
      await page.getByText("Ask your organization's owner or the operator").waitFor();
      expect(await page.getByRole("link", { name: "Forgot password?" }).count()).toBe(0);
      await shoot(page, "password-reset-off");
    } finally {
      await plain.stop();
    }
  }, 60_000);
});
