import { describe, expect, it } from "vitest";
import { chatRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
import { parseInPieces } from "../gateway/parse-in-pieces.ts";
import { type RawJson, longStringBytes, scanJson } from "../gateway/raw-json.ts";
import { codecs } from "./codecs.ts";
import { jsonBytes, placeholder } from "./json-bytes.ts";
import { rawStringsOf } from "./raw-strings.ts";

const rawOf = (text: string): RawJson => {
  const scan = scanJson(Buffer.from(text), 64);
  if (scan.tooDeep || !scan.raw) throw new Error("not scanned");
  return scan.raw;
};
/** The caller's bytes, parsed as the relay parses them. */
const parsed = (text: string) => {
  const raw = rawOf(text);
  return { raw, body: (parseInPieces(raw) ?? JSON.parse(text)) as Record<string, any> };
};

// Long enough to be spliced, with characters a caller may escape its own way.
const long = (tag: string) => `${tag}: café → ${"line\tof text\n".repeat(60)}`;
const escapedAsCaller = (text: string) => JSON.stringify(text).replaceAll("é", "\\u00e9").replaceAll("→", "\\u2192");

describe("a translated body copies the caller's long strings as the caller wrote them", () => {
  it("an agent-sized chat call written as messages: every long string is spliced, and the body is what JSON.stringify would write", () => {
    const text = chatRequest("m", false);
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body);
    expect(raw.longStrings.length / 2).toBeGreaterThan(40);
    const request = codecs.chat.readRequest(body, { stream: false, model: "m" });
    const written = codecs.messages.writeRequest({ ...request, model: "upstream", stream: true });
    // Every tool result and the system prompt are found again among the written strings.
    const spliced = written.messages as { content: { content?: string }[] }[];
    const results = spliced.flatMap((turn) => (Array.isArray(turn.content) ? turn.content : [])).filter((part) => typeof part.content === "string");
    expect(results.length).toBe(40);
    for (const part of results) expect(strings!.spanOf(part.content!)).toBeDefined();
    // This body's bytes escape as JSON.stringify does, so the two agree byte for byte.
    expect(jsonBytes(written, strings).toString("utf8")).toBe(JSON.stringify(written));
  });

  it("keeps the caller's own escapes in a spliced string, and the value is unchanged", () => {
    const content = long("result");
    const text = `{"model":"m","messages":[{"role":"user","content":"hi"},{"role":"tool","tool_call_id":"call_1","content":${escapedAsCaller(content)}}]}`;
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body);
    const out = jsonBytes({ messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "call_1", content: body.messages[1].content }] }] }, strings).toString("utf8");
    expect(out).toContain("caf\\u00e9 \\u2192 line\\tof text\\n");
    expect(JSON.parse(out).messages[0].content[0].content).toBe(content);
  });

  it("splices the same way when the rest of the body is too large to stringify whole (it goes piece by piece)", () => {
    const chatter = Array.from({ length: 800 }, (_, i) => `{"role":"user","content":"short turn ${i} ${"w".repeat(80)}"}`);
    const text = `{"model":"m","messages":[${chatter.join(",")},{"role":"tool","tool_call_id":"call_1","content":${escapedAsCaller(long("result"))}}]}`;
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body)!;
    expect(raw.bytes.length - strings.pairedBytes).toBeGreaterThan(64 * 1024);
    const written = { messages: body.messages.map((message: { role: string; content: string }) => ({ role: "user", content: [{ type: "text", text: message.content }] })) };
    const out = jsonBytes(written, strings).toString("utf8");
    expect(out.match(/\\u00e9/g)?.length).toBe(1);
    expect(JSON.parse(out)).toEqual(written);
  });

  it.each([
    ["three UTF-8 bytes a character", "中文", 30_000],
    ["four a surrogate pair", "😀", 4_000],
    ["a small body", "é", 10],
  ])("writes the whole body exactly when what is not spliced takes %s (%s)", (_, glue, times) => {
    const text = `{"model":"m","messages":[{"role":"user","content":"hi"},{"role":"tool","tool_call_id":"call_1","content":${escapedAsCaller(long("result"))}}]}`;
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body)!;
    // Text of the gateway's own (not the caller's, so not spliced), with a lone surrogate JSON.stringify escapes.
    const written = { note: `${glue.repeat(times)} \ud800`, messages: body.messages.map((message: { content: string }) => ({ role: "user", content: message.content })) };
    const out = jsonBytes(written, strings);
    expect(out.toString("utf8").match(/\\u00e9/g)?.length).toBe(1); // the spliced string, as the caller escaped it
    expect(JSON.parse(out.toString("utf8"))).toEqual(written);
    // é and → as the caller escaped them: 6 bytes each where JSON.stringify's UTF-8 takes 2 and 3.
    expect(out.length).toBe(Buffer.byteLength(JSON.stringify(written)) + 4 + 3);
  });

  it("splices a top-level string member and strings nested in a member that is not an array", () => {
    const text = `{"instructions":${escapedAsCaller(long("system"))},"metadata":{"a":{"b":[${escapedAsCaller(long("deep"))}]}}}`;
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body)!;
    expect(strings.spanOf(body.instructions)).toBeDefined();
    expect(strings.spanOf(body.metadata.a.b[0])).toBeDefined();
    const out = jsonBytes({ system: body.instructions, echo: body.metadata }, strings).toString("utf8");
    expect(out.match(/\\u00e9/g)?.length).toBe(2);
    expect(JSON.parse(out)).toEqual({ system: body.instructions, echo: body.metadata });
  });

  it("pairs nothing in a piece whose parsed order is not its bytes' order: an index key comes first", () => {
    // Two strings of one length: paired by the bytes' order, each would get the other's bytes.
    const [x, y] = [long("X"), long("Y")];
    const text = `{"messages":[{"b":${JSON.stringify(x)},"1":${JSON.stringify(y)}}]}`;
    const { raw, body } = parsed(text);
    expect(Object.keys(body.messages[0])).toEqual(["1", "b"]);
    const strings = rawStringsOf(raw, body)!;
    expect(strings.spanOf(x)).toBeUndefined();
    const out = JSON.parse(jsonBytes({ a: body.messages[0]["1"], b: body.messages[0].b }, strings).toString("utf8"));
    expect(out).toEqual({ a: y, b: x });
  });

  it("pairs nothing in a piece where a key repeats (the last value wins, in the first one's place)", () => {
    // Paired by place, the value kept (Y, second in the bytes) would get the first one's bytes (X).
    const [x, y] = [long("X"), long("Y")];
    const text = `{"messages":[{"a":${JSON.stringify(x)},"b":"short","a":${JSON.stringify(y)}}]}`;
    const { raw, body } = parsed(text);
    expect(body.messages[0]).toEqual({ a: y, b: "short" });
    const strings = rawStringsOf(raw, body)!;
    expect(strings.spanOf(body.messages[0].a)).toBeUndefined();
    expect(JSON.parse(jsonBytes({ m: body.messages }, strings).toString("utf8")).m).toEqual([{ a: y, b: "short" }]);
  });

  it("pairs nothing in a piece changed since it was parsed (a member added)", () => {
    const text = `{"messages":[{"role":"tool","content":${JSON.stringify(long("R"))}}]}`;
    const { raw, body } = parsed(text);
    body.messages[0].name = "added";
    expect(rawStringsOf(raw, body)!.spanOf(body.messages[0].content)).toBeUndefined();
  });

  it("escapes again a string whose bytes were not UTF-8 (read as U+FFFD, which the upstream would read otherwise)", () => {
    const prefix = Buffer.from(`{"messages":[{"role":"user","content":"${"a".repeat(longStringBytes)}`);
    const bytes = Buffer.concat([prefix, Buffer.from([0xff]), Buffer.from(`"}]}`)]);
    const scan = scanJson(bytes, 64);
    const raw = (scan as { raw: RawJson }).raw;
    const body = JSON.parse(bytes.toString("utf8"));
    const strings = rawStringsOf(raw, body)!;
    expect(strings.spanOf(body.messages[0].content)).toBeUndefined();
    const out = jsonBytes({ text: body.messages[0].content }, strings);
    expect(out.includes(Buffer.from([0xff]))).toBe(false);
    expect(JSON.parse(out.toString("utf8")).text.endsWith("\uFFFD")).toBe(true);
  });

  it("splices only the very string or an equal one: a different string of the same length is escaped", () => {
    const text = `{"messages":[${escapedAsCaller(long("one"))}]}`;
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body)!;
    const equal = long("one").split("").join("");
    const other = long("two");
    expect(other.length).toBe(equal.length);
    const out = jsonBytes({ a: [equal], b: [other] }, strings).toString("utf8");
    expect(out.match(/\\u00e9/g)?.length).toBe(1);
    expect(JSON.parse(out)).toEqual({ a: [equal], b: [other] });
  });

  it.each([
    ["is", placeholder],
    ["holds", `see ${placeholder} here`],
  ])("escapes a piece whole when one of the caller's own strings %s the placeholder a spliced string stands in for", (_, name) => {
    const text = `{"messages":[{"role":"tool","content":${escapedAsCaller(long("R"))},"name":${JSON.stringify(name)}}]}`;
    const { raw, body } = parsed(text);
    const strings = rawStringsOf(raw, body)!;
    expect(strings.spanOf(body.messages[0].content)).toBeDefined();
    const out = jsonBytes({ messages: body.messages }, strings).toString("utf8");
    expect(out).toBe(JSON.stringify({ messages: body.messages }));
    expect(body.messages[0].content).toBe(long("R"));
  });
});
