// In a real browser: /docs renders the served contract and lists every relay interface; the console
// links to it; the operator manages automation tokens on the Tokens page; the Call Guide's TypeScript tab shows an official SDK with the typed client beside it;
// and a sub-user's Call Guide never mentions a group outside its scope.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createTenant, groupsByIdentifier, signInOperator } from "../helpers/fixtures.ts";
import { auth, consoleClient } from "../../client/index.ts";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";
import { launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let tollgate: Tollgate;
let browser: Browser;
let operator: Console;
const subUser = { email: "scoped@example.test", password: "sub-user-password-1" };

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

suite(skipped ? `docs and Call Guide in a real browser (skipped: ${skipped})` : "docs and Call Guide in a real browser", () => {
  beforeAll(async () => {
    tollgate = await startTollgate();
    operator = await signInOperator(tollgate.url);
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
  });

  it("/docs lists every relay interface of the served document, and the console API", async () => {
    const relay = await (await fetch(`${tollgate.url}/openapi/relay.json`)).json();
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${tollgate.url}/docs`);
    await page.locator(".opblock").first().waitFor({ timeout: 20_000 });
    const shown = await page.locator(".opblock-summary-path").evaluateAll((paths) => paths.map((path) => path.getAttribute("data-path")));
    for (const path of ["/v1/messages", "/v1/chat/completions", "/v1/responses", "/v1beta/models/{model}:generateContent", "/v1beta/models/{model}:streamGenerateContent", "/v1/models"]) {
      expect(shown, path).toContain(path);
    }
    expect([...new Set(shown)].sort()).toEqual(Object.keys(relay.paths).sort());
    expect(await page.locator(".servers").innerText()).toContain(tollgate.url);
    await shoot(page, "docs-relay");
    // The same viewer switches to the console API.
    await page.goto(`${tollgate.url}/docs?urls.primaryName=Console`);
    await page.locator('.opblock-summary-path[data-path="/api/tokens"]').first().waitFor({ timeout: 20_000 });
    await page.context().close();
  });

  it("links the docs from the console's header and the Call Guide, whose TypeScript tab shows an official SDK and the typed client", async () => {
    const tenant = await createTenant(tollgate.url, operator, { groupRouting: true });
    const groups = await groupsByIdentifier(operator);
    await tenant.owner.POST("/api/members", {
      body: { email: subUser.email, name: "Scoped", password: subUser.password, role: "sub-user", group_ids: [groups.get("gpt-trial")!.id] },
    });
    const { data: me } = await tenant.owner.GET("/api/me");
    const page = await signedInPage(me!.email, "owner-password-1");
    expect(await page.locator("header.topbar a[href='/docs']").innerText()).toContain("API docs");
    await page.goto(`${tollgate.url}/#/call-guide`);
    const card = page.locator('[data-group="claude-smart"]');
    await card.waitFor();
    expect(await page.locator("section .page-header a[href='/docs']").count()).toBe(1);
    await card.getByRole("tab", { name: /^TypeScript/ }).click();
    const official = await card.locator('[data-snippet="typescript"]').innerText();
    expect(official).toContain('import Anthropic from "@anthropic-ai/sdk"');
    expect(official).toContain(`baseURL: "${tollgate.url}"`);
    const typed = await card.locator('[data-snippet="typescript-client"]').innerText();
    expect(typed).toMatch(/^\/\/ npm install \.\/tollgate-client-[\d.]+\.tgz/);
    expect(typed).toContain('from "@tollgate/client"');
    const gemini = page.locator('[data-group="gemini-official"]');
    await gemini.getByRole("tab", { name: /^TypeScript/ }).click();
    expect(await gemini.locator('[data-snippet="typescript"]').innerText()).toContain('import { GoogleGenAI } from "@google/genai"');
    const gpt = page.locator('[data-group="gpt-trial"]');
    await gpt.getByRole("tab", { name: /^TypeScript/ }).click();
    expect(await gpt.locator('[data-snippet="typescript"]').innerText()).toContain(`baseURL: "${tollgate.url}/v1"`);
    await shoot(page, "call-guide-typescript");
    await page.context().close();
  });

  it("lets the operator create a token on the Tokens page, see its secret once, use it, and revoke it", async () => {
    const page = await signedInPage(adminEmail, adminPassword);
    await page.getByRole("link", { name: "Tokens" }).click();
    await page.getByText("No tokens yet").waitFor();
    const form = page.getByRole("form", { name: "Create a token" });
    await form.getByLabel("Name").fill("terraform");
    await form.getByLabel("Expires after").selectOption("30");
    await form.getByRole("button", { name: "Create token" }).click();
    const secret = await page.locator("[data-secret]").innerText();
    expect(secret).toMatch(/^tgc_/);
    const script = consoleClient({ baseUrl: tollgate.url, headers: auth.consoleToken(secret) });
    expect((await script.GET("/api/admin/groups")).response.status).toBe(200);
    await shoot(page, "tokens");
    await page.getByRole("button", { name: "I have stored it" }).click();
    await page.reload();
    const row = page.locator('[data-token="terraform"]');
    await row.waitFor();
    expect(await row.innerText()).not.toContain("Never"); // last used: just now, by the script
    expect(await page.locator("main").innerText()).not.toContain(secret);
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("button", { name: "Revoke terraform" }).click();
    await page.getByText("1 revoked or expired").waitFor();
    expect((await script.GET("/api/admin/groups")).response.status).toBe(401);
    await page.context().close();
  });

  it("shows a sub-user only its own groups, in the hint and the snippets too", async () => {
    const page = await signedInPage(subUser.email, subUser.password);
    await page.goto(`${tollgate.url}/#/call-guide`);
    await page.locator('[data-group="gpt-trial"]').waitFor();
    expect(await page.locator("[data-group]").evaluateAll((cards) => cards.map((card) => card.getAttribute("data-group")))).toEqual(["gpt-trial"]);
    // Every tab's text, then the whole page: no other group's identifier or name anywhere.
    const card = page.locator('[data-group="gpt-trial"]');
    let text = "";
    for (const tab of [/^Python/, /^TypeScript/, /^curl/]) {
      await card.getByRole("tab", { name: tab }).click();
      text += await page.locator("main").innerText();
    }
    const others = [...(await groupsByIdentifier(operator)).values()].filter((group) => group.identifier !== "gpt-trial");
    for (const group of others) {
      expect(text, group.identifier).not.toContain(`${group.identifier}/`);
      expect(text, group.name).not.toContain(group.name);
    }
    expect(text).toContain("gpt-trial/");
    expect(text).not.toContain("Family A");
    await shoot(page, "call-guide-sub-user");
    await page.context().close();
  });
});
