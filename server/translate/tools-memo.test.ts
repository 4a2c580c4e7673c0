import { beforeEach, describe, expect, it } from "vitest";
import { chatRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
import { parseInPieces } from "../gateway/parse-in-pieces.ts";
import { scanJson } from "../gateway/raw-json.ts";
import type { Format } from "./canonical.ts";
import { codecs } from "./codecs.ts";
import { JsonText, jsonBytes } from "./json-bytes.ts";
import { forgetTools, rememberedTools } from "./tools-memo.ts";
import { startTranslation } from "./translate.ts";

const target = { baseUrl: "http://127.0.0.1:1", credential: "key", upstreamModel: "upstream-model" };
const client = { body: {}, raw: null, stream: false, headers: {}, query: {} };

/** The upstream's body for `text` sent in `caller`'s format to a `upstream` channel, as the relay builds it. */
function upstreamBody(caller: Format, upstream: Format, text: string): Buffer {
  const scan = scanJson(Buffer.from(text), 64);
  if (scan.tooDeep || !scan.raw) throw new Error("not scanned");
  const body = (parseInPieces(scan.raw) ?? JSON.parse(text)) as Record<string, any>;
  const translation = startTranslation(caller, body, { stream: false, model: "m", input: { textBytes: text.length, imageTokens: 0 }, raw: scan.raw });
  return translation.to(upstream).build(client as never, target).body as Buffer;
}

/** The same body written without the memo, by the codecs alone. */
function plainBody(caller: Format, upstream: Format, text: string): unknown {
  const request = codecs[caller].readRequest(JSON.parse(text), { stream: false, model: "m" });
  return JSON.parse(JSON.stringify(codecs[upstream].writeRequest({ ...request, model: target.upstreamModel, stream: true })));
}

const weather = { type: "function", function: { name: "weather", description: "Today's weather.", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
const chatCall = (tools: unknown[], text = "Hi") => JSON.stringify({ model: "m", max_tokens: 100, messages: [{ role: "user", content: text }], tools });

beforeEach(forgetTools);

describe("the tools an agent resends are serialized once per worker", () => {
  it("an agent's turn, sent three times: the tools are kept from the second, and every body is the one the codecs write", () => {
    const text = chatRequest("m", false);
    const expected = plainBody("chat", "messages", text);
    const bodies = [0, 1, 2].map(() => upstreamBody("chat", "messages", text));
    for (const body of bodies) expect(JSON.parse(body.toString("utf8"))).toEqual(expected);
    expect(bodies[1].equals(bodies[2])).toBe(true);
    // What is kept is the written tools' JSON, handed back without serializing what it is given.
    const scan = scanJson(Buffer.from(text), 64);
    if (scan.tooDeep || !scan.raw) throw new Error("not scanned");
    const kept = rememberedTools("chat", "messages", "", ["tools"], scan.raw, "not serialized again");
    expect(JSON.parse(kept!.toString("utf8"))).toEqual((expected as { tools: unknown }).tools);
  });

  it("keeps the 32 most recently used lists", () => {
    const rawOf = (n: number) => {
      const scan = scanJson(Buffer.from(chatCall([{ ...weather, function: { ...weather.function, name: `tool_${n}` } }])), 64);
      if (scan.tooDeep || !scan.raw) throw new Error("not scanned");
      return scan.raw;
    };
    for (let n = 0; n < 33; n++) {
      expect(rememberedTools("chat", "messages", "", ["tools"], rawOf(n), [n])).toBeNull();
      expect(rememberedTools("chat", "messages", "", ["tools"], rawOf(n), [n])?.toString()).toBe(`[${n}]`);
    }
    expect(rememberedTools("chat", "messages", "", ["tools"], rawOf(32), [])?.toString()).toBe("[32]");
    expect(rememberedTools("chat", "messages", "", ["tools"], rawOf(1), [])?.toString()).toBe("[1]");
    expect(rememberedTools("chat", "messages", "", ["tools"], rawOf(0), [])).toBeNull(); // dropped: seen first again
  });

  it("another tool list, another conversation or another upstream format is keyed apart", () => {
    const calc = { type: "function", function: { name: "calc", parameters: { type: "object", properties: { expression: { type: "string" } } } } };
    const sends: [Format, string][] = [
      ["messages", chatCall([weather])],
      ["messages", chatCall([weather])],
      ["messages", chatCall([weather], "Other words, same tools")],
      ["messages", chatCall([weather, calc])],
      ["messages", chatCall([weather, calc])],
      ["generate-content", chatCall([weather])],
      ["generate-content", chatCall([weather])],
      ["responses", chatCall([weather])],
      ["responses", chatCall([weather])],
    ];
    for (const [upstream, text] of sends) expect(JSON.parse(upstreamBody("chat", upstream, text).toString("utf8"))).toEqual(plainBody("chat", upstream, text));
  });

  it("a Gemini caller's toolConfig is part of the key: mode VALIDATED makes the same declarations strict", () => {
    const declarations = { functionDeclarations: [{ name: "weather", parameters: { type: "object", properties: { city: { type: "string" } } } }] };
    const call = (toolConfig?: unknown) => JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }], tools: [declarations], ...(toolConfig ? { toolConfig } : {}) });
    const strictOf = (text: string) => (JSON.parse(upstreamBody("generate-content", "chat", text).toString("utf8")).tools as { function: { strict?: boolean } }[])[0].function.strict;
    const plain = call();
    const validated = call({ functionCallingConfig: { mode: "VALIDATED" } });
    expect([strictOf(plain), strictOf(plain), strictOf(plain)]).toEqual([undefined, undefined, undefined]);
    expect([strictOf(validated), strictOf(validated)]).toEqual([true, true]);
    expect(strictOf(plain)).toBeUndefined();
  });

  it("the prompt caching asked is part of the key: the Anthropic writer marks the last tool only when the caller asks", () => {
    const asking = (fields: Record<string, unknown>) => JSON.stringify({ ...JSON.parse(chatCall([weather])), ...fields });
    const lastToolMark = (text: string) => (JSON.parse(upstreamBody("chat", "messages", text).toString("utf8")).tools as { cache_control?: unknown }[]).at(-1)!.cache_control;
    const plain = chatCall([weather]);
    const cached = asking({ prompt_cache_key: "session-1" });
    const cachedLong = asking({ prompt_cache_key: "session-1", prompt_cache_retention: "24h" });
    const marks = [plain, plain, cached, cached, cachedLong, cachedLong, plain].map(lastToolMark);
    const ephemeral = { type: "ephemeral" };
    expect(marks).toEqual([undefined, undefined, ephemeral, ephemeral, { ...ephemeral, ttl: "1h" }, { ...ephemeral, ttl: "1h" }, undefined]);
  });

  it("nothing is kept for a body with a repeated top-level key (its bytes do not say which tools were read)", () => {
    const text = `{"model":"m","max_tokens":100,"tools":[],"messages":[{"role":"user","content":"Hi"}],"tools":${JSON.stringify([weather])}}`;
    const scan = scanJson(Buffer.from(text), 64);
    if (scan.tooDeep || !scan.raw) throw new Error("not scanned");
    for (let i = 0; i < 3; i++) expect(rememberedTools("chat", "messages", "", ["tools"], scan.raw, [])).toBeNull();
    expect(JSON.parse(upstreamBody("chat", "messages", text).toString("utf8"))).toEqual(plainBody("chat", "messages", text));
  });
});

describe("JsonText: a value already serialized", () => {
  const tools = [{ name: "weather", input_schema: { type: "object" } }];
  const text = new JsonText(Buffer.from(JSON.stringify(tools)));

  it("is spliced as its bytes, and gives its value to any other serializer", () => {
    expect(jsonBytes({ model: "m", tools: text }).toString("utf8")).toBe(JSON.stringify({ model: "m", tools }));
    expect(JSON.stringify({ tools: text })).toBe(JSON.stringify({ tools }));
  });
});
