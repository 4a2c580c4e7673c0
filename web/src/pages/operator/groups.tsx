// Operator: groups — multiplier, visibility, models and base prices (family follows the name).
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { familyNames, multiplier, perMillion } from "../../format.ts";

type Group = Schemas["Group"];

/** Models edited as text, one per line: `model_id, input $/1M, output $/1M[, display name]`. */
function modelsToText(group: Group): string {
  return group.models.map((model) => [model.model_id, model.prices.input / 1e6, model.prices.output / 1e6, model.display_name ?? ""].join(", ")).join("\n");
}

function textToModels(text: string): Schemas["GroupModel"][] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [model_id, input, output, ...name] = line.split(",").map((part) => part.trim());
      return { model_id, display_name: name.join(", ") || model_id, prices: { input: Math.round(Number(input) * 1e6), output: Math.round(Number(output) * 1e6) } };
    });
}

export function GroupsPage() {
  const groups = useLoad(() => ok(api.GET("/api/admin/groups")));
  return (
    <section>
      <PageHeader title="Groups">A group's family comes from its name (Claude/Flagship/Premium, GPT, Gemini, DeepSeek/Qwen/GLM/Kimi/MiniMax). Prices are base prices per million tokens.</PageHeader>
      <CreateGroup onCreated={groups.reload} />
      <ErrorNote error={groups.error} />
      {(groups.data?.data ?? []).map((group) => (
        <EditGroup group={group} onSaved={groups.reload} />
      ))}
    </section>
  );
}

function EditGroup({ group, onSaved }: { group: Group; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [multiplierText, setMultiplier] = useState(String(group.multiplier_milli / 1000));
  const [visibility, setVisibility] = useState(group.visibility);
  const [models, setModels] = useState(modelsToText(group));
  const { error, run } = useAction();
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(
        api.PATCH("/api/admin/groups/{id}", {
          params: { path: { id: group.id } },
          body: { multiplier_milli: Math.round(Number(multiplierText) * 1000), visibility, models: textToModels(models) },
        }),
      );
      setOpen(false);
      onSaved();
    });
  };
  return (
    <article class="card" data-group={group.identifier}>
      <header class="card-head">
        <div>
          <h2>{group.name}</h2>
          <code class="muted small">{group.identifier}</code>
        </div>
        <div class="badges">
          <Badge tone="accent">{multiplier(group.multiplier_milli)}</Badge>
          <Badge>{familyNames[group.family]}</Badge>
          <Badge tone={group.visibility === "public" ? "plain" : "good"}>{group.visibility}</Badge>
          <button type="button" class="button button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? "Close" : "Edit"}
          </button>
        </div>
      </header>
      {!open && (
        <p class="small muted">
          {group.models.map((model) => `${model.model_id} (${perMillion(model.prices.input)} / ${perMillion(model.prices.output)})`).join(" · ") || "No models yet."}
        </p>
      )}
      {open && (
        <form class="stack" onSubmit={save}>
          <div class="form-row">
            <Field label="Multiplier">
              <input type="number" step="0.001" min="0.001" value={multiplierText} onInput={(e) => setMultiplier(e.currentTarget.value)} />
            </Field>
            <Field label="Visibility">
              <select value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as Group["visibility"])}>
                <option value="public">Public (Marketplace, every organization)</option>
                <option value="exclusive">Exclusive (authorized organizations only)</option>
              </select>
            </Field>
          </div>
          <Field label="Models" hint="One per line: model id, input $ per 1M, output $ per 1M, display name">
            <textarea rows={Math.max(3, group.models.length + 1)} value={models} onInput={(e) => setModels(e.currentTarget.value)} />
          </Field>
          <ErrorNote error={error} />
          <div>
            <button type="submit" class="button button-primary">
              Save group
            </button>
          </div>
        </form>
      )}
    </article>
  );
}

function CreateGroup({ onCreated }: { onCreated: () => void }) {
  const [form, setForm] = useState({ name: "", identifier: "", multiplier: "1", visibility: "public" as Group["visibility"], models: "" });
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(
        api.POST("/api/admin/groups", {
          body: {
            name: form.name,
            identifier: form.identifier,
            multiplier_milli: Math.round(Number(form.multiplier) * 1000),
            visibility: form.visibility,
            models: textToModels(form.models),
          },
        }),
      );
      setForm({ name: "", identifier: "", multiplier: "1", visibility: "public", models: "" });
      onCreated();
    });
  };
  return (
    <details class="card">
      <summary class="strong">New group</summary>
      <form class="stack" onSubmit={submit}>
        <div class="form-row">
          <Field label="Name" hint="Its family keyword decides what it can call.">
            <input name="group-name" required value={form.name} onInput={set("name")} />
          </Field>
          <Field label="Identifier" hint="Lowercase, used in group/model call names.">
            <input name="identifier" required pattern="[a-z0-9][a-z0-9-]*" value={form.identifier} onInput={set("identifier")} />
          </Field>
          <Field label="Multiplier">
            <input type="number" step="0.001" min="0.001" value={form.multiplier} onInput={set("multiplier")} />
          </Field>
          <Field label="Visibility">
            <select name="visibility" value={form.visibility} onChange={set("visibility")}>
              <option value="public">Public</option>
              <option value="exclusive">Exclusive</option>
            </select>
          </Field>
        </div>
        <Field label="Models" hint="One per line: model id, input $ per 1M, output $ per 1M, display name">
          <textarea name="models" rows={3} value={form.models} onInput={set("models")} />
        </Field>
        <ErrorNote error={error} />
        <div>
          <button type="submit" class="button button-primary">
            Create group
          </button>
        </div>
      </form>
    </details>
  );
}
