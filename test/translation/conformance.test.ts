// Translation conformance, every directed pair (pairs.ts), streamed and not, over raw HTTP in the
// caller's wire format: system prompts (also mid-conversation), text, images and documents,
// structured output, max tokens, stop sequences, sampling ranges, upstream errors and the fields a
// pair cannot carry. Each call is checked on both sides: what the strict mock upstream received,
// in its own format, and what the caller got, in its format's shape and stream grammar.
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { requestText } from "../mock-upstreams/server.ts";
import type { Media, Spec } from "./callers/types.ts";
import { call, optIn, type Pair, pairs } from "./pairs.ts";

let env: RelayEnv;
const keys = new Map<string, { key: string; name: string }>();
beforeAll(async () => {
  // Broken and empty streams are sent on purpose, every pair to the same channels: no circuit may open and change what a later pair sees.
  env = await startRelayEnv({ env: { TOLLGATE_CIRCUIT_MIN_CALLS: "100000" } });
  await optIn(env);
  for (const group of new Set(pairs.map((pair) => pair.upstream.group))) {
    const name = unique(`conformance-${group}`);
    keys.set(group, { key: await env.key(group, name), name });
  }
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

const SYSTEM = "You are a terse assistant for the conformance suite.";
const MID = "From now on, answer in English only.";
// A 1x1 PNG and a one-page PDF, base64.
const PNG: Media = { mediaType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" };
const PDF: Media = { mediaType: "application/pdf", data: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n").toString("base64") };
const IMAGE_URL = "https://upload.wikimedia.org/wikipedia/commons/4/47/PNG_transparency_demonstration_1.png";
const SCHEMA = { type: "object", properties: { answer: { type: "string" } }, required: ["answer"], additionalProperties: false };

const midAllowed = (pair: Pair) => pair.caller.format === "chat" || pair.caller.format === "responses";
const keyOf = (pair: Pair) => keys.get(pair.upstream.group)!;
const show = (exchange: { status: number; raw: string }) => `${exchange.status} ${exchange.raw.slice(0, 600)}`;

/** The ledger records of a key, after the gateway had time to write them (none is fine). */
async function records(name: string) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { data } = await env.operator.GET("/api/usage/calls", { params: { query: { limit: 500 } } });
  return (data?.data ?? []).filter((record) => record.key_name === name);
}

/** A refusal in the caller's format, naming `field`, that reached no upstream and charged nothing. */
async function expectRefusal(pair: Pair, spec: Spec, stream: boolean, field: string) {
  const name = unique("refused");
  const key = await env.key(pair.upstream.group, name);
  const exchange = await call(env, pair, key, spec, stream);
  expect(exchange.status, show(exchange)).toBe(400);
  expect(pair.caller.errorMessage(exchange.json, 400)).toContain(field);
  expect(exchange.received, "the upstream was called").toBeNull();
  let rows = await records(name);
  for (let waited = 0; rows.length === 0 && waited < 50; waited++) rows = await records(name); // the ledger's batch is written within about a second
  expect(rows.filter((record) => record.cost !== 0)).toEqual([]);
  // The request log has the refusal as the caller saw it.
  expect(rows.map((record) => [record.status, record.http_status, record.error_message?.includes(field)])).toEqual([["invalid_request", 400, true]]);
}

describe.each(pairs)("$name", (pair) => {
  const { caller, upstream } = pair;

  describe.each([false, true])("stream %s", (stream) => {
    it("text with a system prompt (and a mid-conversation instruction where the caller has one)", async () => {
      const spec: Spec = {
        system: SYSTEM,
        messages: [
          { role: "user", text: "Hello there." },
          { role: "assistant", text: "Hi." },
          ...(midAllowed(pair) ? [{ role: "system" as const, text: MID }] : []),
          { role: "user", text: "Say hello to the mock." },
        ],
      };
      const exchange = await call(env, pair, keyOf(pair).key, spec, stream);
      expect(exchange.status, show(exchange)).toBe(200);
      const body = exchange.received!.body;
      expect(upstream.system(body).startsWith(SYSTEM), JSON.stringify(body)).toBe(true);
      if (midAllowed(pair)) expect(requestText(body)).toContain(MID);
      expect(requestText(body)).toContain("Say hello to the mock.");
      const reply = exchange.reply!;
      expect(reply.text).toBe(upstream.reply);
      expect(reply.calls).toEqual([]);
      expect(reply.stop).toBe(caller.stops.end);
      expect(reply.usage).toMatchObject(caller.usageFor(upstream.usage(body, "ok")));
      caller.shape(reply.json, upstream.model);
    });

    it("a reply cut off at max tokens stops for that reason, in the caller's words", async () => {
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "Write an essay." }], maxTokens: 16 }, stream, "max-tokens");
      expect(exchange.status, show(exchange)).toBe(200);
      expect(exchange.reply!.stop).toBe(caller.stops.max);
      if (caller.format === "responses") expect(exchange.reply!.json.incomplete_details).toEqual({ reason: "max_output_tokens" });
      expect(exchange.reply!.text).toBe(upstream.reply);
    });

    it("tool_choice forcing one tool", async () => {
      const spec: Spec = { messages: [{ role: "user", text: "Read the README." }], tools: true, extra: caller.toolChoice("read_file") };
      const exchange = await call(env, pair, keyOf(pair).key, spec, stream, "tool");
      expect(exchange.status, show(exchange)).toBe(200);
      expect(upstream.forcedTool(exchange.received!.body), JSON.stringify(exchange.received!.body)).toBe("read_file");
      expect(exchange.reply!.calls.map((c) => c.name)).toEqual(["read_file"]);
      expect(exchange.reply!.stop).toBe(caller.stops.tool);
    });

    it("an image by URL (Gemini upstreams may refuse it, naming the field)", async () => {
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "What is this?", imageUrl: IMAGE_URL }] }, stream);
      if (upstream.format === "generate-content" && exchange.status === 400) {
        expect(caller.errorMessage(exchange.json, 400)).toMatch(/image|url/i);
        expect(exchange.received).toBeNull();
        return;
      }
      expect(exchange.status, show(exchange)).toBe(200);
      expect(upstream.imageUrls(exchange.received!.body)).toEqual([IMAGE_URL]);
    });

    it("an upstream stream broken mid-way: the caller's error event, or (not streaming) a 5xx in its format", async () => {
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "Hi." }] }, stream, "break-mid-stream", { read: false });
      if (!stream) {
        expect(exchange.status, show(exchange)).toBeGreaterThanOrEqual(500);
        caller.errorMessage(exchange.json, exchange.status);
        return;
      }
      expect(exchange.status).toBe(200);
      expect(caller.endsWithError(exchange.raw), exchange.raw.slice(-400)).toBe(true);
    });

    it.runIf(stream && caller.fields.stop)("an upstream stream broken mid-way with a stop sequence the gateway keeps: the text that came still reaches the caller", async () => {
      // A sequence this long holds back every character of the short answer until the block ends; the break ends it first.
      const spec: Spec = { messages: [{ role: "user", text: "Hi." }], stop: ["~".repeat(200)] };
      const stopped = await call(env, pair, keyOf(pair).key, spec, stream, "break-mid-stream", { read: false });
      if (caller.format === "generate-content") {
        // Gemini's stream has no opening event: with the text held, nothing reached the caller before
        // the break, so it failed before its first byte (no other channel here): a 503 in Gemini's shape.
        expect(stopped.status, show(stopped)).toBe(503);
        caller.errorMessage(stopped.json, 503);
        return;
      }
      // Every mock sends its first words ("Hello", and more) before it breaks, as the test above sees.
      expect(stopped.raw, stopped.raw.slice(-600)).toContain("Hello");
      expect(caller.endsWithError(stopped.raw), stopped.raw.slice(-400)).toBe(true);
    });

    it("an upstream stream with no event at all is an error in the caller's format, never an empty answer, and uncharged", async () => {
      const name = unique("empty");
      const key = await env.key(upstream.group, name);
      const exchange = await call(env, pair, key, { messages: [{ role: "user", text: "Hi." }] }, stream, "empty-stream", { read: false });
      if (exchange.status === 200) expect(caller.endsWithError(exchange.raw), exchange.raw.slice(-400)).toBe(true);
      else caller.errorMessage(exchange.json, exchange.status);
      expect((await records(name)).filter((record) => record.cost !== 0)).toEqual([]);
    });

    it("an image and a document, inline base64", async () => {
      const spec: Spec = { messages: [{ role: "user", text: "What are these?", image: PNG, document: PDF }] };
      const exchange = await call(env, pair, keyOf(pair).key, spec, stream);
      expect(exchange.status, show(exchange)).toBe(200);
      expect(upstream.media(exchange.received!.body)).toEqual([PNG, PDF]);
      expect(exchange.reply!.text).toBe(upstream.reply);
    });

    it("structured output (JSON schema) and max tokens", async () => {
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "Answer in JSON." }], schema: SCHEMA, maxTokens: 256 }, stream);
      expect(exchange.status, show(exchange)).toBe(200);
      const body = exchange.received!.body;
      expect(upstream.maxTokens(body)).toBe(256);
      expect(upstream.schema(body), JSON.stringify(body)).toEqual(SCHEMA);
    });

    it.runIf(caller.fields.stop)("stop sequences: sent where the upstream has them (Responses has none), and the answer ends before one", async () => {
      // Every mock answers "Hello from the … mock." and none stops by itself: the gateway ends the text at " the ".
      const spec: Spec = { messages: [{ role: "user", text: "Count to ten." }], stop: ["END", " the "] };
      const exchange = await call(env, pair, keyOf(pair).key, spec, stream);
      expect(exchange.status, show(exchange)).toBe(200);
      if (upstream.format === "responses") expect(exchange.received!.body).not.toHaveProperty("stop");
      else expect(upstream.stop(exchange.received!.body)).toEqual(["END", " the "]);
      expect(exchange.reply!.text).toBe("Hello from");
      if (caller.format === "messages") expect([exchange.reply!.stop, exchange.reply!.json.stop_sequence]).toEqual(["stop_sequence", " the "]);
      else expect(exchange.reply!.stop).toBe(caller.stops.end);
      // Billed as the upstream metered it, as the same call without a stop would be.
      expect(exchange.reply!.usage).toMatchObject(caller.usageFor(upstream.usage(exchange.received!.body, "ok")));
    });

    it.runIf(upstream.format === "messages" && caller.format !== "messages")("a temperature beyond Anthropic's 0–1, valid in the caller's format, goes as 1", async () => {
      const extra = caller.format === "generate-content" ? { generationConfig: { temperature: 1.5 } } : { temperature: 1.5 };
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "Be creative." }], extra }, stream);
      expect(exchange.status, show(exchange)).toBe(200);
      expect(exchange.received!.body.temperature).toBe(1);
    });

    it("an agent's generic settings reach the model as it takes them: an output limit past its maximum as that maximum, reasoning only where it reasons; billed as the upstream metered", async () => {
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "Think, then answer." }], reasoning: true, maxTokens: 1_000_000 }, stream);
      expect(exchange.status, show(exchange)).toBe(200);
      const body = exchange.received!.body;
      expect(upstream.maxTokens(body), JSON.stringify(body).slice(0, 400)).toBe(upstream.documented.maxOutputTokens);
      expect(upstream.asksReasoning(body), JSON.stringify(body).slice(0, 400)).toBe(upstream.documented.reasons);
      expect(exchange.reply!.usage).toMatchObject(caller.usageFor(upstream.usage(body, "ok")));
    });

    it("a field no pair can carry is refused in the caller's format, naming it, and charged nothing", async () => {
      await expectRefusal(pair, { messages: [{ role: "user", text: "Hi." }], extra: caller.unrepresentable.extra }, stream, caller.unrepresentable.field);
    });

    it("an upstream 400 is answered in the caller's format with the upstream's status and message", async () => {
      const exchange = await call(env, pair, keyOf(pair).key, { messages: [{ role: "user", text: "Hi." }] }, stream, "error-400");
      expect(exchange.received, "the upstream was not called").not.toBeNull();
      expect(exchange.status, show(exchange)).toBe(400);
      expect(caller.errorMessage(exchange.json, 400)).toMatch(/mock/);
      // Anthropic's error body names the request, as its request-id header does.
      if (caller.format === "messages") expect(exchange.json.request_id).toBe(exchange.requestId);
    });
  });
});

describe.each(pairs.filter((pair) => pair.caller.format === "chat"))("$name, chat specifics", (pair) => {
  it("a stream without include_usage has no usage chunk, and the call still bills the upstream's usage", async () => {
    const name = unique("no-usage");
    const key = await env.key(pair.upstream.group, name);
    const exchange = await call(env, pair, key, { messages: [{ role: "user", text: "Hi." }], extra: { stream_options: undefined } }, true, undefined, { read: false });
    expect(exchange.status).toBe(200);
    const chunks = exchange.raw.split("\n\n").filter((b) => b.startsWith("data: {")).map((b) => JSON.parse(b.slice(6)));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.filter((chunk) => chunk.choices.length === 0 || chunk.usage)).toEqual([]);
    expect(exchange.raw.endsWith("data: [DONE]\n\n")).toBe(true);
    const [record] = await env.ledger(name);
    const expected = pair.upstream.usage(exchange.received!.body, "ok");
    expect([record.input_tokens, record.output_tokens]).toEqual([expected.input, expected.output]);
  });
});

describe.each(pairs.filter((pair) => pair.caller.format === "responses"))("$name, Responses specifics", (pair) => {
  it("input as a plain string, with instructions", async () => {
    const response = await fetch(`${env.tollgate.url}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", ...pair.caller.headers(keyOf(pair).key) },
      body: JSON.stringify({ model: pair.upstream.model, instructions: SYSTEM, input: "Say hello to the mock." }),
    });
    const raw = await response.text();
    expect(response.status, raw.slice(0, 400)).toBe(200);
    const body = pair.upstream.mock(env).requests.at(-1)!.body;
    expect(pair.upstream.system(body).startsWith(SYSTEM)).toBe(true);
    expect(requestText(body)).toContain("Say hello to the mock.");
    expect(pair.caller.read(raw, false).text).toBe(pair.upstream.reply);
  });
});

it("the matrix covers every reachable directed pair", () => {
  expect(pairs.map((pair) => pair.name).sort()).toHaveLength(11);
  expect(isDeepStrictEqual(new Set(pairs.map((p) => p.caller.format)).size, 4)).toBe(true);
});
