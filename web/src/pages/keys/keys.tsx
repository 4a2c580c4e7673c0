// API keys: create (the secret is shown once), rebind in the Group column, revoke.
import { useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { Badge, ConfirmButton, CopyButton, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { money, when } from "../../format.ts";

type Key = Schemas["ApiKey"];
type GuideGroup = Schemas["CallGuideGroup"];

export function KeysPage({ me }: { me: Me }) {
  const keys = useLoad(() => ok(api.GET("/api/keys")));
  const guide = useLoad(() => ok(api.GET("/api/call-guide")));
  const [created, setCreated] = useState<Schemas["CreatedApiKey"] | null>(null);
  const { error, run } = useAction();
  const groups = guide.data?.groups ?? [];
  const act = (action: () => Promise<unknown>) => run(async () => (await action(), await keys.reload()));

  const rebind = (key: Key, groupId: string) =>
    act(() => ok(api.PATCH("/api/keys/{id}", { params: { path: { id: key.id } }, body: { group_id: groupId || null } })));
  const revoke = (key: Key) => act(() => ok(api.DELETE("/api/keys/{id}", { params: { path: { id: key.id } } })));
  const active = (keys.data?.data ?? []).filter((key) => !key.revoked_at);
  const revoked = (keys.data?.data ?? []).filter((key) => key.revoked_at);

  return (
    <section>
      <PageHeader title="API Keys">
        A key calls the models of the group it is bound to. Use it with an official SDK by changing only the base URL and the key — see the Call Guide.
      </PageHeader>
      <CreateKey groups={groups} onCreated={(key) => (setCreated(key), keys.reload())} />
      {created && <SecretOnce created={created} onDone={() => setCreated(null)} />}
      <ErrorNote error={error ?? keys.error} />
      {!keys.loading && active.length === 0 && <Empty title="No keys yet">Create your first key above, then follow the Call Guide to make a call.</Empty>}
      {active.length > 0 && (
        <div class="table-wrap">
          <table class="table" aria-label="API keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Group</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col" class="num">Spent / cap</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {active.map((key) => (
                <tr data-key={key.name} class={key.group_id ? "" : "row-warn"}>
                  <td class="strong">{key.name}</td>
                  <td>
                    <code>{key.display}</code>
                  </td>
                  <td>
                    <select aria-label={`Group of ${key.name}`} value={key.group_id ?? ""} onChange={(e) => rebind(key, e.currentTarget.value)}>
                      <option value="">— No group —</option>
                      {groups.map((group) => (
                        <option value={group.id}>{group.name}</option>
                      ))}
                    </select>
                    {!key.group_id && <div class="field-hint warn">This key cannot call models: choose a group for it here.</div>}
                  </td>
                  <td>{when(key.last_used_at, "Never")}</td>
                  <td>{when(key.expires_at, "Never")}</td>
                  <td class="num">
                    {money(key.spent)}
                    {key.spend_cap !== null ? ` / ${money(key.spend_cap)}` : ""}
                  </td>
                  <td class="actions">
                    <ConfirmButton label="Revoke" confirmLabel="Revoke key" onConfirm={() => revoke(key)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoked.length > 0 && (
        <details class="revoked">
          <summary>{revoked.length} revoked</summary>
          <ul>
            {revoked.map((key) => (
              <li>
                {key.name} <code>{key.display}</code> <Badge tone="bad">revoked {when(key.revoked_at)}</Badge>
              </li>
            ))}
          </ul>
        </details>
      )}
      {me.role === "owner" && <p class="muted small">As the owner you see every key of {me.organization?.name}.</p>}
    </section>
  );
}

function CreateKey({ groups, onCreated }: { groups: GuideGroup[]; onCreated: (key: Schemas["CreatedApiKey"]) => void }) {
  const [name, setName] = useState("");
  const [groupId, setGroupId] = useState("");
  const [expires, setExpires] = useState("");
  const [cap, setCap] = useState("");
  const { error, run } = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      const key = await ok(
        api.POST("/api/keys", {
          body: {
            name,
            group_id: groupId || null,
            expires_at: expires ? new Date(`${expires}T23:59:59Z`).toISOString() : null,
            spend_cap: cap ? Math.round(Number(cap) * 1_000_000) : null,
          },
        }),
      );
      setName("");
      setExpires("");
      setCap("");
      onCreated(key);
    });
  };

  return (
    <form class="card form-row" onSubmit={submit} aria-label="Create a key">
      <Field label="Name">
        <input name="name" required maxLength={100} placeholder="e.g. backend-prod" value={name} onInput={(e) => setName(e.currentTarget.value)} />
      </Field>
      <Field label="Group">
        <select name="group" value={groupId} onChange={(e) => setGroupId(e.currentTarget.value)}>
          <option value="">Choose later</option>
          {groups.map((group) => (
            <option value={group.id}>{group.name}</option>
          ))}
        </select>
      </Field>
      <Field label="Expires (optional)">
        <input type="date" name="expires" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
      </Field>
      <Field label="Spend cap, $ (optional)">
        <input type="number" name="cap" min="0" step="0.01" inputMode="decimal" value={cap} onInput={(e) => setCap(e.currentTarget.value)} />
      </Field>
      <button type="submit" class="button button-primary">
        Create key
      </button>
      <ErrorNote error={error} />
    </form>
  );
}

function SecretOnce({ created, onDone }: { created: Schemas["CreatedApiKey"]; onDone: () => void }) {
  return (
    <div class="card secret" role="status">
      <h2>Copy your new key now</h2>
      <p class="warn">
        This is the only time the secret of <strong>{created.name}</strong> is shown. Tollgate stores only its hash; if you lose it, revoke the key and create a new one.
      </p>
      <div class="secret-row">
        <code class="secret-value" data-secret>
          {created.secret}
        </code>
        <CopyButton text={created.secret} label="Copy key" />
      </div>
      <button type="button" class="button button-small" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}
