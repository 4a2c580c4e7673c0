// Every group the signed-in member may use: family, multiplier, call names, base URL and snippets.
import { api, ok } from "../../api.ts";
import { Empty, ErrorNote, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { BaseUrls } from "./base-urls.tsx";
import { GuideGroup } from "./guide-group.tsx";

export function CallGuidePage() {
  const { data, error, loading } = useLoad(() => ok(api.GET("/api/call-guide")));
  const keys = useLoad(() => ok(api.GET("/api/keys")));
  const keysIn = (groupId: string) => (keys.data?.data ?? []).filter((key) => key.group_id === groupId && !key.revoked_at).map((key) => key.name);

  return (
    <section>
      <PageHeader title="Call Guide">
        Point an official SDK at Tollgate by changing only its base URL and API key. Each snippet reads the key from <code>TOLLGATE_KEY</code>: set it to a key bound to
        the group you call. Every endpoint and field is in the <a href="/docs">API docs</a>.
      </PageHeader>
      <ErrorNote error={error} />
      {data && <BaseUrls urls={data.base_urls} routing={data.group_routing} groups={data.groups} />}
      {data && data.groups.length > 1 && (
        <nav class="chips" aria-label="Jump to a group">
          {data.groups.map((group) => (
            <a class="chip" href={`#/call-guide`} onClick={(event) => (event.preventDefault(), jumpTo(group.identifier))}>
              {group.name}
            </a>
          ))}
        </nav>
      )}
      {!loading && data?.groups.length === 0 && <Empty title="No groups available to you">Ask your organization's owner to grant you a group; it then shows here with ready-to-run snippets.</Empty>}
      {data?.groups.map((group) => <GuideGroup group={group} urls={data.base_urls} routing={data.group_routing} keyNames={keys.data ? keysIn(group.id) : undefined} />)}
    </section>
  );
}

function jumpTo(identifier: string) {
  const card = document.querySelector<HTMLElement>(`[data-group="${identifier}"]`);
  if (!card) return;
  card.scrollIntoView({ behavior: "smooth", block: "start" });
  card.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
}
