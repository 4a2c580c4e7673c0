// Small building blocks shared by every page.
import { type ComponentChildren, cloneElement, isValidElement } from "preact";
import { useEffect, useId, useRef, useState } from "preact/hooks";

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

/** Writes text to the clipboard: the Clipboard API where the page is a secure context, else a hidden textarea. */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, focus): fall through to the older way.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

export function CopyButton({ text, label = "Copy", class: extra = "" }: { text: string; label?: string; class?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    setState((await writeClipboard(text)) ? "copied" : "failed");
    setTimeout(() => setState("idle"), 2000);
  };
  return (
    <button type="button" class={`button button-small ${extra}`.trim()} onClick={copy}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : label}</span>
    </button>
  );
}

/** A destructive action that asks once more, inline, before it happens (focus moves to the question). */
export function ConfirmButton({ label, confirmLabel, onConfirm }: { label: string; confirmLabel: string; onConfirm: () => unknown }) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  const cancel = () => {
    setAsking(false);
    requestAnimationFrame(() => back.current?.focus());
  };
  if (!asking) {
    return (
      <button ref={back} type="button" class="button button-small button-danger-quiet" onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span class="confirm" role="group" aria-label={`${confirmLabel}?`} onKeyDown={(event) => event.key === "Escape" && cancel()}>
      <button
        ref={confirm}
        type="button"
        class="button button-small button-danger"
        onClick={async () => {
          setAsking(false);
          await onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" class="button button-small" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}

/**
 * A labelled form control; the hint is announced as its description, not as part of its name. An
 * `error` (what is wrong with the value typed) shows under it and marks the control invalid.
 */
export function Field({ label, hint, error, children }: { label: string; hint?: ComponentChildren; error?: string | null; children: ComponentChildren }) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ");
  const control =
    describedBy && isValidElement(children)
      ? cloneElement(children, { "aria-describedby": describedBy, ...(error ? { "aria-invalid": "true" } : {}) } as Record<string, unknown>)
      : children;
  return (
    <div class="field">
      <label class="field-control">
        <span class="field-label">{label}</span>
        {control}
      </label>
      {error && (
        <span class="field-error" id={errorId} role="alert">
          {error}
        </span>
      )}
      {hint && (
        <span class="field-hint" id={hintId}>
          {hint}
        </span>
      )}
    </div>
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

/**
 * A set of checkboxes choosing groups (grants, exclusive groups, the groups a channel serves). A click
 * shows at once; when `onChange` returns a promise (a save), the boxes follow `selected` again after it.
 */
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
  onChange: (ids: string[]) => unknown;
  empty?: string;
}) {
  const [pending, setPending] = useState<string[] | null>(null);
  const current = pending ?? selected;
  const toggle = async (id: string, on: boolean) => {
    const next = on ? [...current, id] : current.filter((other) => other !== id);
    setPending(next);
    const saving = onChange(next);
    if (saving instanceof Promise) {
      await saving.catch(() => undefined);
      setPending(null);
    }
  };
  useEffect(() => {
    if (pending === null) return;
    // A parent that keeps the selection itself (a form) reflects it in `selected` at once.
    if (pending.length === selected.length && pending.every((id) => selected.includes(id))) setPending(null);
  }, [selected]);
  return (
    <fieldset class="checks">
      <legend>{legend}</legend>
      {groups.length === 0 && empty && <span class="muted small">{empty}</span>}
      {groups.map((group) => (
        <label class="check">
          <input type="checkbox" checked={current.includes(group.id)} onChange={(e) => toggle(group.id, e.currentTarget.checked)} />
          {group.name}
        </label>
      ))}
    </fieldset>
  );
}

/** A row of toggle buttons choosing one option (time window, breakdown, snippet language). */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div class="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button type="button" aria-pressed={option.value === value} class={option.value === value ? "active" : ""} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
