import { describe, expect, it } from "vitest";
import { parseCallName } from "./call-name.ts";

const groups = new Set(["claude-smart", "qwen-trial"]);
const isGroup = (prefix: string) => groups.has(prefix);

describe("parseCallName", () => {
  it.each([
    ["claude-sonnet-4-6", null, "claude-sonnet-4-6"],
    ["claude-smart/claude-sonnet-4-6", "claude-smart", "claude-sonnet-4-6"],
    ["Qwen/Qwen3-235B-A22B", null, "Qwen/Qwen3-235B-A22B"],
    ["qwen-trial/Qwen/Qwen3-235B-A22B", "qwen-trial", "Qwen/Qwen3-235B-A22B"],
    ["claude-smart/", null, "claude-smart/"],
    ["/claude-smart", null, "/claude-smart"],
    ["unknown-group/model", null, "unknown-group/model"],
  ])("%s", (name, groupIdentifier, modelId) => {
    expect(parseCallName(name, isGroup)).toEqual({ groupIdentifier, modelId });
  });
});
