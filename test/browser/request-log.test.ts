// The request log in a real browser (issue 22): an owner filters calls by group and status, finds
// one by request id, opens its detail (channel, tokens, base cost × multiplier = cost) and exports
// CSV; a call the gateway refused (a model the group lacks) is listed too, its detail saying what the
// caller was told; nothing is clipped at 1280 or 390 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let env: RelayEnv;
let browser: Browser;
let page: Page;
const requestIds: string[] = [];

suite(skipped ? `request log in a real browser (skipped: ${skipped})` : "request log in a real browser", () => {
  beforeAll(async () => {
    env = await startRelayEnv();
    const gpt = await env.key("gpt-trial", unique("gpt-key"));
    const qwenName = unique("qwen-key");
    const qwen = await env.key("qwen-trial", qwenName);
    for (const [secret, model] of [[gpt, env.groups.get("gpt-trial")!.models[0].model_id], [gpt, "no-such-model"], [qwen, env.groups.get("qwen-trial")!.models[0].model_id]]) {
      const response = await fetch(`${env.tollgate.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }] }),
      });
      await response.arrayBuffer();
      requestIds.push(response.headers.get("x-request-id")!);
    }
    await env.ledger(qwenName);
    browser = await launch();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${env.tollgate.url}/#/sign-in`);
    await page.getByLabel("Email").fill(env.tenant.ownerEmail);
    await page.getByLabel("Password").fill("owner-password-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await env?.stop();
  });

  it("filters by group, finds a call by request id and shows its detail", async () => {
    await page.goto(`${env.tollgate.url}/#/usage`);
    const log = page.locator("tr[data-call]");
    // The two answered calls and the one refused for its model.
    await expect.poll(() => log.count()).toBe(3);
    await shoot(page, "request-log");
    await page.getByRole("form", { name: "Filter calls" }).getByLabel("Group").selectOption({ label: "Qwen Trial" });
    await expect.poll(() => log.count()).toBe(1);
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await expect.poll(() => log.count()).toBe(3);
    await page.getByLabel("Request id").fill(requestIds[0]);
    await page.getByLabel("Request id").press("Enter");
    await expect.poll(() => log.count()).toBe(1);
    await page.getByRole("button", { name: `Details of ${requestIds[0]}` }).click();
    const detail = page.getByRole("region", { name: "Call detail" });
    await expect.poll(() => detail.innerText()).toContain("env:openai");
    expect(await detail.innerText()).toMatch(/base × 1× = /);
    await shoot(page, "request-log-detail");
  });

  it("shows a call the gateway refused: its status, what the caller was told, nothing charged", async () => {
    await page.getByLabel("Request id").fill(requestIds[1]);
    await page.getByLabel("Request id").press("Enter");
    await expect.poll(() => page.locator("tr[data-call]").count()).toBe(1);
    await page.getByRole("button", { name: `Details of ${requestIds[1]}` }).click();
    const detail = page.getByRole("region", { name: "Call detail" });
    await expect.poll(() => detail.innerText()).toContain("Refused by the gateway");
    const text = await detail.innerText();
    expect(text).toContain("model_not_found · HTTP 404");
    expect(text).toContain('Model "no-such-model" is not offered by group "GPT Trial"');
    await shoot(page, "request-log-refused");
    await page.getByLabel("Request id").fill(requestIds[0]);
    await page.getByLabel("Request id").press("Enter");
    await expect.poll(() => page.locator("tr[data-call]").count()).toBe(1);
  });

  it("exports the filtered calls as CSV", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    const path = await download.path();
    const { readFileSync } = await import("node:fs");
    const lines = readFileSync(path!, "utf8").trim().split("\r\n");
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(requestIds[0]);
  });
});
