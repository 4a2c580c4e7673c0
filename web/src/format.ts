// Display helpers. Money arrives as integer micros; prices as micros per million tokens.

export const familyNames: Record<string, string> = {
  A: "Family A · Messages",
  B: "Family B · GPT",
  C: "Family C · Gemini",
  domestic: "Domestic · Chat",
};

export function money(micros: number, digits = 2): string {
  const units = micros / 1_000_000;
  return `$${units.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 6) })}`;
}

/** Price per million tokens, e.g. "$7.50". */
export function perMillion(micros: number): string {
  return `$${(micros / 1_000_000).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}

export const multiplier = (milli: number) => `${(milli / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 })}×`;

export function when(iso: string | null | undefined, empty = "—"): string {
  if (!iso) return empty;
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export const tokens = (count: number) => count.toLocaleString("en-US");
