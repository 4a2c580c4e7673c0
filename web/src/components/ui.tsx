// Small building blocks shared by every page.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div class="note note-error" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <p class="empty-title">{title}</p>
      {children && <p class="muted">{children}</p>}
    </div>
  );
}

export function Badge({ tone = "plain", children }: { tone?: "plain" | "good" | "warn" | "bad" | "accent"; children: ComponentChildren }) {
  return <span class={`badge badge-${tone}`}>{children}</span>;
}

export function CopyButton({ text, label = "Copy" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard access can be refused (insecure context); select the text for a manual copy instead.
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <button type="button" class="button button-small" onClick={copy} aria-live="polite">
      {copied ? "Copied" : label}
    </button>
  );
}

/** A destructive action that asks once more, inline, before it happens. */
export function ConfirmButton({ label, confirmLabel, onConfirm }: { label: string; confirmLabel: string; onConfirm: () => unknown }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="button button-small button-danger-quiet" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span class="confirm">
      <button
        type="button"
        class="button button-small button-danger"
        onClick={async () => {
          setAsking(false);
          await onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" class="button button-small" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}

export function Field({ label, hint, children }: { label: string; hint?: string; children: ComponentChildren }) {
  return (
    <label class="field">
      <span class="field-label">{label}</span>
      {children}
      {hint && <span class="field-hint">{hint}</span>}
    </label>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <header class="page-header">
      <h1>{title}</h1>
      {children && <p class="muted">{children}</p>}
    </header>
  );
}

/** A set of checkboxes choosing groups (grants, exclusive groups, the groups a channel serves). */
export function GroupChecks({
  legend,
  groups,
  selected,
  onChange,
  empty,
}: {
  legend: string;
  groups: { id: string; name: string }[];
  selected: string[];
  onChange: (ids: string[]) => void;
  empty?: string;
}) {
  return (
    <fieldset class="checks">
      <legend>{legend}</legend>
      {groups.length === 0 && empty && <span class="muted small">{empty}</span>}
      {groups.map((group) => (
        <label class="check">
          <input
            type="checkbox"
            checked={selected.includes(group.id)}
            onChange={(e) => onChange(e.currentTarget.checked ? [...selected, group.id] : selected.filter((id) => id !== group.id))}
          />
          {group.name}
        </label>
      ))}
    </fieldset>
  );
}
