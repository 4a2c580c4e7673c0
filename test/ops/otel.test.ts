// OpenTelemetry: with an OTLP endpoint set, every relay call becomes a span sent over OTLP/HTTP to
// the collector (here a receiver this test starts), with GenAI semantic-convention attributes and
// the request id, and without prompt or completion text. A collector that cannot be reached costs
// the calls nothing, and tracing is off without an endpoint.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANTHROPIC_REPLY } from "../mock-upstreams/anthropic.ts";
import { traceSettings } from "../../server/telemetry/trace-settings.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { freePort } from "../helpers/tollgate.ts";

type Span = { name: string; kind: number; startTimeUnixNano: string; endTimeUnixNano: string; status?: { code?: number }; attributes: Record<string, unknown> };

const prompt = "PROMPT-TEXT-THAT-MUST-NOT-BE-EXPORTED-7731";

/** An OTLP/HTTP trace receiver: keeps every request body as received and the spans in them. */
async function startReceiver() {
  const bodies: string[] = [];
  const spans: (Span & { resource: Record<string, unknown> })[] = [];
  const flatten = (attributes: { key: string; value: Record<string, unknown> }[] = []) =>
    Object.fromEntries(
      attributes.map(({ key, value }) => [
        key,
        "intValue" in value ? Number(value.intValue) : "arrayValue" in value ? ((value.arrayValue as { values?: object[] }).values ?? []).map((item: object) => Object.values(item)[0]) : Object.values(value)[0],
      ]),
    );
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    const text = body.toString("utf8");
    bodies.push(`${req.method} ${req.url} ${req.headers["content-type"]}\n${text}`);
    if (req.url === "/v1/traces" && String(req.headers["content-type"]).startsWith("application/json")) {
      for (const resourceSpans of JSON.parse(text).resourceSpans ?? []) {
        const resource = flatten(resourceSpans.resource?.attributes);
        for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, attributes: flatten(span.attributes), resource });
      }
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${port}`, bodies, spans, close: () => new Promise<void>((done) => server.close(() => done())) };
}

async function anthropicCall(env: RelayEnv, key: string, stream: boolean): Promise<{ status: number; requestId: string; text: string }> {
  const response = await fetch(`${env.tollgate.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64, stream, messages: [{ role: "user", content: prompt }] }),
  });
  return { status: response.status, requestId: response.headers.get("request-id")!, text: await response.text() };
}

describe("traces over OTLP/HTTP", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let env: RelayEnv;
  beforeAll(async () => {
    receiver = await startReceiver();
    env = await startRelayEnv({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: "100", OTEL_SERVICE_NAME: "tollgate-under-test" } });
  });
  afterAll(async () => {
    await env?.stop();
    await receiver?.close();
  });

  it("one span per relay call with GenAI attributes, usage as billed, and the request id; no prompt or reply text", async () => {
    const key = await env.key("claude-smart", "traced-key");
    env.mocks.anthropic.next("cached");
    const plain = await anthropicCall(env, key, false);
    const streamed = await anthropicCall(env, key, true);
    env.mocks.anthropic.next("error-400");
    const refused = await anthropicCall(env, key, false);
    expect([plain.status, streamed.status, refused.status]).toEqual([200, 200, 400]);
    expect(plain.text + streamed.text).toContain("Hello from the Anthropic mock");

    const ids = [plain.requestId, streamed.requestId, refused.requestId];
    const spanOf = (id: string) => receiver.spans.find((span) => span.attributes["tollgate.request_id"] === id);
    for (let waited = 0; ids.some((id) => !spanOf(id)) && waited < 15_000; waited += 100) await new Promise((done) => setTimeout(done, 100));
    const ledger = await env.ledger("traced-key", 3);

    for (const id of ids) {
      const span = spanOf(id)!;
      expect(span, `a span for ${id}`).toBeDefined();
      const call = ledger.find((record) => record.request_id === id)!;
      expect(span.name).toBe("chat claude-sonnet-4-6");
      expect(span.kind).toBe(3); // CLIENT
      expect(span.resource["service.name"]).toBe("tollgate-under-test");
      expect(span.attributes).toMatchObject({
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "anthropic",
        "gen_ai.request.model": "claude-sonnet-4-6",
        "gen_ai.usage.input_tokens": call.input_tokens + call.cache_read_tokens + call.cache_write_tokens,
        "gen_ai.usage.output_tokens": call.output_tokens,
        "gen_ai.usage.cache_read.input_tokens": call.cache_read_tokens,
        "tollgate.call_name": "claude-sonnet-4-6",
      });
      expect(BigInt(span.endTimeUnixNano)).toBeGreaterThan(BigInt(span.startTimeUnixNano));
    }
    expect(spanOf(plain.requestId)!.attributes["gen_ai.usage.cache_read.input_tokens"]).toBeGreaterThan(0);
    // Why each answered call stopped, as the upstream said it (plain and streamed); none for the refusal.
    expect(spanOf(plain.requestId)!.attributes["gen_ai.response.finish_reasons"]).toEqual(["end_turn"]);
    expect(spanOf(streamed.requestId)!.attributes["gen_ai.response.finish_reasons"]).toEqual(["end_turn"]);
    expect(spanOf(refused.requestId)!.attributes["gen_ai.response.finish_reasons"]).toBeUndefined();
    expect(ledger.find((record) => record.request_id === plain.requestId)!.finish_reason).toBe("end_turn");
    expect(spanOf(streamed.requestId)!.attributes["tollgate.stream"]).toBe(true);
    expect(spanOf(refused.requestId)!.attributes).toMatchObject({ "error.type": "upstream_error", "http.response.status_code": 400 });
    expect(spanOf(refused.requestId)!.status?.code).toBe(2); // ERROR

    // Family C: its own operation name, and the provider of the channel that served it.
    const geminiKey = await env.key("gemini-official", "traced-gemini-key");
    const gemini = await fetch(`${env.tollgate.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": geminiKey },
      body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: prompt }] }] }),
    });
    expect(gemini.status).toBe(200);
    const geminiId = gemini.headers.get("request-id") ?? gemini.headers.get("x-request-id");
    const byKey = () => receiver.spans.find((span) => span.attributes["gen_ai.request.model"] === "gemini-2.5-flash");
    for (let waited = 0; !byKey() && waited < 15_000; waited += 100) await new Promise((done) => setTimeout(done, 100));
    expect(byKey()!.name).toBe("generate_content gemini-2.5-flash");
    expect(byKey()!.attributes).toMatchObject({ "gen_ai.operation.name": "generate_content", "gen_ai.provider.name": "gcp.gemini" });
    if (geminiId) expect(byKey()!.attributes["tollgate.request_id"]).toBe(geminiId);

    const exported = receiver.bodies.join("\n");
    expect(exported).not.toContain(prompt);
    expect(exported).not.toContain(ANTHROPIC_REPLY);
    expect(exported).not.toContain(key);
  });
});

describe("tracing off the request path", () => {
  it("a collector that cannot be reached slows no call, and the server still stops promptly", async () => {
    const env = await startRelayEnv({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}`, OTEL_BSP_SCHEDULE_DELAY: "50" } });
    try {
      const key = await env.key("claude-smart", "untraced-key");
      const started = performance.now();
      for (let i = 0; i < 5; i++) expect((await anthropicCall(env, key, i % 2 === 0)).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(5_000);
      await env.ledger("untraced-key", 5);
    } finally {
      const stopping = performance.now();
      await env.stop();
      expect(performance.now() - stopping).toBeLessThan(10_000);
    }
  });

  it("is off unless an OTLP endpoint is configured", () => {
    expect(traceSettings({})).toBeUndefined();
    expect(traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBeUndefined();
    expect(traceSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBeUndefined();
    expect(traceSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toEqual({ serviceName: "tollgate", scheduledDelayMs: 5_000 });
  });
});
