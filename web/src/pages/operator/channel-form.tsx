// Operator: one form for a new channel and for editing one (name, base URL, credential rotation,
// timeout, User-Agent, model mapping, models, priority, weight, groups). It offers only the groups the kind can
// serve and says so before the server would have to. The cloud kinds ask for what they need besides:
// Bedrock and Vertex AI a region (with the presets offered), Vertex AI a project and one service
// account key per box, Azure OpenAI its resource's endpoint and an api-version.
import { useId, useState } from "preact/hooks";
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
/** Regions offered for the cloud kinds (server/domain/channel-presets.ts `regionPresets`); any other id is taken as typed. */
const regionPresets: Partial<Record<Kind, string[]>> = {
  bedrock: ["us-east-1", "us-east-2", "us-west-2", "eu-central-1", "eu-west-1", "eu-west-3", "ap-northeast-1", "ap-southeast-2", "ap-south-1"],
  vertex: ["global", "us-east5", "us-central1", "europe-west1", "europe-west4", "asia-southeast1", "asia-east1"],
};
/** The host a region gives a cloud channel when its base URL is left empty (`cloudBaseUrl` on the server). */
function regionBaseUrl(kind: Kind, region: string): string | undefined {
  if (kind === "bedrock") return `https://bedrock-runtime.${region || "<region>"}.amazonaws.com`;
  if (kind === "vertex") return region === "global" ? "https://aiplatform.googleapis.com" : `https://${region || "<region>"}-aiplatform.googleapis.com`;
  return undefined;
}
const usesRegion = (kind: Kind) => kind === "bedrock" || kind === "vertex";

/** What each kind takes as a credential, said where it is typed (the server checks the same forms). */
const credentialHelp: Partial<Record<Kind, string>> = {
  bedrock:
    "One per line: ACCESS_KEY_ID:SECRET_ACCESS_KEY (add :SESSION_TOKEN for temporary keys), the word chain for the server's own AWS credentials (environment, profile, instance or task role), or a Bedrock API key.",
  vertex: "A service account's whole JSON key file (IAM → Service accounts → Keys → Add key → JSON). Each key in its own box; several share the calls.",
  "azure-openai": 'One per line: the resource\'s API key (Keys and Endpoint), or a Microsoft Entra ID app as JSON: {"tenant_id": …, "client_id": …, "client_secret": …}.',
};
const mappingExample: Partial<Record<Kind, { example: string; hint: string }>> = {
  bedrock: {
    example: "claude-sonnet-4-5=us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    hint: "One per line, model=Bedrock model id or inference profile (us., eu., global. for cross-region profiles): Claude for a Claude group, Llama, Mistral, Nova and the others (through Converse) for the other groups.",
  },
  vertex: { example: "claude-sonnet-4-5=claude-sonnet-4-5@20250929", hint: "One per line, model=Vertex AI model id (Claude's carry @version)." },
  "azure-openai": { example: "gpt-4.1=my-gpt41-deployment", hint: "One per line, model=deployment name: the name you gave the deployment in Azure." },
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

/**
 * One credential a line, except that a JSON object pasted over several lines (an Entra ID app as
 * Azure shows it) is one credential: lines are joined until its braces close.
 */
function credentialEntries(text: string): string[] {
  const entries: string[] = [];
  let open: string[] | null = null;
  let depth = 0;
  for (const line of lines(text)) {
    if (!open && !line.startsWith("{")) {
      entries.push(line);
      continue;
    }
    open ??= [];
    open.push(line);
    depth += braceBalance(line);
    if (depth <= 0) {
      entries.push(open.join("\n"));
      open = null;
      depth = 0;
    }
  }
  if (open) entries.push(open.join("\n"));
  return entries;
}

/** `{` less `}` on a line, outside JSON strings. */
function braceBalance(line: string): number {
  let balance = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === "\\") i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === "{") balance++;
    else if (char === "}") balance--;
  }
  return balance;
}

/** The `project_id` of the first service account key pasted that names one (what an empty project field means). */
function keyProject(keys: string[]): string | undefined {
  for (const key of keys) {
    try {
      const parsed = JSON.parse(key);
      if (typeof parsed?.project_id === "string" && parsed.project_id) return parsed.project_id;
    } catch {
      // Not JSON yet (still being pasted): the server says what is wrong with it.
    }
  }
  return undefined;
}
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
    // Vertex AI: one service account key (multi-line JSON) a box.
    keys: [""],
    region: channel?.region ?? "",
    project: channel?.project ?? "",
    apiVersion: channel?.api_version ?? "",
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
  const regionList = useId();
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });
  // A new kind brings its own presets, regions and the groups it can serve.
  const setKind = (event: Event) => {
    const kind = (event.currentTarget as HTMLSelectElement).value as Kind;
    setForm({ ...form, kind, preset: presetsOf[kind][0] ?? "", region: regionPresets[kind]?.includes(form.region) ? form.region : "" });
    setGroupIds(groupIds.filter((id) => familiesOf[kind].includes(groups.find((group) => group.id === id)?.family ?? "")));
  };
  // A base URL that is the region's own host follows the region (an edit's stored one; a new channel's is empty).
  const setRegion = (event: Event) => {
    const region = (event.currentTarget as HTMLInputElement).value.trim();
    const follows = form.baseUrl !== "" && form.baseUrl === regionBaseUrl(form.kind, form.region);
    setForm({ ...form, region, ...(follows ? { baseUrl: regionBaseUrl(form.kind, region) ?? form.baseUrl } : {}) });
  };
  const setKey = (index: number) => (event: Event) =>
    setForm({ ...form, keys: form.keys.map((key, at) => (at === index ? (event.currentTarget as HTMLTextAreaElement).value : key)) });
  const servable = groups.filter((group) => familiesOf[form.kind].includes(group.family));
  const servedFamilies = [...new Set(familiesOf[form.kind])].map((family) => familyNames[family]).join(", ");
  const projectOfKey = form.kind === "vertex" ? keyProject(form.keys) : undefined;
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      if (groupIds.length === 0) throw new Error(`Choose at least one group for this channel to serve (a ${form.kind} channel serves ${servedFamilies} groups).`);
      const credentials =
        form.kind === "vertex" ? form.keys.flatMap(credentialEntries) : form.kind === "azure-openai" ? credentialEntries(form.credentials) : lines(form.credentials);
      // Only the settings the kind has: the server refuses the others. An edit's empty api-version takes it back (the v1 API).
      const cloud = {
        ...(usesRegion(form.kind) && form.region ? { region: form.region } : {}),
        ...(form.kind === "vertex" && form.project.trim() ? { project: form.project.trim() } : {}),
        ...(form.kind === "azure-openai" && (channel || form.apiVersion.trim()) ? { api_version: form.apiVersion.trim() } : {}),
      };
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
        ...cloud,
      };
      if (channel) {
        await ok(api.PATCH("/api/admin/channels/{id}", { params: { path: { id: channel.id } }, body: common }));
      } else {
        const preset = form.preset ? { preset: form.preset as NonNullable<Channel["preset"]> } : {};
        await ok(api.POST("/api/admin/channels", { body: { ...common, kind: form.kind, ...preset, credentials } }));
        setForm({ ...form, name: "", credentials: "", keys: [""], project: "", models: "", mapping: "" });
        setGroupIds([]);
      }
      onDone();
    });
  };
  const label = channel ? `Edit ${channel.name}` : "Create a channel";
  const now = channel ? `Now ${channel.credentials.count} (${channel.credentials.hints.join(", ")}).` : "";
  const mapping = mappingExample[form.kind];
  const baseUrlHint =
    form.kind === "azure-openai"
      ? "Required: the resource's endpoint (Azure portal → the resource → Keys and Endpoint)."
      : usesRegion(form.kind)
        ? `Empty: defaults from the region (${regionBaseUrl(form.kind, form.region)}).`
        : form.preset === "custom"
          ? "Required: the provider's URL with its version path (…/v1)."
          : "Empty: the preset's or provider's default.";
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
        {usesRegion(form.kind) && (
          <Field
            label="Region"
            hint={
              form.kind === "bedrock"
                ? "Required: the AWS region its requests are signed for. Pick one or type another."
                : "Required: the Vertex AI location (global, or a region such as us-east5). Pick one or type another."
            }
          >
            <input
              value={form.region}
              onInput={setRegion}
              list={regionList}
              autocomplete="off"
              spellcheck={false}
              pattern="[a-z0-9\-]{2,40}"
              title="A region id in lower case, such as us-east-1 or europe-west1."
            />
          </Field>
        )}
        {usesRegion(form.kind) && (
          <datalist id={regionList}>
            {(regionPresets[form.kind] ?? []).map((region) => (
              <option value={region} />
            ))}
          </datalist>
        )}
        {form.kind === "vertex" && (
          <Field label="Project" hint={channel ? "The Google Cloud project id." : `The Google Cloud project id. Empty: the key's project_id${projectOfKey ? ` (${projectOfKey})` : ""}.`}>
            <input
              value={form.project}
              onInput={set("project")}
              placeholder={projectOfKey}
              spellcheck={false}
              pattern="[a-z][a-z0-9\-]{4,61}[a-z0-9]"
              title="A project id: 6 to 30 lower-case letters, digits and dashes, starting with a letter."
            />
          </Field>
        )}
        <Field label="Base URL" hint={baseUrlHint}>
          <input
            type="url"
            value={form.baseUrl}
            onInput={set("baseUrl")}
            required={!channel && form.kind === "azure-openai"}
            placeholder={form.kind === "azure-openai" ? "https://<resource>.openai.azure.com" : usesRegion(form.kind) ? regionBaseUrl(form.kind, form.region) : undefined}
          />
        </Field>
        {form.kind === "azure-openai" && (
          <Field label="API version (optional)" hint="The deployments API's api-version, such as 2024-10-21. Empty: the version-less /openai/v1/ API (Responses always use it).">
            <input
              value={form.apiVersion}
              onInput={set("apiVersion")}
              placeholder="2024-10-21"
              spellcheck={false}
              pattern="\d{4}-\d{2}-\d{2}(-preview)?"
              title="YYYY-MM-DD, or YYYY-MM-DD-preview, as Azure names its API versions."
            />
          </Field>
        )}
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
      {form.kind === "vertex" ? (
        <div class="stack">
          {form.keys.map((key, index) => {
            const name = `${channel ? "New service account key" : "Service account key"}${index > 0 ? ` ${index + 1}` : ""}${channel ? " (optional)" : ""}`;
            const hint =
              index > 0
                ? undefined
                : channel
                  ? `${now} Paste new keys, one per box, to replace them all (a rotation); empty keeps them.`
                  : `${credentialHelp.vertex} Stored encrypted, never shown again.`;
            return (
              <div class="inline-form">
                <Field label={name} hint={hint}>
                  <textarea rows={4} required={!channel && index === 0} spellcheck={false} value={key} onInput={setKey(index)} placeholder='{"type": "service_account", "project_id": …, "private_key": …, "client_email": …}' />
                </Field>
                {index > 0 && (
                  <button type="button" class="button button-small" aria-label={`Remove ${name}`} onClick={() => setForm({ ...form, keys: form.keys.filter((_, at) => at !== index) })}>
                    Remove
                  </button>
                )}
              </div>
            );
          })}
          <div>
            <button type="button" class="button button-small" onClick={() => setForm({ ...form, keys: [...form.keys, ""] })}>
              Add another key
            </button>
          </div>
        </div>
      ) : (
        <Field
          label={channel ? "New credentials (optional)" : "Credentials"}
          hint={
            channel
              ? `${now} Paste new ones, one per line, to replace them all (a rotation); empty keeps them.${credentialHelp[form.kind] ? ` ${credentialHelp[form.kind]}` : ""}`
              : credentialHelp[form.kind]
                ? `${credentialHelp[form.kind]} Stored encrypted, never shown again.`
                : "One per line; stored encrypted, never shown again. A self-hosted server without keys takes any placeholder."
          }
        >
          <textarea rows={2} required={!channel} spellcheck={false} value={form.credentials} onInput={set("credentials")} />
        </Field>
      )}
      <Field label="Models (optional)" hint="Comma-separated; empty serves every model of its groups.">
        <input value={form.models} onInput={set("models")} />
      </Field>
      <Field label="Model mapping (optional)" hint={mapping?.hint ?? "One per line, model=upstream-model: the name the upstream knows a model by."}>
        <textarea rows={2} value={form.mapping} onInput={set("mapping")} placeholder={mapping?.example} />
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
