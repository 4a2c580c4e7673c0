// Operator: single sign-on's identity providers (docs/sso.md) — add one with its domains and claim
// rules, see the redirect URI to register at the provider, enable, disable or remove it.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { ConfirmButton, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { when } from "../../format.ts";

type Provider = Schemas["IdentityProvider"];
type Rule = Schemas["ClaimRule"];
type Organization = Schemas["Organization"];

const ruleText = (rule: Rule, organizations: Organization[]) => {
  const organization = organizations.find((candidate) => candidate.id === rule.organization_id)?.name ?? rule.organization_id;
  const condition = rule.email_domain ? `address at ${rule.email_domain}` : `${rule.claim} = ${rule.value}`;
  return `${condition} → ${rule.role} in ${organization}`;
};

export function IdentityProvidersPage() {
  const providers = useLoad(() => ok(api.GET("/api/admin/identity-providers")));
  const organizations = useLoad(() => ok(api.GET("/api/admin/organizations")));
  const { error, run } = useAction();
  const act = (action: () => Promise<unknown>) => run(async () => (await action(), await providers.reload()));
  const path = (provider: Provider) => ({ params: { path: { id: provider.id } } });
  const orgs = organizations.data?.data ?? [];

  return (
    <section>
      <PageHeader title="Single sign-on">
        People sign in with their company's identity provider (OpenID Connect). Register Tollgate at the provider with the redirect URI shown, then add it here. An organization can require it on the Organizations page.
      </PageHeader>
      <AddProvider organizations={orgs} onAdded={providers.reload} />
      <ErrorNote error={error ?? providers.error} />
      {providers.data?.data.length === 0 && <Empty title="No identity providers yet">Add one above; its button then appears on the sign-in page.</Empty>}
      {(providers.data?.data ?? []).map((provider) => (
        <article class="card" data-provider={provider.label} aria-labelledby={`idp-${provider.id}`}>
          <header class="card-head">
            <div>
              <h2 id={`idp-${provider.id}`}>{provider.label}</h2>
              <span class="muted small">
                {provider.issuer} · client {provider.client_id} · secret {provider.client_secret_hint} · since {when(provider.created_at)}
              </span>
            </div>
          </header>
          <dl class="stack">
            <div>
              <dt>Redirect URI to register at the provider</dt>
              <dd>
                <code>{provider.redirect_uri ?? "Set TOLLGATE_PUBLIC_URL first (docs/environment.md)"}</code>
              </dd>
            </div>
            <div>
              <dt>Addresses it may sign in</dt>
              <dd>{provider.email_domains.join(", ")}</dd>
            </div>
            <div>
              <dt>Rules for new accounts{provider.rules_apply === "every_sign_in" ? " (and roles at every sign-in)" : ""}</dt>
              <dd>
                {provider.claim_rules.length === 0 ? (
                  <span class="muted">None: only existing accounts (linked by a verified address) sign in.</span>
                ) : (
                  <ol>
                    {provider.claim_rules.map((rule) => (
                      <li>{ruleText(rule, orgs)}</li>
                    ))}
                  </ol>
                )}
              </dd>
            </div>
          </dl>
          <ReplaceClient
            provider={provider}
            onSave={async (body) => {
              // Not through act(): a failure must reach the form, which keeps the input and shows why.
              await ok(api.PATCH("/api/admin/identity-providers/{id}", { ...path(provider), body }));
              await providers.reload();
            }}
          />
          <div class="button-row">
            <label class="check">
              <input type="checkbox" checked={provider.enabled} onChange={(e) => act(() => ok(api.PATCH("/api/admin/identity-providers/{id}", { ...path(provider), body: { enabled: e.currentTarget.checked } })))} />
              <span>Enabled (a button on the sign-in page)</span>
            </label>
            <ConfirmButton label="Remove" confirmLabel={`Remove ${provider.label}`} onConfirm={() => act(() => ok(api.DELETE("/api/admin/identity-providers/{id}", path(provider))))} />
          </div>
        </article>
      ))}
    </section>
  );
}

/** The client id and secret the provider gave Tollgate: replaced together, e.g. after registering with the redirect URI, or rotating the secret. */
function ReplaceClient({ provider, onSave }: { provider: Provider; onSave: (body: { client_id: string; client_secret: string }) => Promise<void> }) {
  const [clientId, setClientId] = useState("");
  const [secret, setSecret] = useState("");
  const { error, run } = useAction();
  return (
    <form
      class="inline-form"
      aria-label={`Replace client id and secret of ${provider.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        return run(async () => {
          await onSave({ client_id: clientId, client_secret: secret });
          setClientId("");
          setSecret("");
        });
      }}
    >
      <Field label="Client id">
        <input required value={clientId} onInput={(e) => setClientId(e.currentTarget.value)} />
      </Field>
      <Field label="Client secret" error={error ? (error instanceof Error ? error.message : String(error)) : null}>
        <input type="password" required autocomplete="off" value={secret} onInput={(e) => setSecret(e.currentTarget.value)} />
      </Field>
      <button type="submit" class="button">
        Replace client id and secret
      </button>
    </form>
  );
}

const emptyRule = { kind: "claim" as "claim" | "domain", claim: "groups", value: "", domain: "", organization: "", role: "developer" as Rule["role"] };

function AddProvider({ organizations, onAdded }: { organizations: Organization[]; onAdded: () => void }) {
  const empty = { label: "", issuer: "", clientId: "", clientSecret: "", domains: "", everySignIn: false, enabled: true };
  const [form, setForm] = useState(empty);
  const [rules, setRules] = useState<(typeof emptyRule)[]>([]);
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    setForm({ ...form, [field]: input.type === "checkbox" ? input.checked : input.value });
  };
  const setRule = (index: number, field: keyof typeof emptyRule) => (event: Event) => {
    const value = (event.currentTarget as HTMLInputElement).value;
    setRules(rules.map((rule, i) => (i === index ? { ...rule, [field]: value } : rule)));
  };
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(
        api.POST("/api/admin/identity-providers", {
          body: {
            label: form.label,
            issuer: form.issuer,
            client_id: form.clientId,
            client_secret: form.clientSecret,
            email_domains: form.domains.split(/[\s,]+/).filter(Boolean),
            rules_apply: form.everySignIn ? "every_sign_in" : "first_sign_in",
            enabled: form.enabled,
            claim_rules: rules.map((rule) => ({
              ...(rule.kind === "domain" ? { email_domain: rule.domain } : { claim: rule.claim, value: rule.value }),
              organization_id: rule.organization,
              role: rule.role,
            })),
          },
        }),
      );
      setForm(empty);
      setRules([]);
      onAdded();
    });
  };
  return (
    <form class="card stack" onSubmit={submit} aria-label="Add an identity provider">
      <h2>New identity provider</h2>
      <div class="form-grid">
        <Field label="Button label" hint="Shown as “Sign in with …”.">
          <input name="label" required value={form.label} onInput={set("label")} />
        </Field>
        <Field label="Issuer URL" hint="e.g. https://example.okta.com">
          <input name="issuer" type="url" required value={form.issuer} onInput={set("issuer")} />
        </Field>
        <Field label="Client id">
          <input name="client-id" required value={form.clientId} onInput={set("clientId")} />
        </Field>
        <Field label="Client secret" hint="Stored encrypted; shown afterwards only by its last characters.">
          <input name="client-secret" type="password" required autocomplete="off" value={form.clientSecret} onInput={set("clientSecret")} />
        </Field>
        <Field label="E-mail domains" hint="Addresses it may sign in, separated by commas: example.com, example.org">
          <input name="domains" required value={form.domains} onInput={set("domains")} />
        </Field>
      </div>
      <fieldset class="checks">
        <legend>Rules for new accounts (the first that holds places the person)</legend>
        {rules.map((rule, index) => (
          <div class="form-grid" aria-label={`Rule ${index + 1}`}>
            <Field label="Match on">
              <select value={rule.kind} onChange={setRule(index, "kind")}>
                <option value="claim">A claim</option>
                <option value="domain">The address's domain</option>
              </select>
            </Field>
            {rule.kind === "claim" ? (
              <>
                <Field label="Claim">
                  <input required value={rule.claim} onInput={setRule(index, "claim")} />
                </Field>
                <Field label="Value">
                  <input required value={rule.value} onInput={setRule(index, "value")} />
                </Field>
              </>
            ) : (
              <Field label="Domain">
                <input required value={rule.domain} onInput={setRule(index, "domain")} />
              </Field>
            )}
            <Field label="Organization">
              <select required value={rule.organization} onChange={setRule(index, "organization")}>
                <option value="">Choose…</option>
                {organizations.map((organization) => (
                  <option value={organization.id}>{organization.name}</option>
                ))}
              </select>
            </Field>
            <Field label="Role">
              <select value={rule.role} onChange={setRule(index, "role")}>
                <option value="developer">developer</option>
                <option value="sub-user">sub-user</option>
                <option value="owner">owner</option>
              </select>
            </Field>
            <button type="button" class="button button-small" onClick={() => setRules(rules.filter((_, i) => i !== index))}>
              Remove rule
            </button>
          </div>
        ))}
        <div>
          <button type="button" class="button button-small" onClick={() => setRules([...rules, { ...emptyRule }])}>
            Add a rule
          </button>
        </div>
        <label class="check">
          <input type="checkbox" checked={form.everySignIn} onChange={set("everySignIn")} /> Apply the rules' roles at every sign-in, not only the first
        </label>
      </fieldset>
      <label class="check">
        <input type="checkbox" checked={form.enabled} onChange={set("enabled")} /> Enabled (untick while you register Tollgate at the provider with the redirect URI it will show)
      </label>
      <ErrorNote error={error} />
      <div>
        <button type="submit" class="button button-primary">
          Add identity provider
        </button>
      </div>
    </form>
  );
}
