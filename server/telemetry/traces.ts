// OpenTelemetry traces of relay calls, off by default. On when an OTLP endpoint is configured with
// the standard variables (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT +
// /v1/traces; OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME) and not disabled (OTEL_SDK_DISABLED,
// OTEL_TRACES_EXPORTER=none). Exported over OTLP/HTTP (JSON).
//
// Spans are made in the primary from the settled calls it writes to the ledger, with the times the
// worker measured: nothing runs on the request path, and the batching exporter sends them from the
// primary on its own schedule. Attributes follow the GenAI semantic conventions
// (https://opentelemetry.io/docs/specs/semconv/gen-ai/gen-ai-spans/): operation, provider, model,
// token usage, finish reason; plus the request id. No prompt or completion text is ever recorded: the ledger
// record the span is made from holds none.
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { UsageRecord } from "../store/ledger.ts";
import type { Store } from "../store/store.ts";
import type { TraceSettings } from "./trace-settings.ts";

/** `gen_ai.operation.name` by the interface the client called (a compaction is a response the model writes). */
const operationOf: Record<string, string> = { messages: "chat", chat: "chat", responses: "chat", "responses/compact": "chat", "generate-content": "generate_content" };

/** `gen_ai.provider.name` (semconv's well-known values where one exists) by the channel that served the call. */
function providerOf(channel: { kind: string; preset: string | null } | undefined): string | undefined {
  if (!channel) return undefined;
  if (channel.kind === "gemini") return "gcp.gemini";
  if (channel.kind === "bedrock") return "aws.bedrock";
  if (channel.kind === "vertex") return "gcp.vertex_ai";
  if (channel.kind === "azure-openai") return "azure.ai.openai";
  if (channel.kind === "openai-compatible") return channel.preset ?? "openai-compatible";
  return channel.kind;
}

export function relayTraces(store: Store, settings: TraceSettings, node: string) {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.instance.id": node }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: settings.scheduledDelayMs })],
  });
  const tracer = provider.getTracer("tollgate.relay");
  let channels = new Map<string, { kind: string; preset: string | null }>();
  const channelOf = async (id: string | null) => {
    if (id === null) return undefined;
    if (!channels.has(id)) channels = new Map((await store.channels.list()).map((channel) => [channel.id, channel]));
    return channels.get(id);
  };

  async function record(call: UsageRecord): Promise<void> {
    const operation = operationOf[call.interface] ?? call.interface;
    const span = tracer.startSpan(`${operation} ${call.modelId}`, {
      kind: SpanKind.CLIENT,
      startTime: call.createdAt - call.latencyMs,
      attributes: {
        "gen_ai.operation.name": operation,
        "gen_ai.provider.name": providerOf(await channelOf(call.channelId).catch(() => undefined)),
        "gen_ai.request.model": call.modelId,
        // Semconv: input tokens include cached ones, which are also given apart.
        "gen_ai.usage.input_tokens": call.inputTokens + call.cacheReadTokens + call.cacheWriteTokens,
        "gen_ai.usage.output_tokens": call.outputTokens,
        "gen_ai.usage.cache_read.input_tokens": call.cacheReadTokens,
        "gen_ai.usage.cache_creation.input_tokens": call.cacheWriteTokens,
        "gen_ai.usage.reasoning.output_tokens": call.reasoningTokens,
        "gen_ai.response.finish_reasons": call.finishReason ? [call.finishReason] : undefined,
        "http.response.status_code": call.httpStatus,
        "tollgate.request_id": call.requestId,
        "tollgate.call_name": call.callName,
        "tollgate.interface": call.interface,
        "tollgate.stream": call.stream,
        "tollgate.status": call.status,
        "tollgate.group_id": call.groupId,
        "tollgate.organization_id": call.organizationId,
        "tollgate.key_id": call.keyId,
        "tollgate.channel_id": call.channelId ?? undefined,
        "tollgate.cost_micros": call.cost,
        "tollgate.time_to_first_byte_ms": call.ttfbMs ?? undefined,
      },
    });
    if (call.status !== "ok") {
      span.setAttribute("error.type", call.status);
      span.setStatus({ code: SpanStatusCode.ERROR, message: call.status });
    }
    span.end(call.createdAt);
  }

  return {
    /** Wraps the ledger's batch writer: each call written is traced once, after its write. */
    traced<S, T>(write: (records: UsageRecord[], stamps?: S) => Promise<T>) {
      return async (records: UsageRecord[], stamps?: S) => {
        const written = await write(records, stamps);
        for (const call of records) await record(call).catch(() => {});
        return written;
      };
    },
    /** Sends what is queued (a graceful stop); bounded, so an unreachable collector cannot hold the exit. */
    async shutdown(): Promise<void> {
      await Promise.race([provider.shutdown().catch(() => {}), new Promise((done) => setTimeout(done, 5_000).unref())]);
    },
  };
}
