import { describe, expect, it } from "vitest";
import type { ChannelWithCredentials } from "../../store/channels.ts";
import { eligibleChannels, nextCredential, orderChannels, upstreamModelOf } from "./select.ts";

const channel = (overrides: Partial<ChannelWithCredentials>): ChannelWithCredentials => ({
  id: "c",
  name: "c",
  kind: "openai",
  preset: null,
  baseUrl: "http://upstream",
  models: [],
  modelMapping: {},
  userAgent: null,
  region: null,
  project: null,
  apiVersion: null,
  groupIds: ["g"],
  priority: 0,
  weight: 1,
  timeoutMs: 1000,
  enabled: true,
  source: "console",
  credentialHints: [],
  createdAt: 0,
  credentials: ["k1", "k2"],
  ...overrides,
});

describe("eligibleChannels", () => {
  it.each([
    ["serves the group, any model", channel({}), "chat", true],
    ["serves responses too (openai)", channel({}), "responses", true],
    ["openai-compatible serves chat only", channel({ kind: "openai-compatible" }), "responses", false],
    ["anthropic cannot serve chat", channel({ kind: "anthropic" }), "chat", false],
    ["disabled", channel({ enabled: false }), "chat", false],
    ["another group", channel({ groupIds: ["other"] }), "chat", false],
    ["model list without the model", channel({ models: ["gpt-x"] }), "chat", false],
    ["model list with the model", channel({ models: ["gpt-4o"] }), "chat", true],
  ] as const)("%s", (_name, candidate, iface, expected) => {
    expect(eligibleChannels([candidate], iface, "B", "g", "gpt-4o")).toHaveLength(expected ? 1 : 0);
  });

  it.each([
    ["a Claude group's Bedrock channel serves its messages", "bedrock", "A", "messages", true],
    ["a domestic group's anthropic channel serves its messages (the provider's Anthropic-compatible endpoint)", "anthropic", "domestic", "messages", true],
    ["a domestic group's Bedrock channel (Llama through Converse) does not serve its messages", "bedrock", "domestic", "messages", false],
    ["a domestic group's Bedrock channel serves its chat", "bedrock", "domestic", "chat", true],
    ["a Gemini group's Vertex channel does not serve messages", "vertex", "C", "messages", false],
  ] as const)("%s", (_name, kind, family, iface, expected) => {
    expect(eligibleChannels([channel({ kind })], iface, family, "g", "m")).toHaveLength(expected ? 1 : 0);
  });
});

describe("orderChannels", () => {
  it("puts higher priority first whatever the weights", () => {
    const ordered = orderChannels([channel({ id: "low", priority: 0, weight: 100 }), channel({ id: "high", priority: 5, weight: 1 })]);
    expect(ordered.map((c) => c.id)).toEqual(["high", "low"]);
  });

  it("leads with each channel of a priority in proportion to its weight", () => {
    const channels = [channel({ id: "a", weight: 3 }), channel({ id: "b", weight: 1 })];
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const leads = { a: 0, b: 0 };
    for (let i = 0; i < 4000; i++) leads[orderChannels(channels, random)[0].id as "a" | "b"]++;
    expect(leads.a / 4000).toBeGreaterThan(0.7);
    expect(leads.a / 4000).toBeLessThan(0.8);
  });
});

describe("credentials and model mapping", () => {
  it("credentials take turns and mapped models are renamed", () => {
    const c = channel({ id: "turns", modelMapping: { "gpt-4o": "gpt-4o-2024-08-06" } });
    expect([nextCredential(c), nextCredential(c), nextCredential(c)]).toEqual(["k1", "k2", "k1"]);
    expect(upstreamModelOf(c, "gpt-4o")).toBe("gpt-4o-2024-08-06");
    expect(upstreamModelOf(c, "gpt-5")).toBe("gpt-5");
  });
});
