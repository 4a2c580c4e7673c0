// Usage: balance and totals, cost and tokens per day, breakdowns, and the latest calls. Owners see
// their organization, sub-users their own calls, the operator every organization (or one).
import { useState } from "preact/hooks";
import { type Me, api, ok } from "../../api.ts";
import { Empty, ErrorNote, Field, PageHeader, Segmented } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { money, tokens } from "../../format.ts";
import { Breakdown } from "./breakdown.tsx";
import { RecentCalls } from "./recent-calls.tsx";
import { LazyUsageChart as UsageChart } from "./lazy-chart.tsx";

const windows = [7, 30, 90] as const;

export function UsagePage({ me }: { me: Me }) {
  const [span, setSpan] = useState<(typeof windows)[number]>(30);
  const [organizationId, setOrganizationId] = useState("");
  const operator = me.role === "operator";
  const organizations = useLoad(() => (operator ? ok(api.GET("/api/admin/organizations")) : Promise.resolve(undefined)));
  // One `from` per choice of window, so every panel below reads the same span.
  const from = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - span * 24 * 3600 * 1000).toISOString();
  const scope = { from, ...(organizationId ? { organization_id: organizationId } : {}) };
  const days = useLoad(() => ok(api.GET("/api/usage/summary", { params: { query: { ...scope, group_by: "day" } } })), [from, organizationId]);

  if (me.role === "developer") {
    return (
      <Empty title="Usage is for owners and sub-users">
        Developers see no billing; ask your organization's owner for usage figures. You have spent {money(me.spent, 4)}
        {me.spend_cap === null ? " (no spend cap)." : ` of your ${money(me.spend_cap, 4)} spend cap.`}
      </Empty>
    );
  }
  const totals = days.data?.totals;
  const balance = days.data?.balance;

  return (
    <section>
      <PageHeader title="Usage">
        {operator ? "Calls of every organization, or pick one." : me.role === "sub-user" ? "Your own calls and what they cost." : `Every call of ${me.organization?.name ?? "your organization"}.`}
      </PageHeader>
      <div class="toolbar toolbar-tight">
        <Segmented label="Time window" options={windows.map((choice) => ({ value: choice, label: `${choice} days` }))} value={span} onChange={setSpan} />
        {operator && (
          <Field label="Organization">
            <select value={organizationId} onChange={(e) => setOrganizationId(e.currentTarget.value)}>
              <option value="">All organizations</option>
              {(organizations.data?.data ?? []).map((organization) => (
                <option value={organization.id}>{organization.name}</option>
              ))}
            </select>
          </Field>
        )}
      </div>
      <ErrorNote error={days.error} />
      <div class="stats">
        {balance !== null && balance !== undefined && (
          <div class={`stat card${balance <= 0 ? " stat-warn" : ""}`}>
            <span class="stat-label">Balance</span>
            <span class="stat-value" data-balance>
              {money(balance, 4)}
            </span>
            {balance <= 0 && <span class="small warn">Calls get 429 until the operator tops up.</span>}
          </div>
        )}
        {me.role === "sub-user" && (
          // A sub-user sees its own budget, not the organization's balance (README, Roles).
          <div class="stat card">
            <span class="stat-label">Your spend cap</span>
            <span class="stat-value" data-spend-cap>
              {me.spend_cap === null ? "No cap" : money(me.spend_cap, 4)}
            </span>
            <span class="small muted">Spent so far: {money(me.spent, 4)}</span>
          </div>
        )}
        <div class="stat card">
          <span class="stat-label">Spent</span>
          <span class="stat-value">{money(totals?.cost ?? 0)}</span>
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
          !days.loading && (
            <Empty title={`No calls in the last ${span} days`}>
              {operator ? "Calls of every organization show here as they happen." : "Make a call with one of your keys (see the Call Guide); it shows here within a second."}
            </Empty>
          )
        )}
      </div>
      <Breakdown scope={scope} operator={operator} />
      <RecentCalls organizationId={organizationId} me={me} />
    </section>
  );
}
