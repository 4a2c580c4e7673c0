// Sign in: with a password, or with a button per single sign-on provider (docs/sso.md). A refused
// single sign-on comes back here as `#/sign-in?error=<message>`, which the page shows.
import { useEffect, useState } from "preact/hooks";
import { type Me, api, ok } from "../../api.ts";
import { ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";

export function SignInPage({ onSignedIn }: { onSignedIn: (me: Me) => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { error, run } = useAction();
  const [busy, setBusy] = useState(false);
  // "Forgot password?" only where the operator configured e-mail: without it the link would lead nowhere.
  const [passwordReset, setPasswordReset] = useState(false);
  const [providers, setProviders] = useState<{ id: string; label: string }[]>([]);
  // "Sign up" only where the operator opened it.
  const [signUp, setSignUp] = useState(false);
  useEffect(() => {
    api.GET("/api/sign-in-options").then(
      ({ data }) => {
        setPasswordReset(data?.password_reset ?? false);
        setProviders(data?.identity_providers ?? []);
        setSignUp(data?.sign_up ?? false);
      },
      () => setPasswordReset(false),
    );
  }, []);
  // Shown as text (never as markup), so a crafted link can at most show a sentence.
  const ssoError = new URLSearchParams(location.hash.split("?")[1] ?? "").get("error");

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => onSignedIn(await ok(api.POST("/api/session", { body: { email, password } }))));
    setBusy(false);
  };

  return (
    <section class="narrow">
      <div class="card">
        <h1>Sign in</h1>
        <p class="muted">Use the account your organization's owner or the operator created for you.</p>
        {ssoError && (
          <div class="note note-error" role="alert">
            {ssoError}
          </div>
        )}
        {providers.length > 0 && (
          <div class="stack sso-buttons" aria-label="Single sign-on">
            {providers.map((provider) => (
              <a class="button" href={`/api/sso/${encodeURIComponent(provider.id)}/start`}>
                Sign in with {provider.label}
              </a>
            ))}
            <p class="muted small">or with your password:</p>
          </div>
        )}
        <form onSubmit={submit} class="stack">
          <Field label="Email">
            <input type="email" name="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
          </Field>
          <Field label="Password">
            <input type="password" name="password" autocomplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
          </Field>
          <ErrorNote error={error} />
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
          {passwordReset ? (
            <a class="form-link" href="#/forgot-password">
              Forgot password?
            </a>
          ) : (
            <p class="muted form-link">Forgot your password? Ask your organization's owner or the operator to set a new one.</p>
          )}
          {signUp && (
            <a class="form-link" href="#/sign-up">
              No account? Sign up
            </a>
          )}
        </form>
      </div>
    </section>
  );
}
