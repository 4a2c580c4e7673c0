// Single sign-on, the browser's round trip (docs/sso.md). `start` sends the browser to the provider
// with state, nonce and a PKCE challenge, keeping the sign-in in progress server-side under the
// state's hash and binding it to this browser with a short SameSite=Lax cookie (Lax, because the
// provider's redirect back is a cross-site navigation, which a Strict cookie would not ride).
// `callback` checks that binding, takes the sign-in once, lets openid-client verify the code and the
// ID token, and then signs in a linked account, links one by a verified address, or creates one from
// the provider's first matching claim rule. Every answer is a redirect: into the console, or back to
// its sign-in page with a message. Redirects are built from TOLLGATE_PUBLIC_URL only.
import type { Request, Response } from "express";
import { randomBytes } from "node:crypto";
import { addressScope, signInWait } from "../domain/sign-in-throttle.ts";
import { domainAllowed, emailDomainOf, firstMatchingRule, safeReturnPath } from "../domain/sso-rules.ts";
import type { IdentityProvider } from "../store/identity-providers.ts";
import type { User } from "../store/records.ts";
import { type AuditTarget, recordAuditBy } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { SsoRefused, authorizationRequest, configurationOf, finishSignIn } from "./oidc-relying-party.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken, readCookie, startSession } from "./session.ts";

const transactionCookie = "tollgate_sso";
const transactionTtlMs = 10 * 60_000;
const again = "Sign in again from the sign-in page.";

/** Where the provider sends the browser back: fixed, from TOLLGATE_PUBLIC_URL, never from the request's Host. */
export const redirectUriOf = (publicUrl: string, providerId: string) => `${publicUrl}/api/sso/${encodeURIComponent(providerId)}/callback`;

const memberTarget = (user: User): AuditTarget => ({ type: "member", id: user.id, name: user.email, organizationId: user.organizationId });

export function ssoHandlers(deps: ConsoleDeps) {
  const { store, log, signInPolicy } = deps;
  const publicUrl = deps.publicUrl?.replace(/\/+$/, "");

  const transactionCookieOf = (req: Request, value: string, maxAgeSeconds: number) =>
    `${transactionCookie}=${value}; HttpOnly; SameSite=Lax; Path=/api/sso/; Max-Age=${maxAgeSeconds}${req.secure ? "; Secure" : ""}`;

  /** Back to the sign-in page with a message the page shows; the log gets the reason, never a token. */
  function refuse(req: Request, res: Response, message: string, detail: string, providerId?: string) {
    log("console.sso_refused", { provider: providerId, reason: detail });
    res.append("set-cookie", transactionCookieOf(req, "", 0));
    const base = publicUrl ?? "";
    res.redirect(302, `${base}/#/sign-in?error=${encodeURIComponent(message)}`);
  }

  /** A browser navigation lands on a page either way: an unexpected failure too, with the detail in the log only. */
  const refusalOf = (error: unknown): [string, string] =>
    error instanceof SsoRefused
      ? [error.message, error.detail]
      : ["Single sign-on failed on Tollgate's side. Try again; if it persists, tell the operator (the server's log has the reason).", `internal: ${String((error as Error)?.stack ?? error)}`];

  /** Counts the attempt against the client address's sign-in throttle; the wait in seconds, or 0. */
  async function throttled(req: Request): Promise<number> {
    const now = Date.now();
    const address = await store.signInAttempts.count(addressScope(req.ip ?? "unknown"), signInPolicy.windowMs, now);
    return signInWait(signInPolicy, { attempts: 0, windowStart: now }, address, now);
  }

  async function enabledProvider(providerId: string): Promise<IdentityProvider> {
    const provider = await store.identityProviders.get(providerId);
    if (!provider || !provider.enabled) throw new SsoRefused("This sign-in button's identity provider is not set up here (any more). Use another way to sign in, or ask the operator.", "unknown or disabled provider");
    return provider;
  }

  async function configOf(provider: IdentityProvider) {
    try {
      return await configurationOf(provider, (await store.identityProviders.clientSecret(provider.id))!);
    } catch (error) {
      throw new SsoRefused(`Tollgate could not reach ${provider.label} (its discovery document at the issuer URL). Try again in a minute; if it keeps failing, ask the operator to check the provider's issuer URL.`, `discovery failed: ${String((error as Error)?.message ?? error)}`);
    }
  }

  /** The role a claim rule gives a linked account at every sign-in, within its own organization. */
  async function applyRules(provider: IdentityProvider, user: User, claims: Record<string, unknown>, email: string): Promise<User> {
    if (provider.rulesApply !== "every_sign_in" || user.role === "operator") return user;
    const rule = firstMatchingRule(provider.claimRules, claims, email);
    if (!rule || rule.organization_id !== user.organizationId || rule.role === user.role) return user;
    await store.users.setRole(user.id, rule.role);
    await deps.onChange();
    await recordAuditBy(deps, user, "member.role_changed_by_sso", memberTarget(user), { role: user.role }, { role: rule.role, provider_id: provider.id });
    return (await store.users.get(user.id))!;
  }

  /** The account this identity signs in: linked, linked now by a verified address, or made from a claim rule. */
  async function accountFor(provider: IdentityProvider, claims: Record<string, unknown>, email: string): Promise<User> {
    const subject = String(claims.sub);
    const linkedId = await store.identityProviders.linkedUser(provider.id, subject);
    if (linkedId) {
      const linked = await store.users.get(linkedId);
      if (!linked) throw new SsoRefused("The Tollgate account linked to your identity was archived. Ask your organization's owner or the operator.", "linked account archived");
      return applyRules(provider, linked, claims, email);
    }
    const existing = await store.users.byEmail(email);
    if (existing) {
      if (existing.role === "operator") throw new SsoRefused("The operator's account signs in with its password, never through an identity provider.", "operator address");
      if (claims.email_verified !== true) {
        throw new SsoRefused(`A Tollgate account uses ${email}, but ${provider.label} does not say the address is verified, so your identity was not linked to it. Verify the address at ${provider.label}, or sign in with your password.`, "existing account, address not verified");
      }
      await store.identityProviders.link(provider.id, subject, existing.id);
      await recordAuditBy(deps, existing, "member.sso_linked", memberTarget(existing), null, { provider_id: provider.id, provider: provider.label });
      return applyRules(provider, existing, claims, email);
    }
    const rule = firstMatchingRule(provider.claimRules, claims, email);
    if (!rule) {
      throw new SsoRefused(`You signed in at ${provider.label}, but no Tollgate account uses ${email} and none of the provider's rules gives you an organization. Ask the operator to add a rule for your group, or your organization's owner to invite you.`, "no account, no matching rule");
    }
    // A rule by domain trusts the address alone, so the provider must vouch for it: where people can
    // set their own address (Entra ID's `email`), anyone could otherwise claim a colleague's first.
    if (rule.email_domain !== undefined && claims.email_verified !== true) {
      throw new SsoRefused(`${provider.label} does not say ${email} is verified, and a rule by e-mail domain places only verified addresses. Verify the address at ${provider.label}, or ask the operator for a rule by group or role (docs/sso.md).`, "domain rule, address not verified");
    }
    const organization = await store.organizations.get(rule.organization_id);
    if (!organization) throw new SsoRefused("The organization this provider's rule places you in no longer exists. Ask the operator to correct the rule.", "rule names a missing organization");
    // A password nobody knows: the account signs in through the provider (or after a reset).
    const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
    const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 200) : email;
    const userId = await store.db.transaction(async (tx) => {
      const id = await store.users.create({ organizationId: organization.id, email, name, role: rule.role, passwordHash }, tx);
      await store.identityProviders.link(provider.id, subject, id, tx);
      return id;
    });
    await deps.onChange();
    const user = (await store.users.get(userId))!;
    await recordAuditBy(deps, user, "member.created_by_sso", memberTarget(user), null, { provider_id: provider.id, provider: provider.label, role: rule.role, rule: rule.claim ? { claim: rule.claim, value: rule.value } : { email_domain: rule.email_domain } });
    return user;
  }

  return {
    async start(req: Request, res: Response) {
      const providerId = String(req.params.providerId);
      try {
        const wait = await throttled(req);
        if (wait > 0) throw new SsoRefused(`Too many sign-in attempts from this address. Try again in ${wait} seconds.`, "throttled");
        if (!publicUrl) throw new SsoRefused("Single sign-on is off: the operator has not set TOLLGATE_PUBLIC_URL (docs/sso.md).", "no public url");
        const provider = await enabledProvider(providerId);
        const request = await authorizationRequest(await configOf(provider), redirectUriOf(publicUrl, provider.id));
        const returnTo = safeReturnPath(typeof req.query.return_to === "string" ? req.query.return_to : undefined);
        await store.identityProviders.beginSignIn(hashToken(request.state), { providerId: provider.id, nonce: request.nonce, codeVerifier: request.codeVerifier, returnTo }, transactionTtlMs);
        res.append("set-cookie", transactionCookieOf(req, request.state, transactionTtlMs / 1000));
        res.redirect(302, request.url.href);
      } catch (error) {
        refuse(req, res, ...refusalOf(error), providerId);
      }
    },

    async callback(req: Request, res: Response) {
      const providerId = String(req.params.providerId);
      try {
        const wait = await throttled(req);
        if (wait > 0) throw new SsoRefused(`Too many sign-in attempts from this address. Try again in ${wait} seconds.`, "throttled");
        if (!publicUrl) throw new SsoRefused("Single sign-on is off: the operator has not set TOLLGATE_PUBLIC_URL (docs/sso.md).", "no public url");
        const state = typeof req.query.state === "string" ? req.query.state : undefined;
        if (!state) throw new SsoRefused(`The identity provider's answer carries no state, so it cannot be matched to a sign-in started here. ${again}`, "no state");
        // The state must be the one this browser was given at the start: a link someone else started (login CSRF) fails here.
        if (readCookie(req, transactionCookie) !== state) throw new SsoRefused(`This sign-in was not started in this browser, or took longer than 10 minutes. ${again}`, "state does not match this browser's");
        const transaction = await store.identityProviders.takeSignIn(hashToken(state));
        if (!transaction) throw new SsoRefused(`This sign-in was already finished or has expired; each one works once, for 10 minutes. ${again}`, "state used or expired");
        if (transaction.providerId !== providerId) throw new SsoRefused(`The identity provider's answer came back for another provider than the sign-in was started with. ${again}`, "provider mismatch");
        const provider = await enabledProvider(providerId);
        const config = await configOf(provider);
        const query = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
        const claims = await finishSignIn(config, new URL(`${redirectUriOf(publicUrl, provider.id)}${query}`), { state, nonce: transaction.nonce, codeVerifier: transaction.codeVerifier });
        const email = typeof claims.email === "string" ? claims.email.trim() : "";
        if (!emailDomainOf(email)) throw new SsoRefused(`${provider.label} did not share your e-mail address, which Tollgate signs you in by. Ask the operator to check that the provider releases the \`email\` claim (docs/sso.md).`, "no email claim");
        if (!domainAllowed(email, provider.emailDomains)) {
          throw new SsoRefused(`Addresses at ${emailDomainOf(email)} may not sign in through ${provider.label} here (it signs in ${provider.emailDomains.join(", ")}). Sign in with an address at one of those, or ask the operator.`, "domain not allowed");
        }
        const user = await accountFor(provider, claims, email);
        const organization = user.organizationId ? await store.organizations.get(user.organizationId) : undefined;
        if (user.organizationId && !organization) throw new SsoRefused("Your organization was archived. Ask the operator.", "organization archived");
        res.append("set-cookie", transactionCookieOf(req, "", 0));
        await startSession(store, req, res, user, `sso:${provider.id}`);
        // A sign-on counted twice (its start and this callback); a success gives both back.
        await store.signInAttempts.uncount(addressScope(req.ip ?? "unknown"), 2);
        await recordAuditBy(deps, user, "member.signed_in_sso", memberTarget(user), null, { provider_id: provider.id, provider: provider.label, from: req.ip ?? "unknown" });
        log("console.sso_signed_in", { user: user.id, provider: provider.id });
        res.redirect(302, `${publicUrl}/${transaction.returnTo}`);
      } catch (error) {
        refuse(req, res, ...refusalOf(error), providerId);
      }
    },

    /** Enabled providers for the sign-in page's buttons (none without a public URL to come back to). */
    async signInButtons(): Promise<{ id: string; label: string }[]> {
      if (!publicUrl) return [];
      return (await store.identityProviders.list()).filter((provider) => provider.enabled).map((provider) => ({ id: provider.id, label: provider.label }));
    },
  };
}
