import { describe, expect, it } from "vitest";
import { chatRequest, messagesRequest } from "../../bench/relay-overhead/scenarios/agent-request.ts";
import { parseInPieces } from "./parse-in-pieces.ts";
import { scanJson } from "./raw-json.ts";

const inPieces = (bytes: Buffer) => {
  const scan = scanJson(bytes, 64);
  return scan.tooDeep || !scan.raw ? undefined : parseInPieces(scan.raw);
};
const whole = (bytes: Buffer): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(bytes.toString("utf8")) };
  } catch {
    return undefined;
  }
};

/** A body with an array member past the size at which arrays are parsed element by element. */
const large = Buffer.from(
  ` {"model" : "m", "messages":[ ${Array.from({ length: 60 }, (_, i) => JSON.stringify({ role: i % 2 ? "assistant" : "user", content: `turn ${i} café ${"x".repeat(600)}`, n: [1.5, -2e3, null, true] })).join(" ,\n")} ] ,"tools":[],"stream":false}\n`,
);

describe("parseInPieces", () => {
  it("gives what JSON.parse gives for agent-sized bodies", () => {
    for (const text of [messagesRequest("claude-sonnet-4-6", true), chatRequest("gpt-4o-mini", false)]) {
      const parsed = inPieces(Buffer.from(text));
      expect(parsed).toBeDefined();
      expect(parsed).toEqual(JSON.parse(text));
    }
    expect(inPieces(large)).toEqual(JSON.parse(large.toString()));
  });

  it("keeps JSON.parse's rules for duplicate keys, `__proto__` and key order", () => {
    const text = `{"b":1,"__proto__":{"polluted":true},"a":[1,2],"b":{"x":[]},"1":0}`;
    const parsed = inPieces(Buffer.from(text)) as Record<string, unknown>;
    expect(parsed).toEqual(JSON.parse(text));
    expect(Object.keys(parsed)).toEqual(Object.keys(JSON.parse(text)));
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [`{"a":1 "b":2}`],
    [`{"a":1,,"b":2}`],
    [`{"a":1,}`],
    [`{"a" "x":1}`],
    [`{"a":[1,,2]}`],
    [`{"a":[1,2,]}`],
    [`{"a":[1 2]}`],
    [`{"a":1} x`],
    [`x{"a":1}`],
    [`{"a\u0001":1}`],
    [`{1:2}`],
  ])("refuses %s, as JSON.parse does", (text) => {
    expect(whole(Buffer.from(text))).toBeUndefined();
    expect(inPieces(Buffer.from(text))).toBeUndefined();
  });

  it("never accepts a body JSON.parse refuses, nor parses one differently, under random edits", () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    // Edits land near the glue between pieces, where the pieces' own JSON.parse does not look.
    const glue = [...large.entries()].filter(([, byte]) => "{}[],: \n".includes(String.fromCharCode(byte))).map(([at]) => at);
    const alphabet = Buffer.from(`{}[],:" \n\t\r0a-\\`);
    let accepted = 0;
    for (let round = 0; round < 3000; round++) {
      const at = glue[random(glue.length)] + random(3) - 1;
      const pick = alphabet[random(alphabet.length)];
      const kind = random(3);
      const edited =
        kind === 0
          ? Buffer.concat([large.subarray(0, at), large.subarray(at + 1)])
          : kind === 1
            ? Buffer.concat([large.subarray(0, at), Buffer.from([pick]), large.subarray(at)])
            : Buffer.concat([large.subarray(0, at), Buffer.from([pick]), large.subarray(at + 1)]);
      const expected = whole(edited);
      const parsed = inPieces(edited);
      if (parsed !== undefined) {
        accepted++;
        expect(expected, `accepted what JSON.parse refuses: ${edited.toString().slice(Math.max(0, at - 40), at + 40)}`).toBeDefined();
        expect(parsed).toEqual(expected!.value);
      }
    }
    // Many edits leave valid JSON (an extra space, a digit in a number): those are parsed in pieces too.
    expect(accepted).toBeGreaterThan(100);
  });
});
