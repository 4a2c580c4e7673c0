// Usage totals by model, group, key or member, each with its share of the cost.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Empty, ErrorNote, Segmented } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { money, tokens } from "../../format.ts";

const breakdowns = [
  { id: "model", label: "Model" },
  { id: "group", label: "Group" },
  { id: "key", label: "Key" },
  { id: "member", label: "Member" },
] as const;
type By = (typeof breakdowns)[number]["id"];

type Row = Schemas["UsageRow"];

export function Breakdown({ scope, operator }: { scope: { from: string; organization_id?: string }; operator: boolean }) {
  const [by, setBy] = useState<By>("model");
  const breakdown = useLoad(() => ok(api.GET("/api/usage/summary", { params: { query: { ...scope, group_by: by } } })), [by, scope.from, scope.organization_id]);
  const rows = [...(breakdown.data?.rows ?? [])].sort((a, b) => b.cost - a.cost || b.requests - a.requests);
  const total = breakdown.data?.totals.cost ?? 0;
  const label = breakdowns.find((entry) => entry.id === by)!.label;

  return (
    <div class="card">
      <div class="card-head">
        <h2>Breakdown</h2>
        <Segmented label="Break usage down by" options={breakdowns.map((entry) => ({ value: entry.id, label: entry.label }))} value={by} onChange={setBy} />
      </div>
      <ErrorNote error={breakdown.error} />
      {breakdown.data && rows.length === 0 && <Empty title="Nothing to break down yet">{operator ? "No organization made a call in this window." : "Calls show here by model, group, key and member."}</Empty>}
      {rows.length > 0 && (
        <DataTable<Row>
          label={`Usage by ${label.toLowerCase()}`}
          compact
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { label, primary: true, cell: (row) => (by === "model" ? <code>{row.label}</code> : row.label) },
            { label: "Requests", num: true, inline: true, cell: (row) => tokens(row.requests) },
            { label: "Input", num: true, inline: true, cell: (row) => tokens(row.input_tokens) },
            { label: "Output", num: true, inline: true, cell: (row) => tokens(row.output_tokens) },
            { label: "Cost", num: true, inline: true, cell: (row) => money(row.cost) },
            {
              label: "Share",
              inline: true,
              bare: true,
              cell: (row) => {
                const share = total > 0 ? row.cost / total : 0;
                return (
                  <span class="share" title={`${Math.round(share * 100)}% of the cost`}>
                    <span class="share-bar" style={{ width: `${Math.max(share * 100, row.cost > 0 ? 2 : 0)}%` }} />
                    <span class="share-text">{Math.round(share * 100)}%</span>
                  </span>
                );
              },
            },
          ]}
        />
      )}
    </div>
  );
}
