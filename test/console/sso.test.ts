// Single sign-on end to end: a real OpenID provider (oidc-provider, test/helpers/oidc.ts) on
// loopback, Tollgate started with TOLLGATE_PUBLIC_URL, and the browser's redirects followed by hand
// with cookies kept per host. Shows a just-in-time account placed by a claim rule, a domain the
// provider may not sign in refused, linking by a verified address only, SSO-required organizations
// refusing passwords, sign-out and the operator ending sessions; and each attack refused with a
// message on the sign-in page: forged and replayed state, a reused code, an ID token for another
// audience, expired or badly signed (from a fake issuer), and a return path to another host.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleClient, withCookieJar } from "../../client/index.ts";
import { type Console, type Tenant, createTenant, signIn, signInOperator, unique } from "../helpers/fixtures.ts";
import { type BrowserJar, type FakeIssuer, type IdentityProviderServer, browserJar, startFakeIssuer, startIdentityProvider } from "../helpers/oidc.ts";
import { type Tollgate, adminEmail, adminPassword, freePort, startTollgate } from "../helpers/tollgate.ts";

let tollgate: Tollgate;
let idp: IdentityProviderServer;
let fake: FakeIssuer;
let operator: Console;
let acme: Tenant;
let partner: Tenant;
let providerId: string;
let fakeProviderId: string;

beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The redirect URI embeds the provider's id, known only once it is registered: the test IdP takes any path under /api/sso/.
  idp = await startIdentityProvider([`${url}/api/sso/PLACEHOLDER/callback`]);
  fake = await startFakeIssuer("fake@acme.test");
  tollgate = await startTollgate({ PORT: String(port), TOLLGATE_PUBLIC_URL: url });
  operator = await signInOperator(tollgate.url);
  acme = await createTenant(tollgate.url, operator);
  partner = await createTenant(tollgate.url, operator);
  const created = await operator.POST("/api/admin/identity-providers", {
    body: {
      label: "Acme ID",
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      email_domains: ["acme.test", "example.test", "partner.test"],
      claim_rules: [
        { claim: "groups", value: "engineering", organization_id: acme.organizationId, role: "developer" },
        { claim: "groups", value: "admins", organization_id: acme.organizationId, role: "owner" },
        { email_domain: "partner.test", organization_id: partner.organizationId, role: "sub-user" },
      ],
    },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  providerId = created.data!.id;
  expect(created.data!.redirect_uri).toBe(`${url}/api/sso/${providerId}/callback`);
  idp.setRedirectUris([created.data!.redirect_uri!]);
  const fakeCreated = await operator.POST("/api/admin/identity-providers", {
    body: { label: "Fake", issuer: fake.issuer, client_id: fake.clientId, client_secret: fake.clientSecret, email_domains: ["acme.test"], claim_rules: [{ email_domain: "acme.test", organization_id: acme.organizationId, role: "developer" }] },
  });
  fakeProviderId = fakeCreated.data!.id;
  idp.accounts.set("ada", { email: "ada@acme.test", email_verified: true, name: "Ada Lovelace", groups: ["staff", "engineering"] });
  idp.accounts.set("pat", { email: "pat@partner.test", email_verified: true, name: "Pat", groups: [] });
  idp.accounts.set("quinn", { email: "quinn@partner.test", email_verified: false, name: "Quinn", groups: [] });
  idp.accounts.set("eve", { email: "eve@evil.test", email_verified: true, name: "Eve", groups: ["engineering"] });
  idp.accounts.set("nora", { email: "nora@acme.test", email_verified: true, name: "Nora", groups: ["sales"] });
  idp.accounts.set("owner", { email: acme.ownerEmail, email_verified: true, name: "Owner", groups: [] });
  idp.accounts.set("unverified-owner", { email: partner.ownerEmail, email_verified: false, name: "Owner", groups: [] });
}, 60_000);
afterAll(async () => {
  await tollgate?.stop();
  await idp?.stop();
  await fake?.stop();
});

const startUrl = (id: string, returnTo?: string) => `${tollgate.url}/api/sso/${id}/start${returnTo === undefined ? "" : `?return_to=${encodeURIComponent(returnTo)}`}`;

/** Follows the browser from the sign-in button through the provider's login (as `login`) up to the redirect back to Tollgate, which it returns unfollowed. */
async function toCallback(jar: BrowserJar, login: string, start = startUrl(providerId)): Promise<string> {
  let url = start;
  let response = await jar.fetch(url);
  for (let hop = 0; hop < 20; hop++) {
    if (response.status === 200 && /\/interaction\//.test(url)) {
      url = new URL(`${new URL(url).pathname}/login`, url).href;
      response = await jar.fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ login }) });
      continue;
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`no redirect from ${url}: ${response.status} ${await response.text()}`);
    const next = new URL(location, url).href;
    if (next.startsWith(tollgate.url) && next !== start) return next;
    url = next;
    response = await jar.fetch(url);
  }
  throw new Error("too many redirects");
}

/** Where Tollgate sends the browser after the callback. */
async function landing(jar: BrowserJar, callback: string): Promise<string> {
  const response = await jar.fetch(callback);
  expect(response.status).toBe(302);
  return response.headers.get("location")!;
}

const signInThrough = async (login: string, jar = browserJar(), start?: string) => ({ jar, location: await landing(jar, await toCallback(jar, login, start)) });

/** The message the sign-in page shows for a refused sign-in. */
function refusal(location: string): string {
  const match = /^(.*)\/#\/sign-in\?error=(.*)$/.exec(location);
  if (!match) throw new Error(`not a refusal: ${location}`);
  expect(match[1]).toBe(tollgate.url);
  return decodeURIComponent(match[2]);
}

const me = async (jar: BrowserJar) => {
  const response = await jar.fetch(`${tollgate.url}/api/me`);
  return { status: response.status, body: (await response.json()) as { email: string; role: string; organization: { id: string } | null } };
};

const auditActions = async (organizationId: string) => (await operator.GET("/api/audit", { params: { query: { organization_id: organizationId, limit: 100 } } })).data!.data;

describe("single sign-on through a real OpenID provider", () => {
  it("the sign-in page lists the enabled providers; the operator sees the secret's hint only", async () => {
    const { data } = await consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() }).GET("/api/sign-in-options");
    expect(data!.identity_providers).toEqual([
      { id: providerId, label: "Acme ID" },
      { id: fakeProviderId, label: "Fake" },
    ]);
    const listed = (await operator.GET("/api/admin/identity-providers")).data!.data.find((provider) => provider.id === providerId)!;
    expect(listed.client_secret_hint).toBe(`…${idp.clientSecret.slice(-4)}`);
    expect(JSON.stringify(listed)).not.toContain(idp.clientSecret);
  });

  it("a first sign-in makes the account from the first matching claim rule: organization and role, audited", async () => {
    const { jar, location } = await signInThrough("ada", browserJar(), startUrl(providerId, "#/keys"));
    expect(location).toBe(`${tollgate.url}/#/keys`);
    const { status, body } = await me(jar);
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: "ada@acme.test", name: "Ada Lovelace", role: "developer", organization: { id: acme.organizationId } });
    const actions = (await auditActions(acme.organizationId)).filter((entry) => entry.target.name === "ada@acme.test").map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["member.created_by_sso", "member.signed_in_sso"]));

    // The second time, the link finds the same account.
    const again = await signInThrough("ada");
    expect((await me(again.jar)).body).toMatchObject({ email: "ada@acme.test", role: "developer" });
    const members = (await acme.owner.GET("/api/members")).data!.data.filter((member) => member.email === "ada@acme.test");
    expect(members).toHaveLength(1);
  });

  it("a rule by e-mail domain places an account in another organization, as a sub-user", async () => {
    const { jar } = await signInThrough("pat");
    expect((await me(jar)).body).toMatchObject({ email: "pat@partner.test", role: "sub-user", organization: { id: partner.organizationId } });
  });

  it("a rule by e-mail domain places no address the provider does not say is verified", async () => {
    const { jar, location } = await signInThrough("quinn");
    expect(refusal(location)).toContain("a rule by e-mail domain places only verified addresses");
    expect((await me(jar)).status).toBe(401);
    expect((await partner.owner.GET("/api/members")).data!.data.map((member) => member.email)).not.toContain("quinn@partner.test");
  });

  it("an address at a domain the provider may not sign in is refused, and no account is made", async () => {
    const { jar, location } = await signInThrough("eve");
    expect(refusal(location)).toContain("Addresses at evil.test may not sign in through Acme ID");
    expect((await me(jar)).status).toBe(401);
  });

  it("no account and no matching rule: refused, saying whom to ask", async () => {
    const { location } = await signInThrough("nora");
    expect(refusal(location)).toContain("none of the provider's rules gives you an organization");
  });

  it("an existing account is linked by a verified address (audited), never by an unverified one", async () => {
    const linked = await signInThrough("owner");
    expect(linked.location).toBe(`${tollgate.url}/#/`);
    expect((await me(linked.jar)).body).toMatchObject({ email: acme.ownerEmail, role: "owner", organization: { id: acme.organizationId } });
    expect((await auditActions(acme.organizationId)).map((entry) => entry.action)).toContain("member.sso_linked");

    const unverified = await signInThrough("unverified-owner");
    expect(refusal(unverified.location)).toContain("does not say the address is verified");
    expect((await me(unverified.jar)).status).toBe(401);
  });

  it("requiring SSO ends the organization's sessions that passwords began", async () => {
    const other = await createTenant(tollgate.url, operator);
    expect((await other.owner.GET("/api/me")).response.status).toBe(200);
    await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: other.organizationId } }, body: { sso_required: true } });
    expect((await other.owner.GET("/api/me")).response.status).toBe(401);
    // The operator's own session is no member's: it goes on.
    expect((await operator.GET("/api/me")).response.status).toBe(200);
  });

  it("an SSO-required organization refuses its members' passwords and names the button; SSO and the operator's password still work", async () => {
    const patched = await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: acme.organizationId } }, body: { sso_required: true } });
    expect(patched.data!.sso_required).toBe(true);
    try {
      const password = await consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() }).POST("/api/session", { body: { email: acme.ownerEmail, password: "owner-password-1" } });
      expect(password.response.status).toBe(403);
      expect(password.error!.error.message).toContain("signs in through single sign-on only");
      expect(password.error!.error.message).toContain("“Sign in with Acme ID”");
      expect((await me((await signInThrough("owner")).jar)).status).toBe(200);
      const operatorAgain = await consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() }).POST("/api/session", { body: { email: adminEmail, password: adminPassword } });
      expect(operatorAgain.response.status).toBe(200);
      // Another organization's passwords are untouched.
      const other = await consoleClient({ baseUrl: tollgate.url, fetch: withCookieJar() }).POST("/api/session", { body: { email: partner.ownerEmail, password: "owner-password-1" } });
      expect(other.response.status).toBe(200);
    } finally {
      await operator.PATCH("/api/admin/organizations/{id}", { params: { path: { id: acme.organizationId } }, body: { sso_required: false } });
      // Requiring SSO ended the owner's password session; the tests after this one sign in again.
      acme = { ...acme, owner: await signIn(tollgate.url, acme.ownerEmail, "owner-password-1") };
    }
  });

  it("sign-out ends an SSO session; the operator lists a person's sessions and ends them", async () => {
    const first = await signInThrough("ada");
    const signOut = await first.jar.fetch(`${tollgate.url}/api/session`, { method: "DELETE" });
    expect(signOut.status).toBe(200);
    expect((await me(first.jar)).status).toBe(401);

    const second = await signInThrough("ada");
    const listed = await operator.GET("/api/admin/sessions", { params: { query: { email: "ada@acme.test" } } });
    expect(listed.data!.data.length).toBeGreaterThanOrEqual(1);
    expect(listed.data!.data.every((session) => session.method === `sso:${providerId}`)).toBe(true);
    const ended = await operator.DELETE("/api/admin/sessions", { params: { query: { email: "ada@acme.test" } } });
    expect(ended.data!.ended).toBe(listed.data!.data.length);
    expect((await me(second.jar)).status).toBe(401);
    expect((await operator.GET("/api/admin/sessions", { params: { query: { email: "ada@acme.test" } } })).data!.data).toEqual([]);
    expect((await auditActions(acme.organizationId)).map((entry) => entry.action)).toContain("member.sessions_ended");
  });
});

describe("rules at every sign-in", () => {
  it("with rules_apply every_sign_in, a linked member's role follows the provider's groups (audited); with first_sign_in it stays", async () => {
    idp.accounts.set("lin", { email: "lin@acme.test", email_verified: true, name: "Lin", groups: ["engineering"] });
    const first = await signInThrough("lin");
    expect((await me(first.jar)).body).toMatchObject({ role: "developer" });

    idp.accounts.set("lin", { email: "lin@acme.test", email_verified: true, name: "Lin", groups: ["admins"] });
    expect((await me((await signInThrough("lin")).jar)).body).toMatchObject({ role: "developer" }); // first_sign_in: unchanged

    await operator.PATCH("/api/admin/identity-providers/{id}", { params: { path: { id: providerId } }, body: { rules_apply: "every_sign_in" } });
    try {
      expect((await me((await signInThrough("lin")).jar)).body).toMatchObject({ email: "lin@acme.test", role: "owner", organization: { id: acme.organizationId } });
      const changed = (await auditActions(acme.organizationId)).find((entry) => entry.action === "member.role_changed_by_sso" && entry.target.name === "lin@acme.test");
      expect(changed).toMatchObject({ before: { role: "developer" }, after: { role: "owner" } });
    } finally {
      await operator.PATCH("/api/admin/identity-providers/{id}", { params: { path: { id: providerId } }, body: { rules_apply: "first_sign_in" } });
    }
  });

  it("the operator's API names the field at fault in a provider's settings", async () => {
    const body = { label: "Bad", issuer: idp.issuer, client_id: "x", client_secret: "y", email_domains: ["acme.test"] };
    const http = await operator.POST("/api/admin/identity-providers", { body: { ...body, issuer: "http://idp.example.com" } });
    expect(http.error).toMatchObject({ error: { code: "invalid_request", field: "issuer" } });
    expect(http.error!.error.message).toContain("https://");
    const domain = await operator.POST("/api/admin/identity-providers", { body: { ...body, email_domains: ["https://acme.test"] } });
    expect(domain.error).toMatchObject({ error: { field: "email_domains" } });
    const rule = await operator.POST("/api/admin/identity-providers", { body: { ...body, claim_rules: [{ claim: "groups", organization_id: acme.organizationId, role: "owner" }] } });
    expect(rule.error).toMatchObject({ error: { field: "claim_rules.0" } });
    expect(rule.error!.error.message).toContain("needs both `claim` and `value`");
    const organization = await operator.POST("/api/admin/identity-providers", { body: { ...body, claim_rules: [{ email_domain: "acme.test", organization_id: "org_nope", role: "owner" }] } });
    expect(organization.error).toMatchObject({ error: { field: "claim_rules.0.organization_id" } });
    const member = await acme.owner.GET("/api/admin/identity-providers");
    expect(member.response.status).toBe(403);
  });
});

describe("the sign-in throttle", () => {
  it("counts the SSO start and callback against the client address", async () => {
    const port = await freePort();
    const strict = await startTollgate({ PORT: String(port), TOLLGATE_PUBLIC_URL: `http://127.0.0.1:${port}`, TOLLGATE_SIGNIN_MAX_PER_ADDRESS: "2" });
    try {
      const from = { headers: { "x-forwarded-for": "198.51.100.9" } };
      const locations: string[] = [];
      for (const path of ["start", "callback?state=x", "start"]) {
        locations.push((await browserJar().fetch(`${strict.url}/api/sso/idp_any/${path}`, from)).headers.get("location")!);
      }
      expect(decodeURIComponent(locations[0])).toContain("not set up here");
      expect(decodeURIComponent(locations[2])).toMatch(/Too many sign-in attempts from this address\. Try again in \d+ seconds\./);
    } finally {
      await strict.stop();
    }
  }, 60_000);
});

describe("attacks on the single sign-on flow, each refused with a clear message", () => {
  it("a forged state (no sign-in started in this browser) is refused", async () => {
    const jar = browserJar();
    const location = await landing(jar, `${tollgate.url}/api/sso/${providerId}/callback?code=made-up&state=${unique("forged")}`);
    expect(refusal(location)).toContain("not started in this browser");
    // The state of a sign-in someone else started, sent to this browser (login CSRF), is refused alike.
    const victim = browserJar();
    const theirs = await toCallback(browserJar(), "ada");
    expect(refusal(await landing(victim, theirs))).toContain("not started in this browser");
  });

  it("a replayed state is refused: each sign-in in progress finishes once", async () => {
    const jar = browserJar();
    const callback = await toCallback(jar, "ada");
    const state = new URL(callback).searchParams.get("state")!;
    expect(await landing(jar, callback)).toBe(`${tollgate.url}/#/`);
    jar.setCookie("127.0.0.1", "tollgate_sso", state); // as if the cookie had been kept
    expect(refusal(await landing(jar, callback))).toContain("already finished or has expired");
  });

  it("a code used once is refused when it comes back with another sign-in's state", async () => {
    const first = browserJar();
    const used = await toCallback(first, "ada");
    expect(await landing(first, used)).toBe(`${tollgate.url}/#/`);
    const jar = browserJar();
    const fresh = new URL(await toCallback(jar, "ada"));
    fresh.searchParams.set("code", new URL(used).searchParams.get("code")!);
    expect(refusal(await landing(jar, fresh.href))).toContain("refused the sign-in code");
  });

  it("a return path to another host is ignored: the browser lands on the console", async () => {
    for (const returnTo of ["https://evil.test/", "//evil.test/x", "#//evil.test"]) {
      const { location } = await signInThrough("ada", browserJar(), startUrl(providerId, returnTo));
      expect(location).toBe(`${tollgate.url}/#/`);
    }
  });

  it("a sign-in the provider itself refused (access_denied) comes back as a message, not an account", async () => {
    const { jar, location } = await signInThrough("nobody-at-the-idp");
    expect(refusal(location)).toContain("The identity provider did not sign you in (access_denied");
    expect((await me(jar)).status).toBe(401);
  });

  it("an unknown provider is refused on the sign-in page", async () => {
    const response = await browserJar().fetch(startUrl("idp_nope"));
    expect(refusal(response.headers.get("location")!)).toContain("not set up here");
  });

  const throughFake = async (mode: FakeIssuer["mode"]) => {
    fake.mode = mode;
    const jar = browserJar();
    return { jar, location: await landing(jar, await toCallback(jar, "-", startUrl(fakeProviderId))) };
  };

  it("the fake issuer's good ID token signs in (the controls below differ only in what they break)", async () => {
    const { jar, location } = await throughFake("good");
    expect(location).toBe(`${tollgate.url}/#/`);
    expect((await me(jar)).body).toMatchObject({ email: "fake@acme.test" });
  });

  it("an ID token for another audience is refused", async () => {
    const { jar, location } = await throughFake("wrong-audience");
    expect(refusal(location)).toContain("issued for another application (wrong audience)");
    expect((await me(jar)).status).toBe(401);
  });

  it("an expired ID token is refused", async () => {
    const { location } = await throughFake("expired");
    expect(refusal(location)).toContain("ID token has expired");
  });

  it("a badly signed ID token (a key the provider does not publish) is refused", async () => {
    const { location } = await throughFake("bad-signature");
    expect(refusal(location)).toContain("signature does not verify");
  });

  it("the server's output holds no client secret, code or ID token", () => {
    const output = tollgate.output();
    expect(output).not.toContain(idp.clientSecret);
    expect(output).not.toContain(fake.clientSecret);
    expect(output).toContain("console.sso_refused");
  });
});
