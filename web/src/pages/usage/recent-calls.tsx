// The latest calls: when, what, through which group and key, how it ended, how long it took.
import { type Schemas, api, ok } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Badge, Empty, ErrorNote } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { duration, money, tokens, when } from "../../format.ts";

type Call = Schemas["UsageCall"];

const tone = (call: Call) => (call.status === "ok" ? "good" : call.http_status >= 500 ? "bad" : "warn");

export function RecentCalls({ organizationId }: { organizationId: string }) {
  const calls = useLoad(
    () => ok(api.GET("/api/usage/calls", { params: { query: { limit: 50, ...(organizationId ? { organization_id: organizationId } : {}) } } })),
    [organizationId],
  );
  const rows = calls.data?.data ?? [];
  return (
    <div class="card">
      <div class="card-head">
        <h2>Recent calls</h2>
        <button type="button" class="button button-small" onClick={calls.reload} disabled={calls.loading}>
          Refresh
        </button>
      </div>
      <ErrorNote error={calls.error} />
      {calls.data && rows.length === 0 && <Empty title="No calls yet">Each call made with a key shows here with its status, tokens, latency and cost.</Empty>}
      {rows.length > 0 && (
        <DataTable<Call>
          label="Recent calls"
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
            {
              label: "Latency",
              num: true,
              inline: true,
              cell: (call) => <span title={call.ttfb_ms !== null ? `first byte after ${duration(call.ttfb_ms)}` : undefined}>{duration(call.latency_ms)}</span>,
            },
            { label: "Cost", num: true, inline: true, cell: (call) => money(call.cost) },
          ]}
        />
      )}
    </div>
  );
}
