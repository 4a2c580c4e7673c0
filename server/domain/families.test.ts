import { describe, expect, it } from "vitest";
import { familyFromGroupName, interfacesForFamily } from "./families.ts";

describe("familyFromGroupName", () => {
  it.each([
    ["Claude Smart Preferred", "A"],
    ["Claude Official Flagship", "A"],
    ["Enterprise Premium", "A"],
    ["GPT Trial Plus", "B"],
    ["gemini official", "C"],
    ["DeepSeek Trial", "domestic"],
    ["Qwen Trial", "domestic"],
    ["MINIMAX Trial", "domestic"],
    ["Kimi Official", "domestic"],
    ["GLM Official", "domestic"],
  ])("%s → %s", (name, family) => {
    expect(familyFromGroupName(name)).toEqual({ family });
  });

  it.each([["Claude GPT Mix"], ["Gemini Premium"], ["Qwen GPT"]])("rejects the ambiguous name %s", (name) => {
    const result = familyFromGroupName(name);
    expect("error" in result && result.error).toContain("ambiguous");
  });

  it("never derives compatible from a name: that family is only given explicitly", () => {
    const result = familyFromGroupName("Mistral Compatible Cloud");
    expect("error" in result && result.error).toContain("names no provider family");
  });

  it("rejects a name with no family keyword", () => {
    const result = familyFromGroupName("Budget Tier");
    expect("error" in result && result.error).toContain("names no provider family");
  });
});

describe("interfacesForFamily", () => {
  it.each([
    ["A", ["/v1/messages"]],
    ["B", ["/v1/responses", "/v1/chat/completions", "/v1/embeddings"]],
    ["C", ["/v1beta/models/{model}:generateContent"]],
    ["domestic", ["/v1/chat/completions", "/v1/embeddings"]],
    ["compatible", ["/v1/chat/completions", "/v1/embeddings"]],
  ] as const)("%s", (family, paths) => {
    expect(interfacesForFamily(family)).toEqual(paths);
  });
});
