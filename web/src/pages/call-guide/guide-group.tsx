// One group of the Call Guide: its models and call names, and snippets filled with its base URL.
import { useRef, useState } from "preact/hooks";
import type { Schemas } from "../../api.ts";
import { DataTable } from "../../components/data-table.tsx";
import { Badge, CopyButton, Empty } from "../../components/ui.tsx";
import { familyNames, interfacePaths, multiplier, pathNames, perMillion } from "../../format.ts";
import { snippetsFor } from "./snippets.ts";

type Model = Schemas["CallGuideModel"];

/** Tokens as people read them: 200K, 1M, 8,192 (an exact power of two stays exact). */
const tokens = (count: number) => (count >= 100_000 && count % 1000 === 0 ? (count % 1_000_000 === 0 ? `${count / 1_000_000}M` : `${count / 1000}K`) : count.toLocaleString("en-US"));

export function GuideGroup({
  group,
  urls,
  routing,
  keyNames,
}: {
  group: Schemas["CallGuideGroup"];
  urls: Schemas["SdkBaseUrls"];
  routing: boolean;
  keyNames?: string[];
}) {
  const [model, setModel] = useState(group.models[0]?.model_id ?? "");
  const snippets = snippetsFor(group, urls, model);
  const [tab, setTab] = useState(snippets[0].id);
  const active = snippets.find((snippet) => snippet.id === tab) ?? snippets[0];
  const tabs = useRef<HTMLDivElement>(null);
  const panelId = `snippet-${group.identifier}`;

  // Arrow keys move between the snippet tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const index = snippets.findIndex((snippet) => snippet.id === active.id);
    const next = snippets[(index + (event.key === "ArrowRight" ? 1 : snippets.length - 1)) % snippets.length];
    setTab(next.id);
    requestAnimationFrame(() => tabs.current?.querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus());
  };

  return (
    <article class="card guide-group" data-group={group.identifier} aria-labelledby={`group-${group.identifier}`}>
      <header class="card-head">
        <div>
          <h2 id={`group-${group.identifier}`} tabIndex={-1}>
            {group.name}
          </h2>
          <code class="muted small">{group.identifier}</code>
        </div>
        <div class="badges">
          <Badge tone="accent">{multiplier(group.multiplier_milli)}</Badge>
          <Badge>{familyNames[group.family]}</Badge>
          {group.visibility === "exclusive" && <Badge tone="good">Exclusive</Badge>}
        </div>
      </header>
      <dl class="facts">
        <dt>Base URL</dt>
        <dd>
          <code>{group.base_url}</code>
        </dd>
        <dt>Interfaces</dt>
        <dd class="pills">
          {group.interfaces.map((path) => (
            <code class="pill pill-named" title={pathNames[path]}>
              {pathNames[path] && <span class="pill-name">{pathNames[path]} </span>}
              <span class="pill-path">{path}</span>
              {group.translated_interfaces.some((iface) => interfacePaths[iface] === path) && <span class="muted"> · translated</span>}
            </code>
          ))}
        </dd>
        {keyNames && (
          <>
            <dt>Your keys</dt>
            <dd>
              {keyNames.length > 0 ? (
                keyNames.join(", ")
              ) : (
                <span class="muted">
                  None bound to this group yet — <a href="#/keys">create one</a>
                  {routing ? " or call a group-qualified name with any key" : ""}.
                </span>
              )}
            </dd>
          </>
        )}
      </dl>
      {group.models.length === 0 ? (
        <Empty title="No models in this group yet">The operator adds models and prices on the Groups page.</Empty>
      ) : (
        <>
        {group.models.every((entry) => !entry.available) && (
          <div class="note note-warn" role="note">
            No channel serves this group yet, so its models answer 503. Ask the operator to add a channel for {group.name}.
          </div>
        )}
        <DataTable<Model>
          label={`Models of ${group.name}`}
          compact
          rows={group.models}
          rowKey={(entry) => entry.model_id}
          columns={[
            {
              label: "Model",
              primary: true,
              cell: (entry) => (
                <span class="strong" data-available={String(entry.available)}>
                  {entry.display_name}
                  {!entry.available && (
                    <>
                      {" "}
                      <Badge tone="warn">unavailable</Badge>
                    </>
                  )}
                </span>
              ),
            },
            { label: "Call name", cell: (entry) => <code>{entry.call_name}</code> },
            { label: "Group-qualified", cell: (entry) => <code class={routing ? "" : "muted"}>{entry.qualified_call_name}</code> },
            { label: "Input / output per 1M", num: true, cell: (entry) => `${perMillion(entry.prices.input)} / ${perMillion(entry.prices.output)}` },
            // An agent that asks for more output than this gets this many (the gateway clamps it), so a client can set it as its own limit.
            { label: "Context / max output", num: true, cell: (entry) => `${tokens(entry.limits.context_window)} / ${tokens(entry.limits.max_output_tokens)}${entry.limits.reasons ? " · reasons" : ""}` },
          ]}
        />
        </>
      )}
      {group.models.length > 0 && (
        <div class="snippets">
          <div class="snippet-bar">
            <div role="tablist" class="tabs" aria-label={`Snippets for ${group.name}`} ref={tabs} onKeyDown={onTabKey}>
              {snippets.map((snippet) => (
                <button
                  type="button"
                  role="tab"
                  data-tab={snippet.id}
                  aria-selected={snippet.id === active.id}
                  aria-controls={panelId}
                  tabIndex={snippet.id === active.id ? 0 : -1}
                  class={snippet.id === active.id ? "tab active" : "tab"}
                  onClick={() => setTab(snippet.id)}
                >
                  {snippet.label}
                  {snippet.detail && <span class="tab-detail"> · {snippet.detail}</span>}
                </button>
              ))}
            </div>
            <label class="inline-select">
              <span class="muted small">Model</span>
              <select value={model} onChange={(e) => setModel(e.currentTarget.value)}>
                {group.models.map((entry) => (
                  <option value={entry.model_id}>{entry.model_id}</option>
                ))}
              </select>
            </label>
          </div>
          <div class="code" role="tabpanel" id={panelId} aria-label={`${active.label}${active.detail ? ` · ${active.detail}` : ""}`}>
            <pre tabIndex={0}>
              <code data-snippet={active.id}>{active.code}</code>
            </pre>
            <CopyButton text={active.code} label="Copy" class="code-copy" />
          </div>
          {active.alternative && (
            <div class="code-alternative">
              <p class="muted small">{active.alternative.title}</p>
              <div class="code">
                <pre tabIndex={0} aria-label={active.alternative.title}>
                  <code data-snippet={`${active.id}-client`}>{active.alternative.code}</code>
                </pre>
                <CopyButton text={active.alternative.code} label="Copy" class="code-copy" />
              </div>
            </div>
          )}
        </div>
      )}
    </article>
  );
}
