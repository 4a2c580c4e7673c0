// Budget alerts (owner: their organization; operator: every organization): one signed webhook and
// the thresholds that fire it. The signing secret is shown once, on creation or rotation.
import { useEffect, useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { SecretOnce } from "../../components/secret-once.tsx";
import { ConfirmButton, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { when } from "../../format.ts";

type Hook = Schemas["AlertHook"];

/**
 * "Balance below" as micros: null when empty (no such alert, as the field's hint says); an error for
 * anything but a plain amount ("1,000", "$5", "-5"). Number("1,000") is NaN, which JSON sends as
 * null: the alert would be switched off in silence.
 */
function balanceBelowMicros(text: string): { micros: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { micros: null };
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    return { error: `"${trimmed}" is not an amount: write digits and at most one decimal point, e.g. 1000 or 12.50.` };
  }
  return { micros: Math.round(Number(trimmed) * 1_000_000) };
}

/** The hook, or null while none is configured (404). */
const loadHook = async (): Promise<Hook | null> => {
  const answer = api.GET("/api/alerts");
  if ((await answer).response.status === 404) return null;
  return ok(answer);
};

export function AlertsPage({ me }: { me: Me }) {
  const hook = useLoad(loadHook);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const [url, setUrl] = useState("");
  const [percents, setPercents] = useState("80, 100");
  const [below, setBelow] = useState("");
  const [belowError, setBelowError] = useState<string | null>(null);
  const [dayCover, setDayCover] = useState(true);
  const [emailOwners, setEmailOwners] = useState(false);
  const [emailAddresses, setEmailAddresses] = useState("");
  // Mailing alerts needs the operator's e-mail settings: without them the options are replaced by why.
  const [mailOn, setMailOn] = useState(false);
  useEffect(() => {
    api.GET("/api/sign-in-options").then(({ data }) => setMailOn(data?.email ?? false), () => setMailOn(false));
  }, []);
  const current = hook.data ?? null;
  useEffect(() => {
    if (!current) return;
    setUrl(current.url);
    setPercents(current.cap_percents.join(", "));
    setBelow(current.balance_below === null ? "" : String(current.balance_below / 1_000_000));
    setDayCover(current.day_cover);
    setEmailOwners(current.email_owners);
    setEmailAddresses(current.email_addresses.join(", "));
  }, [current?.updated_at]);

  const save = (rotate: boolean) => {
    setNotice("");
    const balance = balanceBelowMicros(below);
    setBelowError("error" in balance ? balance.error : null);
    if ("error" in balance) return;
    return run(async () => {
      const cap_percents = percents.split(/[\s,]+/).filter(Boolean).map(Number);
      const balance_below = balance.micros;
      const email_addresses = emailAddresses.split(/[\s,;]+/).filter(Boolean);
      const mailing = mailOn ? { email_owners: emailOwners, email_addresses } : {};
      const saved = await ok(api.PUT("/api/alerts", { body: { url: url.trim(), cap_percents, balance_below, day_cover: dayCover, ...mailing, ...(rotate ? { rotate_secret: true } : {}) } }));
      if (saved.secret) setSecret(saved.secret);
      await hook.reload();
      setNotice(rotate ? "A new signing secret is in use; the old one no longer verifies." : "Alert settings saved.");
    });
  };
  const remove = () =>
    run(async () => {
      await ok(api.DELETE("/api/alerts"));
      setUrl("");
      setSecret(null);
      await hook.reload();
      setNotice("Alerts are off: nothing more is sent.");
    });

  return (
    <section>
      <PageHeader title="Budget alerts">
        {me.role === "operator" ? "Alerts for every organization" : "Alerts for your organization, its members and keys"} go to one webhook, as signed JSON (
        <code>X-Tollgate-Signature</code>; see docs/operations.md, "Budget alerts", for how to verify it). Each crossing is sent once per period.
      </PageHeader>
      {secret && (
        <SecretOnce id={secret} name="this webhook" secret={secret} what="signing secret" onDone={() => setSecret(null)}>
          Verify every alert with it: HMAC-SHA256 over <code>"&lt;t&gt;.&lt;body&gt;"</code> must equal <code>v1</code>.
        </SecretOnce>
      )}
      <form
        class="card"
        aria-label="Alert settings"
        onSubmit={(event) => {
          event.preventDefault();
          void save(false);
        }}
      >
        <h2>{current ? "Alert settings" : "Set up alerts"}</h2>
        <div class="form-grid">
          <Field label="Webhook URL">
            <input name="url" type="url" required maxLength={2000} placeholder="https://example.com/tollgate-alerts" value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
          </Field>
          <Field label="Cap used (%)" hint="Alert when a member's or key's spend reaches these percents of its cap, e.g. 80, 100.">
            <input name="cap_percents" inputMode="numeric" value={percents} onInput={(e) => setPercents(e.currentTarget.value)} />
          </Field>
          <Field label="Balance below" hint="In currency units, e.g. 1000 or 12.50; empty: no such alert." error={belowError}>
            <input name="balance_below" inputMode="decimal" value={below} onInput={(e) => (setBelow(e.currentTarget.value), setBelowError(null))} />
          </Field>
        </div>
        <label class="check">
          <input name="day_cover" type="checkbox" checked={dayCover} onChange={(e) => setDayCover(e.currentTarget.checked)} /> Alert when a balance will not cover a day at the
          last 24 hours' rate
        </label>
        {mailOn ? (
          <>
            <label class="check">
              <input name="email_owners" type="checkbox" checked={emailOwners} onChange={(e) => setEmailOwners(e.currentTarget.checked)} /> Also e-mail each alert to{" "}
              {me.role === "operator" ? "the owners of the organization it concerns" : "the organization's owners"}
            </label>
            <Field label="Also e-mail to" hint="Addresses, separated by commas (at most 10); empty: none.">
              <input name="email_addresses" value={emailAddresses} onInput={(e) => setEmailAddresses(e.currentTarget.value)} />
            </Field>
          </>
        ) : (
          <p class="small muted">Alerts by e-mail are off: the operator has not configured e-mail on this server (docs/email.md).</p>
        )}
        <ErrorNote error={error ?? hook.error} />
        <p class="notice" role="status">
          {notice}
        </p>
        <div class="form-actions">
          <button type="submit" class="button button-primary">
            {current ? "Save" : "Turn on alerts"}
          </button>
          {current && (
            <button type="button" class="button" onClick={() => void save(true)}>
              New signing secret
            </button>
          )}
          {current && <ConfirmButton label="Turn off" confirmLabel="Turn off alerts" onConfirm={remove} />}
        </div>
        {current && <p class="small muted">Last changed {when(current.updated_at)}.</p>}
      </form>
    </section>
  );
}
