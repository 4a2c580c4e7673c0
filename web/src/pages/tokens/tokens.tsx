// Automation tokens (operator and owners): create one for a script (its secret shown once), see when
// each was last used, revoke. A token calls /api/… as `Authorization: Bearer tgc_…` with your role.
import { useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { SecretOnce } from "../../components/secret-once.tsx";
import { Badge, ConfirmButton, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { day, when } from "../../format.ts";

type Token = Schemas["ConsoleToken"];
const lifetimes = [
  { days: 7, label: "7 days" },
  { days: 30, label: "30 days" },
  { days: 90, label: "90 days" },
  { days: 365, label: "1 year" },
];

export function TokensPage({ me }: { me: Me }) {
  const tokens = useLoad(() => ok(api.GET("/api/tokens")));
  const [created, setCreated] = useState<Schemas["CreatedConsoleToken"] | null>(null);
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const all = tokens.data?.data ?? [];
  const live = all.filter((token) => !token.revoked_at && Date.parse(token.expires_at) > Date.now());
  const ended = all.filter((token) => !live.includes(token));

  const revoke = (token: Token) =>
    run(async () => {
      setNotice("");
      await ok(api.DELETE("/api/tokens/{id}", { params: { path: { id: token.id } } }));
      await tokens.reload();
      setNotice(`${token.name} is revoked; calls with it now get 401.`);
    });

  return (
    <section>
      <PageHeader title="Automation tokens">
        Tokens let scripts and infrastructure tools call the console API without a browser, as <code>Authorization: Bearer tgc_…</code>. A token acts as you, with your
        role ({me.role}); see the <a href="/docs">API docs</a> for every endpoint.
      </PageHeader>
      <CreateToken onCreated={(token) => (setCreated(token), setNotice(""), tokens.reload())} />
      {created && <TokenOnce created={created} onDone={() => setCreated(null)} />}
      <ErrorNote error={error ?? tokens.error} />
      <p class="notice" role="status">
        {notice}
      </p>
      {!tokens.loading && live.length === 0 && <Empty title="No tokens yet">Create one above for each script, so you can revoke them one by one.</Empty>}
      {live.length > 0 && (
        <div class="card card-flush">
          <DataTable
            label="Automation tokens"
            rows={live}
            rowKey={(token) => token.id}
            rowAttrs={(token) => ({ "data-token": token.name })}
            columns={[
              { label: "Name", primary: true, cell: (token) => <span class="strong">{token.name}</span> },
              { label: "Token", cell: (token) => <code class="key-display">{token.display}</code> },
              { label: "Last used", cell: (token) => when(token.last_used_at, "Never") },
              { label: "Expires", cell: (token) => day(token.expires_at, "Never") },
              {
                label: "Actions",
                hiddenLabel: true,
                cell: (token) => (
                  <div class="actions">
                    <ConfirmButton label="Revoke" confirmLabel={`Revoke ${token.name}`} onConfirm={() => revoke(token)} />
                  </div>
                ),
              },
            ]}
          />
        </div>
      )}
      {ended.length > 0 && (
        <details class="revoked">
          <summary>{ended.length} revoked or expired</summary>
          <ul>
            {ended.map((token) => (
              <li>
                {token.name} <code>{token.display}</code> <Badge tone="bad">{token.revoked_at ? `revoked ${when(token.revoked_at)}` : `expired ${day(token.expires_at)}`}</Badge>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function CreateToken({ onCreated }: { onCreated: (token: Schemas["CreatedConsoleToken"]) => void }) {
  const [name, setName] = useState("");
  const [days, setDays] = useState(90);
  const [busy, setBusy] = useState(false);
  const { error, run } = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => {
      const expires_at = new Date(Date.now() + days * 86_400_000).toISOString();
      onCreated(await ok(api.POST("/api/tokens", { body: { name: name.trim(), expires_at } })));
      setName("");
    });
    setBusy(false);
  };
  return (
    <form class="card" onSubmit={submit} aria-label="Create a token">
      <h2>Create a token</h2>
      <div class="form-grid">
        <Field label="Name">
          <input name="name" required maxLength={100} placeholder="e.g. terraform" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        <Field label="Expires after">
          <select name="lifetime" value={days} onChange={(e) => setDays(Number(e.currentTarget.value))}>
            {lifetimes.map((lifetime) => (
              <option value={lifetime.days}>{lifetime.label}</option>
            ))}
          </select>
        </Field>
      </div>
      <ErrorNote error={error} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? "Creating…" : "Create token"}
        </button>
      </div>
    </form>
  );
}

function TokenOnce({ created, onDone }: { created: Schemas["CreatedConsoleToken"]; onDone: () => void }) {
  const example = `curl -sS ${location.origin}/api/me -H "authorization: Bearer $TOLLGATE_TOKEN"`;
  return (
    <SecretOnce id={created.id} name={created.name} secret={created.secret} what="token" onDone={onDone}>
      Try it: <code>{example}</code>
    </SecretOnce>
  );
}
