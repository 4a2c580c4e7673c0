// Every group the signed-in member may use: family, multiplier, call names, base URL and snippets.
import { useState } from "preact/hooks";
import { type Schemas, api, ok } from "../../api.ts";
import { Badge, CopyButton, Empty, ErrorNote, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { familyNames, multiplier, perMillion } from "../../format.ts";
import { snippetsFor } from "./snippets.ts";

export function CallGuidePage() {
  const { data, error, loading } = useLoad(() => ok(api.GET("/api/call-guide")));
  return (
    <section>
      <PageHeader title="Call Guide">
        Point an official SDK at Tollgate by changing only its base URL and API key. Set <code>TOLLGATE_KEY</code> to a key bound to the group you call.
      </PageHeader>
      <ErrorNote error={error} />
      {data && (
        <div class="card base-urls">
          <h2>Base URLs</h2>
          <dl>
            <dt>Family A SDKs (anthropic)</dt>
            <dd>
              <code>{data.base_urls.anthropic}</code> <CopyButton text={data.base_urls.anthropic} />
            </dd>
            <dt>Family B and domestic (openai)</dt>
            <dd>
              <code>{data.base_urls.openai}</code> <CopyButton text={data.base_urls.openai} />
            </dd>
            <dt>Family C (google-genai, REST transport)</dt>
            <dd>
              <code>{data.base_urls.gemini}</code> <CopyButton text={data.base_urls.gemini} />
            </dd>
          </dl>
          <p class="muted small">
            {data.group_routing
              ? "Group-qualified names are on: any key of your organization can call <group>/<model>."
              : "Group-qualified names are off for your organization: call each model with a key bound to its group."}
          </p>
        </div>
      )}
      {data && data.groups.length > 1 && (
        <nav class="chips" aria-label="Jump to a group">
          {data.groups.map((group) => (
            <button type="button" class="chip" onClick={() => document.querySelector(`[data-group="${group.identifier}"]`)?.scrollIntoView({ behavior: "smooth" })}>
              {group.name}
            </button>
          ))}
        </nav>
      )}
      {!loading && data?.groups.length === 0 && <Empty title="No groups available to you">Ask your organization's owner to grant you a group.</Empty>}
      {data?.groups.map((group) => <GuideGroup group={group} urls={data.base_urls} routing={data.group_routing} />)}
    </section>
  );
}

function GuideGroup({ group, urls, routing }: { group: Schemas["CallGuideGroup"]; urls: Schemas["SdkBaseUrls"]; routing: boolean }) {
  const [model, setModel] = useState(group.models[0]?.model_id ?? "");
  const snippets = snippetsFor(group, urls, model);
  const [tab, setTab] = useState(snippets[0].id);
  const active = snippets.find((snippet) => snippet.id === tab) ?? snippets[0];
  return (
    <article class="card guide-group" data-group={group.identifier}>
      <header class="card-head">
        <h2>{group.name}</h2>
        <div class="badges">
          <Badge tone="accent">{multiplier(group.multiplier_milli)}</Badge>
          <Badge>{familyNames[group.family]}</Badge>
          {group.visibility === "exclusive" && <Badge tone="good">Exclusive</Badge>}
        </div>
      </header>
      <p class="small">
        Base URL <code>{group.base_url}</code> · {group.interfaces.map((path) => <code class="pill">{path}</code>)}
      </p>
      {group.models.length === 0 ? (
        <Empty title="No models in this group yet" />
      ) : (
        <div class="table-wrap">
          <table class="table compact">
            <caption class="sr-only">Models of {group.name}</caption>
            <thead>
              <tr>
                <th scope="col">Model</th>
                <th scope="col">Call name</th>
                <th scope="col">Group-qualified</th>
                <th scope="col" class="num">Input / Output per 1M</th>
              </tr>
            </thead>
            <tbody>
              {group.models.map((entry) => (
                <tr>
                  <td>{entry.display_name}</td>
                  <td>
                    <code>{entry.call_name}</code>
                  </td>
                  <td>
                    <code class={routing ? "" : "muted"}>{entry.qualified_call_name}</code>
                  </td>
                  <td class="num">
                    {perMillion(entry.prices.input)} / {perMillion(entry.prices.output)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {group.models.length > 0 && (
        <div class="snippets">
          <div class="snippet-bar">
            <div role="tablist" aria-label={`Snippets for ${group.name}`}>
              {snippets.map((snippet) => (
                <button type="button" role="tab" aria-selected={snippet.id === active.id} class={snippet.id === active.id ? "tab active" : "tab"} onClick={() => setTab(snippet.id)}>
                  {snippet.label}
                </button>
              ))}
            </div>
            <label class="inline">
              <span class="sr-only">Model for the snippet</span>
              <select value={model} onChange={(e) => setModel(e.currentTarget.value)}>
                {group.models.map((entry) => (
                  <option value={entry.model_id}>{entry.model_id}</option>
                ))}
              </select>
            </label>
          </div>
          <div class="code" role="tabpanel">
            <pre>
              <code data-snippet={active.id}>{active.code}</code>
            </pre>
            <CopyButton text={active.code} />
          </div>
        </div>
      )}
    </article>
  );
}
