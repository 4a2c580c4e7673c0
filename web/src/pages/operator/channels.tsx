// Operator: upstream channels — status and health, a test button, enable/disable, new channels.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, Empty, ErrorNote, Field, GroupChecks, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { duration, when } from "../../format.ts";

type Channel = Schemas["Channel"];
type Kind = Channel["kind"];

// The server's rules (server/domain/channel-presets.ts, group-interfaces.ts), so the form offers only
// what the server accepts: presets per kind, and the families a kind can serve.
const presetsOf: Record<Kind, string[]> = {
  anthropic: ["", "deepseek", "qwen", "glm", "kimi", "minimax"],
  "openai-compatible": ["deepseek", "qwen", "glm", "kimi", "minimax", "self-hosted", "custom"],
  openai: [],
  gemini: [],
};
const presetLabel: Record<string, string> = { "": "Anthropic (api.anthropic.com)", "self-hosted": "self-hosted (vLLM, Ollama, llama.cpp)", custom: "custom (give the base URL)" };
const familiesOf: Record<Kind, string[]> = {
  anthropic: ["A", "domestic", "compatible"],
  openai: ["B", "domestic", "compatible"],
  "openai-compatible": ["B", "domestic", "compatible"],
  gemini: ["C"],
};
const healthTone = { closed: "good", "half-open": "warn", open: "bad" } as const;
const healthLabel = { closed: "healthy", "half-open": "probing", open: "circuit open" } as const;

export function ChannelsPage() {
  const channels = useLoad(() => ok(api.GET("/api/admin/channels")));
  const groups = useLoad(() => ok(api.GET("/api/admin/groups")));
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
  const toggle = (channel: Channel) =>
    run(async () => (await ok(api.PATCH("/api/admin/channels/{id}", { ...path(channel), body: { enabled: !channel.enabled } })), await channels.reload()));

  return (
    <section>
      <PageHeader title="Channels">Upstreams that serve groups. Highest priority first, weighted within a priority; failing channels are skipped until a probe succeeds.</PageHeader>
      <CreateChannel groups={groups.data?.data ?? []} onCreated={channels.reload} />
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
                <Badge>{channel.kind}{channel.preset ? ` · ${channel.preset}` : ""}</Badge>
                {channel.source === "environment" && <Badge>from environment</Badge>}
                {channel.enabled ? <Badge tone={healthTone[channel.health.state]}>{healthLabel[channel.health.state]}</Badge> : <Badge tone="warn">disabled</Badge>}
              </div>
            </header>
            <dl class="facts">
              <dt>Groups</dt>
              <dd>{channel.group_ids.map((id) => groupName.get(id) ?? id).join(", ") || "none"}</dd>
              <dt>Models</dt>
              <dd>{channel.models.join(", ") || "every model of its groups"}</dd>
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
              <span role="status" class={`test-result ${result && result !== "testing" ? (result.ok ? "good" : "bad") : ""}`}>
                {result && result !== "testing" && (
                  <>
                    {result.ok ? "✓" : "✗"} {result.message}
                    {result.latency_ms > 0 && ` (${duration(result.latency_ms)})`}
                  </>
                )}
              </span>
            </div>
          </article>
        );
      })}
    </section>
  );
}

function CreateChannel({ groups, onCreated }: { groups: Schemas["Group"][]; onCreated: () => void }) {
  const [form, setForm] = useState({ name: "", kind: "anthropic" as Kind, preset: "", baseUrl: "", credentials: "", models: "", priority: "0", weight: "1" });
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });
  // A new kind brings its own presets and the groups it can serve.
  const setKind = (event: Event) => {
    const kind = (event.currentTarget as HTMLSelectElement).value as Kind;
    setForm({ ...form, kind, preset: presetsOf[kind][0] ?? "" });
    setGroupIds(groupIds.filter((id) => familiesOf[kind].includes(groups.find((group) => group.id === id)?.family ?? "")));
  };
  const servable = groups.filter((group) => familiesOf[form.kind].includes(group.family));
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(
        api.POST("/api/admin/channels", {
          body: {
            name: form.name,
            kind: form.kind,
            ...(form.preset ? { preset: form.preset as NonNullable<Channel["preset"]> } : {}),
            ...(form.baseUrl ? { base_url: form.baseUrl } : {}),
            credentials: form.credentials.split("\n").map((line) => line.trim()).filter(Boolean),
            models: form.models.split(",").map((model) => model.trim()).filter(Boolean),
            group_ids: groupIds,
            priority: Number(form.priority),
            weight: Number(form.weight),
          },
        }),
      );
      setForm({ ...form, name: "", credentials: "", models: "" });
      setGroupIds([]);
      onCreated();
    });
  };
  return (
    <details class="card">
      <summary class="strong">New channel</summary>
      <form class="stack" onSubmit={submit} aria-label="Create a channel">
        <div class="form-grid">
          <Field label="Name">
            <input required value={form.name} onInput={set("name")} />
          </Field>
          <Field label="Kind">
            <select value={form.kind} onChange={setKind}>
              <option value="anthropic">anthropic (messages)</option>
              <option value="openai">openai (chat, responses)</option>
              <option value="gemini">gemini (generateContent)</option>
              <option value="openai-compatible">openai-compatible (chat)</option>
            </select>
          </Field>
          {presetsOf[form.kind].length > 0 && (
            <Field label="Preset" hint={form.kind === "anthropic" ? "Domestic providers' Anthropic-compatible endpoints serve /v1/messages natively." : undefined}>
              <select value={form.preset} onChange={set("preset")}>
                {presetsOf[form.kind].map((preset) => (
                  <option value={preset}>{presetLabel[preset] ?? preset}</option>
                ))}
              </select>
            </Field>
          )}
          <Field label="Base URL" hint={form.preset === "custom" ? "Required: the provider's URL with its version path (…/v1)." : "Empty: the preset's or provider's default."}>
            <input type="url" value={form.baseUrl} onInput={set("baseUrl")} />
          </Field>
          <Field label="Priority">
            <input type="number" value={form.priority} onInput={set("priority")} />
          </Field>
          <Field label="Weight">
            <input type="number" min="1" value={form.weight} onInput={set("weight")} />
          </Field>
        </div>
        <Field label="Credentials" hint="One per line; stored encrypted, never shown again. A self-hosted server without keys takes any placeholder.">
          <textarea rows={2} required value={form.credentials} onInput={set("credentials")} />
        </Field>
        <Field label="Models (optional)" hint="Comma-separated; empty serves every model of its groups.">
          <input value={form.models} onInput={set("models")} />
        </Field>
        <GroupChecks legend="Groups it serves" groups={servable} selected={groupIds} onChange={setGroupIds} empty="No group of a family this kind can serve." />
        <ErrorNote error={error} />
        <div>
          <button type="submit" class="button button-primary">
            Add channel
          </button>
        </div>
      </form>
    </details>
  );
}
