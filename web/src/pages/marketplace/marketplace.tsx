// Public: every model of every public group, priced per group (base price × multiplier).
import { useMemo, useState } from "preact/hooks";
import { api, ok } from "../../api.ts";
import { Badge, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { byFamily, familyNames, interfaceNames, multiplier, perMillion } from "../../format.ts";

export function MarketplacePage({ role }: { role?: string }) {
  const { data, error, loading } = useLoad(() => ok(api.GET("/api/marketplace")));
  const [query, setQuery] = useState("");
  const [family, setFamily] = useState("");
  const [group, setGroup] = useState("");

  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return byFamily(data?.groups ?? [])
      .filter((candidate) => (!family || candidate.family === family) && (!group || candidate.identifier === group))
      .map((candidate) => ({
        ...candidate,
        models: candidate.models.filter(
          (model) => !needle || `${model.model_id} ${model.display_name} ${candidate.name} ${candidate.identifier}`.toLowerCase().includes(needle),
        ),
      }))
      .filter((candidate) => candidate.models.length > 0);
  }, [data, query, family, group]);
  const clear = () => (setQuery(""), setFamily(""), setGroup(""));
  const count = groups.reduce((sum, candidate) => sum + candidate.models.length, 0);

  return (
    <section>
      <PageHeader title="Model Marketplace">
        Every public model, priced per group: base price × the group's multiplier, per million tokens.{" "}
        {role === "operator" ? (
          <>
            Edit groups and prices on the <a href="#/operator/groups">Groups</a> page.
          </>
        ) : role ? (
          <>
            Your keys and snippets are in the <a href="#/call-guide">Call Guide</a>.
          </>
        ) : (
          <>
            <a href="#/sign-in">Sign in</a> to create a key.
          </>
        )}
      </PageHeader>
      <div class="toolbar" role="search">
        <Field label="Search">
          <input type="search" placeholder="Model or group" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        </Field>
        <Field label="Family">
          <select value={family} onChange={(e) => setFamily(e.currentTarget.value)}>
            <option value="">All families</option>
            {Object.entries(familyNames).map(([value, label]) => (
              <option value={value}>{label}</option>
            ))}
          </select>
        </Field>
        <Field label="Group">
          <select value={group} onChange={(e) => setGroup(e.currentTarget.value)}>
            <option value="">All groups</option>
            {(data?.groups ?? []).map((candidate) => (
              <option value={candidate.identifier}>{candidate.name}</option>
            ))}
          </select>
        </Field>
      </div>
      <ErrorNote error={error} />
      {data && (
        <p class="muted small result-count" role="status">
          {count} {count === 1 ? "model" : "models"} in {groups.length} {groups.length === 1 ? "group" : "groups"}
        </p>
      )}
      {!loading && groups.length === 0 && (
        <Empty title="No model matches">
          Try another name or family.{" "}
          <button type="button" class="link-button" onClick={clear}>
            Clear the filters
          </button>
        </Empty>
      )}
      <div class="grid">
        {groups.map((candidate) => (
          <article class="card group-card" data-group={candidate.identifier}>
            <header class="group-card-head">
              <div class="group-card-title">
                <h2>{candidate.name}</h2>
                <span class="muted small">
                  <code>{candidate.identifier}</code> · {familyNames[candidate.family]}
                </span>
                {candidate.translated_interfaces.length > 0 && (
                  <span class="muted small block">Also callable as {candidate.translated_interfaces.map((iface) => interfaceNames[iface]).join(", ")} (translated)</span>
                )}
              </div>
              <Badge tone="accent">{multiplier(candidate.multiplier_milli)}</Badge>
            </header>
            {candidate.models.length > 0 && candidate.models.every((model) => !model.available) && (
              <p class="muted small">No channel serves this group yet: its models cannot be called until the operator adds one.</p>
            )}
            <table class="table compact">
              <caption class="sr-only">Models of {candidate.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Model</th>
                  <th scope="col" class="num">Input</th>
                  <th scope="col" class="num">Output</th>
                </tr>
              </thead>
              <tbody>
                {candidate.models.map((model) => (
                  <tr class={model.available ? "" : "unavailable"} data-available={String(model.available)}>
                    <td>
                      <div class="model-name">
                        {model.display_name}
                        {!model.available && (
                          <>
                            {" "}
                            <Badge tone="warn">not yet available</Badge>
                          </>
                        )}
                      </div>
                      <code class="muted small">{model.model_id}</code>
                    </td>
                    <td class="num" title={`base ${perMillion(model.base_prices.input)}`}>
                      {perMillion(model.prices.input)}
                    </td>
                    <td class="num" title={`base ${perMillion(model.base_prices.output)}`}>
                      {perMillion(model.prices.output)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </article>
        ))}
      </div>
    </section>
  );
}
