// Budgets in a real browser (issue 22): an owner turns alerts on (the signing secret shown once),
// changes the thresholds, rotates the secret and turns them off; member and key caps that reset are
// set on the Members and API Keys pages. Screenshots at 1280 and 390 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tenant, createTenant, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";
import { launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let tollgate: Tollgate;
let browser: Browser;
let tenant: Tenant;
let page: Page;

suite(skipped ? `budget alerts in a real browser (skipped: ${skipped})` : "budget alerts in a real browser", () => {
  beforeAll(async () => {
    tollgate = await startTollgate();
    tenant = await createTenant(tollgate.url, await signInOperator(tollgate.url));
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByLabel("Email").fill(tenant.ownerEmail);
    await page.getByLabel("Password").fill("owner-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Alerts" }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
  });

  it("an owner turns alerts on and sees the signing secret once", async () => {
    await page.getByRole("link", { name: "Alerts" }).click();
    const form = page.getByRole("form", { name: "Alert settings" });
    await form.getByRole("heading", { name: "Set up alerts" }).waitFor();
    await shoot(page, "alerts-empty");
    await form.getByLabel("Webhook URL").fill("https://hooks.example.test/tollgate");
    await form.getByLabel("Cap used (%)").fill("75, 100");
    await form.getByLabel("Balance below").fill("25");
    await form.getByRole("button", { name: "Turn on alerts" }).click();
    const secret = page.locator("[data-secret]");
    await secret.waitFor();
    expect(await secret.innerText()).toMatch(/^whsec_/);
    await shoot(page, "alerts-secret");
    const saved = await tenant.owner.GET("/api/alerts");
    expect(saved.data).toMatchObject({ url: "https://hooks.example.test/tollgate", cap_percents: [75, 100], balance_below: 25_000_000, day_cover: true });
    await page.getByRole("button", { name: "I have stored it" }).click();
    await expect.poll(() => secret.count()).toBe(0);
  });

  it("refuses a Balance below that is not a plain amount, beside the field, and keeps the saved one", async () => {
    const form = page.getByRole("form", { name: "Alert settings" });
    const balance = form.getByLabel("Balance below");
    // "1,000" would be NaN, sent as null: the alert switched off while the page said "saved".
    await balance.fill("1,000");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByRole("alert").allInnerTexts()).toEqual([expect.stringMatching(/^"1,000" is not an amount/)]);
    expect(await balance.getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "alerts-balance-refused");
    // The secret's rotation saves the settings too (a plain button, which the browser's checks skip).
    await balance.fill("-5");
    await form.getByRole("button", { name: "New signing secret" }).click();
    await expect.poll(() => form.getByRole("alert").allInnerTexts()).toEqual([expect.stringMatching(/^"-5" is not an amount/)]);
    expect(await page.locator("[data-secret]").count()).toBe(0);
    expect(await form.getByRole("status").innerText()).toBe("");
    expect((await tenant.owner.GET("/api/alerts")).data).toMatchObject({ balance_below: 25_000_000 });
    await balance.fill("25");
    expect(await form.getByRole("alert").count()).toBe(0);
  });

  it("a member's cap resets daily, set on the Members page", async () => {
    await tenant.owner.POST("/api/members", { body: { email: "daily@acme.test", name: "Day Spender", password: "developer-password-1", role: "developer" } });
    await page.getByRole("link", { name: "Members" }).click();
    const member = page.locator('[data-member="daily@acme.test"]');
    await member.waitFor();
    await member.getByLabel("Spend cap, $").fill("3");
    await member.getByLabel("Resets").selectOption("daily");
    await member.getByRole("button", { name: "Save cap" }).click();
    await page.getByText(/Day Spender may spend up to \$3(\.00)? across all keys each day \(UTC\)/).waitFor();
    const saved = (await tenant.owner.GET("/api/members")).data!.data.find((m) => m.email === "daily@acme.test");
    expect(saved).toMatchObject({ spend_cap: 3_000_000, cap_period: "daily" });
    await shoot(page, "members-cap-period");
    await page.getByRole("link", { name: "Alerts" }).click();
  });

  it("a member's cap in whole micros ($12.345678, set through the API) can still be saved on the Members page", async () => {
    const member = (await tenant.owner.GET("/api/members")).data!.data.find((m) => m.email === "daily@acme.test")!;
    await tenant.owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: 12_345_678 } });
    await page.getByRole("link", { name: "Members" }).click();
    const card = page.locator('[data-member="daily@acme.test"]');
    await expect.poll(() => card.getByLabel("Spend cap, $").inputValue()).toBe("12.345678");
    await card.getByLabel("Resets").selectOption("weekly");
    await card.getByRole("button", { name: "Save cap" }).click();
    const saved = async () => (await tenant.owner.GET("/api/members")).data!.data.find((m) => m.email === "daily@acme.test");
    await expect.poll(async () => (await saved())?.cap_period).toBe("weekly");
    expect((await saved())?.spend_cap).toBe(12_345_678);
    await page.getByRole("link", { name: "Alerts" }).click();
  });

  it("a key's cap resets weekly, set on the API Keys page", async () => {
    await page.getByRole("link", { name: "API Keys" }).click();
    const form = page.getByRole("form", { name: "Create a key" });
    await form.getByLabel("Name", { exact: true }).fill("weekly-ci");
    await form.getByLabel("Spend cap, $ (optional)").fill("2");
    await form.getByLabel("Cap resets").selectOption("weekly");
    await form.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("button", { name: "I have stored it" }).click();
    const row = page.locator('[data-key="weekly-ci"]').first();
    await expect.poll(() => row.innerText()).toContain("a week");
    const key = (await tenant.owner.GET("/api/keys")).data!.data.find((k) => k.name === "weekly-ci");
    expect(key).toMatchObject({ spend_cap: 2_000_000, cap_period: "weekly" });
    await shoot(page, "keys-cap-period");
    await page.getByRole("link", { name: "Alerts" }).click();
  });

  it("changes thresholds, rotates the secret, and turns alerts off", async () => {
    const form = page.getByRole("form", { name: "Alert settings" });
    await form.getByLabel(/will not cover a day/).uncheck();
    await form.getByLabel("Balance below").fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").first().innerText()).toContain("saved");
    expect((await tenant.owner.GET("/api/alerts")).data).toMatchObject({ balance_below: null, day_cover: false });
    await shoot(page, "alerts-saved");
    await form.getByRole("button", { name: "New signing secret" }).click();
    await page.locator("[data-secret]").waitFor();
    await page.getByRole("button", { name: "I have stored it" }).click();
    await form.getByRole("button", { name: "Turn off" }).click();
    await page.getByRole("button", { name: "Turn off alerts" }).click();
    await form.getByRole("heading", { name: "Set up alerts" }).waitFor();
    expect((await tenant.owner.GET("/api/alerts")).response.status).toBe(404);
  });
});
