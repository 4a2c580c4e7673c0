// OAuth2 access tokens for the clouds that take them: a Google service account's signed JWT
// traded at its token URI (RFC 7523, developers.google.com/identity/protocols/oauth2/service-account),
// and a Microsoft Entra ID app's client credentials (learn.microsoft.com/entra/identity-platform/
// v2-oauth2-client-creds-grant-flow). A token is kept until shortly before it expires and fetched
// again in the background before then, so calls in steady state wait for none; only a channel's
// first call, or one after a failed refresh, waits for the token endpoint. The catalog warms them
// when it loads (`warmToken`).
import { importPKCS8, SignJWT } from "jose";
import { request } from "undici";
import { type AzureCredential, azureCredential, serviceAccount } from "../../../domain/channel-credentials.ts";

const googleScope = "https://www.googleapis.com/auth/cloud-platform";
const azureScope = "https://cognitiveservices.azure.com/.default";
/** Fetched again this long before it expires (Google's tokens live an hour; Entra's about as long). */
const refreshAheadMs = 5 * 60_000;
/** A token endpoint that does not answer within this is a failure of the channel's credentials. */
const tokenTimeoutMs = 10_000;
const maxTokens = 1_000;

export class TokenRefused extends Error {}

type Held = { token: string; expiresAt: number } | null;
type Source = { held: Held; fetching: Promise<string> | null; fetch: () => Promise<{ token: string; expiresInSeconds: number }> };

const sources = new Map<string, Source>();

function sourceOf(key: string, fetch: Source["fetch"]): Source {
  let source = sources.get(key);
  if (!source) {
    if (sources.size >= maxTokens) sources.clear();
    source = { held: null, fetching: null, fetch };
    sources.set(key, source);
  }
  return source;
}

function refresh(source: Source): Promise<string> {
  source.fetching ??= source
    .fetch()
    .then(({ token, expiresInSeconds }) => {
      source.held = { token, expiresAt: Date.now() + expiresInSeconds * 1000 };
      return token;
    })
    .finally(() => {
      source.fetching = null;
    });
  return source.fetching;
}

/** The live token, fetching one only when none is held or it has expired; one that expires soon is renewed behind the call. */
function tokenOf(source: Source): Promise<string> | string {
  const held = source.held;
  const now = Date.now();
  if (held && held.expiresAt > now) {
    if (held.expiresAt - now < refreshAheadMs) refresh(source).catch(() => undefined);
    return held.token;
  }
  return refresh(source);
}

async function postForm(url: string, form: Record<string, string>): Promise<{ token: string; expiresInSeconds: number }> {
  const response = await request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    headersTimeout: tokenTimeoutMs,
    bodyTimeout: tokenTimeoutMs,
  });
  const text = await response.body.text();
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.statusCode !== 200 || typeof body?.access_token !== "string") {
    // The endpoint's own words (`invalid_grant`, `invalid_client` and their descriptions) name no secret.
    const said = [body?.error, body?.error_description].filter((part) => typeof part === "string").join(": ");
    throw new TokenRefused(`the token endpoint answered ${response.statusCode}${said ? ` (${said.slice(0, 200)})` : ""}`);
  }
  const expiresIn = Number(body.expires_in);
  return { token: body.access_token, expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600 };
}

async function googleToken(credentialText: string): Promise<{ token: string; expiresInSeconds: number }> {
  const account = serviceAccount(credentialText);
  const key = await importPKCS8(account.privateKey, "RS256");
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: googleScope })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) })
    .setIssuer(account.clientEmail)
    .setSubject(account.clientEmail)
    .setAudience(account.tokenUri)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
  return postForm(account.tokenUri, { grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion });
}

function entraToken(app: Extract<AzureCredential, { type: "entra" }>): Promise<{ token: string; expiresInSeconds: number }> {
  return postForm(`${app.authorityHost}/${encodeURIComponent(app.tenantId)}/oauth2/v2.0/token`, {
    grant_type: "client_credentials",
    client_id: app.clientId,
    client_secret: app.clientSecret,
    scope: azureScope,
  });
}

/** A Vertex AI channel's bearer token for this service account key. */
export const googleAccessToken = (credentialText: string): Promise<string> | string => tokenOf(sourceOf(`google\n${credentialText}`, () => googleToken(credentialText)));

/** An Azure OpenAI channel's bearer token for this Entra app. */
export function entraAccessToken(credentialText: string): Promise<string> | string {
  const app = azureCredential(credentialText);
  if (app.type !== "entra") throw new TokenRefused("this Azure credential is an API key, not an Entra ID app");
  return tokenOf(sourceOf(`entra\n${credentialText}`, () => entraToken(app)));
}

/** The upstream refused a token it was given (revoked, or its clock ran ahead): the next call fetches a new one. */
export function forgetToken(kind: "google" | "entra", credentialText: string): void {
  const source = sources.get(`${kind}\n${credentialText}`);
  if (source) source.held = null;
}

/** Fetches a channel's token ahead of its first call (the catalog's load); a failure here is told by that call. */
export function warmToken(kind: "google" | "entra", credentialText: string): void {
  try {
    const token = kind === "google" ? googleAccessToken(credentialText) : entraAccessToken(credentialText);
    if (typeof token !== "string") token.catch(() => undefined);
  } catch {
    // A credential of another form: its calls say so.
  }
}
