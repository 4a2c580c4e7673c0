// The page a mailed invitation opens: `#/invitation/<token>`. It shows what the invitation is for
// (or why it no longer works), then takes a name and a password; accepting makes the account and
// signs this browser in. The token stays after `#` and goes to the server only in request bodies.
import { useEffect, useState } from "preact/hooks";
import { type Me, type Schemas, api, ok } from "../../api.ts";
import { ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";

export const invitationRoute = "/invitation/";

const roleWords = { owner: "an owner", "sub-user": "a sub-user", developer: "a developer" } as const;

export function InvitationPage({ route, onSignedIn }: { route: string; onSignedIn: (me: Me) => void }) {
  const token = route.slice(invitationRoute.length);
  const [preview, setPreview] = useState<Schemas["InvitationPreview"] | undefined>(undefined);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const load = useAction();
  const { error, run } = useAction();
  useEffect(() => {
    void load.run(async () => setPreview(await ok(api.POST("/api/invitation-previews", { body: { token } }))));
  }, [token]);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => onSignedIn(await ok(api.POST("/api/invitation-acceptances", { body: { token, name, password } }))));
    setBusy(false);
  };

  const pending = preview?.state === "pending" && !preview.account_exists;
  return (
    <section class="narrow">
      <div class="card">
        <h1>Join an organization</h1>
        <ErrorNote error={load.error} />
        {preview && preview.state !== "pending" && (
          <p class="notice" role="alert">
            {preview.message}
          </p>
        )}
        {preview?.state === "pending" && preview.account_exists && (
          <p class="notice" role="alert">
            An account already uses {preview.email}, and an account belongs to one organization. Sign in with it, or ask the person who invited you to invite another address.
          </p>
        )}
        {pending && (
          <>
            <p class="muted">
              You are invited to join <strong>{preview.organization_name}</strong> as {roleWords[preview.role!]}, with the account <strong>{preview.email}</strong>. Choose your name and a password.
            </p>
            <form onSubmit={submit} class="stack" aria-label="Accept the invitation">
              <Field label="Your name">
                <input name="name" autocomplete="name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
              </Field>
              <Field label="Password" hint="At least 8 characters.">
                <input type="password" name="password" autocomplete="new-password" required minLength={8} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
              </Field>
              <ErrorNote error={error} />
              <button type="submit" class="button button-primary" disabled={busy}>
                {busy ? "Joining…" : "Join and sign in"}
              </button>
            </form>
          </>
        )}
        <a class="form-link" href="#/sign-in">
          Sign in instead
        </a>
      </div>
    </section>
  );
}
