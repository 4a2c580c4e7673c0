import { describe, expect, it } from "vitest";
import type { ChannelKind } from "./channel-presets.ts";
import type { Family } from "./families.ts";
import { groupInterfacePaths, groupServes, kindServesFamily } from "./group-interfaces.ts";

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
    expect(groupInterfacePaths("domestic", [])).toEqual(["/v1/chat/completions"]);
    expect(groupInterfacePaths("domestic", ["anthropic", "openai-compatible"])).toEqual(["/v1/messages", "/v1/chat/completions"]);
    expect(groupInterfacePaths("compatible", ["openai-compatible"])).toEqual(["/v1/chat/completions"]);
    expect(groupInterfacePaths("B", ["anthropic"])).toEqual(["/v1/responses", "/v1/chat/completions"]);
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
