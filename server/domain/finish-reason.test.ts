import { describe, expect, it } from "vitest";
import { neutralFinish } from "./finish-reason.ts";

describe("a stop reason in one vocabulary", () => {
  it.each([
    ["end_turn", "stop"],
    ["stop", "stop"],
    ["STOP", "stop"],
    ["completed", "stop"],
    ["max_tokens", "length"],
    ["length", "length"],
    ["MAX_TOKENS", "length"],
    ["max_output_tokens", "length"],
    ["tool_use", "tool_calls"],
    ["tool_calls", "tool_calls"],
    ["stop_sequence", "stop_sequence"],
    ["SAFETY", "content_filter"],
    ["refusal", "content_filter"],
    ["pause_turn", "pause"],
    ["something_new", "other"],
    ["constructor", "other"],
  ])("%s is %s", (said, neutral) => {
    expect(neutralFinish(said)).toBe(neutral);
  });

  it("is null where none came", () => {
    expect(neutralFinish(null)).toBeNull();
  });
});
