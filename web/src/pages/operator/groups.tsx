// Operator: groups — family, multiplier, visibility, models and base prices.
import { api, ok } from "../../api.ts";
import { ErrorNote, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { byFamily } from "../../format.ts";
import { CreateGroup, EditGroup } from "./group-forms.tsx";

export function GroupsPage() {
  const groups = useLoad(() => ok(api.GET("/api/admin/groups")));
  return (
    <section>
      <PageHeader title="Groups">
        A group's family comes from a keyword in its name (Claude/Flagship/Premium, GPT, Gemini, DeepSeek/Qwen/GLM/Kimi/MiniMax); a name without one — Mistral,
        OpenRouter, a self-hosted server — needs a family chosen, usually OpenAI-compatible. Prices are base prices per million tokens; a call costs base price × the
        group's multiplier.
      </PageHeader>
      <CreateGroup onCreated={groups.reload} />
      <ErrorNote error={groups.error} />
      {byFamily(groups.data?.data ?? []).map((group) => (
        <EditGroup key={group.id} group={group} onSaved={groups.reload} />
      ))}
    </section>
  );
}
