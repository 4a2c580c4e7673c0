// Edits a group's models and base prices as rows of fields, in $ per million tokens. Every price
// kind the contract knows (input, output, cache read, cache write, 1-hour cache write) round-trips,
// so saving a group never drops a price that was not shown. An empty 1-hour field stays unset (those
// writes then cost the cache-write price), rather than becoming a price of 0.
// Each row also sets the model's two limits an operator changes most (the most output tokens a call
// gets, the context window), shown empty with the catalog's value as a placeholder and its source;
// the operator's other capability changes (made in the admin API) are kept as they were on save.
import type { Schemas } from "../../api.ts";

type Capabilities = Schemas["ModelCapabilityChanges"];

export type ModelDraft = {
  model_id: string;
  display_name: string;
  input: string;
  output: string;
  cache_read: string;
  cache_write: string;
  cache_write_1h: string;
  max_output_tokens: string;
  context_window: string;
  /** The operator's other changes, kept as they were. */
  capabilities?: Capabilities;
  /** What the gateway holds the model to now, shown beside the fields. */
  effective?: Schemas["ModelCapabilities"];
};

const dollars = (micros: number | undefined) => (micros === undefined ? "" : String(micros / 1_000_000));
const micros = (text: string) => Math.round(Number(text || 0) * 1_000_000);

export const emptyModel = (): ModelDraft => ({ model_id: "", display_name: "", input: "", output: "", cache_read: "", cache_write: "", cache_write_1h: "", max_output_tokens: "", context_window: "" });

const count = (value: number | undefined) => (value === undefined ? "" : String(value));

export function toDrafts(models: Schemas["GroupModel"][]): ModelDraft[] {
  return models.map((model) => ({
    model_id: model.model_id,
    display_name: model.display_name ?? "",
    input: dollars(model.prices.input),
    output: dollars(model.prices.output),
    cache_read: dollars(model.prices.cache_read),
    cache_write: dollars(model.prices.cache_write),
    cache_write_1h: dollars(model.prices.cache_write_1h),
    max_output_tokens: count(model.capabilities?.max_output_tokens),
    context_window: count(model.capabilities?.context_window),
    capabilities: model.capabilities,
    effective: model.effective_capabilities,
  }));
}

/** The operator's changes: those kept, with the two limit fields as the form has them (empty: the catalog's). */
function capabilitiesOf(draft: ModelDraft): Capabilities | undefined {
  const { max_output_tokens: _output, context_window: _context, ...kept } = draft.capabilities ?? {};
  const changes: Capabilities = { ...kept };
  if (draft.max_output_tokens !== "") changes.max_output_tokens = Math.round(Number(draft.max_output_tokens));
  if (draft.context_window !== "") changes.context_window = Math.round(Number(draft.context_window));
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** One line on what the gateway holds the model to, and from where. */
function capabilitySummary(effective: Schemas["ModelCapabilities"] | undefined): string {
  if (!effective) return "Limits come from the capability catalog once saved.";
  const reasoning = effective.reasoning === null ? "does not reason" : effective.reasoning.efforts.length ? `reasons (${effective.reasoning.efforts.join(", ")})` : "reasons";
  const source = { catalog: "the catalog's entry", family: "the catalog, by its family", default: "defaults: the catalog does not know this id", operator: "your changes over the catalog" }[effective.source];
  return `Up to ${effective.max_output_tokens.toLocaleString("en-US")} output tokens of a ${effective.context_window.toLocaleString("en-US")}-token context; ${reasoning}. From ${source}.`;
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
      ...(capabilitiesOf(draft) ? { capabilities: capabilitiesOf(draft) } : {}),
    }));
}

const priceFields = [
  { field: "input", label: "Input" },
  { field: "output", label: "Output" },
  { field: "cache_read", label: "Cache read" },
  { field: "cache_write", label: "Cache write" },
  { field: "cache_write_1h", label: "Cache write 1h" },
] as const;

/** A price ($, decimal, from 0) or a token count (whole, from 1) in a model's row. */
function NumberField(props: { label: string; kind: "decimal" | "count"; value: string; onInput: (value: string) => void; required?: boolean; placeholder?: string }) {
  const decimal = props.kind === "decimal";
  return (
    <label class="field field-price">
      <span class="field-label">{props.label}</span>
      <input
        type="number"
        min={decimal ? "0" : "1"}
        step={decimal ? "any" : "1"}
        inputMode={decimal ? "decimal" : "numeric"}
        required={props.required}
        placeholder={props.placeholder}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

const limitFields = [
  { field: "max_output_tokens", label: "Max output", catalog: (effective: Schemas["ModelCapabilities"]) => effective.max_output_tokens },
  { field: "context_window", label: "Context", catalog: (effective: Schemas["ModelCapabilities"]) => effective.context_window },
] as const;

export function ModelsEditor({ drafts, onChange }: { drafts: ModelDraft[]; onChange: (drafts: ModelDraft[]) => void }) {
  const update = (index: number, field: keyof ModelDraft, value: string) => onChange(drafts.map((draft, at) => (at === index ? { ...draft, [field]: value } : draft)));
  return (
    <fieldset class="models-editor">
      <legend>Models, base prices ($ per million tokens) and limits (tokens; empty: the catalog's)</legend>
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
            <NumberField label={label} kind="decimal" required={field === "input" || field === "output"} value={draft[field]} onInput={(value) => update(index, field, value)} />
          ))}
          {limitFields.map(({ field, label, catalog }) => (
            <NumberField label={label} kind="count" placeholder={draft.effective ? String(catalog(draft.effective)) : "catalog"} value={draft[field]} onInput={(value) => update(index, field, value)} />
          ))}
          <button type="button" class="button button-small button-danger-quiet" aria-label={`Remove ${draft.model_id || `model ${index + 1}`}`} onClick={() => onChange(drafts.filter((_, at) => at !== index))}>
            Remove
          </button>
          <p class="muted small model-capabilities">{capabilitySummary(draft.effective)}</p>
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
