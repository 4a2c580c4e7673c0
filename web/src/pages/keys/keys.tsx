// API keys: create (the secret is shown once), rebind in the Group column, revoke.
import { useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { RateLimitsEditor, rateLimitsText } from "../../components/rate-limits.tsx";
import { Badge, ConfirmButton, Empty, ErrorNote, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { day, money, when } from "../../format.ts";
import { CreateKey } from "./create-key.tsx";
import { SecretOnce } from "./secret-once.tsx";

type Key = Schemas["ApiKey"];
type GuideGroup = Schemas["CallGuideGroup"];

/** How a resetting cap reads after its amount. */
const perPeriod = { daily: "a day", weekly: "a week", monthly: "a month" } as const;

export function KeysPage({ me }: { me: Me }) {
  const keys = useLoad(() => ok(api.GET("/api/keys")));
  const guide = useLoad(() => ok(api.GET("/api/call-guide")));
  const [created, setCreated] = useState<Schemas["CreatedApiKey"] | null>(null);
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const groups = guide.data?.groups ?? [];
  const act = (action: () => Promise<unknown>, done: string) =>
    run(async () => {
      setNotice("");
      await action();
      await keys.reload();
      setNotice(done);
    });

  const rebind = (key: Key, groupId: string) => {
    const name = groups.find((group) => group.id === groupId)?.name;
    return act(
      () => ok(api.PATCH("/api/keys/{id}", { params: { path: { id: key.id } }, body: { group_id: groupId || null } })),
      name ? `${key.name} now calls the models of ${name}.` : `${key.name} is bound to no group; it cannot call models until you choose one.`,
    );
  };
  const revoke = (key: Key) => act(() => ok(api.DELETE("/api/keys/{id}", { params: { path: { id: key.id } } })), `${key.name} is revoked; calls with it now get 401.`);
  const active = (keys.data?.data ?? []).filter((key) => !key.revoked_at);
  const revoked = (keys.data?.data ?? []).filter((key) => key.revoked_at);

  return (
    <section>
      <PageHeader title="API Keys">
        A key calls the models of the group it is bound to. Use it with an official SDK by changing only the base URL and the key — see the <a href="#/call-guide">Call Guide</a>.
      </PageHeader>
      {guide.data && groups.length === 0 && (
        <div class="note note-warn" role="status">
          No group is available to you yet, so a new key could not call any model. Ask your organization's owner to grant you a group.
        </div>
      )}
      <CreateKey groups={groups} byOwner={me.role === "owner"} onCreated={(key) => (setCreated(key), setNotice(""), keys.reload())} />
      {created && <SecretOnce created={created} onDone={() => setCreated(null)} />}
      <ErrorNote error={error ?? keys.error ?? guide.error} />
      <p class="notice" role="status">
        {notice}
      </p>
      {!keys.loading && active.length === 0 && <Empty title="No keys yet">Create your first key above, then follow the Call Guide to make a call.</Empty>}
      {active.length > 0 && (
        <div class="card card-flush">
          <DataTable
            label="API keys"
            rows={active}
            rowKey={(key) => key.id}
            rowAttrs={(key) => ({ "data-key": key.name, class: key.group_id ? undefined : "row-warn" })}
            columns={[
              { label: "Name", primary: true, cell: (key) => <span class="strong">{key.name}</span> },
              { label: "Key", cell: (key) => <code class="key-display">{key.display}</code> },
              { label: "Group", cell: (key) => <GroupCell keyRow={key} groups={groups} onRebind={rebind} /> },
              { label: "Last used", cell: (key) => when(key.last_used_at, "Never") },
              { label: "Expires", cell: (key) => day(key.expires_at, "Never") },
              { label: "Spent / cap", num: true, cell: (key) => `${money(key.spent)}${key.spend_cap !== null ? ` / ${money(key.spend_cap)}${key.cap_period ? ` ${perPeriod[key.cap_period]}` : ""}` : ""}` },
              {
                label: "Rate limits",
                cell: (key) =>
                  me.role === "owner" ? (
                    <RateLimitsEditor
                      label={key.name}
                      limits={key.rate_limits}
                      onSave={async (limits) => {
                        // Not through act(): a failure must reach the editor, which keeps the input and shows it.
                        setNotice("");
                        await ok(api.PATCH("/api/keys/{id}", { params: { path: { id: key.id } }, body: { rate_limits: limits } }));
                        await keys.reload();
                        setNotice(`${key.name}: ${rateLimitsText(limits)}.`);
                      }}
                    />
                  ) : (
                    rateLimitsText(key.rate_limits)
                  ),
              },
              {
                label: "Actions",
                hiddenLabel: true,
                cell: (key) => (
                  <div class="actions">
                    <ConfirmButton label="Revoke" confirmLabel={`Revoke ${key.name}`} onConfirm={() => revoke(key)} />
                  </div>
                ),
              },
            ]}
          />
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
      {me.role === "owner" && active.length > 0 && <p class="muted small">As the owner you see every key of {me.organization?.name}.</p>}
    </section>
  );
}

/** The Group column: a selector that rebinds the key, and the fix when it has no group. */
function GroupCell({ keyRow: key, groups, onRebind }: { keyRow: Key; groups: GuideGroup[]; onRebind: (key: Key, groupId: string) => unknown }) {
  const known = !key.group_id || groups.some((group) => group.id === key.group_id);
  return (
    <div class="group-cell">
      <select aria-label={`Group of ${key.name}`} value={key.group_id ?? ""} onChange={(e) => onRebind(key, e.currentTarget.value)}>
        <option value="">— No group —</option>
        {!known && <option value={key.group_id!}>{key.group_name ?? "Unknown group"} (no longer available)</option>}
        {groups.map((group) => (
          <option value={group.id}>{group.name}</option>
        ))}
      </select>
      {!key.group_id && (
        <div class="field-hint warn" role="note">
          No group: calls with this key get 403. Choose a group here to fix it.
        </div>
      )}
    </div>
  );
}
