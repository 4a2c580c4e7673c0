// Your account: change your own password (your other sessions end). The operator can also set
// another account's password here, e.g. for a member who forgot theirs.
import { useState } from "preact/hooks";
import { type Me, api, ok } from "../../api.ts";
import { ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";

export function AccountPage({ me }: { me: Me }) {
  return (
    <section>
      <PageHeader title="Account">
        Signed in as <strong>{me.email}</strong> ({me.role}).
      </PageHeader>
      <ChangePassword />
      {me.role === "operator" && <ResetPassword />}
    </section>
  );
}

function ChangePassword() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      setNotice("");
      await ok(api.PUT("/api/me/password", { body: { current_password: current, new_password: next } }));
      setCurrent("");
      setNext("");
      setNotice("Password changed. Your other sessions are signed out; this one stays.");
    });
  };
  return (
    <form class="card" onSubmit={submit} aria-label="Change your password">
      <h2>Change your password</h2>
      <div class="form-grid">
        <Field label="Current password">
          <input name="current_password" type="password" autocomplete="current-password" required value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />
        </Field>
        <Field label="New password" hint="At least 8 characters.">
          <input name="new_password" type="password" autocomplete="new-password" required minLength={8} value={next} onInput={(e) => setNext(e.currentTarget.value)} />
        </Field>
      </div>
      <ErrorNote error={error} />
      <p class="notice" role="status">
        {notice}
      </p>
      <div class="form-actions">
        <button type="submit" class="button button-primary">
          Change password
        </button>
      </div>
    </form>
  );
}

function ResetPassword() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      setNotice("");
      await ok(api.POST("/api/admin/password-resets", { body: { email: email.trim(), new_password: password } }));
      setNotice(`Password of ${email.trim()} set; their sessions are signed out. Tell them the new password over a safe channel.`);
      setEmail("");
      setPassword("");
    });
  };
  return (
    <form class="card" onSubmit={submit} aria-label="Reset an account's password">
      <h2>Reset an account's password</h2>
      <div class="form-grid">
        <Field label="Email">
          <input name="email" type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </Field>
        <Field label="New password" hint="At least 8 characters.">
          <input name="reset_password" type="password" autocomplete="new-password" required minLength={8} value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </Field>
      </div>
      <ErrorNote error={error} />
      <p class="notice" role="status">
        {notice}
      </p>
      <div class="form-actions">
        <button type="submit" class="button button-primary">
          Set password
        </button>
      </div>
    </form>
  );
}
