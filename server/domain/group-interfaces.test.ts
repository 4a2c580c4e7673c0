import { describe, expect, it } from "vitest";
import type { ChannelKind } from "./channel-presets.ts";
import type { Family } from "./families.ts";
import { groupCalls, groupInterfacePaths, groupServes, kindServesFamily, upstreamFormatOf } from "./group-interfaces.ts";

describe("groupServes", () => {
  it.each([
    ["A", "messages", [], true],
    ["domestic", "messages", [], false],
    ["domestic", "messages", ["openai-compatible"], false],
    ["domestic", "messages", ["anthropic"], true],
    ["compatible", "messages", ["anthropic"], true],
    ["compatible", "chat", [], true],
    // Families outside the rule do not gain messages from a channel: that would be translation.
    ["B", "messages", ["anthropic"], false],
    ["C", "messages", ["anthropic"], false],
    ["compatible", "responses", ["openai"], false],
  ] as [Family, "messages" | "chat" | "responses", ChannelKind[], boolean][])("%s %s with %j → %s", (family, iface, kinds, served) => {
    expect(groupServes(family, iface, kinds)).toBe(served);
  });
});

describe("groupInterfacePaths", () => {
  it("adds /v1/messages to a domestic group with an anthropic channel", () => {
    expect(groupInterfacePaths({ family: "domestic", translatedInterfaces: [] }, [])).toEqual(["/v1/chat/completions", "/v1/embeddings"]);
    expect(groupInterfacePaths({ family: "domestic", translatedInterfaces: [] }, ["anthropic", "openai-compatible"])).toEqual(["/v1/messages", "/v1/chat/completions", "/v1/embeddings"]);
    expect(groupInterfacePaths({ family: "compatible", translatedInterfaces: [] }, ["openai-compatible"])).toEqual(["/v1/chat/completions", "/v1/embeddings"]);
    expect(groupInterfacePaths({ family: "B", translatedInterfaces: [] }, ["anthropic"])).toEqual(["/v1/responses", "/v1/chat/completions", "/v1/embeddings"]);
  });
});

describe("kindServesFamily", () => {
  it.each([
    ["anthropic", "A", true],
    ["anthropic", "domestic", true],
    ["anthropic", "compatible", true],
    ["anthropic", "B", false],
    ["anthropic", "C", false],
    ["openai", "B", true],
    ["openai", "domestic", true],
    ["openai-compatible", "compatible", true],
    ["openai-compatible", "A", false],
    ["openai-compatible", "C", false],
    ["gemini", "C", true],
    ["gemini", "domestic", false],
  ] as [ChannelKind, Family, boolean][])("%s → %s: %s", (kind, family, ok) => {
    expect(kindServesFamily(kind, family)).toBe(ok);
  });
});

describe("translated interfaces (the operator's opt-in)", () => {
  const gpt = { family: "B" as const, translatedInterfaces: ["messages" as const, "generate-content" as const] };
  it("answers natively where the family serves, translated where the group accepts, not at all otherwise", () => {
    expect(groupCalls(gpt, "chat", ["openai"])).toBe("native");
    expect(groupCalls(gpt, "messages", ["openai"])).toBe("translated");
    expect(groupCalls({ ...gpt, translatedInterfaces: [] }, "messages", ["openai"])).toBeNull();
    expect(groupCalls(gpt, "models", ["openai"])).toBe("native");
  });
  it("lists accepted interfaces beside the native ones", () => {
    expect(groupInterfacePaths(gpt, ["openai"])).toEqual(["/v1/messages", "/v1/responses", "/v1/chat/completions", "/v1beta/models/{model}:generateContent", "/v1/embeddings"]);
  });
  it("translates to the richest format the channel's kind serves for the family", () => {
    expect(upstreamFormatOf("openai", "B")).toBe("responses");
    expect(upstreamFormatOf("openai", "domestic")).toBe("chat");
    expect(upstreamFormatOf("openai-compatible", "compatible")).toBe("chat");
    expect(upstreamFormatOf("anthropic", "domestic")).toBe("messages");
    expect(upstreamFormatOf("anthropic", "A")).toBe("messages");
    expect(upstreamFormatOf("gemini", "C")).toBe("generate-content");
    expect(upstreamFormatOf("anthropic", "B")).toBeUndefined();
  });
});
