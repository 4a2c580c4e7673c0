// Operating Tollgate from the console in a real browser (issue 22), from a first start with no
// channel: the operator is told what to do first and the Marketplace marks every model unavailable;
// a channel is added through the form (only servable groups offered, an empty choice explained in
// words, the Kind readable), edited (rotation, timeout, mapping) and archived; a group is archived.
// Families and interfaces carry their vendors' names. Screenshots at 1280 and 390 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";
import { startAnthropicMock } from "../mock-upstreams/anthropic.ts";
import type { Mock } from "../mock-upstreams/server.ts";
import { launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let tollgate: Tollgate;
let browser: Browser;
let operator: Console;
let anthropic: Mock;
let page: Page;

suite(skipped ? `operating the console in a real browser (skipped: ${skipped})` : "operating the console in a real browser", () => {
  beforeAll(async () => {
    anthropic = await startAnthropicMock({ apiKey: "sk-ant-first" });
    tollgate = await startTollgate();
    operator = await signInOperator(tollgate.url);
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
    await anthropic?.close();
  });

  it("a visitor's Marketplace marks every model unavailable while no channel exists, with vendor family names", async () => {
    await page.goto(`${tollgate.url}/#/marketplace`);
    const card = page.locator('[data-group="claude-smart"]');
    await card.waitFor();
    expect(await card.innerText()).toContain("Anthropic (Claude)");
    expect(await card.innerText()).toContain("not yet available");
    expect(await page.locator('tr[data-available="true"]').count()).toBe(0);
    expect(await page.locator("main").innerText()).not.toMatch(/Family [ABC]/);
    await shoot(page, "first-run-marketplace");
  });

  it("the operator's first screen says to add a channel first", async () => {
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    const start = page.getByRole("complementary", { name: /Start here/ });
    await start.waitFor();
    expect(await start.innerText()).toContain("Add a channel");
    await shoot(page, "first-run-operator");
  });

  it("the channel form offers only the groups its kind can serve, explains an empty choice, and adds the channel", async () => {
    await page.getByRole("link", { name: "Add a channel" }).click();
    await page.getByText("New channel").click();
    const form = page.getByRole("form", { name: "Create a channel" });
    const kind = form.getByLabel("Kind");
    // The Kind select shows its whole option text.
    const fits = await kind.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement("span");
      probe.style.cssText = `font: ${getComputedStyle(select).font}; position: absolute; white-space: nowrap;`;
      probe.textContent = select.selectedOptions[0].text;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width + 40 <= select.clientWidth;
    });
    expect(fits).toBe(true);
    const groupsOffered = async () => (await form.getByRole("group", { name: "Groups it serves" }).innerText());
    expect(await groupsOffered()).toContain("Claude Smart Preferred");
    expect(await groupsOffered()).not.toContain("GPT Trial");
    await kind.selectOption("gemini");
    expect(await groupsOffered()).toContain("Gemini Official");
    expect(await groupsOffered()).not.toContain("Claude");
    await kind.selectOption("anthropic");

    await form.getByLabel("Name").fill("Anthropic main");
    await form.getByLabel("Base URL").fill(anthropic.url);
    await form.getByLabel("Credentials").fill("sk-ant-first");
    await form.getByRole("button", { name: "Add channel" }).click();
    expect(await form.getByRole("alert").innerText()).toMatch(/Choose at least one group/);
    await shoot(page, "channel-form-no-group");
    await form.getByLabel("Claude Smart Preferred").check();
    await form.getByRole("button", { name: "Add channel" }).click();
    const card = page.locator('[data-channel="Anthropic main"]');
    await card.waitFor();
    expect(await card.innerText()).toContain("Anthropic Messages API");
    await page.getByRole("complementary", { name: /Start here/ }).waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Test" }).click();
    await expect.poll(() => card.getByRole("status").innerText()).toContain("Upstream answered 200");
  });

  it("the channel is edited in place: timeout, model mapping, credential rotation, priority", async () => {
    const card = page.locator('[data-channel="Anthropic main"]');
    await card.getByRole("button", { name: "Edit Anthropic main" }).click();
    const form = page.getByRole("form", { name: "Edit Anthropic main" });
    await form.getByLabel("Timeout (seconds)").fill("45");
    await form.getByLabel("Model mapping (optional)").fill("claude-haiku-4-5=claude-haiku-4-5-20251001");
    await form.getByLabel("New credentials (optional)").fill("sk-ant-first\nsk-ant-second-9999");
    await form.getByLabel("Priority").fill("3");
    await shoot(page, "channel-edit");
    await form.getByRole("button", { name: "Save channel" }).click();
    await form.waitFor({ state: "detached" });
    // The list reloads after the save: wait for the card to show it before reading the rest.
    await expect.poll(() => card.innerText()).toContain("timeout 45 s");
    const text = await card.innerText();
    expect(text).toContain("claude-haiku-4-5 → claude-haiku-4-5-20251001");
    expect(text).toContain("…9999");
    expect(text).toMatch(/3 \/ 1/);
    const [stored] = (await operator.GET("/api/admin/channels")).data!.data;
    expect(stored).toMatchObject({ timeout_ms: 45_000, priority: 3, credentials: { count: 2 } });
    await shoot(page, "channels");
  });

  it("the Marketplace now marks the served group's models available", async () => {
    await page.goto(`${tollgate.url}/#/marketplace`);
    await page.locator('[data-group="claude-smart"] tr[data-available="true"]').first().waitFor();
    expect(await page.locator('[data-group="gpt-trial"] tr[data-available="true"]').count()).toBe(0);
  });

  it("archiving a channel asks once more, then removes it; the first-run note returns", async () => {
    await page.goto(`${tollgate.url}/#/operator/channels`);
    const card = page.locator('[data-channel="Anthropic main"]');
    await card.getByRole("button", { name: "Archive" }).click();
    await card.getByRole("button", { name: "Archive Anthropic main" }).click();
    await card.waitFor({ state: "detached" });
    await page.getByRole("complementary", { name: /Start here/ }).waitFor();
    expect((await operator.GET("/api/admin/channels")).data!.data).toEqual([]);
  });

  it("archiving a group removes it from the Groups page", async () => {
    await operator.POST("/api/admin/groups", { body: { name: "GPT Sunset", identifier: "gpt-sunset", multiplier_milli: 1000, visibility: "public" } });
    await page.goto(`${tollgate.url}/#/operator/groups`);
    const card = page.locator('[data-group="gpt-sunset"]');
    await card.getByRole("button", { name: "Edit GPT Sunset" }).click();
    expect(await card.innerText()).toContain("OpenAI (GPT)");
    await card.getByRole("button", { name: "Archive group" }).click();
    await shoot(page, "group-archive-confirm");
    await card.getByRole("button", { name: "Archive GPT Sunset" }).click();
    await card.waitFor({ state: "detached" });
  });

  it("the Audit log shows the operator every change with before → after, and the owner their organization's", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    await operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 25_000_000 } });
    await page.goto(`${tollgate.url}/#/audit`);
    const topUp = page.locator('tr[data-action="organization.topped_up"]');
    await topUp.waitFor();
    expect(await topUp.innerText()).toMatch(/balance: \$0\.00 → \$25\.00/);
    expect(await page.locator('tr[data-action="channel.updated"]').innerText()).toContain("timeout_ms: 120000 → 45000");
    expect(await page.locator('tr[data-action="channel.archived"]').count()).toBe(1);
    await shoot(page, "audit-operator");
    await page.goto(`${tollgate.url}/#/operator/organizations`);
    await expect.poll(() => page.locator("main").innerText()).toContain(`<${tenant.ownerEmail}>`);

    const owner = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await owner.goto(`${tollgate.url}/#/sign-in`);
    await owner.getByLabel("Email").fill(tenant.ownerEmail);
    await owner.getByLabel("Password").fill("owner-password-1");
    await owner.getByRole("button", { name: "Sign in" }).click();
    await owner.getByRole("link", { name: "Audit log" }).click();
    await owner.locator('tr[data-action="organization.topped_up"]').waitFor();
    expect(await owner.locator('tr[data-action^="channel."]').count()).toBe(0);
    await shoot(owner, "audit-owner");
    await owner.context().close();
  });

  it("an owner archives a member, and the operator an organization once its balance is zero", async () => {
    const tenant = await createTenant(tollgate.url, operator);
    await tenant.owner.POST("/api/members", { body: { email: "leaver@example.test", name: "Leaver", password: "leaver-password-1", role: "developer", group_ids: [] } });
    const owner = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await owner.goto(`${tollgate.url}/#/sign-in`);
    await owner.getByLabel("Email").fill(tenant.ownerEmail);
    await owner.getByLabel("Password").fill("owner-password-1");
    await owner.getByRole("button", { name: "Sign in" }).click();
    await owner.getByRole("link", { name: "Members" }).click();
    const card = owner.locator('[data-member="leaver@example.test"]');
    await card.getByRole("button", { name: "Archive member" }).click();
    await shoot(owner, "member-archive-confirm");
    await card.getByRole("button", { name: "Archive Leaver" }).click();
    await card.waitFor({ state: "detached" });
    await owner.context().close();

    await operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 1_000_000 } });
    // The page may already show this route: load it afresh so the new organization is listed.
    await page.goto(`${tollgate.url}/#/operator/organizations`);
    await page.reload();
    const organization = page.locator(`article[data-organization]`, { hasText: tenant.ownerEmail });
    await organization.getByRole("button", { name: "Archive organization" }).click();
    await organization.getByRole("button", { name: /^Archive Org-/ }).click();
    expect(await page.getByRole("alert").innerText()).toMatch(/still has a balance/);
    await operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: -1_000_000 } });
    await organization.getByRole("button", { name: "Archive organization" }).click();
    await organization.getByRole("button", { name: /^Archive Org-/ }).click();
    await organization.waitFor({ state: "detached" });
  });

  // After the audit log's test, which expects one channel.updated entry.
  it("a channel whose timeout is not whole seconds (2500 ms, set through the API) is still saved from its form", async () => {
    const groups = await groupsByIdentifier(operator);
    const made = await operator.POST("/api/admin/channels", {
      body: { name: "Anthropic fast", kind: "anthropic", base_url: anthropic.url, credentials: ["sk-ant-first"], group_ids: [groups.get("claude-smart")!.id], timeout_ms: 2500 },
    });
    expect(made.response.status).toBe(201);
    await page.goto(`${tollgate.url}/#/operator/channels`);
    await page.locator('[data-channel="Anthropic fast"]').getByRole("button", { name: "Edit Anthropic fast" }).click();
    const form = page.getByRole("form", { name: "Edit Anthropic fast" });
    expect(await form.getByLabel("Timeout (seconds)").inputValue()).toBe("2.5");
    await form.getByLabel("Priority").fill("2");
    await form.getByRole("button", { name: "Save channel" }).click();
    const stored = async () => (await operator.GET("/api/admin/channels")).data!.data.find((channel) => channel.name === "Anthropic fast");
    await expect.poll(async () => (await stored())?.priority).toBe(2);
    expect((await stored())?.timeout_ms).toBe(2500);
    await form.waitFor({ state: "detached" });
  });
});
