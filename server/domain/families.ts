// Which provider family a group belongs to, derived from its name, and which families each relay
// interface can serve (DESIGN.md §5).

export type Family = "A" | "B" | "C" | "domestic";
export type Interface = "messages" | "responses" | "chat" | "generate-content" | "models";

const familyKeywords: Record<Family, string[]> = {
  A: ["claude", "flagship", "premium"],
  B: ["gpt"],
  C: ["gemini"],
  domestic: ["deepseek", "qwen", "glm", "kimi", "minimax"],
};

export const familyLabels: Record<Family, string> = {
  A: "Family A (messages)",
  B: "Family B (GPT-type)",
  C: "Family C (generateContent)",
  domestic: "domestic (chat completions)",
};

export type FamilyFromName = { family: Family } | { error: string };

/** Case-insensitive keyword match; a name that matches no family, or two, is rejected. */
export function familyFromGroupName(name: string): FamilyFromName {
  const lower = name.toLowerCase();
  const matches = (Object.keys(familyKeywords) as Family[]).filter((family) =>
    familyKeywords[family].some((keyword) => lower.includes(keyword)),
  );
  if (matches.length === 1) return { family: matches[0] };
  const keywords = Object.entries(familyKeywords)
    .map(([family, words]) => `${family}: ${words.join("/")}`)
    .join("; ");
  if (matches.length === 0) {
    return { error: `Group name "${name}" names no provider family. Include exactly one family keyword (${keywords}).` };
  }
  return {
    error: `Group name "${name}" is ambiguous: it matches families ${matches.join(" and ")}. Use keywords of one family only (${keywords}).`,
  };
}

/** The families each interface serves; `models` lists whatever the key's group holds. */
export const interfaceFamilies: Record<Interface, Family[]> = {
  messages: ["A"],
  responses: ["B"],
  chat: ["B", "domestic"],
  "generate-content": ["C"],
  models: ["A", "B", "C", "domestic"],
};

export const interfacePaths: Record<Exclude<Interface, "models">, string> = {
  messages: "/v1/messages",
  responses: "/v1/responses",
  chat: "/v1/chat/completions",
  "generate-content": "/v1beta/models/{model}:generateContent",
};

/** The interfaces a group of this family can call. */
export function interfacesForFamily(family: Family): string[] {
  return (Object.keys(interfacePaths) as (keyof typeof interfacePaths)[])
    .filter((name) => interfaceFamilies[name].includes(family))
    .map((name) => interfacePaths[name]);
}
