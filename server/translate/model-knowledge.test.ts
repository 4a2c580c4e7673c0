// The writers take what a model refuses from its capabilities (domain/model-capabilities.ts) and
// nowhere else: the catalog's, or the operator's changes over them, decide OpenAI's sampling and
// `stop`, its chat output field and allowed_tools, and how Gemini is told to think.
import { describe, expect, it } from "vitest";
import { type CapabilityOverrides, modelCapabilities } from "../domain/model-capabilities.ts";
import type { CanonicalRequest } from "./canonical.ts";
import { chatCodec } from "./chat/index.ts";
import { geminiCodec } from "./gemini/index.ts";
import { responsesCodec } from "./responses/index.ts";

type Json = Record<string, any>;
const request = (over: Partial<CanonicalRequest>): CanonicalRequest => ({ model: "m", system: [], turns: [{ role: "user", parts: [{ type: "text", text: "Hi" }] }], tools: [], stream: true, ...over });
const channel = (model: string, overrides?: CapabilityOverrides) => ({ preset: null, capabilities: modelCapabilities(model, overrides) });

describe("translation asks the model's capabilities", () => {
  it("Gemini is told to think as the capabilities say: an operator's model that does not reason gets no thinkingConfig, one with levels gets a level", () => {
    const thinking = (model: string, overrides?: CapabilityOverrides) =>
      (geminiCodec.writeRequest(request({ model, reasoning: { effort: "medium" } }), channel(model, overrides)) as Json).generationConfig?.thinkingConfig;
    expect(thinking("gemini-2.5-flash")).toEqual({ thinkingBudget: 8192, includeThoughts: true });
    expect(thinking("gemini-2.5-flash", { reasoning: null })).toBeUndefined();
    expect(thinking("gemini-2.5-flash", { reasoning: { efforts: ["low", "high"], budget: null, canDisable: false } })).toEqual({ thinkingLevel: "HIGH", includeThoughts: true });
    // Google's thinking guide: 3.1 Pro takes medium (3 Pro does not); the 2.5 image and speech models do not think.
    expect(thinking("gemini-3.1-pro-preview")).toEqual({ thinkingLevel: "MEDIUM", includeThoughts: true });
    expect(thinking("gemini-3-pro-preview")).toEqual({ thinkingLevel: "HIGH", includeThoughts: true });
    expect(thinking("gemini-2.5-flash-image")).toBeUndefined();
  });

  it("OpenAI's sampling and stop go where the capabilities take them: a reasoning model's by default, an operator's changes either way", () => {
    const sent = (model: string, overrides?: CapabilityOverrides) =>
      chatCodec.writeRequest(request({ model, temperature: 0.5, topP: 0.9, stop: ["END"], maxOutputTokens: 100 }), channel(model, overrides)) as Json;
    expect(sent("gpt-5")).not.toHaveProperty("temperature");
    expect(sent("gpt-5")).not.toHaveProperty("stop");
    expect(sent("gpt-5")).toMatchObject({ max_completion_tokens: 100 });
    expect(sent("o3-mini")).toMatchObject({ stop: ["END"] });
    expect(sent("gpt-4o-mini")).toMatchObject({ temperature: 0.5, top_p: 0.9, stop: ["END"], max_completion_tokens: 100 });
    expect(sent("gpt-4o-mini", { temperature: null, stopSequences: 0 })).not.toHaveProperty("temperature");
    expect(sent("gpt-4o-mini", { temperature: null, stopSequences: 0 })).not.toHaveProperty("stop");
    expect(sent("deepseek-chat", { temperature: null })).not.toHaveProperty("top_p");
    expect(sent("deepseek-chat")).toMatchObject({ temperature: 0.5, max_tokens: 100 });
    const responses = (model: string, overrides?: CapabilityOverrides) => responsesCodec.writeRequest(request({ model, temperature: 0.5 }), channel(model, overrides)) as Json;
    expect(responses("gpt-5")).not.toHaveProperty("temperature");
    expect(responses("gpt-4.1")).toMatchObject({ temperature: 0.5 });
    expect(responses("gpt-4.1", { temperature: null })).not.toHaveProperty("temperature");
  });
});
