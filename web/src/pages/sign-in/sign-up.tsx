// Self sign-up, linked from the sign-in page only when the operator opened it: the form (the server
// answers the same whether or not the address has an account, and so does this page), and the page
// the mailed link opens, `#/verify-sign-up/<token>`, where the password is chosen (only the address's
// owner gets there), which confirms the address and signs in.
import { useState } from "preact/hooks";
import { type Me, api, ok } from "../../api.ts";
import { ErrorNote, Field } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";

export const verifySignUpRoute = "/verify-sign-up/";

export function SignUpPage() {
  const [form, setForm] = useState({ email: "", name: "", organization_name: "" });
  const [sent, setSent] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => setSent((await ok(api.POST("/api/sign-ups", { body: form }))).message));
    setBusy(false);
  };
  return (
    <section class="narrow">
      <div class="card">
        <h1>Sign up</h1>
        {sent ? (
          <p class="notice" role="status">
            {sent}
          </p>
        ) : (
          <>
            <p class="muted">Open an account and an organization of your own. We mail you a link to confirm the address; you choose your password there.</p>
            <form onSubmit={submit} class="stack" aria-label="Sign up">
              <Field label="Email">
                <input type="email" name="email" autocomplete="email" required value={form.email} onInput={set("email")} />
              </Field>
              <Field label="Your name">
                <input name="name" autocomplete="name" required value={form.name} onInput={set("name")} />
              </Field>
              <Field label="Organization name" hint="Your company or team; you can invite others to it later.">
                <input name="organization_name" autocomplete="organization" required value={form.organization_name} onInput={set("organization_name")} />
              </Field>
              <ErrorNote error={error} />
              <button type="submit" class="button button-primary" disabled={busy}>
                {busy ? "Sending…" : "Sign up"}
              </button>
            </form>
          </>
        )}
        <a class="form-link" href="#/sign-in">
          I have an account: sign in
        </a>
      </div>
    </section>
  );
}

export function VerifySignUpPage({ route, onSignedIn }: { route: string; onSignedIn: (me: Me) => void }) {
  const token = route.slice(verifySignUpRoute.length);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, run } = useAction();
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    await run(async () => onSignedIn(await ok(api.POST("/api/sign-up-verifications", { body: { token, password } }))));
    setBusy(false);
  };
  return (
    <section class="narrow">
      <div class="card">
        <h1>Confirm your sign-up</h1>
        <p class="muted">Choose the password of your new account; this opens it and your organization.</p>
        <form onSubmit={submit} class="stack" aria-label="Confirm sign-up">
          <Field label="Password" hint="At least 8 characters.">
            <input type="password" name="password" autocomplete="new-password" required minLength={8} value={password} onInput={(event) => setPassword((event.currentTarget as HTMLInputElement).value)} />
          </Field>
          <ErrorNote error={error} />
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? "Opening…" : "Open my account"}
          </button>
        </form>
        <a class="form-link" href="#/sign-in">
          Back to sign in
        </a>
      </div>
    </section>
  );
}
