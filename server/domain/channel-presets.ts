// Where each kind of channel lives by default, its presets, and which interfaces it can serve.
import type { Interface } from "./families.ts";

export type ChannelKind = "anthropic" | "openai" | "gemini" | "openai-compatible";
export type ChannelPreset = "deepseek" | "qwen" | "glm" | "kimi" | "minimax" | "self-hosted" | "custom";

/** Base URLs as the vendors document them: Family A and C are hosts; OpenAI-style ones include the version path. */
export const defaultBaseUrls: Record<Exclude<ChannelKind, "openai-compatible">, string> = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
  gemini: "https://generativelanguage.googleapis.com",
};

/**
 * Presets per kind: each fills in a provider's base URL. `openai-compatible` ones are the
 * providers' OpenAI-compatible APIs; `anthropic` ones their Anthropic-compatible endpoints (the
 * adapter appends /v1/messages, as Claude Code does to ANTHROPIC_BASE_URL), so a domestic group
 * serves /v1/messages natively. Each vendor's two presets use the same region, so one account's key
 * works for both. Sources: api-docs.deepseek.com/guides/anthropic_api,
 * help.aliyun.com/zh/model-studio/anthropic-api-messages, platform.minimax.io/docs/api-reference/
 * text-anthropic-api; Moonshot's and Zhipu's /anthropic routes as their Claude Code guides give them.
 */
export const presetBaseUrls: { [K in "openai-compatible" | "anthropic"]: Partial<Record<ChannelPreset, string>> } = {
  "openai-compatible": {
    deepseek: "https://api.deepseek.com/v1",
    qwen: "https://dashscope.aliyuncs.com/compatible-mode/v1",
    glm: "https://open.bigmodel.cn/api/paas/v4",
    kimi: "https://api.moonshot.cn/v1",
    minimax: "https://api.minimax.io/v1",
    // vLLM's `vllm serve` default; Ollama is http://127.0.0.1:11434/v1, llama.cpp's llama-server http://127.0.0.1:8080/v1.
    "self-hosted": "http://127.0.0.1:8000/v1",
  },
  anthropic: {
    deepseek: "https://api.deepseek.com/anthropic",
    qwen: "https://dashscope.aliyuncs.com/apps/anthropic",
    glm: "https://open.bigmodel.cn/api/anthropic",
    kimi: "https://api.moonshot.cn/anthropic",
    minimax: "https://api.minimax.io/anthropic",
  },
};

/** The presets a kind accepts; `custom` (openai-compatible only) means the operator gives the base URL. */
export const presetsOf: Record<ChannelKind, ChannelPreset[]> = {
  anthropic: Object.keys(presetBaseUrls.anthropic) as ChannelPreset[],
  "openai-compatible": [...(Object.keys(presetBaseUrls["openai-compatible"]) as ChannelPreset[]), "custom"],
  openai: [],
  gemini: [],
};

export function defaultBaseUrl(kind: ChannelKind, preset: ChannelPreset | null): string | undefined {
  if (kind === "openai-compatible" || (kind === "anthropic" && preset)) return preset ? presetBaseUrls[kind][preset] : undefined;
  return defaultBaseUrls[kind];
}

export const kindServes: Record<ChannelKind, Interface[]> = {
  anthropic: ["messages"],
  openai: ["chat", "responses", "embeddings"],
  "openai-compatible": ["chat", "embeddings"],
  gemini: ["generate-content"],
};

/** What a vendor's chat API takes beyond (or instead of) OpenAI's own fields, where translation writes a chat request. */
export type ChatDialect = {
  /** `top_k` as a sampling parameter. */
  topK: boolean;
  /** `parallel_tool_calls`. */
  parallelToolCalls: boolean;
  /** `thinking: {type: "enabled" | "disabled"}` switches reasoning on and off (`reasoning_effort` only sizes it, and has no "none"). */
  thinkingSwitch: boolean;
};

/** OpenAI's chat, and any channel whose vendor is not known (custom): only OpenAI's fields. */
const openAiChat: ChatDialect = { topK: false, parallelToolCalls: true, thinkingSwitch: false };

/**
 * Where a preset's vendor departs from OpenAI's chat. DashScope's compatible mode (Qwen) documents
 * `top_k` (the OpenAI SDKs' extra_body), and the self-hosted servers (vLLM, SGLang, llama.cpp's
 * llama-server) take it; OpenAI refuses it ("Unrecognized request argument supplied"), and DeepSeek,
 * GLM, Kimi and MiniMax document none. DeepSeek documents no `parallel_tool_calls` (its model may call
 * several tools a turn whatever is sent) and switches thinking with `thinking: {type}`
 * (api-docs.deepseek.com/guides/thinking_mode).
 */
const chatDialects: Partial<Record<ChannelPreset, ChatDialect>> = {
  qwen: { ...openAiChat, topK: true },
  "self-hosted": { ...openAiChat, topK: true },
  deepseek: { ...openAiChat, parallelToolCalls: false, thinkingSwitch: true },
};

/** The chat fields a channel of this preset takes (translate/chat/write-request.ts writes by it). */
export const chatDialectOf = (preset: string | null | undefined): ChatDialect => chatDialects[preset as ChannelPreset] ?? openAiChat;
