// One call of the request log in detail: where it went, what it used, what it cost and why.
import { type Schemas, api, ok } from "../../api.ts";
import { ErrorNote } from "../../components/ui.tsx";
import { useLoad } from "../../components/use-load.ts";
import { duration, money, multiplier, tokens, when } from "../../format.ts";

export function CallDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const call = useLoad(() => ok(api.GET("/api/usage/calls/{id}", { params: { path: { id } } })), [id]);
  const data: Schemas["UsageCallDetail"] | undefined = call.data;
  return (
    <section class="card call-detail" aria-label="Call detail">
      <div class="card-head">
        <h2>Call {data ? <code>{data.request_id}</code> : null}</h2>
        <button type="button" class="button button-small" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorNote error={call.error} />
      {data && (
        <dl class="facts">
          <dt>When</dt>
          <dd>
            <time dateTime={data.created_at}>{when(data.created_at)}</time> · {data.interface}
            {data.stream ? " · streamed" : ""}
          </dd>
          <dt>Outcome</dt>
          <dd>
            {data.status} · HTTP {data.http_status}. {data.outcome}
            {data.finish ? ` Stopped: ${data.finish}${data.finish_reason && data.finish_reason !== data.finish ? ` (the upstream said ${data.finish_reason})` : ""}.` : ""}
          </dd>
          {data.error_message && (
            <>
              <dt>Told the caller</dt>
              <dd class="error-said">{data.error_message}</dd>
            </>
          )}
          <dt>Model</dt>
          <dd>
            <code>{data.call_name}</code> in {data.group_name ?? data.group_id} with key {data.key_name ?? data.key_id}
          </dd>
          <dt>Channel</dt>
          <dd>{data.channel_name ?? "none reached"}</dd>
          {data.failovers.length > 0 && (
            <>
              <dt>Tried first</dt>
              <dd>
                <ol class="failovers">
                  {data.failovers.map((tried) => (
                    <li>
                      {tried.channel_name ?? tried.channel_id}: {tried.reason}
                    </li>
                  ))}
                </ol>
              </dd>
            </>
          )}
          <dt>Tokens</dt>
          <dd>
            input {tokens(data.input_tokens)} · output {tokens(data.output_tokens)} · cache read {tokens(data.cache_read_tokens)} · cache write{" "}
            {tokens(data.cache_write_tokens)}
            {data.cache_write_1h_tokens > 0 && ` (1-hour ${tokens(data.cache_write_1h_tokens)})`} · reasoning {tokens(data.reasoning_tokens)}
          </dd>
          <dt>Cost</dt>
          <dd>
            {money(data.base_cost)} base × {multiplier(data.multiplier_milli)} = <span class="strong">{money(data.cost)}</span>
          </dd>
          <dt>Latency</dt>
          <dd>
            {duration(data.latency_ms)}
            {data.ttfb_ms !== null ? ` · first byte after ${duration(data.ttfb_ms)}` : ""}
          </dd>
        </dl>
      )}
    </section>
  );
}
