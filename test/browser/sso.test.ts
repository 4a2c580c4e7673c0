// Single sign-on in a real browser: the provider's button on the sign-in page, the provider's
// login page (oidc-provider on localhost, another site than Tollgate's 127.0.0.1, so the way back
// is a cross-site redirect as in production), the console reached as the just-in-time account, and
// sign-out; an existing account linked by its verified address; a refused address and an SSO-required
// organization's refused password shown on the sign-in page; the operator's Sign-on page. Screenshots
// at 1280 and 390 px (test-results/screenshots/sso-*).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, type Tenant, createTenant, signInOperator } from "../helpers/fixtures.ts";
import { type IdentityProviderServer, startIdentityProvider } from "../helpers/oidc.ts";
import { type Tollgate, adminEmail, adminPassword, freePort, startTollgate } from "../helpers/tollgate.ts";
import { freshPage, launch, shoot, skipReason } from "./browser-helpers.ts";

const skipped = skipReason();
const suite = skipped ? describe.skip : describe;

let idp: IdentityProviderServer;
let tollgate: Tollgate;
let browser: Browser;
let acme: Tenant;
let operator: Console;

const newPage = () => freshPage(browser);

suite(skipped ? `single sign-on in a real browser (skipped: ${skipped})` : "single sign-on in a real browser", () => {
  beforeAll(async () => {
    const port = await freePort();
    idp = await startIdentityProvider([]);
    tollgate = await startTollgate({ PORT: String(port), TOLLGATE_PUBLIC_URL: `http://127.0.0.1:${port}` });
    operator = await signInOperator(tollgate.url);
    acme = await createTenant(tollgate.url, operator);
    const { data } = await operator.POST("/api/admin/identity-providers", {
      body: {
        label: "Acme ID",
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
        email_domains: ["acme.test", "example.test"], // example.test: the fixtures' owners, linked by address
        claim_rules: [{ claim: "groups", value: "engineering", organization_id: acme.organizationId, role: "developer" }],
      },
    });
    idp.setRedirectUris([data!.redirect_uri!]);
    idp.accounts.set("grace", { email: "grace@acme.test", email_verified: true, name: "Grace Hopper", groups: ["engineering"] });
    idp.accounts.set("mallory", { email: "mallory@elsewhere.test", email_verified: true, name: "Mallory", groups: ["engineering"] });
    idp.accounts.set("owner", { email: acme.ownerEmail, email_verified: true, name: "Owner", groups: [] });
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await tollgate?.stop();
    await idp?.stop();
  });

  it("signs in through the provider's button as a new account placed by a claim, then signs out", async () => {
    const page = await newPage();
    await page.goto(`${tollgate.url}/#/sign-in`);
    const button = page.getByRole("link", { name: "Sign in with Acme ID" });
    await button.waitFor();
    await shoot(page, "sso-sign-in");
    await button.click();
    await page.getByLabel("Login").waitFor();
    expect(new URL(page.url()).host).toBe(new URL(idp.issuer).host);
    await page.getByLabel("Login").fill("grace");
    await shoot(page, "sso-provider-login");
    await page.getByRole("button", { name: "Sign in at the test IdP" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    expect(new URL(page.url()).origin).toBe(tollgate.url);
    // The console's home for the role (the callback lands on `#/`, which shows the Keys page to a member).
    await page.getByRole("heading", { name: "API Keys" }).waitFor();
    const me = await page.evaluate(async () => (await fetch("/api/me")).json());
    expect(me).toMatchObject({ email: "grace@acme.test", role: "developer", organization: { id: acme.organizationId } });
    await shoot(page, "sso-signed-in");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#/marketplace");
    expect(await page.evaluate(async () => (await fetch("/api/me")).status)).toBe(401);
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByRole("link", { name: "Sign in with Acme ID" }).waitFor();
    await shoot(page, "sso-signed-out");
  });

  it("an existing account is linked by the address the provider says is verified, and signed in", async () => {
    const page = await newPage();
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
    await page.getByLabel("Login").fill("owner");
    await page.getByRole("button", { name: "Sign in at the test IdP" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    const me = await page.evaluate(async () => (await fetch("/api/me")).json());
    expect(me).toMatchObject({ email: acme.ownerEmail, role: "owner", organization: { id: acme.organizationId } });
    await shoot(page, "sso-linked");
  });

  it("an SSO-required organization's member is refused a password sign-in, told which button to use", async () => {
    await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: acme.organizationId } }, body: { sso_required: true } });
    try {
      const page = await newPage();
      await page.goto(`${tollgate.url}/#/sign-in`);
      await page.getByLabel("Email").fill(acme.ownerEmail);
      await page.getByLabel("Password").fill("owner-password-1");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect.poll(() => page.getByRole("alert").textContent()).toContain("signs in through single sign-on only");
      expect(await page.getByRole("alert").textContent()).toContain("Sign in with Acme ID");
      await shoot(page, "sso-required-refused");
    } finally {
      await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: acme.organizationId } }, body: { sso_required: false } });
    }
  });

  it("an address the provider may not sign in lands on the sign-in page with the reason", async () => {
    const page = await newPage();
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByRole("link", { name: "Sign in with Acme ID" }).click();
    await page.getByLabel("Login").fill("mallory");
    await page.getByRole("button", { name: "Sign in at the test IdP" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Addresses at elsewhere.test may not sign in through Acme ID");
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    await shoot(page, "sso-refused");
  });

  it("the operator's Sign-on page shows the provider, its redirect URI and rules", async () => {
    const page = await newPage();
    await page.goto(`${tollgate.url}/#/sign-in`);
    await page.getByLabel("Email").fill(adminEmail);
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await page.getByRole("link", { name: "Sign-on" }).click();
    await page.getByRole("heading", { name: "Single sign-on" }).waitFor();
    const card = page.locator('[data-provider="Acme ID"]');
    await expect.poll(() => card.textContent()).toContain("/api/sso/");
    expect(await card.textContent()).toContain("groups = engineering → developer in");
    await shoot(page, "sso-operator-page");
  });
});
