// Which provider family a group belongs to, derived from its name, and which families each relay
// interface can serve (DESIGN.md §5).

export type Family = "A" | "B" | "C" | "domestic" | "compatible";
export type Interface = "messages" | "responses" | "chat" | "generate-content" | "embeddings" | "models";
/** The four generation interfaces: the wire formats a call can be made in (and translated between). */
export type RelayInterface = "messages" | "responses" | "chat" | "generate-content";
/** The interfaces the relay forwards upstream: the four formats and embeddings (passthrough only). */
export type CallInterface = Exclude<Interface, "models">;
export const relayInterfaces: RelayInterface[] = ["messages", "chat", "responses", "generate-content"];

/** Every family, in the order the console lists them. */
export const families: Family[] = ["A", "B", "C", "domestic", "compatible"];

// `compatible` (any other OpenAI-compatible provider: Mistral, OpenRouter, a self-hosted vLLM) has
// no keyword: such a group names its family explicitly (group-family.ts).
const familyKeywords: Record<Exclude<Family, "compatible">, string[]> = {
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
  compatible: "OpenAI-compatible (chat completions)",
};

/** The keyword list as the error messages quote it: `A: claude/flagship/premium; B: gpt; …`. */
export const familyKeywordsText = Object.entries(familyKeywords)
  .map(([family, words]) => `${family}: ${words.join("/")}`)
  .join("; ");

/** The families whose keywords a name contains (case-insensitive): none, one, or — ambiguous — several. */
export function keywordFamilies(name: string): Family[] {
  const lower = name.toLowerCase();
  return (Object.keys(familyKeywords) as (keyof typeof familyKeywords)[]).filter((family) => familyKeywords[family].some((keyword) => lower.includes(keyword)));
}

export type FamilyFromName = { family: Family } | { error: string };

/** The seed's rule: exactly one family keyword in the name; none, or two, is rejected. */
export function familyFromGroupName(name: string): FamilyFromName {
  const matches = keywordFamilies(name);
  if (matches.length === 1) return { family: matches[0] };
  if (matches.length === 0) {
    return { error: `Group name "${name}" names no provider family. Include exactly one family keyword (${familyKeywordsText}).` };
  }
  return {
    error: `Group name "${name}" is ambiguous: it matches families ${matches.join(" and ")}. Use keywords of one family only (${familyKeywordsText}).`,
  };
}

/** The families each interface serves by the seed's rule; `models` lists whatever the key's group holds. */
export const interfaceFamilies: Record<Interface, Family[]> = {
  messages: ["A"],
  responses: ["B"],
  chat: ["B", "domestic", "compatible"],
  "generate-content": ["C"],
  embeddings: ["B", "domestic", "compatible"],
  models: ["A", "B", "C", "domestic", "compatible"],
};

export const interfacePaths: Record<Exclude<Interface, "models">, string> = {
  messages: "/v1/messages",
  responses: "/v1/responses",
  chat: "/v1/chat/completions",
  "generate-content": "/v1beta/models/{model}:generateContent",
  embeddings: "/v1/embeddings",
};

/** The interfaces a group of this family can call by the seed's rule (group-interfaces.ts adds what its channels allow). */
export function interfacesForFamily(family: Family): string[] {
  return (Object.keys(interfacePaths) as (keyof typeof interfacePaths)[])
    .filter((name) => interfaceFamilies[name].includes(family))
    .map((name) => interfacePaths[name]);
}
