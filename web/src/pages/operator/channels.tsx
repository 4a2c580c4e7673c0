// Operator: upstream channels — status and health, a test button, enable/disable, edit, archive, new channels.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, ConfirmButton, Empty, ErrorNote, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { duration, kindNames, when } from "../../format.ts";
import { ChannelForm } from "./channel-form.tsx";
import { channelsChanged } from "./first-run.tsx";

type Channel = Schemas["Channel"];

const healthTone = { closed: "good", "half-open": "warn", open: "bad" } as const;
const healthLabel = { closed: "healthy", "half-open": "probing", open: "circuit open" } as const;

export function ChannelsPage() {
  const loaded = useLoad(() => ok(api.GET("/api/admin/channels")));
  // Every change is also heard by the first-run note above the page.
  const channels = { ...loaded, reload: async () => (await loaded.reload(), dispatchEvent(new Event(channelsChanged))) };
  const groups = useLoad(() => ok(api.GET("/api/admin/groups")));
  const [editing, setEditing] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, Schemas["ChannelTestResult"] | "testing">>({});
  const { error, run } = useAction();
  const groupName = new Map((groups.data?.data ?? []).map((group) => [group.id, group.name]));
  const path = (channel: Channel) => ({ params: { path: { id: channel.id } } });

  const test = (channel: Channel) =>
    run(async () => {
      setResults((now) => ({ ...now, [channel.id]: "testing" }));
      try {
        const result = await ok(api.POST("/api/admin/channels/{id}/test", path(channel)));
        setResults((now) => ({ ...now, [channel.id]: result }));
      } catch (failure) {
        setResults((now) => ({ ...now, [channel.id]: { ok: false, status: null, latency_ms: 0, message: failure instanceof Error ? failure.message : String(failure) } }));
      }
      await channels.reload();
    });
  const archive = (channel: Channel) =>
    run(async () => (await ok(api.DELETE("/api/admin/channels/{id}", path(channel))), await channels.reload()));
  const toggle = (channel: Channel) =>
    run(async () => (await ok(api.PATCH("/api/admin/channels/{id}", { ...path(channel), body: { enabled: !channel.enabled } })), await channels.reload()));

  return (
    <section>
      <PageHeader title="Channels">Upstreams that serve groups. Highest priority first, weighted within a priority; failing channels are skipped until a probe succeeds.</PageHeader>
      <details class="card">
        <summary class="strong">New channel</summary>
        <ChannelForm groups={groups.data?.data ?? []} onDone={channels.reload} />
      </details>
      <ErrorNote error={error ?? channels.error} />
      {channels.data?.data.length === 0 && <Empty title="No channels yet">Add one above, or start Tollgate with a provider key such as TOLLGATE_ANTHROPIC_API_KEY.</Empty>}
      {(channels.data?.data ?? []).map((channel) => {
        const result = results[channel.id];
        return (
          <article class="card" data-channel={channel.name}>
            <header class="card-head">
              <div>
                <h2>{channel.name}</h2>
                <code class="muted small">{channel.base_url}</code>
              </div>
              <div class="badges">
                <Badge>
                  {kindNames[channel.kind]}
                  {channel.preset ? ` · ${channel.preset}` : ""}
                </Badge>
                {channel.source === "environment" && <Badge>from environment</Badge>}
                {channel.enabled ? <Badge tone={healthTone[channel.health.state]}>{healthLabel[channel.health.state]}</Badge> : <Badge tone="warn">disabled</Badge>}
              </div>
            </header>
            <dl class="facts">
              <dt>Groups</dt>
              <dd>{channel.group_ids.map((id) => groupName.get(id) ?? id).join(", ") || "none"}</dd>
              <dt>Models</dt>
              <dd>{channel.models.join(", ") || "every model of its groups"}</dd>
              {Object.keys(channel.model_mapping).length > 0 && (
                <>
                  <dt>Model mapping</dt>
                  <dd>
                    {Object.entries(channel.model_mapping)
                      .map(([from, to]) => `${from} → ${to}`)
                      .join(", ")}
                  </dd>
                </>
              )}
              {channel.user_agent && (
                <>
                  <dt>User-Agent</dt>
                  <dd>{channel.user_agent}</dd>
                </>
              )}
              <dt>Priority / weight</dt>
              <dd>
                {channel.priority} / {channel.weight} · timeout {duration(channel.timeout_ms)}
              </dd>
              <dt>Credentials</dt>
              <dd>
                {channel.credentials.count} ({channel.credentials.hints.join(", ")})
              </dd>
              {channel.health.last_error && (
                <>
                  <dt>Last failure</dt>
                  <dd>
                    {channel.health.last_error} · {when(channel.health.last_failure_at)}
                  </dd>
                </>
              )}
            </dl>
            <div class="button-row">
              <button type="button" class="button" onClick={() => test(channel)} disabled={result === "testing"} aria-label={`Test ${channel.name}`}>
                {result === "testing" ? "Testing…" : "Test"}
              </button>
              <button type="button" class="button" onClick={() => toggle(channel)}>
                {channel.enabled ? "Disable" : "Enable"}
              </button>
              <button type="button" class="button" aria-expanded={editing === channel.id} onClick={() => setEditing(editing === channel.id ? null : channel.id)} aria-label={`Edit ${channel.name}`}>
                Edit
              </button>
              <ConfirmButton label="Archive" confirmLabel={`Archive ${channel.name}`} onConfirm={() => archive(channel)} />
              <span role="status" class={`test-result ${result && result !== "testing" ? (result.ok ? "good" : "bad") : ""}`}>
                {result && result !== "testing" && (
                  <>
                    {result.ok ? "✓" : "✗"} {result.message}
                    {result.latency_ms > 0 && ` (${duration(result.latency_ms)})`}
                  </>
                )}
              </span>
            </div>
            {editing === channel.id && (
              <ChannelForm
                groups={groups.data?.data ?? []}
                channel={channel}
                onDone={async () => (setEditing(null), await channels.reload())}
                onCancel={() => setEditing(null)}
              />
            )}
          </article>
        );
      })}
    </section>
  );
}
