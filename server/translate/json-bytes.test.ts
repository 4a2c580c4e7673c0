import { describe, expect, it } from "vitest";
import { jsonBytes } from "./json-bytes.ts";

describe("jsonBytes", () => {
  it("writes exactly what JSON.stringify writes, for large and small bodies", () => {
    const large = {
      model: "m",
      skipped: undefined,
      messages: Array.from({ length: 400 }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `turn ${i} — ${"x".repeat(200)} "quoted" \u2028`, extra: i % 3 ? undefined : null })),
      holes: [undefined, () => 1, 1],
      nested: { a: [1, 2, { b: "c" }] },
      stream: true,
    };
    expect(jsonBytes(large).toString("utf8")).toBe(JSON.stringify(large));
    expect(jsonBytes({}).toString("utf8")).toBe("{}");
    expect(jsonBytes({ a: [] }).toString("utf8")).toBe('{"a":[]}');
  });

  it("returns bodies of their own: past the reused scratch buffer's size, and unchanged by the next call", () => {
    const huge = { messages: Array.from({ length: 50 }, (_, i) => ({ text: `${i} 😀 \ud800 é ${"y".repeat(40_000)}` })), system: "ü".repeat(300_000) };
    const first = jsonBytes(huge);
    expect(first.toString("utf8")).toBe(JSON.stringify(huge));
    const second = jsonBytes({ model: "other" });
    expect(first.toString("utf8")).toBe(JSON.stringify(huge));
    expect(second.toString("utf8")).toBe('{"model":"other"}');
  });
});
