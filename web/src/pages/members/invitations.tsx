// Invitations on the Members page: the invite form and the open invitations, with Resend and
// Revoke. Without e-mail the form is replaced by why it is missing (the server would refuse anyway).
import { useEffect, useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, ErrorNote, Field, GroupChecks } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";

type Group = Schemas["CallGuideGroup"];
type Role = Schemas["InvitationCreate"]["role"];

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

export function Invitations({ groups, roleHelp }: { groups: Group[]; roleHelp: Record<Role, string> }) {
  const [mailOn, setMailOn] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    api.GET("/api/sign-in-options").then(({ data }) => setMailOn(data?.invitations ?? false), () => setMailOn(false));
  }, []);
  const invitations = useLoad(() => ok(api.GET("/api/invitations")));
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const act = (label: string, action: () => Promise<unknown>) =>
    run(async () => {
      setNotice("");
      await action();
      await invitations.reload();
      setNotice(label);
    });
  const open = invitations.data?.data ?? [];

  return (
    <>
      {mailOn === false && (
        <p class="card muted" role="note">
          Inviting by e-mail is off: the operator has not configured e-mail on this server (docs/email.md). Add members with a password below and pass it on.
        </p>
      )}
      {mailOn && <InviteForm groups={groups} roleHelp={roleHelp} onInvited={(email) => act(`Invitation sent to ${email}.`, async () => {})} />}
      <ErrorNote error={error ?? invitations.error} />
      <p class="notice" role="status">
        {notice}
      </p>
      {open.length > 0 && (
        <section class="card" aria-label="Pending invitations">
          <h2>Pending invitations</h2>
          <ul class="invitations">
            {open.map((invitation) => (
              <li class="invitation" data-invitation={invitation.email}>
                <div>
                  <strong>{invitation.email}</strong> <Badge tone={invitation.state === "expired" ? "warn" : "plain"}>{invitation.state === "expired" ? "expired" : invitation.role}</Badge>
                  <div class="muted small">{invitation.state === "expired" ? `Expired ${day(invitation.expires_at)}` : `Invited ${day(invitation.created_at)}, works until ${day(invitation.expires_at)}`}</div>
                </div>
                <div class="button-row">
                  {mailOn && (
                    <button type="button" class="button" onClick={() => act(`A new link went to ${invitation.email}; the old one no longer works.`, () => ok(api.POST("/api/invitations/{id}/resend", { params: { path: { id: invitation.id } } })))}>
                      Resend
                    </button>
                  )}
                  <button type="button" class="button" onClick={() => act(`The invitation to ${invitation.email} is revoked.`, () => ok(api.DELETE("/api/invitations/{id}", { params: { path: { id: invitation.id } } })))}>
                    Revoke
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function InviteForm({ groups, roleHelp, onInvited }: { groups: Group[]; roleHelp: Record<Role, string>; onInvited: (email: string) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("developer");
  const [granted, setGranted] = useState<string[]>([]);
  const { error, run } = useAction();
  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(api.POST("/api/invitations", { body: { email, role, ...(role === "owner" ? {} : { group_ids: granted }) } }));
      setEmail("");
      setGranted([]);
      onInvited(email);
    });
  };
  return (
    <form class="card stack" onSubmit={submit} aria-label="Invite by e-mail">
      <h2>Invite by e-mail</h2>
      <p class="muted small">They get a link that works once, for 7 days, and choose their own password.</p>
      <div class="form-grid">
        <Field label="Email">
          <input type="email" name="invite-email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </Field>
        <Field label="Role" hint={roleHelp[role]}>
          <select name="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
            <option value="developer">Developer</option>
            <option value="sub-user">Sub-user</option>
            <option value="owner">Owner</option>
          </select>
        </Field>
      </div>
      {role !== "owner" && <GroupChecks legend="Groups their keys may use" groups={groups} selected={granted} onChange={setGranted} />}
      <ErrorNote error={error} />
      <div>
        <button type="submit" class="button button-primary">
          Send invitation
        </button>
      </div>
    </form>
  );
}
