import { describe, expect, it } from "vitest";
import { defaultBaseUrl, presetsOf } from "./channel-presets.ts";

describe("defaultBaseUrl", () => {
  it.each([
    ["anthropic", null, "https://api.anthropic.com"],
    ["anthropic", "deepseek", "https://api.deepseek.com/anthropic"],
    ["anthropic", "kimi", "https://api.moonshot.cn/anthropic"],
    ["anthropic", "glm", "https://open.bigmodel.cn/api/anthropic"],
    ["anthropic", "minimax", "https://api.minimax.io/anthropic"],
    ["anthropic", "qwen", "https://dashscope.aliyuncs.com/apps/anthropic"],
    ["openai-compatible", "deepseek", "https://api.deepseek.com/v1"],
    ["openai-compatible", "self-hosted", "http://127.0.0.1:8000/v1"],
    ["openai-compatible", "custom", undefined],
    ["openai-compatible", null, undefined],
    ["openai", null, "https://api.openai.com/v1"],
    ["gemini", null, "https://generativelanguage.googleapis.com"],
  ] as const)("%s / %s → %s", (kind, preset, url) => {
    expect(defaultBaseUrl(kind, preset)).toBe(url);
  });

  it("offers Anthropic-compatible presets for the domestic providers only, and self-hosted for OpenAI-compatible", () => {
    expect(presetsOf.anthropic).toEqual(["deepseek", "qwen", "glm", "kimi", "minimax"]);
    expect(presetsOf["openai-compatible"]).toContain("self-hosted");
    expect(presetsOf.openai).toEqual([]);
  });
});
