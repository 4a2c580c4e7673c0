// The audit log: who changed what, when, with the fields that changed (before → after). The
// operator sees every entry and may narrow to one organization; an owner sees their organization's.
import { useEffect, useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Badge, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { money, when } from "../../format.ts";

type Entry = Schemas["AuditEntry"];

const verbs: Record<string, string> = {
  created: "created",
  updated: "changed",
  archived: "archived",
  topped_up: "topped up",
  grants_changed: "changed the groups of",
  revoked: "revoked",
  limits_changed: "changed the rate limits of",
};

const show = (value: unknown, field: string): string => {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number" && /balance|amount|spend_cap|spent/.test(field)) return money(value);
  return typeof value === "string" ? value : JSON.stringify(value);
};

/** The fields whose value differs, as "field: before → after"; a creation lists nothing (its after is the record). */
export function changesOf(entry: Entry): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (entry.before === null || entry.after === null) return [];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => `${field}: ${show(before[field], field)} → ${show(after[field], field)}`);
}

export function AuditPage({ me }: { me: Me }) {
  const [organizationId, setOrganizationId] = useState("");
  const [entries, setEntries] = useState<Entry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const { error, run } = useAction();
  const organizations = useLoad(() => (me.role === "operator" ? ok(api.GET("/api/admin/organizations")) : Promise.resolve({ data: [] })));
  const load = (cursor?: string) =>
    run(async () => {
      const page = await ok(api.GET("/api/audit", { params: { query: { limit: 50, ...(cursor ? { cursor } : {}), ...(organizationId ? { organization_id: organizationId } : {}) } } }));
      setEntries((now) => (cursor ? [...now, ...page.data] : page.data));
      setNext(page.next_cursor);
    });
  useEffect(() => void load(), [organizationId]);
  const organizationName = new Map((organizations.data?.data ?? []).map((organization) => [organization.id, organization.name]));

  return (
    <section>
      <PageHeader title="Audit log">
        Every top-up and every change to groups, prices, channels, organizations, grants, members, keys and limits: who, when, and what changed. It cannot be edited.
      </PageHeader>
      {me.role === "operator" && (
        <div class="toolbar toolbar-tight">
          <Field label="Organization">
            <select value={organizationId} onChange={(event) => setOrganizationId(event.currentTarget.value)}>
              <option value="">All, and service-wide changes</option>
              {(organizations.data?.data ?? []).map((organization) => (
                <option value={organization.id}>{organization.name}</option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <ErrorNote error={error} />
      {entries.length === 0 && !error && <Empty title="Nothing recorded yet">Changes appear here as they are made.</Empty>}
      {entries.length > 0 && (
        <div class="card">
          <DataTable<Entry>
            label="Audit log"
            compact
            rows={entries}
            rowKey={(entry) => entry.id}
            rowAttrs={(entry) => ({ "data-action": entry.action })}
            columns={[
              { label: "When", inline: true, bare: true, cell: (entry) => <time dateTime={entry.created_at}>{when(entry.created_at)}</time> },
              {
                label: "What",
                primary: true,
                cell: (entry) => {
                  const [type, verb] = entry.action.split(".");
                  return (
                    <span>
                      <span class="strong">{entry.actor.email}</span> {verbs[verb] ?? verb} {type} <span class="strong">{entry.target.name ?? entry.target.id}</span>
                    </span>
                  );
                },
              },
              {
                label: "Organization",
                inline: true,
                cell: (entry) => (entry.organization_id ? (organizationName.get(entry.organization_id) ?? (me.organization?.name || entry.organization_id)) : <Badge>service</Badge>),
              },
              {
                label: "Changes",
                cell: (entry) => {
                  const changes = changesOf(entry);
                  return changes.length ? (
                    <ul class="changes">
                      {changes.map((change) => (
                        <li>
                          <code>{change}</code>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span class="muted">{entry.before === null ? "new" : "removed from lists"}</span>
                  );
                },
              },
            ]}
          />
          {next && (
            <div class="button-row">
              <button type="button" class="button" onClick={() => load(next)}>
                Older entries
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
