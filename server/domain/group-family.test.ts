import { describe, expect, it } from "vitest";
import { groupFamily } from "./group-family.ts";

describe("groupFamily", () => {
  it.each([
    ["Claude Smart Preferred", undefined, "A"],
    ["Claude Smart Preferred", "A", "A"],
    ["Kimi Official", undefined, "domestic"],
    ["GPT Trial", "B", "B"],
    ["Mistral Cloud", "compatible", "compatible"],
    ["Llama Local", "compatible", "compatible"],
    ["OpenRouter", "B", "B"],
    ["Team Gateway", "C", "C"],
  ] as const)("%s with family %s → %s", (name, given, family) => {
    expect(groupFamily(name, given)).toEqual({ family });
  });

  it("refuses an explicit family that contradicts the name's keyword, naming `family`", () => {
    const result = groupFamily("Kimi Official", "compatible");
    expect(result).toMatchObject({ field: "family" });
    expect("error" in result && result.error).toMatch(/contradicts.*"domestic"/);
  });

  it("refuses a name without a keyword when no family is given, naming `family` and its values", () => {
    const result = groupFamily("Mistral Cloud");
    expect(result).toMatchObject({ field: "family" });
    expect("error" in result && result.error).toMatch(/`family` is required.*"compatible"/);
  });

  it("keeps the ambiguous-name rule of the seed, naming `name`", () => {
    expect(groupFamily("Claude GPT Mix", "A")).toMatchObject({ field: "name" });
  });

  it("on an edit, a name without a keyword keeps the group's family unless another is given", () => {
    expect(groupFamily("Mistral Europe", undefined, "compatible")).toEqual({ family: "compatible" });
    expect(groupFamily("Mistral Europe", "B", "compatible")).toEqual({ family: "B" });
    // A keyword in the new name decides, as the seed's rule says.
    expect(groupFamily("GPT Europe", undefined, "compatible")).toEqual({ family: "B" });
  });
});
