// The owner's page: add sub-users and developers and grant them groups.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";

type Group = Schemas["CallGuideGroup"];

export function MembersPage() {
  const members = useLoad(() => ok(api.GET("/api/members")));
  const guide = useLoad(() => ok(api.GET("/api/call-guide")));
  const [error, setError] = useState<unknown>(null);
  const groups = guide.data?.groups ?? [];

  const grant = async (member: Schemas["Member"], groupId: string, on: boolean) => {
    const next = on ? [...member.group_ids, groupId] : member.group_ids.filter((id) => id !== groupId);
    try {
      setError(null);
      await ok(api.PUT("/api/members/{id}/groups", { params: { path: { id: member.id } }, body: { group_ids: next } }));
      await members.reload();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <section>
      <PageHeader title="Members">Sub-users and developers use only the groups you grant them. Developers see no billing.</PageHeader>
      <AddMember groups={groups} onAdded={members.reload} />
      <ErrorNote error={error ?? members.error} />
      {members.data?.data.length === 1 && <Empty title="Only you so far">Add a sub-user or developer above.</Empty>}
      {(members.data?.data ?? []).map((member) => (
        <article class="card member" data-member={member.email}>
          <header class="card-head">
            <div>
              <h2>{member.name}</h2>
              <span class="muted small">{member.email}</span>
            </div>
            <Badge tone={member.role === "owner" ? "accent" : "plain"}>{member.role}</Badge>
          </header>
          {member.role === "owner" ? (
            <p class="muted small">The owner may use every group of the organization.</p>
          ) : (
            <fieldset class="checks">
              <legend>Granted groups</legend>
              {groups.map((group) => (
                <label class="check">
                  <input type="checkbox" checked={member.group_ids.includes(group.id)} onChange={(e) => grant(member, group.id, e.currentTarget.checked)} />
                  {group.name}
                </label>
              ))}
            </fieldset>
          )}
        </article>
      ))}
    </section>
  );
}

function AddMember({ groups, onAdded }: { groups: Group[]; onAdded: () => void }) {
  const [form, setForm] = useState({ email: "", name: "", password: "", role: "developer" as "sub-user" | "developer" });
  const [granted, setGranted] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });

  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      setError(null);
      await ok(api.POST("/api/members", { body: { ...form, group_ids: granted } }));
      setForm({ email: "", name: "", password: "", role: form.role });
      setGranted([]);
      onAdded();
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form class="card stack" onSubmit={submit} aria-label="Add a member">
      <h2>Add a member</h2>
      <div class="form-row">
        <Field label="Email">
          <input type="email" required value={form.email} onInput={set("email")} />
        </Field>
        <Field label="Name">
          <input required value={form.name} onInput={set("name")} />
        </Field>
        <Field label="Password" hint="At least 8 characters; share it privately.">
          <input type="password" required minLength={8} autocomplete="new-password" value={form.password} onInput={set("password")} />
        </Field>
        <Field label="Role">
          <select value={form.role} onChange={set("role")}>
            <option value="developer">Developer</option>
            <option value="sub-user">Sub-user</option>
          </select>
        </Field>
      </div>
      <fieldset class="checks">
        <legend>Groups to grant</legend>
        {groups.map((group) => (
          <label class="check">
            <input
              type="checkbox"
              checked={granted.includes(group.id)}
              onChange={(e) => setGranted(e.currentTarget.checked ? [...granted, group.id] : granted.filter((id) => id !== group.id))}
            />
            {group.name}
          </label>
        ))}
      </fieldset>
      <ErrorNote error={error} />
      <div>
        <button type="submit" class="button button-primary">
          Add member
        </button>
      </div>
    </form>
  );
}
