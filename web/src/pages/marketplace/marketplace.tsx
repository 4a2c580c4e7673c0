// Public: every model of every public group, priced per group (base price × multiplier).
import { useMemo, useState } from "preact/hooks";
import { api, ok } from "../../api.ts";
import { Badge, Empty, ErrorNote, Field, PageHeader } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { familyNames, multiplier, perMillion } from "../../format.ts";

export function MarketplacePage() {
  const { data, error, loading } = useLoad(() => ok(api.GET("/api/marketplace")));
  const [query, setQuery] = useState("");
  const [family, setFamily] = useState("");
  const [group, setGroup] = useState("");

  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (data?.groups ?? [])
      .filter((candidate) => (!family || candidate.family === family) && (!group || candidate.identifier === group))
      .map((candidate) => ({
        ...candidate,
        models: candidate.models.filter(
          (model) => !needle || `${model.model_id} ${model.display_name} ${candidate.name} ${candidate.identifier}`.toLowerCase().includes(needle),
        ),
      }))
      .filter((candidate) => candidate.models.length > 0);
  }, [data, query, family, group]);

  return (
    <section>
      <PageHeader title="Model Marketplace">Every public model, priced per group. Prices are per million tokens.</PageHeader>
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
      {!loading && groups.length === 0 && <Empty title="No model matches">Clear the search or pick another family.</Empty>}
      <div class="grid">
        {groups.map((candidate) => (
          <article class="card group-card" data-group={candidate.identifier}>
            <header class="card-head">
              <h2>{candidate.name}</h2>
              <div class="badges">
                <Badge tone="accent">{multiplier(candidate.multiplier_milli)}</Badge>
                <Badge>{familyNames[candidate.family]}</Badge>
              </div>
            </header>
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
                  <tr>
                    <td>
                      <div class="strong">{model.display_name}</div>
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
