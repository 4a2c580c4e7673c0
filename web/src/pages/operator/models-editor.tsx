// Edits a group's models and base prices as rows of fields, in $ per million tokens. Every price
// kind the contract knows (input, output, cache read, cache write, 1-hour cache write) round-trips,
// so saving a group never drops a price that was not shown. An empty 1-hour field stays unset (those
// writes then cost the cache-write price), rather than becoming a price of 0.
import type { Schemas } from "../../api.ts";

export type ModelDraft = { model_id: string; display_name: string; input: string; output: string; cache_read: string; cache_write: string; cache_write_1h: string };

const dollars = (micros: number | undefined) => (micros === undefined ? "" : String(micros / 1_000_000));
const micros = (text: string) => Math.round(Number(text || 0) * 1_000_000);

export const emptyModel = (): ModelDraft => ({ model_id: "", display_name: "", input: "", output: "", cache_read: "", cache_write: "", cache_write_1h: "" });

export function toDrafts(models: Schemas["GroupModel"][]): ModelDraft[] {
  return models.map((model) => ({
    model_id: model.model_id,
    display_name: model.display_name ?? "",
    input: dollars(model.prices.input),
    output: dollars(model.prices.output),
    cache_read: dollars(model.prices.cache_read),
    cache_write: dollars(model.prices.cache_write),
    cache_write_1h: dollars(model.prices.cache_write_1h),
  }));
}

export function fromDrafts(drafts: ModelDraft[]): Schemas["GroupModel"][] {
  return drafts
    .filter((draft) => draft.model_id.trim())
    .map((draft) => ({
      model_id: draft.model_id.trim(),
      display_name: draft.display_name.trim() || draft.model_id.trim(),
      prices: {
        input: micros(draft.input),
        output: micros(draft.output),
        ...(draft.cache_read !== "" ? { cache_read: micros(draft.cache_read) } : {}),
        ...(draft.cache_write !== "" ? { cache_write: micros(draft.cache_write) } : {}),
        ...(draft.cache_write_1h !== "" ? { cache_write_1h: micros(draft.cache_write_1h) } : {}),
      },
    }));
}

const priceFields = [
  { field: "input", label: "Input" },
  { field: "output", label: "Output" },
  { field: "cache_read", label: "Cache read" },
  { field: "cache_write", label: "Cache write" },
  { field: "cache_write_1h", label: "Cache write 1h" },
] as const;

export function ModelsEditor({ drafts, onChange }: { drafts: ModelDraft[]; onChange: (drafts: ModelDraft[]) => void }) {
  const update = (index: number, field: keyof ModelDraft, value: string) => onChange(drafts.map((draft, at) => (at === index ? { ...draft, [field]: value } : draft)));
  return (
    <fieldset class="models-editor">
      <legend>Models and base prices ($ per million tokens)</legend>
      {drafts.length === 0 && <p class="muted small">No models yet: add one below.</p>}
      {drafts.map((draft, index) => (
        <div class="model-row" role="group" aria-label={`Model ${index + 1}${draft.model_id ? `: ${draft.model_id}` : ""}`}>
          <label class="field">
            <span class="field-label">Model id</span>
            <input required value={draft.model_id} onInput={(e) => update(index, "model_id", e.currentTarget.value)} />
          </label>
          <label class="field">
            <span class="field-label">Display name</span>
            <input value={draft.display_name} placeholder={draft.model_id} onInput={(e) => update(index, "display_name", e.currentTarget.value)} />
          </label>
          {priceFields.map(({ field, label }) => (
            <label class="field field-price">
              <span class="field-label">{label}</span>
              <input
                type="number"
                min="0"
                step="any"
                inputMode="decimal"
                required={field === "input" || field === "output"}
                value={draft[field]}
                onInput={(e) => update(index, field, e.currentTarget.value)}
              />
            </label>
          ))}
          <button type="button" class="button button-small button-danger-quiet" aria-label={`Remove ${draft.model_id || `model ${index + 1}`}`} onClick={() => onChange(drafts.filter((_, at) => at !== index))}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" class="button button-small" onClick={() => onChange([...drafts, emptyModel()])}>
          Add a model
        </button>
      </div>
    </fieldset>
  );
}
