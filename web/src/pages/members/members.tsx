// The owner's page: add sub-users and developers, grant them groups and set their spend caps.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, ConfirmButton, Empty, ErrorNote, Field, GroupChecks, PageHeader } from "../../components/ui.tsx";
import { useAction } from "../../components/use-action.ts";
import { useLoad } from "../../components/use-load.ts";
import { money, toMicros } from "../../format.ts";
import { CapPeriodOptions } from "../../components/cap-period.tsx";
import { Invitations } from "./invitations.tsx";

type Group = Schemas["CallGuideGroup"];

const roleHelp = {
  owner: "Uses every group of the organization, manages members and sees all usage.",
  "sub-user": "Uses the groups granted here and sees the usage of its own calls.",
  developer: "Uses the keys and Call Guide of the groups granted here; sees no billing.",
} as const;

export function MembersPage() {
  const members = useLoad(() => ok(api.GET("/api/members")));
  const guide = useLoad(() => ok(api.GET("/api/call-guide")));
  const [notice, setNotice] = useState("");
  const { error, run } = useAction();
  const groups = guide.data?.groups ?? [];
  const grant = (member: Schemas["Member"], next: string[]) =>
    run(async () => {
      setNotice("");
      await ok(api.PUT("/api/members/{id}/groups", { params: { path: { id: member.id } }, body: { group_ids: next } }));
      await members.reload();
      setNotice(`Saved: ${member.name} may use ${next.length} ${next.length === 1 ? "group" : "groups"}.`);
    });
  const setCap = (member: Schemas["Member"], dollars: string, period: CapPeriod | null) =>
    run(async () => {
      setNotice("");
      const spend_cap = toMicros(dollars);
      const cap_period = spend_cap === null ? null : period;
      await ok(api.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap, cap_period } }));
      await members.reload();
      setNotice(
        spend_cap === null ? `${member.name} has no spend cap.` : `${member.name} may spend up to ${money(spend_cap)} across all keys${cap_period ? ` ${periodWords[cap_period]}` : ""}.`,
      );
    });
  const archive = (member: Schemas["Member"]) =>
    run(async () => {
      await ok(api.DELETE("/api/members/{id}", { params: { path: { id: member.id } } }));
      await members.reload();
      setNotice(`${member.name} is archived: their keys are revoked and they can no longer sign in.`);
    });
  const list = [...(members.data?.data ?? [])].sort((a, b) => Number(b.role === "owner") - Number(a.role === "owner") || a.name.localeCompare(b.name));

  return (
    <section>
      <PageHeader title="Members">Sub-users and developers use only the groups you grant them. Developers see no billing.</PageHeader>
      <Invitations groups={groups} roleHelp={roleHelp} />
      <AddMember groups={groups} onAdded={(name) => (setNotice(`${name} can now sign in.`), members.reload())} />
      <ErrorNote error={error ?? members.error} />
      <p class="notice" role="status">
        {notice}
      </p>
      {list.map((member) => (
        <article class="card member" data-member={member.email}>
          <header class="card-head">
            <div>
              <h2>{member.name}</h2>
              <span class="muted small">{member.email}</span>
            </div>
            <Badge tone={member.role === "owner" ? "accent" : "plain"}>{member.role}</Badge>
          </header>
          <p class="muted small">{roleHelp[member.role]}</p>
          {member.role !== "owner" && (
            <GroupChecks
              legend={`Groups ${member.name} may use`}
              groups={groups}
              selected={member.group_ids}
              onChange={(next) => grant(member, next)}
              empty="No groups to grant."
            />
          )}
          {member.role !== "owner" && <SpendCap member={member} onSave={(dollars, period) => setCap(member, dollars, period)} />}
          {member.role !== "owner" && member.group_ids.length === 0 && (
            <p class="field-hint warn">No group granted: {member.name} cannot create keys that call models until you tick one.</p>
          )}
          {member.role !== "owner" && (
            <div class="button-row">
              <ConfirmButton label="Archive member" confirmLabel={`Archive ${member.name}`} onConfirm={() => archive(member)} />
              <span class="muted small">Revokes {member.name}'s keys and ends their sign-in; their past calls stay in Usage.</span>
            </div>
          )}
        </article>
      ))}
      {members.data?.data.length === 1 && <Empty title="Only you so far">Add a sub-user or developer above; they sign in with the email and password you choose.</Empty>}
    </section>
  );
}

type CapPeriod = NonNullable<Schemas["Member"]["cap_period"]>;
const periodNouns: Record<CapPeriod, string> = { daily: "day", weekly: "week", monthly: "month" };
const periodWords: Record<CapPeriod, string> = { daily: "each day (UTC)", weekly: "each week (from Monday, UTC)", monthly: "each month (UTC)" };

/** The member's cap across all of its keys, and when it resets; empty means none. Saved on its own button. */
function SpendCap({ member, onSave }: { member: Schemas["Member"]; onSave: (dollars: string, period: CapPeriod | null) => void }) {
  const current = member.spend_cap === null ? "" : String(member.spend_cap / 1_000_000);
  const [value, setValue] = useState(current);
  const [period, setPeriod] = useState<string>(member.cap_period ?? "");
  return (
    <form
      class="inline-form member-cap"
      aria-label={`Spend cap of ${member.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value, (period || null) as CapPeriod | null);
      }}
    >
      <Field label="Spend cap, $" hint={`Spent ${money(member.spent)}${member.cap_period ? ` this ${periodNouns[member.cap_period]}` : ""}. Empty means no cap.`}>
        <input type="number" name="spend-cap" min="0" step="any" inputMode="decimal" placeholder="No cap" value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      </Field>
      <Field label="Resets">
        <select name="cap-period" value={period} onChange={(e) => setPeriod(e.currentTarget.value)}>
          <CapPeriodOptions />
        </select>
      </Field>
      <button type="submit" class="button" disabled={value === current && period === (member.cap_period ?? "")}>
        Save cap
      </button>
    </form>
  );
}

function AddMember({ groups, onAdded }: { groups: Group[]; onAdded: (name: string) => void }) {
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
      onAdded(form.name);
    });
  };

  return (
    <form class="card stack" onSubmit={submit} aria-label="Add a member">
      <h2>Add a member</h2>
      <div class="form-grid">
        <Field label="Email">
          <input type="email" required value={form.email} onInput={set("email")} />
        </Field>
        <Field label="Name">
          <input required value={form.name} onInput={set("name")} />
        </Field>
        <Field label="Password (8+ characters)">
          <input type="password" required minLength={8} autocomplete="new-password" value={form.password} onInput={set("password")} />
        </Field>
        <Field label="Role" hint={roleHelp[form.role]}>
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
