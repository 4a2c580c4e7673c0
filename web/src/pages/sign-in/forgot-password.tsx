// "Forgot password?": asks for the account's address; the server answers the same whether or not
// an account has it, and so does this page.
import { useState } from "preact/hooks";
import { api, ok } from "../../api.ts";
import { ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";

export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, run } = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => setSent((await ok(api.POST("/api/password-reset-links", { body: { email } }))).message));
    setBusy(false);
  };

  return (
    <section class="narrow">
      <div class="card">
        <h1>Forgot your password?</h1>
        {sent ? (
          <div class="stack">
            <p class="notice" role="status">
              {sent}
            </p>
            <a class="form-link" href="#/sign-in">
              Back to sign in
            </a>
          </div>
        ) : (
          <>
            <p class="muted">Type your account's e-mail address. We will mail it a link to set a new password.</p>
            <form onSubmit={submit} class="stack" aria-label="Ask for a password reset link">
              <Field label="Email">
                <input type="email" name="email" autocomplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
              </Field>
              <ErrorNote error={error} />
              <button type="submit" class="button button-primary" disabled={busy}>
                {busy ? "Sending…" : "Send the link"}
              </button>
              <a class="form-link" href="#/sign-in">
                Back to sign in
              </a>
            </form>
          </>
        )}
      </div>
    </section>
  );
}
