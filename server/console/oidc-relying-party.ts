// Tollgate as an OpenID Connect relying party, through openid-client (which does the protocol: the
// discovery document, PKCE S256, state, nonce, and the ID token's signature from the provider's
// JWKS, issuer, audience and expiry). This file adds what is ours: one discovered configuration per
// provider and worker, http only for a provider on loopback, and messages a person can act on.
import * as oidc from "openid-client";
import type { IdentityProvider } from "../store/identity-providers.ts";

/** Scopes Tollgate always asks for; `groups` too where the provider offers it (Okta). */
const baseScopes = ["openid", "email", "profile"];
/** A discovered configuration is fetched again after this long (keys rotate within it through the JWKS cache). */
const discoveryTtlMs = 15 * 60_000;
const timeoutSeconds = 10;

/** http:// is refused except on loopback (RFC 8252 §8.3's reasoning): a provider on this machine, as in development and tests. */
export function issuerProblem(issuer: string): string | undefined {
  if (!URL.canParse(issuer)) return "`issuer` is not a URL. Give the provider's issuer URL, e.g. https://example.okta.com or https://login.microsoftonline.com/<tenant>/v2.0.";
  const url = new URL(issuer);
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopback(url.hostname)) return undefined;
  return "`issuer` must be an https:// URL (http:// only for a provider on this machine's loopback).";
}

const isLoopback = (host: string) => host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);

type Discovered = { config: oidc.Configuration; updatedAt: number; fetchedAt: number };
const discovered = new Map<string, Discovered>();

/** The provider's configuration, discovered from its issuer (cached per worker until the record changes or the TTL passes). */
export async function configurationOf(provider: IdentityProvider, clientSecret: string): Promise<oidc.Configuration> {
  const cached = discovered.get(provider.id);
  if (cached && cached.updatedAt === provider.updatedAt && Date.now() - cached.fetchedAt < discoveryTtlMs) return cached.config;
  const url = new URL(provider.issuer);
  // client_secret_basic: OpenID Connect's default, which Okta, Entra ID, Google and Keycloak all take.
  const config = await oidc.discovery(url, provider.clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
    // openid-client trusts an ID token from the token endpoint on TLS alone unless told otherwise
    // (OpenID Connect Core §3.1.3.7 allows that); we check its signature against the JWKS as well,
    // so a token endpoint that is not the provider's cannot sign anyone in.
    execute: [oidc.enableNonRepudiationChecks, ...(url.protocol === "http:" ? [oidc.allowInsecureRequests] : [])],
    timeout: timeoutSeconds,
  });
  discovered.set(provider.id, { config, updatedAt: provider.updatedAt, fetchedAt: Date.now() });
  return config;
}

export type SignInStart = { url: URL; state: string; nonce: string; codeVerifier: string };

export async function authorizationRequest(config: oidc.Configuration, redirectUri: string): Promise<SignInStart> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const offered = config.serverMetadata().scopes_supported ?? [];
  const scope = [...baseScopes, ...(offered.includes("groups") ? ["groups"] : [])].join(" ");
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/** A sign-in the provider or its answer did not allow; `message` is for the person, `detail` for the log (never a token). */
export class SsoRefused extends Error {
  readonly detail: string;
  constructor(message: string, detail: string) {
    super(message);
    this.detail = detail;
  }
}

/**
 * Exchanges the code (with the PKCE verifier) and checks the ID token; returns its claims, with the
 * userinfo endpoint's added where the ID token lacks them (oidc-provider and some Okta setups put
 * email and groups only there). Throws SsoRefused.
 */
export async function finishSignIn(config: oidc.Configuration, callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<Record<string, unknown>> {
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: expected.codeVerifier, expectedState: expected.state, expectedNonce: expected.nonce, idTokenExpected: true });
  } catch (error) {
    throw refusalOf(error);
  }
  const claims = tokens.claims() as Record<string, unknown> | undefined;
  if (!claims?.sub) throw new SsoRefused("The identity provider sent no ID token. Ask the operator to check the provider's settings (docs/sso.md).", "no id_token");
  if (claims.email !== undefined && claims.email_verified !== undefined && claims.groups !== undefined) return claims;
  if (!config.serverMetadata().userinfo_endpoint) return claims;
  try {
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
    return { ...userinfo, ...claims };
  } catch {
    // The ID token was good; what userinfo would have added is missing, and the rules say what that means.
    return claims;
  }
}

type LibraryError = Error & { code?: string; error?: string; error_description?: string; cause?: unknown };

/** openid-client's failures, as a person at the sign-in page should read them. */
function refusalOf(error: unknown): SsoRefused {
  const failure = error as LibraryError;
  const detail = `${failure?.code ?? "error"}: ${failure?.message ?? String(error)}${failure?.cause instanceof Error ? ` (${failure.cause.message})` : ""}`;
  const again = "Sign in again from the sign-in page.";
  if (failure?.code === "OAUTH_AUTHORIZATION_RESPONSE_ERROR") {
    return new SsoRefused(`The identity provider did not sign you in (${failure.error}${failure.error_description ? `: ${failure.error_description}` : ""}). ${again}`, detail);
  }
  if (failure?.code === "OAUTH_RESPONSE_BODY_ERROR") {
    if (failure.error === "invalid_grant") return new SsoRefused(`The identity provider refused the sign-in code: it was already used, has expired, or was issued for another sign-in. ${again}`, detail);
    return new SsoRefused(`The identity provider refused to finish the sign-in (${failure.error}). Ask the operator to check the provider's client id and secret (docs/sso.md).`, detail);
  }
  // openid-client wraps oauth4webapi's error, whose own `cause` names the claim at fault.
  const inner = (failure?.cause instanceof Error ? failure.cause : failure) as LibraryError;
  const claim = (inner?.cause as { claim?: string } | undefined)?.claim;
  if (failure?.code === "OAUTH_JWT_CLAIM_COMPARISON_FAILED") {
    if (claim === "aud" || claim === "azp") return new SsoRefused("The identity provider's ID token was issued for another application (wrong audience), so it does not sign you in here. Ask the operator to check the provider's client id.", detail);
    if (claim === "iss") return new SsoRefused("The ID token was issued by another issuer than the provider registered here. Ask the operator to check the provider's issuer URL.", detail);
    if (claim === "nonce") return new SsoRefused(`The ID token does not belong to this sign-in (nonce mismatch). ${again}`, detail);
  }
  if (failure?.code === "OAUTH_JWT_TIMESTAMP_CHECK_FAILED") {
    return new SsoRefused(`The identity provider's ID token has expired or is not valid yet (check that the server's and the provider's clocks agree). ${again}`, detail);
  }
  if (/signature/i.test(inner?.message ?? "") || failure?.code === "OAUTH_KEY_SELECTION_FAILED") {
    return new SsoRefused("The ID token's signature does not verify against the identity provider's published keys, so it was refused. Ask the operator to check the provider's issuer URL.", detail);
  }
  return new SsoRefused(`The identity provider's answer could not be verified, so the sign-in was refused. ${again} If it keeps failing, ask the operator (docs/sso.md).`, detail);
}
