// The owner's page: add sub-users and developers and grant them groups.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, Empty, ErrorNote, Field, GroupChecks, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";

type Group = Schemas["CallGuideGroup"];

export function MembersPage() {
  const members = useLoad(() => ok(api.GET("/api/members")));
  const guide = useLoad(() => ok(api.GET("/api/call-guide")));
  const { error, run } = useAction();
  const groups = guide.data?.groups ?? [];
  const grant = (member: Schemas["Member"], next: string[]) =>
    run(async () => (await ok(api.PUT("/api/members/{id}/groups", { params: { path: { id: member.id } }, body: { group_ids: next } })), await members.reload()));

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
            <GroupChecks legend="Granted groups" groups={groups} selected={member.group_ids} onChange={(next) => grant(member, next)} />
          )}
        </article>
      ))}
    </section>
  );
}

function AddMember({ groups, onAdded }: { groups: Group[]; onAdded: () => void }) {
  const [form, setForm] = useState({ email: "", name: "", password: "", role: "developer" as "sub-user" | "developer" });
  const [granted, setGranted] = useState<string[]>([]);
  const { error, run } = useAction();
  const set = (field: keyof typeof form) => (event: Event) => setForm({ ...form, [field]: (event.currentTarget as HTMLInputElement).value });

  const submit = (event: Event) => {
    event.preventDefault();
    return run(async () => {
      await ok(api.POST("/api/members", { body: { ...form, group_ids: granted } }));
      setForm({ email: "", name: "", password: "", role: form.role });
      setGranted([]);
      onAdded();
    });
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
        <Field label="Password (8+ characters)">
          <input type="password" required minLength={8} autocomplete="new-password" value={form.password} onInput={set("password")} />
        </Field>
        <Field label="Role">
          <select value={form.role} onChange={set("role")}>
            <option value="developer">Developer</option>
            <option value="sub-user">Sub-user</option>
          </select>
        </Field>
      </div>
      <GroupChecks legend="Groups to grant" groups={groups} selected={granted} onChange={setGranted} />
      <ErrorNote error={error} />
      <div>
        <button type="submit" class="button button-primary">
          Add member
        </button>
      </div>
    </form>
  );
}
