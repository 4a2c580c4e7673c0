// Operator: organizations — create with an owner, top up, grant exclusive groups, routing switch.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { RateLimitsEditor } from "../../components/rate-limits.tsx";
import { ConfirmButton, Empty, ErrorNote, Field, GroupChecks, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { money, toMicros, when } from "../../format.ts";

type Organization = Schemas["Organization"];

export function OrganizationsPage() {
  const organizations = useLoad(() => ok(api.GET("/api/admin/organizations")));
  const groups = useLoad(() => ok(api.GET("/api/admin/groups")));
  const { error, run } = useAction();
  const exclusive = (groups.data?.data ?? []).filter((group) => group.visibility === "exclusive");
  const act = (action: () => Promise<unknown>) => run(async () => (await action(), await organizations.reload()));
  const path = (organization: Organization) => ({ params: { path: { id: organization.id } } });

  return (
    <section>
      <PageHeader title="Organizations">Each organization has an owner, a balance, its exclusive groups and the group-identifier routing switch.</PageHeader>
      <CreateOrganization onCreated={organizations.reload} />
      <ErrorNote error={error ?? organizations.error} />
      {organizations.data?.data.length === 0 && <Empty title="No organizations yet">Create one above; its owner can then sign in and create keys.</Empty>}
      {(organizations.data?.data ?? []).map((organization) => (
        <article class="card" data-organization={organization.name} aria-labelledby={`org-${organization.id}`}>
          <header class="card-head">
            <div>
              <h2 id={`org-${organization.id}`}>{organization.name}</h2>
              <span class="muted small">
                {organization.owners?.length ? `Owner ${organization.owners.map((owner) => `${owner.name} <${owner.email}>`).join(", ")} · ` : ""}
                Since {when(organization.created_at)}
              </span>
            </div>
            <div class="org-balance">
              <span class="stat-label">Balance</span>
              <span class={`stat-value${organization.balance <= 0 ? " warn" : ""}`}>{money(organization.balance, 4)}</span>
            </div>
          </header>
          <div class="org-sections">
            <section class="org-section" aria-label="Top up">
              <TopUp
                label={organization.name}
                onTopUp={async (amount) => {
                  // Not through act(): a failure must reach the form, which keeps the amount and shows why.
                  await ok(api.POST("/api/admin/organizations/{id}/top-ups", { ...path(organization), body: { amount } }));
                  await organizations.reload();
                }}
              />
            </section>
            <section class="org-section">
              <GroupChecks
                legend="Exclusive groups"
                groups={exclusive}
                selected={organization.exclusive_group_ids}
                empty="No exclusive groups exist; make one on the Groups page."
                onChange={(next) => act(() => ok(api.PUT("/api/admin/organizations/{id}/exclusive-groups", { ...path(organization), body: { group_ids: next } })))}
              />
            </section>
            <section class="org-section">
              <fieldset class="checks">
                <legend>Routing</legend>
                <label class="check">
                  <input
                    type="checkbox"
                    checked={organization.group_routing}
                    onChange={(e) => act(() => ok(api.PATCH("/api/admin/organizations/{id}", { ...path(organization), body: { group_routing: e.currentTarget.checked } })))}
                  />
                  <span>
                    Group-identifier routing
                    <span class="field-hint block">
                      Any key of the organization may call <code>group/model</code>.
                    </span>
                  </span>
                </label>
                <label class="check">
                  <input
                    type="checkbox"
                    checked={organization.sso_required}
                    onChange={(e) => act(() => ok(api.PATCH("/api/admin/organizations/{id}", { ...path(organization), body: { sso_required: e.currentTarget.checked } })))}
                  />
                  <span>
                    Require single sign-on
                    <span class="field-hint block">Members sign in only through an identity provider (Sign-on page); passwords stop signing them in.</span>
                  </span>
                </label>
              </fieldset>
            </section>
            <section class="org-section" aria-label="Rate limits">
              <fieldset class="checks">
                <legend>Rate limits</legend>
                <RateLimitsEditor
                  label={organization.name}
                  limits={organization.rate_limits}
                  onSave={async (limits) => {
                    // Not through act(): a failure must reach the editor, which keeps the input and shows it.
                    await ok(api.PATCH("/api/admin/organizations/{id}", { ...path(organization), body: { rate_limits: limits } }));
                    await organizations.reload();
                  }}
                />
                <span class="field-hint block">Over all the organization's keys together.</span>
              </fieldset>
            </section>
          </div>
          <div class="button-row">
            <ConfirmButton
              label="Archive organization"
              confirmLabel={`Archive ${organization.name}`}
              onConfirm={() => act(() => ok(api.DELETE("/api/admin/organizations/{id}", path(organization))))}
            />
            <span class="muted small">Needs a zero balance. Archives every member and revokes every key; its calls and audit entries stay.</span>
          </div>
        </article>
      ))}
    </section>
  );
}

/** The amount to add or remove. `onTopUp` rejects when the top-up failed: the amount stays, with why beside it. */
function TopUp({ label, onTopUp }: { label: string; onTopUp: (micros: number) => Promise<void> }) {
  const [amount, setAmount] = useState("");
  const { error, run } = useAction();
  return (
    <form
      class="inline-form"
      aria-label={`Top up ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        return run(async () => {
          const micros = toMicros(amount);
          if (!micros) throw new Error("Enter an amount other than zero.");
          await onTopUp(micros);
          setAmount("");
        });
      }}
    >
      <Field label="Top up, $" hint="A negative amount removes credit (never below zero)." error={error ? (error instanceof Error ? error.message : String(error)) : null}>
        <input type="number" step="any" inputMode="decimal" required value={amount} onInput={(e) => setAmount(e.currentTarget.value)} />
      </Field>
      <button type="submit" class="button">
        Add
      </button>
    </form>
  );
}

function CreateOrganization({ onCreated }: { onCreated: () => void }) {
  const empty = { name: "", ownerName: "", email: "", password: "", routing: false };
  const [form, setForm] = useState(empty);
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    setForm({ ...form, [field]: input.type === "checkbox" ? input.checked : input.value });
  };
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(
        api.POST("/api/admin/organizations", {
          body: { name: form.name, group_routing: form.routing, owner: { email: form.email, name: form.ownerName, password: form.password } },
        }),
      );
      setForm(empty);
      onCreated();
    });
  };
  return (
    <form class="card stack" onSubmit={submit} aria-label="Create an organization">
      <h2>New organization</h2>
      <div class="form-grid">
        <Field label="Organization name">
          <input name="organization" required value={form.name} onInput={set("name")} />
        </Field>
        <Field label="Owner name">
          <input name="owner-name" required value={form.ownerName} onInput={set("ownerName")} />
        </Field>
        <Field label="Owner email">
          <input name="owner-email" type="email" required value={form.email} onInput={set("email")} />
        </Field>
        <Field label="Owner password (8+ characters)">
          <input name="owner-password" type="password" required minLength={8} autocomplete="new-password" value={form.password} onInput={set("password")} />
        </Field>
      </div>
      <label class="check">
        <input type="checkbox" checked={form.routing} onChange={set("routing")} /> Enable group-identifier routing
      </label>
      <ErrorNote error={error} />
      <div>
        <button type="submit" class="button button-primary">
          Create organization
        </button>
      </div>
    </form>
  );
}
