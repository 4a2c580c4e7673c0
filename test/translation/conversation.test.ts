// Conversations across every directed pair, streamed and not: a two-turn tool loop (the call comes
// back in the caller's format; its result reaches the upstream paired with the call), and a
// two-turn tool loop with reasoning where turn 2 sends back what turn 1 returned, as an SDK user
// does, and the upstream must receive its own signature / encrypted content / thought signature
// byte-exact (the strict mocks refuse anything else, as the vendors do); and, for Gemini callers,
// an id-less history re-sent reaches the upstream as the same bytes turn after turn.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";
import { SECOND_TOOL_ARGUMENT, TOOL_ARGUMENT, toolReply } from "../mock-upstreams/conversation.ts";
import type { Msg, Spec } from "./callers/types.ts";
import { call, optIn, type Pair, pairs } from "./pairs.ts";
import { sdkAssistant } from "./sdk-accumulate.ts";

let env: RelayEnv;
const keys = new Map<string, string>();
beforeAll(async () => {
  env = await startRelayEnv();
  await optIn(env);
  for (const group of new Set(pairs.map((pair) => pair.upstream.group))) keys.set(group, await env.key(group, unique(`conversation-${group}`)));
}, 60_000);
afterAll(async () => {
  await env?.stop();
});

const PNG = { mediaType: "image/png", data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" };
const RESULT = "# Tollgate\nA model gateway: one key, every vendor.";
const USER: Msg = { role: "user", text: "Read the README and summarize it." };
const show = (exchange: { status: number; raw: string }) => `${exchange.status} ${exchange.raw.slice(0, 800)}`;

/** Every string value inside a JSON value. */
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];

async function toolLoop(pair: Pair, stream: boolean, reasoning: boolean) {
  const { caller, upstream } = pair;
  const key = keys.get(upstream.group)!;
  const scenario = reasoning ? "thinking-tool" : "tool";
  const mock = upstream.mock(env);
  const issuedBefore = mock.issued().length;

  const spec: Spec = { messages: [USER], tools: true, reasoning };
  const first = await call(env, pair, key, spec, stream, scenario);
  expect(first.status, show(first)).toBe(200);
  const reply = first.reply!;
  expect(reply.calls).toHaveLength(1);
  const [toolCall] = reply.calls;
  expect(toolCall).toMatchObject({ name: "read_file", args: { path: TOOL_ARGUMENT } });
  expect(toolCall.id).toBeTruthy();
  expect(reply.stop).toBe(caller.stops.tool);
  if (reasoning) expect(reply.reasoning).toBe(upstream.reasoningText);
  const proofs = mock.issued().slice(issuedBefore);
  if (reasoning && upstream.format !== "chat") expect(proofs.length, "the upstream issued no reasoning proof (was it asked for?)").toBeGreaterThan(0);

  // A streamed turn goes back as the caller's SDK assembled it.
  const assistant = (stream && (await sdkAssistant(caller.format, first.raw))) || reply.assistant;
  const next: Spec = { ...spec, messages: [USER, { native: assistant }, { role: "tool", callId: toolCall.id, name: toolCall.name, text: RESULT }] };
  const second = await call(env, pair, key, next, stream, scenario);
  expect(second.status, show(second)).toBe(200);
  const body = second.received!.body;
  const pairsSent = upstream.toolPairs(body);
  expect(pairsSent).toMatchObject([{ name: "read_file", args: { path: TOOL_ARGUMENT } }]);
  // Gemini callers send the result as an object ({content}); it may arrive as that object's JSON text.
  const result = pairsSent[0].result;
  if (result !== RESULT) expect(JSON.parse(result), `the result sent upstream: ${result}`).toEqual({ content: RESULT });
  expect(second.reply!.text).toBe(toolReply(result));
  expect(second.reply!.stop).toBe(caller.stops.end);
  if (!reasoning) return;
  const sent = strings(body);
  for (const proof of proofs) expect(sent, `proof ${proof} did not come back byte-exact`).toContain(proof);
  if (upstream.format === "chat") {
    const assistant = body.messages.find((m: any) => m.role === "assistant");
    expect(assistant?.reasoning_content, "chat reasoning goes back as reasoning_content").toBe(upstream.reasoningText);
  }
}

/** Two parallel calls come back in the caller's format; their two results reach the upstream each paired with its call. */
async function parallelLoop(pair: Pair, stream: boolean) {
  const key = keys.get(pair.upstream.group)!;
  const spec: Spec = { messages: [USER], tools: true };
  const first = await call(env, pair, key, spec, stream, "parallel-tool");
  expect(first.status, show(first)).toBe(200);
  const calls = first.reply!.calls;
  expect(calls.map((c) => c.args)).toEqual([{ path: TOOL_ARGUMENT }, { path: SECOND_TOOL_ARGUMENT }]);
  expect(new Set(calls.map((c) => c.id)).size, "the two calls share an id").toBe(2);
  expect(first.reply!.stop).toBe(pair.caller.stops.tool);
  const results = calls.map((c) => ({ role: "tool" as const, callId: c.id, name: c.name, text: `contents of ${(c.args as any).path}` }));
  const second = await call(env, pair, key, { ...spec, messages: [USER, { native: first.reply!.assistant }, ...results] }, stream, "parallel-tool");
  expect(second.status, show(second)).toBe(200);
  const sent = pair.upstream.toolPairs(second.received!.body).map((p) => ({ ...p, result: p.result.startsWith("{") ? JSON.parse(p.result).content : p.result }));
  expect(sent).toEqual([
    { name: "read_file", args: { path: TOOL_ARGUMENT }, result: `contents of ${TOOL_ARGUMENT}` },
    { name: "read_file", args: { path: SECOND_TOOL_ARGUMENT }, result: `contents of ${SECOND_TOOL_ARGUMENT}` },
  ]);
}

/** Reasoning across three turns: every proof of turns 1 and 2 goes back upstream byte-exact on turn 3. */
async function threeTurns(pair: Pair, stream: boolean) {
  const key = keys.get(pair.upstream.group)!;
  const mock = pair.upstream.mock(env);
  const start = mock.issued().length;
  const spec: Spec = { messages: [USER], tools: true, reasoning: true };
  const first = await call(env, pair, key, spec, stream, "thinking-tool");
  expect(first.status, show(first)).toBe(200);
  const [toolCall] = first.reply!.calls;
  const history: Msg[] = [USER, { native: first.reply!.assistant }, { role: "tool", callId: toolCall.id, name: toolCall.name, text: RESULT }];
  const second = await call(env, pair, key, { ...spec, messages: history }, stream, "thinking-tool");
  expect(second.status, show(second)).toBe(200);
  expect(second.reply!.reasoning).toBe(pair.upstream.reasoningText);
  const proofs = mock.issued().slice(start);
  const third = await call(env, pair, key, { ...spec, messages: [...history, { native: second.reply!.assistant }, { role: "user", text: "Thanks. Anything else?" }] }, stream, "thinking");
  expect(third.status, show(third)).toBe(200);
  expect(third.reply!.text).toBe(pair.upstream.reply);
  if (pair.upstream.format === "chat") return;
  expect(proofs.length).toBeGreaterThanOrEqual(2);
  const sent = strings(third.received!.body);
  for (const proof of proofs) expect(sent, `proof ${proof} did not come back on turn 3`).toContain(proof);
}

/** A tool result holding an image: it reaches the upstream (Chat upstreams, which cannot hold one, refuse naming the field). */
async function imageResult(pair: Pair, stream: boolean) {
  const key = keys.get(pair.upstream.group)!;
  const first = await call(env, pair, key, { messages: [USER], tools: true }, stream, "tool");
  expect(first.status, show(first)).toBe(200);
  const [toolCall] = first.reply!.calls;
  const history: Msg[] = [USER, { native: first.reply!.assistant }, { role: "tool", callId: toolCall.id, name: toolCall.name, text: "a screenshot", image: PNG }];
  const second = await call(env, pair, key, { messages: history, tools: true }, stream, "tool");
  if (pair.upstream.format === "chat" && second.status === 400) {
    expect(pair.caller.errorMessage(second.json, 400)).toMatch(/image/i);
    expect(second.received).toBeNull();
    return;
  }
  expect(second.status, show(second)).toBe(200);
  expect(pair.upstream.media(second.received!.body)).toEqual([PNG]);
}

/**
 * Gemini callers may send function calls without ids. Re-sending the same history must reach the
 * upstream as the same bytes (its prompt cache keys on them), and a turn later as the same prefix.
 */
async function idlessHistoryResent(pair: Pair, stream: boolean) {
  const key = keys.get(pair.upstream.group)!;
  const calls = [TOOL_ARGUMENT, SECOND_TOOL_ARGUMENT].map((path) => ({ functionCall: { name: "read_file", args: { path } } }));
  const history: Msg[] = [
    USER,
    { native: [{ role: "model", parts: calls }] },
    { role: "tool", callId: "gemini:read_file", name: "read_file", text: RESULT },
    { role: "tool", callId: "gemini:read_file", name: "read_file", text: "MIT" },
    { role: "assistant", text: "Read both." },
    { role: "user", text: "Anything else?" },
  ];
  const conversation = (exchange: Awaited<ReturnType<typeof call>>) => {
    expect(exchange.status, show(exchange)).toBe(200);
    const body = exchange.received!.body;
    return JSON.stringify(body.messages ?? body.input ?? body.contents);
  };
  const first = conversation(await call(env, pair, key, { messages: history, tools: true }, stream));
  expect(conversation(await call(env, pair, key, { messages: history, tools: true }, stream)), "the same history re-sent").toBe(first);
  const later = conversation(await call(env, pair, key, { messages: [...history, { role: "assistant", text: "No." }, { role: "user", text: "Thanks." }], tools: true }, stream));
  expect(later.startsWith(first.slice(0, -1)), `one turn later:\n${first}\n${later}`).toBe(true);
}

describe.each(pairs)("$name", (pair) => {
  describe.each([false, true])("stream %s", (stream) => {
    it("a two-turn tool loop", () => toolLoop(pair, stream, false));
    it("a two-turn tool loop with reasoning, sent back as returned", () => toolLoop(pair, stream, true));
    it("parallel tool calls and their results", () => parallelLoop(pair, stream));
    it("reasoning across three turns", () => threeTurns(pair, stream));
    it.runIf(pair.caller.format !== "chat")("a tool result with an image", () => imageResult(pair, stream));
    it.runIf(pair.caller.format === "generate-content")("an id-less history re-sent reaches the upstream the same", () => idlessHistoryResent(pair, stream));
  });
});
