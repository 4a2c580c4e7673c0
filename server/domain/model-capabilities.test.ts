import { describe, expect, it } from "vitest";
import { catalogCapabilities, clampOutputTokens, modelCapabilities, nearestEffort } from "./model-capabilities.ts";

describe("the model capability catalog", () => {
  it.each([
    ["claude-sonnet-4-6", "catalog", 64_000, true],
    ["claude-opus-4-6", "catalog", 128_000, true],
    ["claude-opus-4-7-20270101", "family", 128_000, true],
    ["gpt-4o-mini", "catalog", 16_384, false],
    ["gpt-4o-2024-08-06", "family", 16_384, false],
    ["gpt-4.1", "catalog", 32_768, false],
    ["gpt-5", "catalog", 128_000, true],
    ["openai/gpt-5-mini", "catalog", 128_000, true],
    ["gpt-5-chat-latest", "catalog", 16_384, false],
    ["o4-mini", "catalog", 100_000, true],
    ["deepseek-chat", "catalog", 8_192, true],
    ["deepseek-reasoner", "catalog", 65_536, true],
    ["gemini-2.5-pro", "catalog", 65_536, true],
    ["gemini-3-pro-preview", "family", 65_536, true],
    ["my-local-llama", "default", 8_192, false],
  ] as const)("%s: %s, at most %i output tokens, reasons: %s", (model, source, maxOutput, reasons) => {
    const capabilities = catalogCapabilities(model);
    expect(capabilities.source).toBe(source);
    expect(capabilities.maxOutputTokens).toBe(maxOutput);
    expect(capabilities.reasoning !== null).toBe(reasons);
  });

  it("takes the operator's fields over the catalog's, field by field", () => {
    const capabilities = modelCapabilities("deepseek-chat", { maxOutputTokens: 4_096 });
    expect(capabilities).toMatchObject({ source: "operator", maxOutputTokens: 4_096, contextWindow: 128_000, stopSequences: 16 });
    expect(modelCapabilities("deepseek-chat", {}).source).toBe("catalog");
    expect(modelCapabilities("deepseek-chat", null).maxOutputTokens).toBe(8_192);
  });

  it("clamps an output limit to the model's, never above what was asked", () => {
    expect(clampOutputTokens(32_000, { maxOutputTokens: 8_192 })).toBe(8_192);
    expect(clampOutputTokens(1_000, { maxOutputTokens: 8_192 })).toBe(1_000);
    expect(clampOutputTokens(undefined, { maxOutputTokens: 8_192 })).toBeUndefined();
  });

  it.each([
    ["high", ["minimal", "low", "medium", "high"], "high"],
    ["none", ["minimal", "low", "medium", "high"], "minimal"],
    ["xhigh", ["minimal", "low", "medium", "high"], "high"],
    ["medium", ["low", "high"], "high"],
    ["minimal", ["low", "high"], "low"],
    ["high", [], undefined],
  ] as const)("effort %s on a model taking %j goes as %s", (asked, levels, expected) => {
    expect(nearestEffort(asked, [...levels])).toBe(expected);
  });
});

describe("what translation asks the catalog (the writers keep no model knowledge of their own)", () => {
  it.each([
    // OpenAI: reasoning models refuse sampling; from o3 and o4-mini on, `stop` too; o1 and o3-mini (dated too) take it, o1-mini does not.
    ["gpt-5", { vendor: "openai", temperature: null, stopSequences: 0 }],
    ["openai/gpt-5.2", { vendor: "openai", temperature: null, stopSequences: 0 }],
    ["codex-mini-latest", { vendor: "openai", temperature: null, stopSequences: 0 }],
    ["o4-mini", { vendor: "openai", temperature: null, stopSequences: 0 }],
    ["o1", { vendor: "openai", temperature: null, stopSequences: 4 }],
    ["o3-mini-2025-01-31", { vendor: "openai", temperature: null, stopSequences: 4 }],
    ["o1-mini", { vendor: "openai", temperature: null, stopSequences: 0 }],
    ["gpt-5-chat-latest", { vendor: "openai", temperature: { min: 0, max: 2 }, stopSequences: 4 }],
    ["gpt-4o-mini", { vendor: "openai", temperature: { min: 0, max: 2 }, stopSequences: 4 }],
    ["gpt-4-turbo", { vendor: "openai", source: "default" }],
    ["deepseek-chat", { vendor: null, temperature: { min: 0, max: 2 } }],
    ["claude-sonnet-4-6", { vendor: "anthropic" }],
    // Gemini, from Google's thinking guide and model pages.
    ["gemini-3.1-pro-preview", { vendor: "google", reasoning: { efforts: ["low", "medium", "high"], budget: null, canDisable: false } }],
    ["gemini-3-pro-preview", { reasoning: { efforts: ["low", "high"], budget: null, canDisable: false } }],
    ["models/gemini-2.5-pro", { source: "catalog", reasoning: { efforts: [], budget: { min: 128, max: 32_768 }, canDisable: false } }],
    ["gemini-2.5-flash-image", { reasoning: null, maxOutputTokens: 32_768 }],
    ["gemini-2.5-pro-preview-tts", { reasoning: null, maxOutputTokens: 16_384 }],
    ["gemini-2.5-computer-use-preview-10-2025", { reasoning: { efforts: [], budget: { min: 0, max: 24_576 }, canDisable: true } }],
    ["gemini-2.0-flash", { reasoning: null }],
    ["gemma-3-27b-it", { vendor: "google", source: "family", reasoning: null, maxOutputTokens: 8_192 }],
  ] as const)("%s", (model, expected) => {
    expect(catalogCapabilities(model)).toMatchObject(expected);
  });
});
