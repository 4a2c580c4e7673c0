// The web console in a real browser (Debian's chromium via playwright-core) against the real
// server and mock upstreams: the six journeys of the console issue, with a screenshot of every page
// at desktop and phone width in test-results/screenshots/ (each shot also checks that nothing
// scrolls sideways and that every form control has a label).
import Anthropic from "@anthropic-ai/sdk";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createKey, groupsByIdentifier, signIn, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";
import { ANTHROPIC_REPLY, startAnthropicMock } from "../mock-upstreams/anthropic.ts";
import { GEMINI_REPLY, startGeminiMock } from "../mock-upstreams/gemini.ts";
import { OPENAI_REPLY, startOpenAIMock } from "../mock-upstreams/openai.ts";
import type { Mock } from "../mock-upstreams/server.ts";
import { launch, pythonReason, runSnippet, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
if (skipped) console.warn(`browser tests skipped: ${skipped}`);
const suite = skipped ? describe.skip : describe;

const owner = { email: "owner@acme.test", password: "owner-password-1", organization: "Acme Robotics" };
const replies: Record<string, string> = { "claude-smart": ANTHROPIC_REPLY, "gpt-trial": OPENAI_REPLY, "gemini-official": GEMINI_REPLY };

let tollgate: Tollgate;
let mocks: Mock[] = [];
let browser: Browser;
let operatorApi: Console;

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto(`${tollgate.url}/#/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}

suite(skipped ? `web console in a real browser (skipped: ${skipped})` : "web console in a real browser", () => {
  let exclusiveId: string;
  let secret: string;

  beforeAll(async () => {
    const [anthropic, openai, gemini] = await Promise.all([
      startAnthropicMock({ apiKey: "sk-ant-mock" }),
      startOpenAIMock({ apiKey: "sk-openai-mock" }),
      startGeminiMock({ apiKey: "gemini-mock" }),
    ]);
    mocks = [anthropic, openai, gemini];
    tollgate = await startTollgate({
      TOLLGATE_ANTHROPIC_API_KEY: "sk-ant-mock",
      TOLLGATE_ANTHROPIC_BASE_URL: anthropic.url,
      TOLLGATE_OPENAI_API_KEY: "sk-openai-mock",
      TOLLGATE_OPENAI_BASE_URL: `${openai.url}/v1`,
      TOLLGATE_GEMINI_API_KEY: "gemini-mock",
      TOLLGATE_GEMINI_BASE_URL: gemini.url,
    });
    operatorApi = await signInOperator(tollgate.url);
    const exclusive = await operatorApi.POST("/api/admin/groups", {
      body: {
        name: "Claude Enterprise Premium",
        identifier: "claude-enterprise",
        multiplier_milli: 3000,
        visibility: "exclusive",
        models: [{ model_id: "claude-opus-4-6", display_name: "Claude Opus 4.6", prices: { input: 5_000_000, output: 25_000_000 } }],
      },
    });
    exclusiveId = exclusive.data!.id;
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
    await Promise.all(mocks.map((mock) => mock.close()));
  });

  it("(1) an anonymous visitor sees the Marketplace with public groups and prices, and no exclusive group", async () => {
    const { context, page } = await newPage();
    await page.goto(`${tollgate.url}/`);
    await page.locator('[data-group="claude-smart"]').waitFor();
    const groups = await page.locator("[data-group]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-group")));
    expect(groups).toContain("claude-smart");
    expect(groups).toContain("gemini-official");
    expect(groups).not.toContain("claude-enterprise");
    // Claude Sonnet 4.6 at $3 input in the 2.5× group: $7.50 per million tokens.
    await expect.poll(() => page.locator('[data-group="claude-smart"]').innerText()).toContain("$7.50");
    await page.getByLabel("Family").selectOption("C");
    await expect.poll(() => page.locator("[data-group]").count()).toBe(1);
    await page.getByLabel("Family").selectOption("");
    await shoot(page, "marketplace");
    await page.getByLabel("Search").fill("no-such-model");
    await page.getByText("No model matches").waitFor();
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await expect.poll(() => page.locator("[data-group]").count()).toBe(groups.length);
    // A console page asks for a sign-in first; a wrong password is answered with the server's remedy.
    await page.goto(`${tollgate.url}/#/keys`);
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    // A password check costs a deliberate ~100 ms of scrypt, more on a busy machine.
    await expect.poll(() => page.getByRole("alert").innerText(), { timeout: 10_000 }).toContain("Email or password is incorrect");
    await shoot(page, "sign-in");
    await context.close();
  });

  it("(2) the operator signs in, creates an organization and its owner, and grants an exclusive group", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, adminEmail, adminPassword);
    await page.getByRole("heading", { name: "Organizations" }).waitFor();
    await page.getByText("No organizations yet").waitFor();
    await page.getByLabel("Organization name").fill(owner.organization);
    await page.getByLabel("Owner name").fill("Ada Owner");
    await page.getByLabel("Owner email").fill(owner.email);
    await page.getByLabel("Owner password").fill(owner.password);
    await page.getByRole("button", { name: "Create organization" }).click();
    const card = page.locator(`[data-organization="${owner.organization}"]`);
    await card.waitFor();
    await card.getByLabel(/Claude Enterprise Premium/).check();
    await card.getByLabel("Top up, $").fill("25");
    await card.getByRole("button", { name: "Add" }).click();
    await expect.poll(() => card.innerText()).toContain("$25.00");
    const organizations = await operatorApi.GET("/api/admin/organizations");
    expect(organizations.data!.data.find((org) => org.name === owner.organization)!.exclusive_group_ids).toEqual([exclusiveId]);
    await shoot(page, "operator-organizations");
    // A top-up the server refuses (more removed than the balance holds) keeps what was typed, with
    // the server's reason beside the form.
    const topUp = card.getByRole("region", { name: "Top up" });
    await topUp.getByLabel("Top up, $").fill("-1000");
    await topUp.getByRole("button", { name: "Add" }).click();
    await expect.poll(() => topUp.getByRole("alert").allInnerTexts()).toEqual([expect.stringContaining("would take it below zero")]);
    expect(await topUp.getByLabel("Top up, $").inputValue()).toBe("-1000");
    expect(await card.innerText()).toContain("$25.00");

    // Groups: saving a group through the editor keeps every price it has, cache prices (1-hour writes too) included,
    // and sets the interfaces it accepts translated (its own family's are checked and fixed).
    await page.goto(`${tollgate.url}/#/operator/groups`);
    const flagship = page.locator('[data-group="claude-flagship"]');
    const before = (await groupsByIdentifier(operatorApi)).get("claude-flagship")!;
    await flagship.getByRole("button", { name: "Edit Claude Official Flagship" }).click();
    const translated = flagship.getByRole("group", { name: "Translated interfaces" });
    expect(await translated.getByLabel(/Anthropic Messages/).isDisabled()).toBe(true);
    expect(await translated.getByLabel(/Anthropic Messages/).isChecked()).toBe(true);
    await translated.getByLabel(/OpenAI Chat Completions/).check();
    await shoot(page, "operator-groups-edit");
    await flagship.getByRole("button", { name: "Save group" }).click();
    await flagship.getByRole("button", { name: "Edit Claude Official Flagship" }).waitFor();
    const after = (await groupsByIdentifier(operatorApi)).get("claude-flagship")!;
    expect(after.translated_interfaces).toEqual(["chat"]);
    expect(await flagship.innerText()).toContain("Translates OpenAI Chat Completions");
    expect(after.models).toEqual(before.models);
    expect(after.models[0].prices.cache_read).toBeGreaterThan(0);
    expect(after.models[0].prices.cache_write_1h).toBeGreaterThan(after.models[0].prices.cache_write!);
    await shoot(page, "operator-groups");

    await page.goto(`${tollgate.url}/#/operator/channels`);
    const channel = page.locator('[data-channel="env:anthropic"]');
    await channel.getByRole("button", { name: "Test" }).click();
    await expect.poll(() => channel.getByRole("status").innerText()).toContain("Upstream answered 200");
    await shoot(page, "operator-channels");
    await context.close();
  });

  it("(3) the owner creates a key in a Family A group, copies the secret, and an official SDK call with it succeeds", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, owner.email, owner.password);
    await page.getByRole("heading", { name: "API Keys" }).waitFor();
    await page.getByText("No keys yet").waitFor();
    await shoot(page, "keys-empty");
    const form = page.getByRole("form", { name: "Create a key" });

    // A key without a group is flagged with the fix, and revoking asks first.
    await form.getByLabel("Name").fill("unbound-key");
    await form.getByRole("button", { name: "Create key" }).click();
    await page.locator("[data-secret]").waitFor();
    await page.getByRole("button", { name: "I have stored it" }).click();
    const unbound = page.locator('[data-key="unbound-key"]');
    await expect.poll(() => unbound.innerText()).toContain("Choose a group here to fix it");
    await shoot(page, "keys-unbound");
    await unbound.getByRole("button", { name: "Revoke" }).click();
    await unbound.getByRole("button", { name: "Revoke unbound-key" }).click();
    await expect.poll(() => unbound.count()).toBe(0);
    await page.getByText("1 revoked", { exact: true }).waitFor();

    await form.getByLabel("Name").fill("sdk-key");
    await form.getByLabel("Group").selectOption({ label: "Claude Smart Preferred" });
    await form.getByRole("button", { name: "Create key" }).click();
    secret = (await page.locator("[data-secret]").innerText()).trim();
    expect(secret.startsWith("tg-")).toBe(true);
    // Headless Chromium has no system clipboard to read back: record what the button writes.
    await page.evaluate(() => {
      navigator.clipboard.writeText = async (text: string) => void ((window as unknown as { copied: string }).copied = text);
    });
    await page.getByRole("button", { name: "Copy key" }).click();
    expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(secret);
    await shoot(page, "keys-secret-once");
    const client = new Anthropic({ apiKey: secret, baseURL: tollgate.url, maxRetries: 0, timeout: 10_000 });
    const message = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hello from the browser test" }] });
    expect(message.content[0]).toMatchObject({ text: ANTHROPIC_REPLY });
    await context.close();
  });

  it("(4) rebinding the key to a GPT group in the Group column makes the same call fail with the 404 remedy", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, owner.email, owner.password);
    const row = page.locator('[data-key="sdk-key"]');
    await row.getByRole("combobox").selectOption({ label: "GPT Trial" });
    await page.getByText("sdk-key now calls the models of GPT Trial").waitFor();
    const client = new Anthropic({ apiKey: secret, baseURL: tollgate.url, maxRetries: 0 });
    const error = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hello again" }] }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.apiMessage).toContain('Group "GPT Trial"');
    expect(error.apiMessage).toContain("Rebind the key");
    await page.reload();
    await expect.poll(() => row.getByRole("combobox").inputValue()).not.toBe("");
    // The key list can arrive before the Call Guide's groups: wait for the selector to name the group.
    await expect.poll(() => row.getByRole("combobox").locator("option:checked").innerText()).toBe("GPT Trial");
    // The selector offers exactly the groups of the owner's Call Guide.
    const options = await row.getByRole("combobox").locator("option").allInnerTexts();
    const guide = await (await signIn(tollgate.url, owner.email, owner.password)).GET("/api/call-guide");
    expect(options.slice(1).sort()).toEqual(guide.data!.groups.map((group) => group.name).sort());
    await shoot(page, "keys");
    await context.close();
  });

  describe("(5) the Call Guide", () => {
    let page: Page;
    let context: BrowserContext;
    const keys: Record<string, string> = {};

    beforeAll(async () => {
      ({ context, page } = await newPage());
      await signInThroughForm(page, owner.email, owner.password);
      await page.goto(`${tollgate.url}/#/call-guide`);
      await page.locator('[data-group="claude-enterprise"]').waitFor();
      const ownerApi = await signIn(tollgate.url, owner.email, owner.password);
      const groups = await groupsByIdentifier(operatorApi);
      for (const identifier of Object.keys(replies)) keys[identifier] = await createKey(ownerApi, groups.get(identifier)!.id, `snippet-${identifier}`);
    });
    afterAll(() => context?.close());

    /** The code of one snippet tab of a group's card, as the page shows it (`typescript-client`: the typed client under the TypeScript tab). */
    async function snippet(group: string, tab: "python" | "typescript" | "typescript-client" | "curl"): Promise<string> {
      const card = page.locator(`[data-group="${group}"]`);
      await card.getByRole("tab", { name: tab === "curl" ? "curl" : tab === "python" ? /^Python/ : /^TypeScript/ }).click();
      return card.locator(`[data-snippet="${tab}"]`).innerText();
    }

    it("lists exactly the groups the owner may use, each with its base URL", async () => {
      const shown = await page.locator("[data-group]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-group")));
      const publicGroups = (await operatorApi.GET("/api/marketplace")).data!.groups.map((group) => group.identifier);
      expect([...shown].sort()).toEqual([...publicGroups, "claude-enterprise"].sort());
      const baseUrl = (group: string) => page.locator(`[data-group="${group}"] dd code`).first().innerText();
      expect(await baseUrl("claude-smart")).toBe(tollgate.url);
      expect(await baseUrl("gpt-trial")).toBe(`${tollgate.url}/v1`);
      expect(await baseUrl("gemini-official")).toBe(tollgate.url);
      await shoot(page, "call-guide");
    });

    it("has curl snippets that work as pasted", async () => {
      for (const group of Object.keys(replies)) expect(await runSnippet("curl", await snippet(group, "curl"), keys[group]), group).toContain(replies[group]);
    });

    it("has TypeScript snippets that work as pasted: the official SDKs, and the typed client", async () => {
      for (const group of Object.keys(replies)) expect(await runSnippet("typescript", await snippet(group, "typescript"), keys[group]), group).toContain(replies[group]);
      for (const group of Object.keys(replies)) expect(await runSnippet("typescript", await snippet(group, "typescript-client"), keys[group]), group).toContain(replies[group]);
    });

    it.skipIf(!!pythonReason)(`has Python SDK snippets that work as pasted${pythonReason ? ` (skipped: ${pythonReason})` : ""}`, async () => {
      for (const group of Object.keys(replies)) expect(await runSnippet("python", await snippet(group, "python"), keys[group]), group).toContain(replies[group]);
    });
  });

  it("(6) the Usage page shows the calls", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, owner.email, owner.password);
    await page.goto(`${tollgate.url}/#/usage`);
    const calls = page.getByRole("table", { name: "Request log" });
    await calls.waitFor();
    await expect.poll(() => calls.innerText()).toContain("claude-sonnet-4-6");
    expect(await calls.innerText()).toContain("ok · 200");
    await expect.poll(() => page.locator("[data-balance]").innerText()).toMatch(/^\$2[45]\./);
    await page.locator(".chart canvas").first().waitFor();
    await page.getByRole("button", { name: "Key", exact: true }).click();
    await expect.poll(() => page.getByRole("table", { name: "Usage by key" }).innerText()).toContain("sdk-key");
    await page.getByRole("button", { name: "Model", exact: true }).click();
    await shoot(page, "usage");

    // Members: the owner adds a developer and grants it a group.
    await page.goto(`${tollgate.url}/#/members`);
    await page.getByText("Only you so far").waitFor();
    const add = page.getByRole("form", { name: "Add a member" });
    await add.getByLabel("Email").fill("dev@acme.test");
    await add.getByLabel("Name").fill("Dev Eloper");
    await add.getByLabel("Password").fill("developer-password-1");
    await add.getByLabel("GPT Trial", { exact: true }).check();
    await add.getByRole("button", { name: "Add member" }).click();
    const developer = page.locator('[data-member="dev@acme.test"]');
    await developer.waitFor();
    expect(await developer.getByLabel("GPT Trial", { exact: true }).isChecked()).toBe(true);
    // …and caps what the developer may spend across all of its keys.
    await developer.getByLabel("Spend cap, $").fill("5");
    await developer.getByRole("button", { name: "Save cap" }).click();
    await page.getByText(/Dev Eloper may spend up to \$5/).waitFor();
    const members = await (await signIn(tollgate.url, owner.email, owner.password)).GET("/api/members");
    expect(members.data!.data.find((member) => member.email === "dev@acme.test")!.spend_cap).toBe(5_000_000);
    await shoot(page, "members");
    await context.close();

    // The operator's view of usage across organizations.
    const operator = await newPage();
    await signInThroughForm(operator.page, adminEmail, adminPassword);
    await operator.page.goto(`${tollgate.url}/#/usage`);
    await expect.poll(() => operator.page.getByRole("table", { name: "Request log" }).innerText()).toContain("claude-sonnet-4-6");
    await shoot(operator.page, "operator-usage");
    await operator.context.close();
  });

  it("(7) the owner sets a key's rate limits in its row, and the operator an organization's", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, owner.email, owner.password);
    const row = page.locator('[data-key="sdk-key"]');
    await row.getByRole("button", { name: "Edit rate limits of sdk-key" }).click();
    await row.getByLabel("Requests per minute").fill("600");
    await row.getByLabel("Calls at once").fill("4");
    await row.getByRole("button", { name: "Save limits" }).click();
    await expect.poll(() => row.locator("[data-rate-limits]").innerText()).toBe("600 RPM · 4 at once");
    const ownerApi = await signIn(tollgate.url, owner.email, owner.password);
    expect((await ownerApi.GET("/api/keys")).data!.data.find((key) => key.name === "sdk-key")!.rate_limits).toEqual({ rpm: 600, tpm: null, concurrent: 4 });
    await shoot(page, "keys-rate-limits");

    // A save that fails (the key was revoked in another tab meanwhile) keeps the editor open, with
    // what was typed and the reason beside it.
    await createKey(ownerApi, null, "revoked-meanwhile");
    await page.reload();
    const doomed = page.locator('[data-key="revoked-meanwhile"]');
    await doomed.getByRole("button", { name: "Edit rate limits of revoked-meanwhile" }).click();
    await doomed.getByLabel("Requests per minute").fill("50");
    const doomedId = (await ownerApi.GET("/api/keys")).data!.data.find((key) => key.name === "revoked-meanwhile")!.id;
    await ownerApi.DELETE("/api/keys/{id}", { params: { path: { id: doomedId } } });
    await doomed.getByRole("button", { name: "Save limits" }).click();
    const editor = doomed.getByRole("form", { name: "Rate limits of revoked-meanwhile" });
    await expect.poll(() => editor.getByRole("alert").allInnerTexts()).toEqual([expect.stringContaining("This key is revoked")]);
    expect(await editor.getByLabel("Requests per minute").inputValue()).toBe("50");
    await context.close();

    const operator = await newPage();
    await signInThroughForm(operator.page, adminEmail, adminPassword);
    await operator.page.goto(`${tollgate.url}/#/operator/organizations`);
    const organization = operator.page.locator(`[data-organization="${owner.organization}"]`);
    await organization.getByRole("button", { name: `Edit rate limits of ${owner.organization}` }).click();
    await organization.getByLabel("Tokens per minute").fill("100000");
    await organization.getByRole("button", { name: "Save limits" }).click();
    await expect.poll(() => organization.locator("[data-rate-limits]").innerText()).toBe("100,000 TPM");
    const organizations = (await operatorApi.GET("/api/admin/organizations")).data!.data;
    expect(organizations.find((org) => org.name === owner.organization)!.rate_limits).toEqual({ rpm: null, tpm: 100_000, concurrent: null });
    await shoot(operator.page, "operator-organization-rate-limits");
    await operator.context.close();
  });

  it("(8) expiry dates show in the viewer's time zone: the day chosen in the form, and an expiry set through the API", async () => {
    // Los Angeles is 7 or 8 hours behind UTC, where the page used to show the day.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: "America/Los_Angeles" });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await signInThroughForm(page, owner.email, owner.password);
    const ownerApi = await signIn(tollgate.url, owner.email, owner.password);
    // 05:00 UTC on 1 January is still 31 December in Los Angeles.
    await ownerApi.POST("/api/keys", { body: { name: "new-year-key", expires_at: "2031-01-01T05:00:00.000Z" } });
    await page.goto(`${tollgate.url}/#/keys`);
    const form = page.getByRole("form", { name: "Create a key" });
    await form.getByLabel("Name", { exact: true }).fill("june-key");
    await form.getByLabel("Expires (optional)").fill("2030-06-15");
    await form.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("button", { name: "I have stored it" }).click();
    const expires = (name: string) => page.locator(`[data-key="${name}"]`).first().innerText();
    await expect.poll(() => expires("new-year-key")).toContain("Dec 31, 2030");
    await expect.poll(() => expires("june-key")).toContain("Jun 15, 2030");
    // The key works through the whole chosen day there: until 23:59:59.999 PDT (UTC−7).
    expect((await ownerApi.GET("/api/keys")).data!.data.find((key) => key.name === "june-key")!.expires_at).toBe("2030-06-16T06:59:59.999Z");
    await context.close();
  });
});
