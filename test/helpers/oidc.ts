// OpenID providers for the single sign-on tests, on loopback: `startIdentityProvider` runs
// oidc-provider (a certified implementation) with test accounts and a tiny scripted login page;
// `startFakeIssuer` serves just enough of a provider (discovery, JWKS, authorize, token) with jose
// to hand out ID tokens a real provider would not: expired, badly signed, for another audience.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomBytes } from "node:crypto";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
// @ts-expect-error: oidc-provider ships no type declarations.
import Provider from "oidc-provider";
import { freePort } from "./tollgate.ts";

export type TestAccount = { email: string; email_verified: boolean; name: string; groups: string[] };

export type IdentityProviderServer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Test accounts by login name, read at each sign-in (add to it any time). */
  accounts: Map<string, TestAccount>;
  /** Replaces the client's registered redirect URIs (known once Tollgate has given the provider an id). */
  setRedirectUris: (uris: string[]) => void;
  stop: () => Promise<void>;
};

const listen = (server: Server, port: number) => new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
const close = (server: Server) => new Promise<void>((done) => server.close(() => done()));

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/**
 * oidc-provider at http://localhost:<port> (another site than Tollgate's 127.0.0.1, so the redirect
 * back is cross-site as in production), with one client registered for `redirectUris`. Its login
 * page is a form with one field, `login` (an account's name); consent is given at once.
 */
export async function startIdentityProvider(redirectUris: string[]): Promise<IdentityProviderServer> {
  const port = await freePort();
  const issuer = `http://localhost:${port}`;
  const clientId = "tollgate-test";
  const clientSecret = `idp-secret-${randomBytes(12).toString("hex")}`;
  const accounts = new Map<string, TestAccount>();
  const client = { client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ["authorization_code"], response_types: ["code"], token_endpoint_auth_method: "client_secret_basic" };
  const provider = new Provider(issuer, {
    // Read from the adapter at each request, so setRedirectUris takes effect.
    adapter: clientAdapter(() => client),
    async findAccount(_ctx: unknown, id: string) {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    scopes: ["openid", "email", "profile", "groups"],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    pkce: { required: () => true },
  });
  provider.proxy = false;
  const callback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submit: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login" && !submit) {
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><title>Test IdP</title><form method="post" action="/interaction/${uid}/login"><label>Login <input name="login" autofocus></label><button type="submit">Sign in at the test IdP</button></form>`);
      return;
    }
    const accountId = submit ? (await formBody(req)).get("login") ?? "" : details.session?.accountId;
    if (!accounts.has(accountId)) {
      await provider.interactionFinished(req, res, { error: "access_denied", error_description: "unknown test account" }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const server = createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? "");
    if (!match) return callback(req, res);
    interaction(req, res, match[1], req.method === "POST" && match[2] === "/login").catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await listen(server, port);
  return { issuer, clientId, clientSecret, accounts, setRedirectUris: (uris) => void (client.redirect_uris = uris), stop: () => close(server) };
}

/** oidc-provider's storage in memory, with the one client read live from `client()`. */
function clientAdapter(client: () => Record<string, unknown>) {
  const stores = new Map<string, Map<string, { payload: Record<string, unknown>; expiresAt: number }>>();
  return class MemoryAdapter {
    name: string;
    constructor(name: string) {
      this.name = name;
    }
    private get store() {
      const store = stores.get(this.name) ?? new Map();
      stores.set(this.name, store);
      return store;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      this.store.set(id, { payload, expiresAt: Date.now() + (expiresIn ?? 3600) * 1000 });
    }
    async find(id: string) {
      if (this.name === "Client") return id === client().client_id ? { ...client() } : undefined;
      const entry = this.store.get(id);
      return entry && entry.expiresAt > Date.now() ? entry.payload : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async findByUid(uid: string) {
      for (const entry of this.store.values()) if (entry.payload.uid === uid) return entry.payload;
      return undefined;
    }
    async consume(id: string) {
      const entry = this.store.get(id);
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      this.store.delete(id);
    }
    async revokeByGrantId(grantId: string) {
      for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
    }
  };
}

export type FakeIssuerMode = "good" | "expired" | "bad-signature" | "wrong-audience";

export type FakeIssuer = { issuer: string; clientId: string; clientSecret: string; mode: FakeIssuerMode; stop: () => Promise<void> };

/** A provider that signs what the test says: its authorization endpoint answers at once (no login), its token endpoint returns an ID token per `mode`. */
export async function startFakeIssuer(email: string): Promise<FakeIssuer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const published = await generateKeyPair("RS256");
  const impostor = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const codes = new Map<string, { nonce: string }>();
  const fake: FakeIssuer = { issuer, clientId: "tollgate-fake", clientSecret: `fake-secret-${randomBytes(8).toString("hex")}`, mode: "good", stop: () => close(server) };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  async function idToken(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const times = fake.mode === "expired" ? { iat: now - 7200, exp: now - 3600 } : { iat: now, exp: now + 300 };
    const audience = fake.mode === "wrong-audience" ? "some-other-application" : fake.clientId;
    return new SignJWT({ nonce, email, email_verified: true, name: "Fake Person" })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(issuer)
      .setSubject("fake-subject")
      .setAudience(audience)
      .setIssuedAt(times.iat)
      .setExpirationTime(times.exp)
      .sign(fake.mode === "bad-signature" ? impostor.privateKey : published.privateKey);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") return json(res, 200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const code = randomBytes(16).toString("hex");
      codes.set(code, { nonce: url.searchParams.get("nonce") ?? "" });
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const form = await formBody(req);
      const grant = codes.get(form.get("code") ?? "");
      // RFC 6749 §2.3.1: id and secret are form-encoded before Basic's base64.
      const [id, secret] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString().split(":").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
      if (id !== fake.clientId || secret !== fake.clientSecret) return json(res, 401, { error: "invalid_client" });
      if (!grant) return json(res, 400, { error: "invalid_grant" });
      codes.delete(form.get("code")!);
      return json(res, 200, { access_token: randomBytes(16).toString("hex"), token_type: "Bearer", expires_in: 300, id_token: await idToken(grant.nonce) });
    }
    res.writeHead(404);
    res.end();
  });
  await listen(server, port);
  return fake;
}

/** Cookies by host, as a browser keeps them (paths and expiry beyond Max-Age=0 ignored: enough for these flows). */
export function browserJar() {
  const jars = new Map<string, Map<string, string>>();
  return {
    async fetch(url: string, init: RequestInit = {}): Promise<Response> {
      const { hostname } = new URL(url);
      const jar = jars.get(hostname) ?? new Map<string, string>();
      jars.set(hostname, jar);
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
      const response = await fetch(url, { ...init, headers, redirect: "manual" });
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(";");
        const [name, ...value] = pair.trim().split("=");
        if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, value.join("="));
      }
      return response;
    },
    cookie: (host: string, name: string) => jars.get(host)?.get(name),
    setCookie: (host: string, name: string, value: string) => {
      const jar = jars.get(host) ?? new Map<string, string>();
      jars.set(host, jar);
      jar.set(name, value);
    },
  };
}

export type BrowserJar = ReturnType<typeof browserJar>;
