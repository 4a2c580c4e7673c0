// The operator's identity providers for single sign-on (docs/sso.md): list, add, change, remove.
// The client secret is write-only (stored sealed, shown as a hint); every change is audited
// without it.
import type { Request, Response } from "express";
import { type SsoRule, ruleProblem } from "../domain/sso-rules.ts";
import type { IdentityProvider, IdentityProviderInput, RulesApply } from "../store/identity-providers.ts";
import { recordAudit } from "./audit.ts";
import type { ConsoleDeps } from "./context.ts";
import { consoleError } from "./errors.ts";
import { redirectUriOf } from "./handlers-sso.ts";
import { issuerProblem } from "./oidc-relying-party.ts";
import { currentOperator } from "./session.ts";

type ProviderBody = {
  label?: string;
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  email_domains?: string[];
  claim_rules?: SsoRule[];
  rules_apply?: RulesApply;
  enabled?: boolean;
};

const domainPattern = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function identityProviderHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  const publicUrl = deps.publicUrl?.replace(/\/+$/, "");

  const providerJson = (provider: IdentityProvider) => ({
    id: provider.id,
    label: provider.label,
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret_hint: provider.clientSecretHint,
    email_domains: provider.emailDomains,
    claim_rules: provider.claimRules,
    rules_apply: provider.rulesApply,
    enabled: provider.enabled,
    redirect_uri: publicUrl ? redirectUriOf(publicUrl, provider.id) : null,
    created_at: new Date(provider.createdAt).toISOString(),
    updated_at: new Date(provider.updatedAt).toISOString(),
  });

  async function providerOr404(id: string): Promise<IdentityProvider> {
    const provider = await store.identityProviders.get(id);
    if (!provider) throw consoleError("not_found", `No identity provider has the id ${id}. Use an id from GET /api/admin/identity-providers.`);
    return provider;
  }

  /** The body as the store takes it, after the checks the contract cannot make; names the field at fault. */
  async function inputOf(body: ProviderBody): Promise<Partial<IdentityProviderInput>> {
    if (body.issuer !== undefined) {
      const problem = issuerProblem(body.issuer);
      if (problem) throw consoleError("invalid_request", problem, "issuer");
    }
    const domains = body.email_domains?.map((domain) => domain.trim().toLowerCase().replace(/^@/, ""));
    const badDomain = domains?.find((domain) => !domainPattern.test(domain));
    if (badDomain !== undefined) throw consoleError("invalid_request", `\`email_domains\` holds "${badDomain}", which is not a domain name. Give domains such as example.com (no @, no scheme).`, "email_domains");
    for (const [index, rule] of (body.claim_rules ?? []).entries()) {
      const problem = ruleProblem(rule);
      if (problem) throw consoleError("invalid_request", `\`claim_rules[${index}]\` ${problem}`, `claim_rules.${index}`);
      if (!(await store.organizations.get(rule.organization_id))) {
        throw consoleError("invalid_request", `\`claim_rules[${index}].organization_id\` names no organization. Use an id from GET /api/admin/organizations.`, `claim_rules.${index}.organization_id`);
      }
    }
    const rules = body.claim_rules?.map((rule) => (rule.email_domain !== undefined ? { ...rule, email_domain: rule.email_domain.trim().toLowerCase() } : rule));
    return {
      label: body.label?.trim(),
      issuer: body.issuer?.replace(/\/+$/, ""),
      clientId: body.client_id,
      clientSecret: body.client_secret,
      emailDomains: domains ? [...new Set(domains)] : undefined,
      claimRules: rules,
      rulesApply: body.rules_apply,
      enabled: body.enabled,
    };
  }

  /** Fields the body left out stay out (and so keep their stored or default values). */
  const given = <T extends object>(input: T) => Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;

  const target = (provider: IdentityProvider) => ({ type: "identity_provider" as const, id: provider.id, name: provider.label });

  return {
    async list(_req: Request, res: Response) {
      currentOperator(res);
      res.json({ data: (await store.identityProviders.list()).map(providerJson) });
    },
    async create(req: Request, res: Response) {
      currentOperator(res);
      const input = await inputOf(req.body as ProviderBody);
      const id = await store.identityProviders.create({ claimRules: [], rulesApply: "first_sign_in", enabled: true, ...given(input) } as IdentityProviderInput);
      const created = await providerOr404(id);
      await recordAudit(deps, res, "identity_provider.created", target(created), null, providerJson(created));
      res.status(201).json(providerJson(created));
    },
    async update(req: Request, res: Response) {
      currentOperator(res);
      const before = await providerOr404(String(req.params.id));
      const input = await inputOf(req.body as ProviderBody);
      await store.identityProviders.update(before.id, given(input));
      const after = await providerOr404(before.id);
      await recordAudit(deps, res, "identity_provider.updated", target(after), providerJson(before), { ...providerJson(after), ...(input.clientSecret ? { client_secret_replaced: true } : {}) });
      res.json(providerJson(after));
    },
    async remove(req: Request, res: Response) {
      currentOperator(res);
      const provider = await providerOr404(String(req.params.id));
      await store.identityProviders.remove(provider.id);
      await recordAudit(deps, res, "identity_provider.deleted", target(provider), providerJson(provider), null);
      res.json({ id: provider.id, deleted: true });
    },
  };
}
