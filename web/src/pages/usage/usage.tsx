// Cost and tokens over time, breakdowns by model, group, key and member, and the latest calls.
import { useState } from "preact/hooks";
import { type Me, api, ok } from "../../api.ts";
import { Badge, Empty, ErrorNote, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { money, tokens, when } from "../../format.ts";
import { UsageChart } from "./usage-chart.tsx";

const breakdowns = [
  { id: "model", label: "Model" },
  { id: "group", label: "Group" },
  { id: "key", label: "Key" },
  { id: "member", label: "Member" },
] as const;

export function UsagePage({ me }: { me: Me }) {
  const days = useLoad(() => ok(api.GET("/api/usage/summary", { params: { query: { group_by: "day" } } })));
  const [by, setBy] = useState<(typeof breakdowns)[number]["id"]>("model");
  const breakdown = useLoad(() => ok(api.GET("/api/usage/summary", { params: { query: { group_by: by } } })), [by]);
  const calls = useLoad(() => ok(api.GET("/api/usage/calls", { params: { query: { limit: 50 } } })));

  if (me.role === "developer") return <Empty title="Usage is for owners and sub-users">Developers see no billing. Ask your organization's owner.</Empty>;
  const totals = days.data?.totals;

  return (
    <section>
      <PageHeader title="Usage">The last 30 days{me.role === "sub-user" ? " of your own calls" : ""}.</PageHeader>
      <ErrorNote error={days.error ?? breakdown.error ?? calls.error} />
      <div class="stats">
        {days.data?.balance !== null && days.data?.balance !== undefined && (
          <div class="stat card">
            <span class="stat-label">Balance</span>
            <span class="stat-value" data-balance>
              {money(days.data.balance)}
            </span>
          </div>
        )}
        <div class="stat card">
          <span class="stat-label">Spent</span>
          <span class="stat-value">{money(totals?.cost ?? 0, 4)}</span>
        </div>
        <div class="stat card">
          <span class="stat-label">Requests</span>
          <span class="stat-value">{tokens(totals?.requests ?? 0)}</span>
        </div>
        <div class="stat card">
          <span class="stat-label">Tokens in / out</span>
          <span class="stat-value">
            {tokens(totals?.input_tokens ?? 0)} / {tokens(totals?.output_tokens ?? 0)}
          </span>
        </div>
      </div>
      <div class="card">
        <h2>Cost and tokens per day</h2>
        {days.data && days.data.rows.length > 0 ? (
          <UsageChart
            points={days.data.rows.map((row) => ({ day: row.key, cost: row.cost, tokens: row.input_tokens + row.output_tokens }))}
            from={days.data.from}
            to={days.data.to}
          />
        ) : (
          <Empty title="No calls yet">Make a call with one of your keys (see the Call Guide); it shows here within a second.</Empty>
        )}
      </div>
      <div class="card">
        <div class="card-head">
          <h2>Breakdown</h2>
          <div role="tablist" aria-label="Breakdown by">
            {breakdowns.map((entry) => (
              <button type="button" role="tab" aria-selected={by === entry.id} class={by === entry.id ? "tab active" : "tab"} onClick={() => setBy(entry.id)}>
                {entry.label}
              </button>
            ))}
          </div>
        </div>
        <div class="table-wrap">
          <table class="table compact">
            <thead>
              <tr>
                <th scope="col">{breakdowns.find((entry) => entry.id === by)!.label}</th>
                <th scope="col" class="num">Requests</th>
                <th scope="col" class="num">Input</th>
                <th scope="col" class="num">Output</th>
                <th scope="col" class="num">Cost</th>
              </tr>
            </thead>
            <tbody>
              {(breakdown.data?.rows ?? []).map((row) => (
                <tr>
                  <td>{row.label}</td>
                  <td class="num">{tokens(row.requests)}</td>
                  <td class="num">{tokens(row.input_tokens)}</td>
                  <td class="num">{tokens(row.output_tokens)}</td>
                  <td class="num">{money(row.cost, 4)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div class="card">
        <h2>Recent calls</h2>
        {calls.data?.data.length === 0 && <Empty title="No calls yet" />}
        {(calls.data?.data.length ?? 0) > 0 && (
          <div class="table-wrap">
            <table class="table compact" aria-label="Recent calls">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Model</th>
                  <th scope="col">Group</th>
                  <th scope="col">Key</th>
                  <th scope="col">Status</th>
                  <th scope="col" class="num">Tokens in / out</th>
                  <th scope="col" class="num">Latency</th>
                  <th scope="col" class="num">Cost</th>
                </tr>
              </thead>
              <tbody>
                {calls.data!.data.map((call) => (
                  <tr data-call={call.request_id}>
                    <td>{when(call.created_at)}</td>
                    <td>
                      <code>{call.call_name}</code>
                    </td>
                    <td>{call.group_name}</td>
                    <td>{call.key_name}</td>
                    <td>
                      <Badge tone={call.status === "ok" ? "good" : call.http_status >= 500 ? "bad" : "warn"}>
                        {call.status} · {call.http_status}
                      </Badge>
                    </td>
                    <td class="num">
                      {tokens(call.input_tokens)} / {tokens(call.output_tokens)}
                    </td>
                    <td class="num">{call.latency_ms} ms</td>
                    <td class="num">{money(call.cost, 6)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
