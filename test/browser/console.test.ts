// The web console in a real browser (Debian's chromium via playwright-core) against the real
// server and mock upstreams: the six journeys of the console issue, with a screenshot of every page
// at desktop and phone width in test-results/screenshots/.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { type Browser, type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, signInOperator } from "../helpers/fixtures.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";
import { ANTHROPIC_REPLY, startAnthropicMock } from "../mock-upstreams/anthropic.ts";
import { OPENAI_REPLY, startOpenAIMock } from "../mock-upstreams/openai.ts";
import type { Mock } from "../mock-upstreams/server.ts";

const executablePath = process.env.TOLLGATE_CHROMIUM ?? "/usr/bin/chromium";
const built = existsSync(resolve(import.meta.dirname, "../../web/dist/index.html"));
const screenshots = resolve(import.meta.dirname, "../../test-results/screenshots");
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const suite = existsSync(executablePath) && built ? describe : describe.skip;
if (!existsSync(executablePath)) console.warn(`browser tests skipped: no chromium at ${executablePath} (apt-get install chromium, or set TOLLGATE_CHROMIUM)`);
if (!built) console.warn("browser tests skipped: web/dist is not built (npm run build:web)");

let tollgate: Tollgate;
let mocks: { anthropic: Mock; openai: Mock };
let browser: Browser;
let operatorApi: Console;
const owner = { email: "owner@acme.test", password: "owner-password-1", organization: "Acme Robotics" };

async function shoot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(screenshots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports.desktop });
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

suite("web console in a real browser", () => {
  let exclusiveId: string;
  let secret: string;

  beforeAll(async () => {
    mocks = { anthropic: await startAnthropicMock({ apiKey: "sk-ant-mock" }), openai: await startOpenAIMock({ apiKey: "sk-openai-mock" }) };
    tollgate = await startTollgate({
      TOLLGATE_ANTHROPIC_API_KEY: "sk-ant-mock",
      TOLLGATE_ANTHROPIC_BASE_URL: mocks.anthropic.url,
      TOLLGATE_OPENAI_API_KEY: "sk-openai-mock",
      TOLLGATE_OPENAI_BASE_URL: `${mocks.openai.url}/v1`,
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
    browser = await chromium.launch({
      executablePath,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
    await Promise.all([mocks?.anthropic.close(), mocks?.openai.close()]);
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
    await context.close();
  });

  it("(2) the operator signs in, creates an organization and its owner, and grants an exclusive group", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, adminEmail, adminPassword);
    await page.getByRole("heading", { name: "Organizations" }).waitFor();
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
    await page.goto(`${tollgate.url}/#/operator/groups`);
    await page.locator('[data-group="claude-smart"]').waitFor();
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
    const client = new Anthropic({ apiKey: secret, baseURL: tollgate.url, maxRetries: 0 });
    const error = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "Hello again" }] }).catch((e) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.apiMessage).toContain('Group "GPT Trial"');
    expect(error.apiMessage).toContain("Rebind the key");
    await page.reload();
    await expect.poll(() => row.getByRole("combobox").inputValue()).not.toBe("");
    await shoot(page, "keys");
    await context.close();
  });

  it("(5) the Call Guide lists exactly the owner's groups, and its snippets work as pasted", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, owner.email, owner.password);
    await page.goto(`${tollgate.url}/#/call-guide`);
    await page.locator('[data-group="claude-enterprise"]').waitFor();
    const shown = await page.locator("[data-group]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-group")));
    const publicGroups = (await operatorApi.GET("/api/marketplace")).data!.groups.map((group) => group.identifier);
    expect([...shown].sort()).toEqual([...publicGroups, "claude-enterprise"].sort());
    await shoot(page, "call-guide");

    // The curl snippets, run as a person would paste them, with TOLLGATE_KEY set.
    const owner_ = await operatorApi.GET("/api/admin/groups");
    const claudeKey = await createKeyThroughApi(owner_.data!.data.find((group) => group.identifier === "claude-smart")!.id);
    const runSnippet = async (group: string, key: string) => {
      const card = page.locator(`[data-group="${group}"]`);
      await card.getByRole("tab", { name: "curl" }).click();
      const code = await card.locator('[data-snippet="curl"]').innerText();
      // Asynchronously: the mock upstreams live in this process and must keep answering.
      const { stdout } = await promisify(execFile)("bash", ["-c", code], { env: { ...process.env, TOLLGATE_KEY: key }, timeout: 20_000 });
      return stdout;
    };
    expect(await runSnippet("claude-smart", claudeKey)).toContain(ANTHROPIC_REPLY);
    expect(await runSnippet("gpt-trial", secret)).toContain(OPENAI_REPLY);
    await context.close();
  });

  it("(6) the Usage page shows the calls", async () => {
    const { context, page } = await newPage();
    await signInThroughForm(page, owner.email, owner.password);
    await page.goto(`${tollgate.url}/#/usage`);
    const calls = page.getByRole("table", { name: "Recent calls" });
    await calls.waitFor();
    await expect.poll(() => calls.innerText()).toContain("claude-sonnet-4-6");
    expect(await calls.innerText()).toContain("ok · 200");
    await expect.poll(() => page.locator("[data-balance]").innerText()).toMatch(/^\$2[45]\./);
    await page.locator(".chart canvas").first().waitFor();
    await shoot(page, "usage");
    await page.goto(`${tollgate.url}/#/members`);
    await page.getByRole("heading", { name: "Members" }).waitFor();
    await shoot(page, "members");
    await context.close();
  });
});

async function createKeyThroughApi(groupId: string): Promise<string> {
  const { signIn } = await import("../helpers/fixtures.ts");
  const client = await signIn(tollgate.url, owner.email, owner.password);
  const { data } = await client.POST("/api/keys", { body: { name: "snippet-key", group_id: groupId } });
  return data!.secret;
}

