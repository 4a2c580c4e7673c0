// A group's family on creation or edit: a name with a family keyword keeps the seed's rule (the
// family follows the name); a name without one — "Mistral Cloud", "Llama Local", "OpenRouter" —
// needs the family given explicitly (DESIGN.md §5 names the domestic providers "for example", and
// chat completions serve "domestic or compatible" groups).
import { type Family, familyKeywordsText, familyLabels, families, keywordFamilies } from "./families.ts";

export type GroupFamily = { family: Family } | { error: string; field: "name" | "family" };

/**
 * `given` is the `family` of the request, if any; `kept` the family the group has now (on an edit),
 * which stays when neither the name nor the request decides another.
 */
export function groupFamily(name: string, given?: Family, kept?: Family): GroupFamily {
  const matches = keywordFamilies(name);
  if (matches.length > 1) {
    return {
      field: "name",
      error: `Group name "${name}" is ambiguous: it matches families ${matches.join(" and ")}. Use keywords of one family only (${familyKeywordsText}), or none and give \`family\`.`,
    };
  }
  if (matches.length === 1) {
    const [named] = matches;
    if (given === undefined || given === named) return { family: named };
    return {
      field: "family",
      error: `\`family\` "${given}" contradicts the group name "${name}", whose keyword makes it ${familyLabels[named]}. Omit \`family\` or set it to "${named}", or choose a name without that keyword.`,
    };
  }
  const family = given ?? kept;
  if (family !== undefined) return { family };
  return {
    field: "family",
    error: `Group name "${name}" contains no family keyword (${familyKeywordsText}), so \`family\` is required. Give one of ${families.map((f) => `"${f}"`).join(", ")} — "compatible" for any other OpenAI-compatible provider (served by chat completions) — or put a family keyword in the name.`,
  };
}
