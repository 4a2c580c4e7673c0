import { describe, expect, it } from "vitest";
import { baseUrlsFor, callGuide, marketplace, type ViewGroup } from "./model-views.ts";

const prices = { input: 1_000_000, output: 2_000_000, cache_read: 0, cache_write: 0 };
const group = (id: string, family: ViewGroup["family"], multiplierMilli: number, visibility: ViewGroup["visibility"] = "public"): ViewGroup => ({
  id,
  name: id,
  identifier: id,
  family,
  multiplierMilli,
  visibility,
  models: [{ modelId: `${id}-model`, displayName: id, prices }],
});
const groups = [group("gpt-plus", "B", 5000), group("qwen", "domestic", 1000), group("claude-6", "A", 6000), group("claude-2", "A", 2500), group("secret", "B", 1000, "exclusive")];

describe("model views", () => {
  it("the Marketplace shows public groups only, family by family, cheapest first, priced base × multiplier", () => {
    const view = marketplace(groups);
    expect(view.groups.map((g) => g.identifier)).toEqual(["claude-2", "claude-6", "gpt-plus", "qwen"]);
    expect(view.groups[0].models[0].prices.input).toBe(2_500_000);
  });

  it("the Call Guide shows the groups a member may use with both call names and the family's base URL", () => {
    const organization = { exclusiveGroupIds: new Set(["secret"]) };
    const subUser = { role: "sub-user" as const, grantedGroupIds: new Set(["secret", "qwen"]) };
    const guide = callGuide(groups, organization, subUser, baseUrlsFor("http://gw:8080/"), true);
    expect(guide.groups.map((g) => g.identifier)).toEqual(["secret", "qwen"]);
    expect(guide.groups[1]).toMatchObject({ base_url: "http://gw:8080/v1", interfaces: ["/v1/chat/completions", "/v1/embeddings"] });
    expect(guide.groups[1].models[0]).toMatchObject({ call_name: "qwen-model", qualified_call_name: "qwen/qwen-model" });
    expect(guide.base_urls).toEqual({ anthropic: "http://gw:8080", openai: "http://gw:8080/v1", gemini: "http://gw:8080" });
  });

  it("a compatible group sorts after the domestic ones, and an anthropic channel adds /v1/messages to its interfaces", () => {
    const mistral = { ...group("mistral", "compatible", 500), channelKinds: ["openai-compatible"] as const };
    const kimi = { ...group("kimi", "domestic", 1000), channelKinds: ["anthropic", "openai-compatible"] as const };
    expect(marketplace([mistral, ...groups]).groups.map((g) => g.identifier).slice(-2)).toEqual(["qwen", "mistral"]);
    const owner = { role: "owner" as const, grantedGroupIds: new Set<string>() };
    const guide = callGuide([mistral, kimi], { exclusiveGroupIds: new Set() }, owner, baseUrlsFor("http://gw"), false);
    expect(guide.groups.map((g) => [g.identifier, g.base_url, g.interfaces])).toEqual([
      ["kimi", "http://gw/v1", ["/v1/messages", "/v1/chat/completions", "/v1/embeddings"]],
      ["mistral", "http://gw/v1", ["/v1/chat/completions", "/v1/embeddings"]],
    ]);
  });
});
