// In a real browser: an owner changes their own password on the Account page; the operator sets a
// member's password there. Each form shows the server's remedy text when refused.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createTenant, signIn, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";
import { launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let tollgate: Tollgate;
let browser: Browser;
let operator: Console;

async function signedInPage(email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${tollgate.url}/#/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  return page;
}

suite(skipped ? `Account page in a real browser (skipped: ${skipped})` : "Account page in a real browser", () => {
  beforeAll(async () => {
    tollgate = await startTollgate();
    operator = await signInOperator(tollgate.url);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
  });

  it("an owner changes their password; a wrong current password shows the remedy", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const page = await signedInPage(tenant.ownerEmail, "owner-password-1");
    await page.getByRole("link", { name: "Account" }).click();
    const form = page.getByRole("form", { name: "Change your password" });
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password").fill("owner-password-2");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => form.textContent(), { timeout: 15_000 }).toContain("The current password is incorrect");
    await form.getByLabel("Current password").fill("owner-password-1");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => form.getByRole("status").textContent(), { timeout: 15_000 }).toContain("Password changed");
    await shoot(page, "account-owner");
    await signIn(tollgate.url, tenant.ownerEmail, "owner-password-2");
  });

  it("the operator sets a member's password", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    const page = await signedInPage(adminEmail, adminPassword);
    await page.getByRole("link", { name: "Account" }).click();
    const form = page.getByRole("form", { name: "Reset an account's password" });
    await form.getByLabel("Email").fill(tenant.ownerEmail);
    await form.getByLabel("New password").fill("set-by-operator");
    await form.getByRole("button", { name: "Set password" }).click();
    await expect.poll(() => form.getByRole("status").textContent(), { timeout: 15_000 }).toContain("their sessions are signed out");
    await shoot(page, "account-operator");
    await signIn(tollgate.url, tenant.ownerEmail, "set-by-operator");
  });
});
