// The request log: the latest calls, filtered by time, key, member, model, group and status or
// found by request id; older pages by cursor, a detail view per call, and CSV of the same filters.
import { useEffect, useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Badge, Empty, ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { duration, money, tokens, when } from "../../format.ts";
import { CallDetail } from "./call-detail.tsx";

type Call = Schemas["UsageCall"];
type Filters = { from: string; to: string; key_id: string; member_id: string; model: string; group_id: string; status: string; request_id: string };
const none: Filters = { from: "", to: "", key_id: "", member_id: "", model: "", group_id: "", status: "", request_id: "" };

const tone = (call: Call) => (call.status === "ok" ? "good" : call.http_status >= 500 ? "bad" : "warn");

/** The filters as query parameters: empty ones left out, local times as ISO instants. */
function queryOf(filters: Filters, organizationId: string): Record<string, string> {
  const query: Record<string, string> = organizationId ? { organization_id: organizationId } : {};
  for (const [name, value] of Object.entries(filters)) {
    if (value.trim() === "") continue;
    query[name] = name === "from" || name === "to" ? new Date(value).toISOString() : value.trim();
  }
  return query;
}

export function RecentCalls({ organizationId, me }: { organizationId: string; me: Me }) {
  const [filters, setFilters] = useState<Filters>(none);
  const [rows, setRows] = useState<Call[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const { error, run } = useAction();
  const operator = me.role === "operator";
  const groups = useLoad(async () => (operator ? (await ok(api.GET("/api/admin/groups"))).data : (await ok(api.GET("/api/call-guide"))).groups));
  const keys = useLoad(async () => (operator ? [] : (await ok(api.GET("/api/keys"))).data));
  const members = useLoad(async () => (me.role === "owner" ? (await ok(api.GET("/api/members"))).data : []));
  const query = queryOf(filters, organizationId);

  const load = (cursor?: string) =>
    run(async () => {
      const page = await ok(api.GET("/api/usage/calls", { params: { query: { limit: 50, ...query, ...(cursor ? { cursor } : {}) } } }));
      setRows((now) => (cursor ? [...now, ...page.data] : page.data));
      setNext(page.next_cursor);
      setLoaded(true);
    });
  useEffect(() => void load(), [organizationId, JSON.stringify(filters)]);
  const set = (name: keyof Filters) => (event: Event) => setFilters({ ...filters, [name]: (event.currentTarget as HTMLInputElement).value });
  const filtered = JSON.stringify(filters) !== JSON.stringify(none);

  return (
    <div class="card">
      <div class="card-head">
        <h2>Request log</h2>
        <div class="button-row tight">
          <a class="button button-small" href={`/api/usage/calls.csv?${new URLSearchParams(query)}`} download>
            Export CSV
          </a>
          <button type="button" class="button button-small" onClick={() => load()}>
            Refresh
          </button>
        </div>
      </div>
      <form class="form-grid call-filters" aria-label="Filter calls" onSubmit={(event) => event.preventDefault()}>
        <Field label="Request id">
          <input type="search" value={filters.request_id} onChange={set("request_id")} placeholder="req_…" />
        </Field>
        <Field label="From">
          <input type="datetime-local" value={filters.from} onChange={set("from")} />
        </Field>
        <Field label="To">
          <input type="datetime-local" value={filters.to} onChange={set("to")} />
        </Field>
        <Field label="Status">
          <select value={filters.status} onChange={set("status")}>
            <option value="">Any</option>
            <option value="ok">ok</option>
            <option value="failed">not ok</option>
          </select>
        </Field>
        <Field label="Group">
          <select value={filters.group_id} onChange={set("group_id")}>
            <option value="">Any</option>
            {(groups.data ?? []).map((group) => (
              <option value={group.id}>{group.name}</option>
            ))}
          </select>
        </Field>
        <Field label="Model">
          <input value={filters.model} onChange={set("model")} placeholder="model id" />
        </Field>
        {!operator && (
          <Field label="Key">
            <select value={filters.key_id} onChange={set("key_id")}>
              <option value="">Any</option>
              {(keys.data ?? []).map((key) => (
                <option value={key.id}>{key.name}</option>
              ))}
            </select>
          </Field>
        )}
        {me.role === "owner" && (
          <Field label="Member">
            <select value={filters.member_id} onChange={set("member_id")}>
              <option value="">Any</option>
              {(members.data ?? []).map((member) => (
                <option value={member.id}>{member.email}</option>
              ))}
            </select>
          </Field>
        )}
      </form>
      {filtered && (
        <button type="button" class="link-button small" onClick={() => setFilters(none)}>
          Clear the filters
        </button>
      )}
      <ErrorNote error={error} />
      {open && <CallDetail id={open} onClose={() => setOpen(null)} />}
      {loaded && rows.length === 0 && (
        <Empty title={filtered ? "No call matches" : "No calls yet"}>
          {filtered ? "Try a wider time range or fewer filters." : "Each call made with a key shows here with its status, tokens, latency and cost."}
        </Empty>
      )}
      {rows.length > 0 && (
        <DataTable<Call>
          label="Request log"
          compact
          rows={rows}
          rowKey={(call) => call.id}
          rowAttrs={(call) => ({ "data-call": call.request_id })}
          columns={[
            { label: "Time", inline: true, bare: true, cell: (call) => <time dateTime={call.created_at}>{when(call.created_at)}</time> },
            { label: "Model", primary: true, cell: (call) => <code>{call.call_name}</code> },
            { label: "Group", inline: true, cell: (call) => call.group_name ?? "—" },
            { label: "Key", inline: true, cell: (call) => call.key_name ?? "—" },
            {
              label: "Status",
              inline: true,
              bare: true,
              cell: (call) => (
                <Badge tone={tone(call)}>
                  {call.status} · {call.http_status}
                </Badge>
              ),
            },
            { label: "Tokens in / out", num: true, inline: true, cell: (call) => `${tokens(call.input_tokens)} / ${tokens(call.output_tokens)}` },
            { label: "Latency", num: true, inline: true, cell: (call) => duration(call.latency_ms) },
            { label: "Cost", num: true, inline: true, cell: (call) => money(call.cost) },
            {
              label: "Details",
              hiddenLabel: true,
              cell: (call) => (
                <button type="button" class="button button-small" aria-label={`Details of ${call.request_id}`} onClick={() => setOpen(call.id)}>
                  Details
                </button>
              ),
            },
          ]}
        />
      )}
      {next && (
        <div class="button-row">
          <button type="button" class="button" onClick={() => load(next)}>
            Older calls
          </button>
        </div>
      )}
    </div>
  );
}
