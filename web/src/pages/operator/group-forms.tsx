// The operator's group forms: a new group, and one group shown with its models and edited in place.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { type RateDraft, RateLimitFields, fromRateDraft, rateLimitsText, toRateDraft } from "../../components/rate-limits.tsx";
import { Badge, ConfirmButton, ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { familyNames, familyOrder, multiplier, perMillion } from "../../format.ts";
import { type ModelDraft, ModelsEditor, emptyModel, fromDrafts, toDrafts } from "./models-editor.tsx";
import { type RelayInterface, TranslatedInterfacesField, translatedText } from "./translated-interfaces.tsx";

type Group = Schemas["Group"];

const visibilityOptions = (
  <>
    <option value="public">Public</option>
    <option value="exclusive">Exclusive</option>
  </>
);

const visibilityHint = "Public: in the Marketplace, for every organization. Exclusive: only for organizations you authorize.";

type Family = Group["family"];

/** `fromName` offers an empty choice: the family keyword in the name decides (the server says when there is none). */
function FamilyOptions({ fromName }: { fromName?: boolean }) {
  return (
    <>
      {fromName && <option value="">From the name</option>}
      {familyOrder.map((family) => (
        <option value={family}>{familyNames[family]}</option>
      ))}
    </>
  );
}

const familyHint = "A name with Claude, GPT, Gemini, DeepSeek, Qwen, GLM, Kimi or MiniMax must keep that family; other names need one (OpenAI-compatible for Mistral, OpenRouter, vLLM…).";

export function EditGroup({ group, onSaved }: { group: Group; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [multiplierText, setMultiplier] = useState(String(group.multiplier_milli / 1000));
  const [visibility, setVisibility] = useState(group.visibility);
  const [family, setFamily] = useState<Family>(group.family);
  const [translated, setTranslated] = useState<RelayInterface[]>(group.translated_interfaces);
  const [models, setModels] = useState<ModelDraft[]>(toDrafts(group.models));
  const [limits, setLimits] = useState<RateDraft>(toRateDraft(group.rate_limits));
  const { error, run } = useAction();
  const reset = () => (
    setMultiplier(String(group.multiplier_milli / 1000)), setVisibility(group.visibility), setFamily(group.family), setTranslated(group.translated_interfaces), setModels(toDrafts(group.models)), setLimits(toRateDraft(group.rate_limits))
  );
  const save = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(
        api.PATCH("/api/admin/groups/{id}", {
          params: { path: { id: group.id } },
          body: { ...(family !== group.family ? { family } : {}), translated_interfaces: translated, multiplier_milli: Math.round(Number(multiplierText) * 1000), visibility, models: fromDrafts(models), rate_limits: fromRateDraft(limits) },
        }),
      );
      setOpen(false);
      onSaved();
    });
  };
  const archive = () =>
    run(async () => {
      await ok(api.DELETE("/api/admin/groups/{id}", { params: { path: { id: group.id } } }));
      onSaved();
    });
  return (
    <article class="card group-row" data-group={group.identifier}>
      <header class="card-head">
        <div>
          <h2>{group.name}</h2>
          <code class="muted small">{group.identifier}</code>
        </div>
        <div class="badges">
          <Badge tone="accent">{multiplier(group.multiplier_milli)}</Badge>
          <Badge>{familyNames[group.family]}</Badge>
          <Badge tone={group.visibility === "public" ? "plain" : "good"}>{group.visibility}</Badge>
          {translatedText(group) && <Badge tone="good">{translatedText(group)}</Badge>}
          {group.rate_limits && rateLimitsText(group.rate_limits) !== "Unlimited" && <Badge>{rateLimitsText(group.rate_limits)} per organization</Badge>}
          <button
            type="button"
            class="button button-small"
            aria-expanded={open}
            aria-label={`${open ? "Close" : "Edit"} ${group.name}`}
            onClick={() => (open && reset(), setOpen(!open))}
          >
            {open ? "Close" : "Edit"}
          </button>
        </div>
      </header>
      {!open && (
        <ul class="model-pills">
          {group.models.length === 0 && <li class="muted small">No models yet: edit the group to add some.</li>}
          {group.models.map((model) => (
            <li>
              <code>{model.model_id}</code>{" "}
              <span class="muted">
                {perMillion(model.prices.input)} / {perMillion(model.prices.output)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <form class="stack" onSubmit={save} aria-label={`Edit ${group.name}`}>
          <div class="form-grid">
            <Field label="Multiplier" hint="2.5 means every price of the group × 2.5.">
              <input type="number" step="0.001" min="0.001" required value={multiplierText} onInput={(e) => setMultiplier(e.currentTarget.value)} />
            </Field>
            <Field label="Visibility" hint={visibilityHint}>
              <select value={visibility} onChange={(e) => setVisibility(e.currentTarget.value as Group["visibility"])}>
                {visibilityOptions}
              </select>
            </Field>
            <Field label="Family" hint={familyHint}>
              <select value={family} onChange={(e) => setFamily(e.currentTarget.value as Family)}>
                <FamilyOptions />
              </select>
            </Field>
          </div>
          <TranslatedInterfacesField family={family} value={translated} onChange={setTranslated} />
          <fieldset class="checks">
            <legend>Rate limits, per organization</legend>
            <div class="form-grid">
              <RateLimitFields draft={limits} onChange={setLimits} />
            </div>
          </fieldset>
          <ModelsEditor drafts={models} onChange={setModels} />
          <ErrorNote error={error} />
          <div class="form-actions">
            <button type="submit" class="button button-primary">
              Save group
            </button>
            <button type="button" class="button" onClick={() => (reset(), setOpen(false))}>
              Cancel
            </button>
            <ConfirmButton label="Archive group" confirmLabel={`Archive ${group.name}`} onConfirm={archive} />
          </div>
          <p class="muted small">Archiving removes the group from the Marketplace, the Call Guide and every grant; keys bound to it lose their group. Past calls keep its name.</p>
        </form>
      )}
    </article>
  );
}

export function CreateGroup({ onCreated }: { onCreated: () => void }) {
  const blank = { name: "", identifier: "", family: "" as Family | "", multiplier: "1", visibility: "public" as Group["visibility"] };
  const [form, setForm] = useState(blank);
  const [models, setModels] = useState<ModelDraft[]>([emptyModel()]);
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
            ...(form.family ? { family: form.family } : {}),
            multiplier_milli: Math.round(Number(form.multiplier) * 1000),
            visibility: form.visibility,
            models: fromDrafts(models),
          },
        }),
      );
      setForm(blank);
      setModels([emptyModel()]);
      onCreated();
    });
  };
  return (
    <details class="card">
      <summary class="strong">New group</summary>
      <form class="stack" onSubmit={submit} aria-label="Create a group">
        <div class="form-grid">
          <Field label="Name" hint="A family keyword in it decides what it can call.">
            <input name="group-name" required value={form.name} onInput={set("name")} />
          </Field>
          <Field label="Family" hint={familyHint}>
            <select name="family" value={form.family} onChange={set("family")}>
              <FamilyOptions fromName />
            </select>
          </Field>
          <Field label="Identifier" hint="Lowercase, used in group/model call names.">
            <input name="identifier" required pattern="[a-z0-9][a-z0-9\-]*" value={form.identifier} onInput={set("identifier")} />
          </Field>
          <Field label="Multiplier">
            <input type="number" step="0.001" min="0.001" required value={form.multiplier} onInput={set("multiplier")} />
          </Field>
          <Field label="Visibility" hint={visibilityHint}>
            <select name="visibility" value={form.visibility} onChange={set("visibility")}>
              {visibilityOptions}
            </select>
          </Field>
        </div>
        <ModelsEditor drafts={models} onChange={setModels} />
        <ErrorNote error={error} />
        <div class="form-actions">
          <button type="submit" class="button button-primary">
            Create group
          </button>
        </div>
      </form>
    </details>
  );
}
