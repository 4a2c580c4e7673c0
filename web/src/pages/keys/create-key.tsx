// The form that creates a key: name, group, optional expiry, and (for the owner) a spend cap and rate limits.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { type RateDraft, RateLimitFields, fromRateDraft, toRateDraft } from "../../components/rate-limits.tsx";
import { ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { familyNames, multiplier, toMicros } from "../../format.ts";
import { CapPeriodOptions } from "../../components/cap-period.tsx";

/** Tomorrow in the viewer's time zone, as a date input's value (YYYY-MM-DD). */
function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

export function CreateKey({
  groups,
  byOwner,
  onCreated,
}: {
  groups: Schemas["CallGuideGroup"][];
  /** The owner may set the key's spend cap and rate limits; the server refuses them from anyone else. */
  byOwner: boolean;
  onCreated: (key: Schemas["CreatedApiKey"]) => void;
}) {
  const [name, setName] = useState("");
  const [groupId, setGroupId] = useState("");
  const [expires, setExpires] = useState("");
  const [cap, setCap] = useState("");
  const [period, setPeriod] = useState("");
  const [limits, setLimits] = useState<RateDraft>(toRateDraft());
  const [busy, setBusy] = useState(false);
  const { error, run } = useAction();
  const chosen = groups.find((group) => group.id === groupId);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => {
      const key = await ok(
        api.POST("/api/keys", {
          body: {
            name: name.trim(),
            group_id: groupId || null,
            // The key works through the whole chosen day in the viewer's time zone, the day the Expires column shows.
            expires_at: expires ? new Date(`${expires}T23:59:59.999`).toISOString() : null,
            ...(byOwner
              ? { spend_cap: toMicros(cap), cap_period: toMicros(cap) === null ? null : ((period || null) as "daily" | "weekly" | "monthly" | null), rate_limits: fromRateDraft(limits) }
              : {}),
          },
        }),
      );
      setName("");
      setExpires("");
      setCap("");
      setPeriod("");
      setLimits(toRateDraft());
      onCreated(key);
    });
    setBusy(false);
  };

  return (
    <form class="card" onSubmit={submit} aria-label="Create a key">
      <h2>Create a key</h2>
      <div class="form-grid">
        <Field label="Name">
          <input name="name" required maxLength={100} placeholder="e.g. backend-prod" value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </Field>
        <Field label="Group" hint={chosen ? `${familyNames[chosen.family]} · ${multiplier(chosen.multiplier_milli)} · ${chosen.models.length} models` : "Without a group the key cannot call models yet."}>
          <select name="group" value={groupId} onChange={(e) => setGroupId(e.currentTarget.value)}>
            <option value="">Choose later</option>
            {groups.map((group) => (
              <option value={group.id}>{group.name}</option>
            ))}
          </select>
        </Field>
        <Field label="Expires (optional)">
          <input type="date" name="expires" min={tomorrow()} value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />
        </Field>
        {byOwner && (
          <Field label="Spend cap, $ (optional)">
            <input type="number" name="cap" min="0" step="any" inputMode="decimal" placeholder="No cap" value={cap} onInput={(e) => setCap(e.currentTarget.value)} />
          </Field>
        )}
        {byOwner && (
          <Field label="Cap resets" hint="At midnight UTC; weekly from Monday, monthly on the 1st.">
            <select name="cap_period" value={period} disabled={cap.trim() === ""} onChange={(e) => setPeriod(e.currentTarget.value)}>
              <CapPeriodOptions />
            </select>
          </Field>
        )}
        {byOwner && <RateLimitFields draft={limits} onChange={setLimits} />}
      </div>
      <ErrorNote error={error} />
      <div class="form-actions">
        <button type="submit" class="button button-primary" disabled={busy}>
          {busy ? "Creating…" : "Create key"}
        </button>
      </div>
    </form>
  );
}
