import { describe, expect, it } from "vitest";
import { type RawJson, scanJson, stringEnd, withMembers } from "./raw-json.ts";

const raw = (text: string, maxDepth = 64): RawJson => {
  const scan = scanJson(Buffer.from(text), maxDepth);
  if (scan.tooDeep || !scan.raw) throw new Error(`no layout for ${text}`);
  return scan.raw;
};
const valuesOf = (text: string) => {
  const { bytes, members } = raw(text);
  return members.map((member) => [member.key, bytes.toString("utf8", member.valueStart, member.valueEnd)]);
};

describe("scanJson", () => {
  it.each([
    [`{"model":"m","n":1}`, [["model", `"m"`], ["n", "1"]]],
    [` {\n "a" : [1, {"b": "}]\\""}] ,\t"c":{"d":null}  }\n`, [["a", `[1, {"b": "}]\\""}]`], ["c", `{"d":null}`]]],
    [`{"s":"a\\\\","t":"\\\\\\"x"}`, [["s", `"a\\\\"`], ["t", `"\\\\\\"x"`]]],
    [`{"mod\\u0065l":"m","é":1e3,"x":-0.0}`, [["model", `"m"`], ["é", "1e3"], ["x", "-0.0"]]],
    [`{}`, []],
  ])("reads the top-level members of %s", (text, expected) => {
    expect(valuesOf(text)).toEqual(expected);
  });

  it("counts depth over arrays and objects, outside strings only", () => {
    const nested = (levels: number) => `{"a":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;
    expect(scanJson(Buffer.from(nested(8)), 8).tooDeep).toBe(false);
    expect(scanJson(Buffer.from(nested(9)), 8).tooDeep).toBe(true);
    expect(scanJson(Buffer.from(`{"a":"[[[[[[[[[[[[{{{{{{"}`), 2).tooDeep).toBe(false);
  });

  it("flags a top-level key given twice, however it is spelled, and only at the top level", () => {
    expect(raw(`{"model":"a","model":"b"}`).duplicateKeys).toBe(true);
    expect(raw(`{"model":"a","mod\\u0065l":"b"}`).duplicateKeys).toBe(true);
    expect(raw(`{"a":{"k":1,"k":2},"b":{"k":3}}`).duplicateKeys).toBe(false);
  });

  it("gives no layout for a document that is not an object", () => {
    for (const text of ["[1,2]", `"text"`, "42"]) expect(scanJson(Buffer.from(text), 8)).toEqual({ tooDeep: false, raw: null });
  });
});

describe("stringEnd", () => {
  it("finds where a string token ends, however its escapes fall against the loop's window", () => {
    // JSON inside a string (escaped quotes a few bytes apart), runs of backslashes, and each at
    // every offset against the 24-byte window the loop walks before it searches.
    const pieces = ['\\"', "\\\\", "\\\\\\\"", "a", "é", "\\u005c", '{\\"path\\":\\"src/a.ts\\"}'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 2000; i++) {
      let inner = "x".repeat(random(40));
      for (let k = random(12); k > 0; k--) inner += pieces[random(pieces.length)] + "y".repeat(random(30));
      const token = `"${inner}"`;
      expect(JSON.parse(token)).toBeTypeOf("string"); // a valid token
      const bytes = Buffer.from(`${token},"after":"\\"}`);
      expect(stringEnd(bytes, 0)).toBe(Buffer.byteLength(token));
      expect(stringEnd(Buffer.from(token.slice(0, -1)), 0)).toBe(-1); // cut before its end
    }
  });
});

describe("withMembers", () => {
  it("replaces values in place and leaves every other byte as it was", () => {
    const text = `{ "x": 1.0 ,"model" :  "old" , "y":"\\u00e9"}`;
    expect(withMembers(raw(text), { model: `"new"` }).toString()).toBe(`{ "x": 1.0 ,"model" :  "new" , "y":"\\u00e9"}`);
  });

  it("adds missing members first in the object, with or without other members", () => {
    expect(withMembers(raw(`{"a":1}`), { stream: "true" }).toString()).toBe(`{"stream":true,"a":1}`);
    expect(withMembers(raw(` { } `), { stream: "true", model: `"m"` }).toString()).toBe(` {"stream":true,"model":"m" } `);
  });

  it("replaces and adds in one pass, whatever the order of the edits", () => {
    const text = `{"b":2,"model":"old","stream":false}`;
    expect(withMembers(raw(text), { stream: "true", model: `"m"`, added: "[]" }).toString()).toBe(`{"added":[],"b":2,"model":"m","stream":true}`);
  });

  it("removes members with their commas, wherever they are, beside replacements and additions", () => {
    const text = `{"model":"m", "a":1.0 ,"stream":true,"b":[1],"c":2}`;
    expect(withMembers(raw(text), { model: undefined, stream: undefined, v: `"x"` }).toString()).toBe(`{"v":"x","a":1.0 ,"b":[1],"c":2}`);
    expect(withMembers(raw(text), { c: undefined, b: undefined, a: "3" }).toString()).toBe(`{"model":"m", "a":3 ,"stream":true}`);
    expect(withMembers(raw(`{"model":"m","stream":true}`), { model: undefined, stream: undefined, v: `"x"` }).toString()).toBe(`{"v":"x"}`);
    expect(withMembers(raw(`{"a":1}`), { missing: undefined })).toEqual(Buffer.from(`{"a":1}`));
    for (const [drop, kept] of [["a", `{"b":2,"c":3}`], ["b", `{"a":1,"c":3}`], ["c", `{"a":1,"b":2}`]] as const) {
      const out = withMembers(raw(`{"a":1,"b":2,"c":3}`), { [drop]: undefined }).toString();
      expect(out).toBe(kept);
      expect(JSON.parse(out)).toEqual(JSON.parse(kept));
    }
  });

  it("returns the client's own buffer when nothing changes", () => {
    const layout = raw(`{"a":1}`);
    expect(withMembers(layout, {})).toBe(layout.bytes);
  });
});
