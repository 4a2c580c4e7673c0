import { describe, expect, it } from "vitest";
import { APPLY_PATCH } from "../../test/mock-upstreams/conversation.ts";
import { FreeformInputStream, freeformArguments, freeformInput, freeformParameters } from "./freeform-tools.ts";

/** What the stream gives for `args` cut into `pieces`, then what `finish` adds. */
function streamed(pieces: string[]): { deltas: string[]; input: string } {
  const stream = new FreeformInputStream();
  const deltas = pieces.map((piece) => stream.push(piece)).filter((delta) => delta !== "");
  const { input, rest } = stream.finish(pieces.join(""));
  if (rest !== "") deltas.push(rest);
  return { deltas, input };
}

describe("freeform tools: a custom tool as a function of one string", () => {
  it("declares `input` as a required string, the grammar in its description", () => {
    expect(freeformParameters(undefined)).toEqual({
      type: "object",
      properties: { input: { type: "string", description: "The tool's whole input, as freeform text." } },
      required: ["input"],
      additionalProperties: false,
    });
    const lark = freeformParameters({ type: "grammar", syntax: "lark", definition: 'start: "*** Begin Patch" LF' });
    expect((lark.properties as any).input.description).toBe('The tool\'s whole input, as freeform text that follows this Lark grammar:\nstart: "*** Begin Patch" LF');
    const regex = freeformParameters({ type: "grammar", syntax: "regex", definition: "^\\d+$" });
    expect((regex.properties as any).input.description).toMatch(/regular expression:\n\^\\d\+\$$/);
  });

  it("reads the input back from the arguments; arguments of another shape go on as written", () => {
    expect(freeformInput(freeformArguments(APPLY_PATCH))).toBe(APPLY_PATCH);
    expect(freeformInput('{"patch":"x"}')).toBe('{"patch":"x"}');
    expect(freeformInput("not json")).toBe("not json");
  });
});

describe("freeform tools: the input decoded from streamed argument JSON", () => {
  const args = freeformArguments(APPLY_PATCH);

  it("gives the exact input wherever the JSON is cut, an escape or a surrogate pair included", () => {
    for (let at = 0; at <= args.length; at++) {
      const { deltas, input } = streamed([args.slice(0, at), args.slice(at)]);
      expect(input, `cut at ${at}`).toBe(APPLY_PATCH);
      expect(deltas.join(""), `cut at ${at}`).toBe(APPLY_PATCH);
      // No piece ends inside a surrogate pair: each delta is text of its own.
      for (const delta of deltas) expect(delta.isWellFormed(), `cut at ${at}`).toBe(true);
    }
  });

  it("gives text as it arrives, one character at a time", () => {
    const { deltas } = streamed([...args]);
    expect(deltas.length).toBeGreaterThan(APPLY_PATCH.length / 2);
    expect(deltas.join("")).toBe(APPLY_PATCH);
  });

  it("decodes \\u escapes, surrogate pairs among them, and whitespace around the key", () => {
    const json = '  { "input" :\n "caf\\u00e9 \\ud83c\\udf89 \\"q\\" \\/" }';
    const { deltas, input } = streamed([...json]);
    expect(input).toBe('café 🎉 "q" /');
    expect(deltas.join("")).toBe(input);
  });

  it("arguments of another shape are given whole at the end", () => {
    expect(streamed(['{"patch":', '"x"}'])).toEqual({ deltas: ['{"patch":"x"}'], input: '{"patch":"x"}' });
    expect(streamed(["{}"])).toEqual({ deltas: ["{}"], input: "{}" });
    // A second key after `input`: what the stream gave stands, and `finish` reads the rest from the whole.
    expect(streamed(['{"input":"ab', 'c","extra":1}'])).toEqual({ deltas: ["ab", "c"], input: "abc" });
  });
});
