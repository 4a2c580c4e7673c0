// Single sign-on's rules, pure: which addresses a provider may sign in, which claim rule places a
// new account, and which console routes a sign-in may return to (docs/sso.md).
import type { Role } from "./permissions.ts";

export type SsoRule = { claim?: string; value?: string; email_domain?: string; organization_id: string; role: Exclude<Role, "operator"> };

/** The domain of an address, folded: `Ada@Example.COM` → `example.com`; undefined for something that is not an address. */
export function emailDomainOf(email: string): string | undefined {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return undefined;
  return email.slice(at + 1).toLowerCase();
}

/** Whether the address is at one of the domains (exactly: a subdomain is a different organization's). */
export function domainAllowed(email: string, domains: readonly string[]): boolean {
  const domain = emailDomainOf(email);
  return domain !== undefined && domains.some((allowed) => allowed.toLowerCase() === domain);
}

/** A claim holds the value: equal to it, or a list that contains it (groups, roles). */
function claimHolds(claim: unknown, value: string): boolean {
  if (Array.isArray(claim)) return claim.some((item) => String(item) === value);
  return claim !== undefined && claim !== null && String(claim) === value;
}

/** The first rule whose condition the sign-in meets, in the operator's order. */
export function firstMatchingRule<R extends SsoRule>(rules: readonly R[], claims: Record<string, unknown>, email: string): R | undefined {
  return rules.find((rule) => {
    if (rule.email_domain !== undefined) return emailDomainOf(email) === rule.email_domain.toLowerCase();
    return rule.claim !== undefined && rule.value !== undefined && claimHolds(claims[rule.claim], rule.value);
  });
}

/** What is wrong with a rule as the operator wrote it, or undefined: a rule names a claim and a value, or an e-mail domain, not both. */
export function ruleProblem(rule: SsoRule): string | undefined {
  const byClaim = rule.claim !== undefined || rule.value !== undefined;
  if (byClaim && rule.email_domain !== undefined) return "gives both a claim and an `email_domain`; a rule matches on one of them. Keep one.";
  if (!byClaim && rule.email_domain === undefined) return "matches nothing: give `claim` and `value` (e.g. groups = engineering) or `email_domain`.";
  if (byClaim && (rule.claim === undefined || rule.value === undefined)) return "needs both `claim` and `value` (e.g. `claim: groups`, `value: engineering`).";
  return undefined;
}

/**
 * A console route to land on after signing in (`#/keys`), or the console's home. Only a hash route
 * of the console's own page is kept, so the redirect can never leave this host (no open redirect).
 */
export function safeReturnPath(returnTo: string | undefined): string {
  if (returnTo && /^#\/[A-Za-z0-9\-._~/?=&%]{0,200}$/.test(returnTo) && !returnTo.startsWith("#//")) return returnTo;
  return "#/";
}
