// Operator: one form for a new channel and for editing one (name, base URL, credential rotation,
// timeout, User-Agent, model mapping, models, priority, weight, groups). It offers only the groups the kind can
// serve and says so before the server would have to.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { ErrorNote, Field, GroupChecks } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { familyNames, kindNames } from "../../format.ts";

type Channel = Schemas["Channel"];
export type Kind = Channel["kind"];

// The server's rules (server/domain/channel-presets.ts, group-interfaces.ts), so the form offers only
// what the server accepts: presets per kind, and the families a kind can serve.
const presetsOf: Record<Kind, string[]> = {
  anthropic: ["", "deepseek", "qwen", "glm", "kimi", "minimax"],
  "openai-compatible": ["deepseek", "qwen", "glm", "kimi", "minimax", "self-hosted", "custom"],
  openai: [],
  gemini: [],
  bedrock: [],
  vertex: [],
  "azure-openai": [],
};
const presetLabel: Record<string, string> = { "": "Anthropic (api.anthropic.com)", "self-hosted": "self-hosted (vLLM, Ollama, llama.cpp)", custom: "custom (give the base URL)" };
export const familiesOf: Record<Kind, string[]> = {
  anthropic: ["A", "domestic", "compatible"],
  openai: ["B", "domestic", "compatible"],
  "openai-compatible": ["B", "domestic", "compatible"],
  gemini: ["C"],
  bedrock: ["A"],
  vertex: ["A", "C"],
  "azure-openai": ["B", "domestic", "compatible"],
};

const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter(Boolean);
const list = (text: string) => text.split(",").map((item) => item.trim()).filter(Boolean);

/** `from=to` per line → {from: to}; a line without `=` is an error the form names. */
function mappingOf(text: string): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const line of lines(text)) {
    const [from, to] = line.split("=").map((part) => part.trim());
    if (!from || !to) throw new Error(`Model mapping: "${line}" is not of the form model=upstream-model.`);
    mapping[from] = to;
  }
  return mapping;
}

const mappingText = (mapping: Record<string, string>) =>
  Object.entries(mapping)
    .map(([from, to]) => `${from}=${to}`)
    .join("\n");

function draftOf(channel?: Channel) {
  return {
    name: channel?.name ?? "",
    kind: (channel?.kind ?? "anthropic") as Kind,
    preset: channel?.preset ?? "",
    baseUrl: channel?.base_url ?? "",
    credentials: "",
    models: channel?.models.join(", ") ?? "",
    mapping: channel ? mappingText(channel.model_mapping) : "",
    priority: String(channel?.priority ?? 0),
    weight: String(channel?.weight ?? 1),
    timeout: String((channel?.timeout_ms ?? 120_000) / 1000),
    userAgent: channel?.user_agent ?? "",
  };
}

/** Without `channel`: a new one. With it: its edit form, which sends only the credentials typed (a rotation). */
export function ChannelForm({ groups, channel, onDone, onCancel }: { groups: Schemas["Group"][]; channel?: Channel; onDone: () => void; onCancel?: () => void }) {
  const [form, setForm] = useState(draftOf(channel));
  const [groupIds, setGroupIds] = useState<string[]>(channel?.group_ids ?? []);
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });
  // A new kind brings its own presets and the groups it can serve.
  const setKind = (event: Event) => {
    const kind = (event.currentTarget as HTMLSelectElement).value as Kind;
    setForm({ ...form, kind, preset: presetsOf[kind][0] ?? "" });
    setGroupIds(groupIds.filter((id) => familiesOf[kind].includes(groups.find((group) => group.id === id)?.family ?? "")));
  };
  const servable = groups.filter((group) => familiesOf[form.kind].includes(group.family));
  const servedFamilies = [...new Set(familiesOf[form.kind])].map((family) => familyNames[family]).join(", ");
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      if (groupIds.length === 0) throw new Error(`Choose at least one group for this channel to serve (a ${form.kind} channel serves ${servedFamilies} groups).`);
      const credentials = lines(form.credentials);
      const common = {
        name: form.name,
        ...(form.baseUrl ? { base_url: form.baseUrl } : {}),
        ...(credentials.length ? { credentials } : {}),
        models: list(form.models),
        model_mapping: mappingOf(form.mapping),
        group_ids: groupIds,
        priority: Number(form.priority),
        weight: Number(form.weight),
        timeout_ms: Math.round(Number(form.timeout) * 1000),
        // Empty is Tollgate's own: on an edit it takes back an override.
        user_agent: form.userAgent.trim(),
      };
      if (channel) {
        await ok(api.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel.id } }, body: common }));
      } else {
        const preset = form.preset ? { preset: form.preset as NonNullable<Channel["preset"]> } : {};
        await ok(api.POST("/api/admin/channels", { body: { ...common, kind: form.kind, ...preset, credentials } }));
        setForm({ ...form, name: "", credentials: "", models: "", mapping: "" });
        setGroupIds([]);
      }
      onDone();
    });
  };
  const label = channel ? `Edit ${channel.name}` : "Create a channel";
  return (
    <form class="stack" onSubmit={submit} aria-label={label}>
      <div class="form-grid">
        <Field label="Name">
          <input required value={form.name} onInput={set("name")} />
        </Field>
        <Field label="Kind" hint={channel ? "A channel's kind is fixed: archive it and add another to change it." : `Serves ${servedFamilies} groups.`}>
          <select class="select-wide" value={form.kind} onChange={setKind} disabled={!!channel}>
            {(Object.keys(kindNames) as Kind[]).map((kind) => (
              <option value={kind}>{kindNames[kind]}</option>
            ))}
          </select>
        </Field>
        {!channel && presetsOf[form.kind].length > 0 && (
          <Field label="Preset" hint={form.kind === "anthropic" ? "Domestic providers' Anthropic-compatible endpoints serve /v1/messages natively." : undefined}>
            <select class="select-wide" value={form.preset} onChange={set("preset")}>
              {presetsOf[form.kind].map((preset) => (
                <option value={preset}>{presetLabel[preset] ?? preset}</option>
              ))}
            </select>
          </Field>
        )}
        <Field label="Base URL" hint={form.preset === "custom" ? "Required: the provider's URL with its version path (…/v1)." : "Empty: the preset's or provider's default."}>
          <input type="url" value={form.baseUrl} onInput={set("baseUrl")} />
        </Field>
        <Field label="Priority" hint="Higher first.">
          <input type="number" value={form.priority} onInput={set("priority")} />
        </Field>
        <Field label="Weight" hint="Share within a priority.">
          <input type="number" min="1" value={form.weight} onInput={set("weight")} />
        </Field>
        {/* step="any": the API keeps whole milliseconds (2500), which a whole-second step would refuse to submit. */}
        <Field label="Timeout (seconds)" hint="0.1 to 600.">
          <input type="number" min="0.1" max="600" step="any" inputMode="decimal" value={form.timeout} onInput={set("timeout")} />
        </Field>
        <Field label="User-Agent (optional)" hint="Sent on its upstream requests. Empty: Tollgate's own (Tollgate/version).">
          <input value={form.userAgent} onInput={set("userAgent")} maxLength={256} pattern="[ -~]*" title="Printable ASCII: letters, digits, spaces and punctuation." />
        </Field>
      </div>
      <Field
        label={channel ? "New credentials (optional)" : "Credentials"}
        hint={
          channel
            ? `Now ${channel.credentials.count} (${channel.credentials.hints.join(", ")}). Paste new ones, one per line, to replace them all (a rotation); empty keeps them.`
            : "One per line; stored encrypted, never shown again. A self-hosted server without keys takes any placeholder."
        }
      >
        <textarea rows={2} required={!channel} value={form.credentials} onInput={set("credentials")} />
      </Field>
      <Field label="Models (optional)" hint="Comma-separated; empty serves every model of its groups.">
        <input value={form.models} onInput={set("models")} />
      </Field>
      <Field label="Model mapping (optional)" hint="One per line, model=upstream-model: the name the upstream knows a model by.">
        <textarea rows={2} value={form.mapping} onInput={set("mapping")} />
      </Field>
      <GroupChecks legend="Groups it serves" groups={servable} selected={groupIds} onChange={setGroupIds} empty={`No ${servedFamilies} group exists yet: create one under Groups.`} />
      <ErrorNote error={error} />
      <div class="form-actions">
        <button type="submit" class="button button-primary">
          {channel ? "Save channel" : "Add channel"}
        </button>
        {onCancel && (
          <button type="button" class="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
