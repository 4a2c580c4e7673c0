// The most a call can cost, reserved before the upstream is asked: every input byte could be a
// token at the dearer of the input and cache-write prices (bytes/3 over-counts real text), and the
// output could run to the request's own limit — or to a default when it sets none.
import type { Interface } from "./families.ts";
import { type Prices, costMicros } from "./pricing.ts";

export const defaultMaxOutputTokens = { chat: 4096, responses: 4096, "generate-content": 8192 } as const;

const positive = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);

export function maxOutputTokens(iface: Exclude<Interface, "models">, body: Record<string, any>): number {
  switch (iface) {
    case "messages":
      return positive(body.max_tokens) ?? 4096;
    case "chat":
      return (positive(body.max_completion_tokens) ?? positive(body.max_tokens) ?? defaultMaxOutputTokens.chat) * (positive(body.n) ?? 1);
    case "responses":
      return positive(body.max_output_tokens) ?? defaultMaxOutputTokens.responses;
    case "generate-content": {
      const config = body.generationConfig ?? {};
      return (positive(config.maxOutputTokens) ?? defaultMaxOutputTokens["generate-content"]) * (positive(config.candidateCount) ?? 1);
    }
  }
}

export function estimatedInputTokens(bodyBytes: number): number {
  return Math.ceil(bodyBytes / 3);
}

export function worstCaseCost(iface: Exclude<Interface, "models">, body: Record<string, any>, bodyBytes: number, prices: Prices, multiplierMilli: number): number {
  const inputPrice = Math.max(prices.input, prices.cache_write);
  return costMicros(
    { input: estimatedInputTokens(bodyBytes), output: maxOutputTokens(iface, body), cache_read: 0, cache_write: 0 },
    { ...prices, input: inputPrice },
    multiplierMilli,
  );
}

export function formatMicros(micros: number): string {
  return (micros / 1_000_000).toFixed(6);
}
