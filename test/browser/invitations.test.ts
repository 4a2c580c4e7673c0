// In a real browser, the ways in that mail a link: an owner invites from the Members page, the
// pending invitation shows, the mailed link (received by a real SMTP server) is opened, a password
// chosen and the invitee lands signed in with the role; and self sign-up from the sign-in page to the
// confirmation link and a console of one's own. Screenshots at 1280 and 390 px
// (test-results/screenshots/invitation-*, sign-up-*).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { type Inbox, linkIn, smtpEnv, startInbox } from "../helpers/smtp.ts";
import { type Tollgate, freePort, startTollgate } from "../helpers/tollgate.ts";
import { freshPage, launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let inbox: Inbox;
let tollgate: Tollgate;
let browser: Browser;

const newPage = () => freshPage(browser);

async function signedInPage(email: string, password: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${tollgate.url}/#/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  return page;
}

suite(skipped ? `invitations and sign-up in a real browser (skipped: ${skipped})` : "invitations and sign-up in a real browser", () => {
  beforeAll(async () => {
    inbox = await startInbox();
    tollgate = await startTollgate({ ...smtpEnv(inbox, await freePort()), TOLLGATE_SIGNUP: "true", TOLLGATE_SIGNUP_STARTING_BALANCE: "1000000" });
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
    await inbox?.stop();
  });

  it("the owner invites from the Members page; the invitee follows the mailed link to a password and a signed-in console", async () => {
    const tenant = await createTenant(tollgate.url, await signInOperator(tollgate.url));
    const owner = await signedInPage(tenant.ownerEmail, "owner-password-1");
    await owner.goto(`${tollgate.url}/#/members`);
    const form = owner.getByRole("form", { name: "Invite by e-mail" });
    const email = `${unique("invitee")}@example.test`;
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Role").selectOption("sub-user");
    await form.getByLabel("GPT Trial", { exact: true }).check();
    await shoot(owner, "invitation-form");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect.poll(() => owner.getByRole("status").first().textContent()).toContain(`Invitation sent to ${email}`);
    const pending = owner.getByRole("region", { name: "Pending invitations" });
    await pending.getByText(email).waitFor();
    await shoot(owner, "invitation-pending");

    const link = linkIn(await inbox.next(email), "invitation");
    expect(link.startsWith(`${tollgate.url}/#/invitation/`)).toBe(true);
    const invitee = await newPage();
    await invitee.goto(link);
    await invitee.getByRole("heading", { name: "Join an organization" }).waitFor();
    await invitee.getByText("as a sub-user").waitFor();
    expect(await invitee.title()).toBe("Join an organization · Tollgate");
    await invitee.getByLabel("Your name").fill("Ivy Invitee");
    await invitee.getByLabel("Password").fill("invitee-browser-password");
    await shoot(invitee, "invitation-accept");
    await invitee.getByRole("button", { name: "Join and sign in" }).click();
    await invitee.getByRole("button", { name: "Sign out" }).waitFor();
    await expect.poll(() => invitee.evaluate(() => location.hash)).toBe("#/keys");
    await shoot(invitee, "invitation-signed-in");
    const me = await (await signIn(tollgate.url, email, "invitee-browser-password")).GET("/api/me");
    expect(me.data).toMatchObject({ role: "sub-user", organization: { id: tenant.organizationId } });

    // The owner's list: the invitation is gone, the member is there.
    await owner.reload();
    await owner.locator(`[data-member="${email}"]`).waitFor();
    expect(await owner.getByRole("region", { name: "Pending invitations" }).count()).toBe(0);

    // The same link again: why it no longer works.
    const again = await newPage();
    await again.goto(link);
    await expect.poll(() => again.getByRole("alert").textContent()).toContain("already accepted");
    await shoot(again, "invitation-used");
  });

  it("sign-up from the sign-in page, the confirmation link, and a console of one's own", async () => {
    const page = await newPage();
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByRole("link", { name: "No account? Sign up" }).click();
    await page.getByRole("heading", { name: "Sign up" }).waitFor();
    const email = `${unique("signup")}@example.test`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Your name").fill("Sasha Signup");
    await page.getByLabel("Organization name").fill("Sasha's Lab");
    await shoot(page, "sign-up-form");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("a link to confirm it is on its way");
    await shoot(page, "sign-up-sent");

    const link = linkIn(await inbox.next(email), "verify-sign-up");
    const confirm = await newPage();
    await confirm.goto(link);
    // The password is chosen here, behind the mailed link: whoever typed the address cannot pick it.
    await confirm.getByLabel("Password").fill("signup-browser-password");
    await shoot(confirm, "sign-up-confirm");
    await confirm.getByRole("button", { name: "Open my account" }).click();
    await confirm.getByRole("button", { name: "Sign out" }).waitFor();
    await expect.poll(() => confirm.evaluate(() => location.hash)).toBe("#/keys");
    await shoot(confirm, "sign-up-signed-in");
    await confirm.goto(`${tollgate.url}/#/members`);
    await confirm.getByRole("form", { name: "Invite by e-mail" }).waitFor();
    const me = await (await signIn(tollgate.url, email, "signup-browser-password")).GET("/api/me");
    expect(me.data).toMatchObject({ role: "owner", organization: { name: "Sasha's Lab" } });
  });

  it("the alert form offers to mail alerts when e-mail is on", async () => {
    const tenant = await createTenant(tollgate.url, await signInOperator(tollgate.url));
    const owner = await signedInPage(tenant.ownerEmail, "owner-password-1");
    await owner.goto(`${tollgate.url}/#/alerts`);
    const form = owner.getByRole("form", { name: "Alert settings" });
    await form.getByLabel("Webhook URL").fill("https://hooks.example.com/tollgate");
    await form.getByLabel("Also e-mail each alert to the organization's owners").check();
    await form.getByLabel("Also e-mail to").fill("finance@example.test, cfo@example.test");
    await form.getByRole("button", { name: "Turn on alerts" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("Alert settings saved");
    await shoot(owner, "alerts-by-email");
    expect((await tenant.owner.GET("/api/alerts")).data).toMatchObject({ email_owners: true, email_addresses: ["finance@example.test", "cfo@example.test"] });
  });

  it("without sign-up open, the sign-in page offers none", async () => {
    const plain = await startTollgate();
    try {
      const page = await newPage();
      await page.goto(`${plain.url}/#/sign-in`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      await page.waitForTimeout(300);
      expect(await page.getByRole("link", { name: "No account? Sign up" }).count()).toBe(0);
    } finally {
      await plain.stop();
    }
  }, 60_000);
});
