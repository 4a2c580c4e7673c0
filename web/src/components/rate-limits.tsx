// Rate limits in the console: three optional numbers (empty = unlimited), their one-line summary,
// and a small form that edits them in place (keys, organizations).
import { useState } from "preact/hooks";
import type { Schemas } from "../api.ts";
import { ErrorNote, Field } from "./ui.tsx";
import { useAction } from "./use-action.ts";

type RateLimits = Schemas["RateLimits"];
export type RateDraft = { rpm: string; tpm: string; concurrent: string };

export const toRateDraft = (limits?: RateLimits | null): RateDraft => ({
  rpm: limits?.rpm == null ? "" : String(limits.rpm),
  tpm: limits?.tpm == null ? "" : String(limits.tpm),
  concurrent: limits?.concurrent == null ? "" : String(limits.concurrent),
});

const number = (text: string) => (text.trim() === "" ? null : Number(text));
export const fromRateDraft = (draft: RateDraft) => ({ rpm: number(draft.rpm), tpm: number(draft.tpm), concurrent: number(draft.concurrent) });

export function rateLimitsText(limits: RateLimits): string {
  const parts = [
    limits.rpm !== null && `${limits.rpm.toLocaleString("en-US")} RPM`,
    limits.tpm !== null && `${limits.tpm.toLocaleString("en-US")} TPM`,
    limits.concurrent !== null && `${limits.concurrent.toLocaleString("en-US")} at once`,
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "Unlimited";
}

/** The three inputs; an empty one means unlimited. */
export function RateLimitFields({ draft, onChange }: { draft: RateDraft; onChange: (draft: RateDraft) => void }) {
  const set = (field: keyof RateDraft) => (event: Event) => onChange({ ...draft, [field]: (event.currentTarget as HTMLInputElement).value });
  return (
    <>
      <Field label="Requests per minute" hint="Empty: unlimited.">
        <input type="number" name="rpm" min="1" max="1000000" step="1" placeholder="Unlimited" value={draft.rpm} onInput={set("rpm")} />
      </Field>
      <Field label="Tokens per minute" hint="Metered input + output tokens.">
        <input type="number" name="tpm" min="1" max="10000000000" step="1" placeholder="Unlimited" value={draft.tpm} onInput={set("tpm")} />
      </Field>
      <Field label="Calls at once" hint="Calls in flight.">
        <input type="number" name="concurrent" min="1" max="10000" step="1" placeholder="Unlimited" value={draft.concurrent} onInput={set("concurrent")} />
      </Field>
    </>
  );
}

/**
 * The limits' summary, and an Edit button that opens the three inputs with Save. `onSave` rejects
 * when the save failed: the editor then stays open with what was typed, and shows why.
 */
export function RateLimitsEditor({ label, limits, onSave }: { label: string; limits: RateLimits; onSave: (limits: ReturnType<typeof fromRateDraft>) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(toRateDraft(limits));
  const { error, run } = useAction();
  if (!open) {
    return (
      <div class="rate-limits">
        <span data-rate-limits>{rateLimitsText(limits)}</span>{" "}
        <button type="button" class="button button-small" aria-label={`Edit rate limits of ${label}`} onClick={() => (setDraft(toRateDraft(limits)), setOpen(true))}>
          Edit
        </button>
      </div>
    );
  }
  return (
    <form
      class="stack"
      aria-label={`Rate limits of ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        return run(async () => {
          await onSave(fromRateDraft(draft));
          setOpen(false);
        });
      }}
    >
      <RateLimitFields draft={draft} onChange={setDraft} />
      <ErrorNote error={error} />
      <div class="form-actions">
        <button type="submit" class="button button-primary button-small">
          Save limits
        </button>
        <button type="button" class="button button-small" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
