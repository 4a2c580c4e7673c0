// The page a mailed reset link opens: `#/reset-password/<token>`. The token stays in the page (it
// is after `#`, so no server saw it on the way); the new password and the token go to the server
// together, which signs this browser in.
import { useState } from "preact/hooks";
import { type Me, api, ok } from "../../api.ts";
import { ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";

export const resetRoute = "/reset-password/";

export function ResetPasswordPage({ route, onSignedIn }: { route: string; onSignedIn: (me: Me) => void }) {
  const token = route.slice(resetRoute.length);
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, run } = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => {
      if (password !== again) throw new Error("The two passwords differ. Type the same new password twice.");
      onSignedIn(await ok(api.POST("/api/password-resets", { body: { token, new_password: password } })));
    });
    setBusy(false);
  };

  return (
    <section class="narrow">
      <div class="card">
        <h1>Set a new password</h1>
        <p class="muted">Choose the password you will sign in with from now on. Your other sessions are signed out.</p>
        <form onSubmit={submit} class="stack" aria-label="Set a new password">
          <Field label="New password" hint="At least 8 characters.">
            <input type="password" name="new_password" autocomplete="new-password" required minLength={8} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
          </Field>
          <Field label="New password, again">
            <input type="password" name="new_password_again" autocomplete="new-password" required minLength={8} value={again} onInput={(e) => setAgain(e.currentTarget.value)} />
          </Field>
          <ErrorNote error={error} />
          <button type="submit" class="button button-primary" disabled={busy || !token}>
            {busy ? "Setting…" : "Set password and sign in"}
          </button>
          <a class="form-link" href="#/forgot-password">
            Need a new link?
          </a>
        </form>
      </div>
    </section>
  );
}
