import { describe, expect, it } from "vitest";
import { noUsage } from "../domain/usage.ts";
import type { StreamEvent } from "./canonical.ts";
import { StopGuard, stopLimits } from "./stop-guard.ts";

const usage = { ...noUsage(), input: 10, output: 20 };
const start: StreamEvent = { type: "start", id: "r1", model: "m", created: 1 };
const text = (index: number, ...deltas: string[]): StreamEvent[] => [
  { type: "block_start", index, block: { type: "text" } },
  ...deltas.map((delta): StreamEvent => ({ type: "text_delta", index, text: delta })),
  { type: "block_stop", index },
];
const finish = (stopReason: "end_turn" | "tool_use" = "end_turn"): StreamEvent => ({ type: "finish", stopReason, stopSequence: null, usage });

/** The events passed on when the upstream's arrive one by one, as a stream's do. */
function guarded(stops: string[], events: StreamEvent[]): StreamEvent[] {
  const guard = new StopGuard(stops);
  return events.flatMap((event) => guard.apply([event]));
}
const textOf = (events: StreamEvent[]) => events.map((event) => (event.type === "text_delta" ? event.text : "")).join("");

describe("the gateway's own stop sequences", () => {
  it("ends the text before a sequence split across deltas, and the finish says it", () => {
    const out = guarded(["the Open"], [start, ...text(0, "Hello", " from the", " OpenAI", " mock."), finish()]);
    expect(textOf(out)).toBe("Hello from ");
    expect(out.at(-2)).toEqual({ type: "block_stop", index: 0 });
    expect(out.at(-1)).toEqual({ type: "finish", stopReason: "stop_sequence", stopSequence: "the Open", usage });
    // One block stop, and no delta after it.
    expect(out.filter((event) => event.type === "block_stop")).toHaveLength(1);
  });

  it("stops at the earliest of several, whichever is listed first", () => {
    const out = guarded(["mock", "from"], [start, ...text(0, "Hello from the mock."), finish()]);
    expect(textOf(out)).toBe("Hello ");
    expect(out.at(-1)).toMatchObject({ stopReason: "stop_sequence", stopSequence: "from" });
  });

  it("passes on nothing the model wrote after the stop: no later text, no tool call, and usage still", () => {
    const later: StreamEvent[] = [
      { type: "block_start", index: 1, block: { type: "tool_call", id: "c1", name: "run" } },
      { type: "tool_arguments_delta", index: 1, json: "{}" },
      { type: "block_stop", index: 1 },
      { type: "usage", usage },
    ];
    const out = guarded(["\n\n"], [start, ...text(0, "One.\n", "\nTwo."), ...later, finish("tool_use")]);
    expect(textOf(out)).toBe("One.");
    expect(out.some((event) => event.type === "block_start" && event.index === 1)).toBe(false);
    expect(out.filter((event) => event.type === "usage")).toEqual([{ type: "usage", usage }]);
    expect(out.at(-1)).toMatchObject({ type: "finish", stopReason: "stop_sequence", stopSequence: "\n\n" });
  });

  it("holds back only what could begin a sequence, and gives it back at the block's end", () => {
    const guard = new StopGuard(["END"]);
    expect(guard.apply(text(0, "abcE").slice(0, 2))).toEqual([
      { type: "block_start", index: 0, block: { type: "text" } },
      { type: "text_delta", index: 0, text: "ab" },
    ]);
    expect(guard.apply([{ type: "block_stop", index: 0 }])).toEqual([
      { type: "text_delta", index: 0, text: "cE" },
      { type: "block_stop", index: 0 },
    ]);
  });

  it("leaves an answer without any sequence as it was, finish and all", () => {
    const events = [start, ...text(0, "Hello", " from the", " mock."), finish()];
    const out = guarded(["zzz"], events);
    expect(textOf(out)).toBe("Hello from the mock.");
    expect(out.at(-1)).toEqual(finish());
  });

  it("does not look into reasoning, and never splits a surrogate pair", () => {
    const reasoning: StreamEvent[] = [
      { type: "block_start", index: 0, block: { type: "reasoning" } },
      { type: "reasoning_delta", index: 0, text: "think STOP think" },
      { type: "block_stop", index: 0 },
    ];
    const out = guarded(["STOP"], [start, ...reasoning, ...text(1, "abc😀xy", "!"), finish()]);
    expect(out).toContainEqual({ type: "reasoning_delta", index: 0, text: "think STOP think" });
    const deltas = out.filter((event) => event.type === "text_delta").map((event) => (event as { text: string }).text);
    // "abc😀xy" with three characters held back would end its first delta inside the emoji.
    expect(deltas.join("")).toBe("abc😀xy!");
    for (const delta of deltas) expect(delta, JSON.stringify(delta)).not.toMatch(/[\ud800-\udbff]$/);
  });

  it("gives back what it held when the stream breaks off before its finish", () => {
    const guard = new StopGuard(["END"]);
    guard.apply([{ type: "block_start", index: 0, block: { type: "text" } }, { type: "text_delta", index: 0, text: "partial EN" }]);
    expect(guard.release()).toEqual([{ type: "text_delta", index: 0, text: "EN" }]);
  });

  it("passes on no text block that the stop ends before any text (an empty text block is refused when sent back)", () => {
    const out = guarded(["Hello"], [start, ...text(0, "Hello", " there"), finish()]);
    expect(out).toEqual([start, { type: "finish", stopReason: "stop_sequence", stopSequence: "Hello", usage }]);
    // An empty block the model itself ended, with no stop in it, goes on as it came.
    expect(guarded(["zzz"], [start, ...text(0), finish()])).toEqual([start, ...text(0), finish()]);
  });

  it("stops at the sequence completed first, however the text is split into deltas", () => {
    // "bc" is complete before "abcd" is, so an upstream would have stopped there: "xa".
    for (const deltas of [["xabcd"], ["xab", "c", "d"], ["x", "a", "b", "c", "d"]]) {
      const out = guarded(["abcd", "bc"], [start, ...text(0, ...deltas), finish()]);
      expect(textOf(out), deltas.join("|")).toBe("xa");
      expect(out.at(-1)).toMatchObject({ stopReason: "stop_sequence", stopSequence: "bc" });
    }
    // Of two ending at once, the longer: it began first.
    expect(guarded(["bcd", "abcd"], [start, ...text(0, "xab", "cd"), finish()]).at(-1)).toMatchObject({ stopSequence: "abcd" });
  });

  it("ends every other open text block with what it held when the stop falls in one", () => {
    const open = (index: number): StreamEvent => ({ type: "block_start", index, block: { type: "text" } });
    const out = guarded(["STOP", "zzzzzz"], [start, open(0), { type: "text_delta", index: 0, text: "first" }, open(1), open(2), { type: "text_delta", index: 1, text: "a STOP" }, finish()]);
    expect(out).toEqual([
      start,
      open(0),
      { type: "text_delta", index: 0, text: "first" },
      { type: "block_stop", index: 0 },
      open(1),
      { type: "text_delta", index: 1, text: "a " },
      { type: "block_stop", index: 1 },
      // Block 2 had no text: it is not passed on at all.
      { type: "finish", stopReason: "stop_sequence", stopSequence: "STOP", usage },
    ]);
  });

  it("bounds what it will keep, and says why, before any upstream is called", () => {
    expect(StopGuard.refusalOf(undefined)).toBeNull();
    expect(StopGuard.refusalOf(["END", "\n\n"])).toBeNull();
    expect(StopGuard.refusalOf("END")).toMatch(/list of strings/);
    expect(StopGuard.refusalOf([null])).toMatch(/list of strings/);
    expect(StopGuard.refusalOf(Array(stopLimits.sequences + 1).fill("x"))).toMatch(/at most 64 stop sequences/);
    expect(StopGuard.refusalOf(["x".repeat(stopLimits.characters + 1)])).toMatch(/at most 1000 characters/);
  });

  it("is not made for no sequences, or only empty ones", () => {
    expect(StopGuard.of(undefined)).toBeNull();
    expect(StopGuard.of([])).toBeNull();
    expect(StopGuard.of([""])).toBeNull();
    expect(StopGuard.of(["x"])).toBeInstanceOf(StopGuard);
  });
});
