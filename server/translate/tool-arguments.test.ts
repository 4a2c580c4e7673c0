import { beforeEach, describe, expect, it } from "vitest";
import { argumentsObject, forgetArguments } from "./tool-arguments.ts";

describe("argumentsObject", () => {
  beforeEach(forgetArguments);

  it("gives the object a tool call's arguments hold, {} for blank text, and null for anything but an object", () => {
    expect(argumentsObject('{"path":"src/a.ts","limit":200}')).toEqual({ path: "src/a.ts", limit: 200 });
    expect(argumentsObject(' \n{"a":[1,{"b":null}]}\t')).toEqual({ a: [1, { b: null }] });
    expect(argumentsObject("")).toEqual({});
    expect(argumentsObject("  ")).toEqual({});
    for (const text of ["[1,2]", '"text"', "42", "null", "{", '{"a":1}}', "{'a':1}"]) expect(argumentsObject(text), text).toBeNull();
  });

  it("parses a text once, however many turns resend it, and answers a refused text the same way again", () => {
    const text = '{"path":"src/a.ts","content":"export const a = 1;\\n"}';
    const first = argumentsObject(text);
    expect(argumentsObject(text)).toBe(first);
    // An equal text built apart (as each call's JSON.parse of the body builds it) finds the same object.
    expect(argumentsObject(JSON.parse(JSON.stringify(text)))).toBe(first);
    expect(argumentsObject("[1]")).toBeNull();
    expect(argumentsObject("[1]")).toBeNull();
  });

  it("keeps at most 4 M characters of text, forgetting the oldest first", () => {
    const big = (tag: string) => JSON.stringify({ tag, content: "x".repeat(1024 * 1024) });
    const kept = ["a", "b", "c", "d", "e"].map((tag) => argumentsObject(big(tag)));
    // Five texts of a little over 1 M characters: the first two went to make room for the last.
    expect(argumentsObject(big("e"))).toBe(kept[4]);
    expect(argumentsObject(big("c"))).toBe(kept[2]);
    expect(argumentsObject(big("a"))).not.toBe(kept[0]);
    expect(argumentsObject(big("a"))).toEqual(kept[0]);
  });
});
