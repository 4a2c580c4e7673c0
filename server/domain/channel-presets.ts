// Where each kind of channel lives by default, and which interfaces it can serve.
import type { Interface } from "./families.ts";

export type ChannelKind = "anthropic" | "openai" | "gemini" | "openai-compatible";
export type ChannelPreset = "deepseek" | "qwen" | "glm" | "kimi" | "minimax" | "custom";

/** Base URLs as the vendors document them: Family A and C are hosts; OpenAI-style ones include the version path. */
export const defaultBaseUrls: Record<Exclude<ChannelKind, "openai-compatible"> | Exclude<ChannelPreset, "custom">, string> = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
  gemini: "https://generativelanguage.googleapis.com",
  deepseek: "https://api.deepseek.com/v1",
  qwen: "https://dashscope.aliyuncs.com/compatible-mode/v1",
  glm: "https://open.bigmodel.cn/api/paas/v4",
  kimi: "https://api.moonshot.cn/v1",
  minimax: "https://api.minimax.io/v1",
};

export function defaultBaseUrl(kind: ChannelKind, preset: ChannelPreset | null): string | undefined {
  if (kind !== "openai-compatible") return defaultBaseUrls[kind];
  return preset && preset !== "custom" ? defaultBaseUrls[preset] : undefined;
}

export const kindServes: Record<ChannelKind, Interface[]> = {
  anthropic: ["messages"],
  openai: ["chat", "responses"],
  "openai-compatible": ["chat"],
  gemini: ["generate-content"],
};
