// The groups seeded on first start (DESIGN.md §5) and a starter model catalog for them, so the
// Marketplace and Call Guide are meaningful before an operator edits anything. Prices are micros
// per million tokens (list prices of the providers, rounded); the operator can change them.
import type { Prices } from "./pricing.ts";

export type SeedModel = { model_id: string; display_name: string; prices: Prices };
export type SeedGroup = {
  name: string;
  identifier: string;
  multiplier_milli: number;
  visibility: "public" | "exclusive";
  models: SeedModel[];
};

const usd = (input: number, output: number, cacheRead = input / 10, cacheWrite = input * 1.25): Prices => ({
  input: Math.round(input * 1e6),
  output: Math.round(output * 1e6),
  cache_read: Math.round(cacheRead * 1e6),
  cache_write: Math.round(cacheWrite * 1e6),
});

/** Anthropic's terms: cache reads 0.1x input, 5-minute cache writes 1.25x, 1-hour cache writes 2x. */
const anthropicUsd = (input: number, output: number): Prices => ({ ...usd(input, output), cache_write_1h: Math.round(input * 2 * 1e6) });

const claude: SeedModel[] = [
  { model_id: "claude-sonnet-4-6", display_name: "Claude Sonnet 4.6", prices: anthropicUsd(3, 15) },
  { model_id: "claude-opus-4-6", display_name: "Claude Opus 4.6", prices: anthropicUsd(5, 25) },
  { model_id: "claude-haiku-4-5", display_name: "Claude Haiku 4.5", prices: anthropicUsd(1, 5) },
];
const gpt: SeedModel[] = [
  { model_id: "gpt-5", display_name: "GPT-5", prices: usd(1.25, 10, 0.125, 0) },
  { model_id: "gpt-4.1", display_name: "GPT-4.1", prices: usd(2, 8, 0.5, 0) },
  { model_id: "gpt-4o-mini", display_name: "GPT-4o mini", prices: usd(0.15, 0.6, 0.075, 0) },
];
const gemini: SeedModel[] = [
  { model_id: "gemini-2.5-pro", display_name: "Gemini 2.5 Pro", prices: usd(1.25, 10, 0.31, 0) },
  { model_id: "gemini-2.5-flash", display_name: "Gemini 2.5 Flash", prices: usd(0.3, 2.5, 0.075, 0) },
];

const group = (name: string, identifier: string, multiplier: number, models: SeedModel[]): SeedGroup => ({
  name,
  identifier,
  multiplier_milli: Math.round(multiplier * 1000),
  visibility: "public",
  models,
});

export const seedGroups: SeedGroup[] = [
  group("Claude Smart Preferred", "claude-smart", 2.5, claude),
  group("Claude Official Premium", "claude-premium", 4, claude),
  group("Claude Official Flagship", "claude-flagship", 6, claude),
  group("GPT Trial", "gpt-trial", 1, gpt),
  group("GPT Trial Plus", "gpt-trial-plus", 5, gpt),
  group("Gemini Official", "gemini-official", 6, gemini),
  group("Qwen Trial", "qwen-trial", 1, [
    { model_id: "qwen3-max", display_name: "Qwen3 Max", prices: usd(1.2, 6, 0.24, 0) },
    { model_id: "Qwen/Qwen3-235B-A22B", display_name: "Qwen3 235B A22B", prices: usd(0.2, 0.6, 0.04, 0) },
  ]),
  group("GLM Official", "glm-official", 1, [{ model_id: "glm-4.6", display_name: "GLM-4.6", prices: usd(0.6, 2.2, 0.11, 0) }]),
  group("Kimi Official", "kimi-official", 1, [{ model_id: "kimi-k2", display_name: "Kimi K2", prices: usd(0.6, 2.5, 0.15, 0) }]),
  group("MiniMax Trial", "minimax-trial", 1, [{ model_id: "MiniMax-M2", display_name: "MiniMax M2", prices: usd(0.3, 1.2, 0.03, 0) }]),
  group("DeepSeek Trial", "deepseek-trial", 1, [
    { model_id: "deepseek-chat", display_name: "DeepSeek V3.2 (chat)", prices: usd(0.28, 0.42, 0.028, 0) },
    { model_id: "deepseek-reasoner", display_name: "DeepSeek V3.2 (reasoner)", prices: usd(0.28, 0.42, 0.028, 0) },
  ]),
];
