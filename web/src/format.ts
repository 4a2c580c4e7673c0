// Display helpers. Money arrives as integer micros; prices as micros per million tokens.

/** Families by vendor, the words users know (the contract keeps its neutral values A, B, C). */

export const familyNames: Record<string, string> = {
  A: "Anthropic (Claude)",
  B: "OpenAI (GPT)",
  C: "Google (Gemini)",
  domestic: "Domestic (DeepSeek, Qwen, …)",
  compatible: "OpenAI-compatible",
};

/** Families in the order the console lists them. */
export const familyOrder = ["A", "B", "C", "domestic", "compatible"];

/** Groups family by family, cheapest multiplier first, then by name. */
export function byFamily<T extends { family: string; multiplier_milli: number; name: string }>(groups: T[]): T[] {
  return [...groups].sort(
    (a, b) => familyOrder.indexOf(a.family) - familyOrder.indexOf(b.family) || a.multiplier_milli - b.multiplier_milli || a.name.localeCompare(b.name),
  );
}

/** An amount of money: at least two decimals, more (up to `maxDigits`) when the micros need them. */
export function money(micros: number, maxDigits = 6): string {
  const units = micros / 1_000_000;
  return `$${units.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, maxDigits) })}`;
}

/** Price per million tokens, e.g. "$7.50". */
export function perMillion(micros: number): string {
  return `$${(micros / 1_000_000).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}

/** Dollars typed into a form → integer micros (null when empty). */
export function toMicros(dollars: string): number | null {
  return dollars.trim() === "" ? null : Math.round(Number(dollars) * 1_000_000);
}

export const multiplier = (milli: number) => `${(milli / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 })}×`;

/** A date and time; the year only when it is not the current one. */
export function when(iso: string | null | undefined, empty = "—"): string {
  if (!iso) return empty;
  const date = new Date(iso);
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    ...(thisYear ? {} : { year: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
  });
}

/** A date without a time (an expiry), in the viewer's time zone like `when`: in UTC it could be the day before or after theirs. */
export function day(iso: string | null | undefined, empty = "—"): string {
  if (!iso) return empty;
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

export const tokens = (count: number) => count.toLocaleString("en-US");

/** Milliseconds as "850 ms" or "2.4 s". */
export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);

/** The generation interfaces by their vendors' names, and their paths. */
export const interfaceNames: Record<string, string> = {
  messages: "Anthropic Messages",
  chat: "OpenAI Chat Completions",
  responses: "OpenAI Responses",
  "generate-content": "Gemini generateContent",
};
export const interfacePaths: Record<string, string> = {
  messages: "/v1/messages",
  chat: "/v1/chat/completions",
  responses: "/v1/responses",
  "generate-content": "/v1beta/models/{model}:generateContent",
};

/** An interface path → its vendor's name (the Call Guide's pills); embeddings and model lists too. */
export const pathNames: Record<string, string> = {
  ...Object.fromEntries(Object.entries(interfacePaths).map(([iface, path]) => [path, interfaceNames[iface]])),
  "/v1/embeddings": "OpenAI Embeddings",
};

/** Channel kinds by the API they speak upstream. */
export const kindNames: Record<string, string> = {
  anthropic: "Anthropic Messages API",
  openai: "OpenAI API (Chat Completions, Responses)",
  gemini: "Google Gemini API",
  "openai-compatible": "OpenAI-compatible API (Chat Completions)",
  bedrock: "AWS Bedrock",
  vertex: "Google Vertex AI (Claude, Gemini)",
  "azure-openai": "Azure OpenAI (Chat Completions, Responses)",
};
