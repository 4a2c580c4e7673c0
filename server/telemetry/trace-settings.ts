// Whether relay calls are traced (server/telemetry/traces.ts), from OpenTelemetry's standard
// variables: a separate file so that the OpenTelemetry packages load only when tracing is on.
// https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
export type TraceSettings = { serviceName: string; scheduledDelayMs: number };

/** The settings when tracing is on, else undefined. */
export function traceSettings(env: NodeJS.ProcessEnv): TraceSettings | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === "true" || env.OTEL_TRACES_EXPORTER === "none") return undefined;
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY || 5_000);
  return { serviceName: env.OTEL_SERVICE_NAME || "tollgate", scheduledDelayMs: Number.isFinite(delay) && delay > 0 ? delay : 5_000 };
}
