// Shared pieces of the browser suite: launching Debian's chromium through playwright-core, the
// screenshots at desktop and phone width (with layout and labelling checks on every page shot),
// and running the Call Guide's snippets the way a person would paste them.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { type Browser, type Page, chromium } from "playwright-core";
import { expect } from "vitest";

const root = resolve(import.meta.dirname, "../..");
export const executablePath = process.env.TOLLGATE_CHROMIUM ?? "/usr/bin/chromium";
export const screenshots = join(root, "test-results/screenshots");
export const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

/** Why the suite cannot run here, or null when it can. */
export function skipReason(): string | null {
  if (!existsSync(executablePath)) return `no chromium at ${executablePath} (apt-get install chromium, or set TOLLGATE_CHROMIUM)`;
  if (!existsSync(join(root, "web/dist/index.html"))) return "web/dist is not built (npm run build:web)";
  if (!existsSync(join(root, "client/dist/index.js"))) return "client/dist is not built (npm run build:client)";
  return null;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A page in a fresh context (its own cookies) at desktop width, waiting up to 15 s for what it looks for. */
export async function freshPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: viewports.desktop })).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/**
 * Screenshots the page at desktop and phone width into test-results/screenshots/<name>-<width>.png,
 * and checks at each width what a screenshot cannot prove by itself: nothing is wider than the
 * screen, and every visible form control has a label.
 */
export async function shoot(page: Page, name: string) {
  mkdirSync(screenshots, { recursive: true });
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    // Elements that stick out on the right, innermost first, to name the culprit when this fails.
    const overflow = await page.evaluate((limit) => {
      const clipped = (element: HTMLElement) => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX !== "visible" && parent.getBoundingClientRect().right <= limit + 1) return true;
        }
        return false;
      };
      const wide = [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => element.getBoundingClientRect().right > limit + 1 && !clipped(element));
      const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
      const describe = (element: HTMLElement) => `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ").join(".")}` : ""} (${Math.round(element.getBoundingClientRect().right)}px)`;
      return { width: document.documentElement.scrollWidth, culprits: innermost.slice(0, 5).map(describe) };
    }, size.width);
    expect(overflow.width, `${name} at ${label} width scrolls sideways: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(size.width);
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>("input, select, textarea")]
        .filter((control) => control.offsetParent !== null && control.type !== "hidden")
        .filter((control) => !control.labels?.length && !control.getAttribute("aria-label") && !control.getAttribute("aria-labelledby"))
        .map((control) => control.outerHTML.slice(0, 120)),
    );
    expect(unlabelled, `${name}: form controls without a label`).toEqual([]);
    await page.screenshot({ path: join(screenshots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

/** The environment a pasted snippet runs in: ours, minus what would send an SDK elsewhere. */
function snippetEnv(key: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^(ANTHROPIC|OPENAI|GOOGLE|GEMINI)_/i.test(name) || /^(HTTPS?|ALL|NO)_PROXY$/i.test(name)) continue;
    env[name] = value;
  }
  return { ...env, TOLLGATE_KEY: key, PYTHONDONTWRITEBYTECODE: "1" };
}

const run = promisify(execFile);

/**
 * Runs a snippet as shown: curl through bash, Python through TOLLGATE_PYTHON, TypeScript through
 * this Node (from a file inside the project, so the SDKs resolve from its node_modules and
 * `@tollgate/client` to the workspace package's build).
 * Asynchronous on purpose: the mock upstreams live in this process and must keep answering.
 */
export async function runSnippet(kind: string, code: string, key: string): Promise<string> {
  const options = { env: snippetEnv(key), timeout: 30_000, cwd: root };
  if (kind === "curl") return (await run("bash", ["-c", code], options)).stdout;
  if (kind === "python") return (await run(process.env.TOLLGATE_PYTHON!, ["-c", code], options)).stdout;
  const dir = join(root, "test-results/snippets");
  mkdirSync(dir, { recursive: true });
  const scratch = mkdtempSync(join(dir, "run-"));
  const file = join(scratch, "snippet.ts");
  writeFileSync(file, code);
  try {
    return (await run(process.execPath, [file], options)).stdout;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export const pythonReason = process.env.TOLLGATE_PYTHON ? null : "TOLLGATE_PYTHON is not set (an interpreter with test/python/requirements.txt)";
