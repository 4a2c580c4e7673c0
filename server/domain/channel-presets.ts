// Where each kind of channel lives by default, its presets, and which interfaces it can serve.
import type { Interface } from "./families.ts";

export type ChannelKind = "anthropic" | "openai" | "gemini" | "openai-compatible" | CloudKind;
/** The clouds companies buy models through: Claude on AWS Bedrock, Claude and Gemini on Google Vertex AI, GPT deployments on Azure OpenAI. */
export type CloudKind = "bedrock" | "vertex" | "azure-openai";
export const cloudKinds: readonly CloudKind[] = ["bedrock", "vertex", "azure-openai"];
export const isCloudKind = (kind: ChannelKind): kind is CloudKind => (cloudKinds as readonly string[]).includes(kind);
export type ChannelPreset = "deepseek" | "qwen" | "glm" | "kimi" | "minimax" | "self-hosted" | "custom";

/** Base URLs as the vendors document them: Family A and C are hosts; OpenAI-style ones include the version path. */
export const defaultBaseUrls: Record<"anthropic" | "openai" | "gemini", string> = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
  gemini: "https://generativelanguage.googleapis.com",
};

/**
 * A cloud channel's host follows from its region: Bedrock's runtime endpoint per AWS region
 * (docs.aws.amazon.com/general/latest/gr/bedrock.html), Vertex AI's per location, and the
 * `global` location's own host (cloud.google.com/vertex-ai/generative-ai/docs/learn/locations).
 * Azure OpenAI has none: each resource is its own host (https://<resource>.openai.azure.com).
 */
export function cloudBaseUrl(kind: CloudKind, region: string | null): string | undefined {
  if (!region) return undefined;
  if (kind === "bedrock") return `https://bedrock-runtime.${region}.amazonaws.com`;
  if (kind === "vertex") return region === "global" ? "https://aiplatform.googleapis.com" : `https://${region}-aiplatform.googleapis.com`;
  return undefined;
}

/**
 * Regions offered in the console's channel form (any other id is taken as typed): Bedrock's
 * Claude regions and Vertex AI's Claude and Gemini locations, as the vendors list them (2026-11).
 */
export const regionPresets: Record<"bedrock" | "vertex", string[]> = {
  bedrock: ["us-east-1", "us-east-2", "us-west-2", "eu-central-1", "eu-west-1", "eu-west-3", "ap-northeast-1", "ap-southeast-2", "ap-south-1"],
  vertex: ["global", "us-east5", "us-central1", "europe-west1", "europe-west4", "asia-southeast1", "asia-east1"],
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
  bedrock: [],
  vertex: [],
  "azure-openai": [],
};

export function defaultBaseUrl(kind: ChannelKind, preset: ChannelPreset | null, region: string | null = null): string | undefined {
  if (isCloudKind(kind)) return cloudBaseUrl(kind, region);
  if (kind === "openai-compatible" || (kind === "anthropic" && preset)) return preset ? presetBaseUrls[kind][preset] : undefined;
  return defaultBaseUrls[kind];
}

export const kindServes: Record<ChannelKind, Interface[]> = {
  anthropic: ["messages"],
  openai: ["chat", "responses", "embeddings"],
  "openai-compatible": ["chat", "embeddings"],
  gemini: ["generate-content"],
  // Claude through InvokeModel with the Messages body (a Claude group's channel); the other models
  // (Llama, Mistral, Nova, …) through the Converse API, as chat completions (a compatible or domestic group's).
  bedrock: ["messages", "chat"],
  // Claude through rawPredict, Gemini through Vertex's generateContent: a Claude group's channel serves the first, a Gemini group's the second.
  vertex: ["messages", "generate-content"],
  "azure-openai": ["chat", "responses"],
};

/** What a vendor's chat API takes beyond (or instead of) OpenAI's own fields, where translation writes a chat request. */
export type ChatDialect = {
  /** `top_k` as a sampling parameter. */
  topK: boolean;
  /** `parallel_tool_calls`. */
  parallelToolCalls: boolean;
  /** `thinking: {type: "enabled" | "disabled"}` switches reasoning on and off. */
  thinkingSwitch: boolean;
  /** `reasoning_effort` sizes reasoning (where there is a switch, it has no "none": the switch says that). */
  reasoningEffort: boolean;
  /** The vendor's own value for an effort it does not take as it is (GLM-5.3's xhigh is max); an effort not named goes as it is. */
  effortValues?: Partial<Record<string, string>>;
  /** The switch cannot turn thinking off (GLM-5.3): effort none goes as thinking on, at the effort `effortValues` gives none. */
  alwaysThinks?: boolean;
  /** Where a model departs from the rest of its vendor's (GLM-5.2 and later), what it takes instead. */
  byModel?: (model: string) => Partial<ChatDialect> | undefined;
  /** The end-user id's field: OpenAI's `user` (at most 64 characters), GLM's `user_id` (6 to 128), or none. */
  endUser: "user" | "user_id" | null;
  /** The `temperature` and `top_p` the vendor takes (OpenAI: 0–2 and 0–1); a caller's value outside goes as the nearest it takes. */
  temperature: SamplingRange;
  topP: SamplingRange;
  /** How many stop words the vendor takes (the caller's first ones go); null: the caller's all. */
  stopWords: number | null;
  /** MiniMax's `reasoning_split: true`: reasoning in `reasoning_details`, not `<think>` tags in the answer's text. */
  reasoningSplit: boolean;
};

/** The least and most a sampling value may be; an open end is given as the least value sent (0.01). */
export type SamplingRange = { min: number; max: number };

/** OpenAI's chat, and any channel whose vendor is not known (custom): only OpenAI's fields. */
const openAiChat: ChatDialect = {
  topK: false,
  parallelToolCalls: true,
  thinkingSwitch: false,
  reasoningEffort: true,
  endUser: "user",
  temperature: { min: 0, max: 2 },
  topP: { min: 0, max: 1 },
  // "You can pass up to four stop sequences" (help.openai.com/en/articles/5072263).
  stopWords: 4,
  reasoningSplit: false,
};

/** A GLM model id's version, major and minor as one number (glm-5.3-flash: 5003, glm-4.6v: 4006); undefined for an id that names none. */
function glmVersion(model: string): number | undefined {
  const said = /^glm-(\d+)(?:\.(\d+))?/i.exec(model);
  return said ? Number(said[1]) * 1000 + Number(said[2] ?? 0) : undefined;
}

/**
 * GLM's reasoning by model (docs.z.ai/guides/capabilities/thinking, checked 2026-11):
 * `reasoning_effort` "is only supported by GLM-5.2 and above". GLM-5.2 takes OpenAI's values (max,
 * xhigh, high, medium, low, minimal, none) and can switch thinking off. GLM-5.3 and GLM-5.3-FLASH
 * take only max, high and low ("Any other input will result in an error") and "no longer support
 * disabling thinking (an error will occur if the thinking.type … is set to disabled)": a caller's
 * effort goes as the page's own mapping of the others has it (none, minimal, low: low; medium,
 * high: high; xhigh: max), so effort none goes as thinking on at low, the least it takes. Models
 * after 5.3 are taken as 5.3 is: its values are ones GLM-5.2 takes too.
 */
function glmByModel(model: string): Partial<ChatDialect> | undefined {
  const version = glmVersion(model);
  if (version === undefined || version < 5002) return undefined;
  if (version < 5003) return { reasoningEffort: true };
  return { reasoningEffort: true, alwaysThinks: true, effortValues: { none: "low", minimal: "low", medium: "high", xhigh: "max" } };
}

/**
 * Where a preset's vendor departs from OpenAI's chat, as each documents its chat completions
 * request (checked 2026-11; a field no source settled is sent as OpenAI has it):
 * - Qwen: DashScope's compatible mode documents `top_k` (the OpenAI SDKs' extra_body); the
 *   self-hosted servers (vLLM, SGLang, llama.cpp's llama-server) take it. OpenAI refuses it
 *   ("Unrecognized request argument supplied"); DeepSeek, GLM, Kimi and MiniMax document none.
 * - DeepSeek: no `parallel_tool_calls` (its model may call several tools a turn whatever is sent);
 *   thinking switched by `thinking: {type}` and sized by `reasoning_effort`
 *   (api-docs.deepseek.com/guides/thinking_mode); up to 16 stop sequences (its chat reference), where
 *   OpenAI takes 4. The self-hosted servers set no such limit.
 * - GLM (Zhipu, bigmodel.cn and z.ai): the request schema (docs.z.ai/openapi.json,
 *   ChatCompletionTextRequest; docs.bigmodel.cn/api-reference/模型-api/对话补全 is the same) has
 *   model, messages, do_sample, stream, thinking, temperature, top_p, max_tokens, tool_stream,
 *   tools, tool_choice, stop (one word), response_format (text or json_object), request_id and
 *   `user_id` ("Unique ID for the end user, 6–128 characters"): no `user`, `parallel_tool_calls`,
 *   `reasoning_effort`, `top_k`, `seed`, penalties or `stream_options`. `thinking: {type: "enabled"
 *   | "disabled"}` switches GLM-4.5 and later's thinking (docs.z.ai/guides/capabilities/thinking-mode:
 *   on by default from GLM-4.7); GLM-5.2 and later also take `reasoning_effort` (glmByModel, above).
 *   Whether it refuses fields it does not know is not documented, so only the fields GLM names
 *   instead (user_id, thinking) and the hints (parallel_tool_calls, reasoning_effort before GLM-5.2)
 *   change; the rest go as before. Sampling is narrower than OpenAI's
 *   (docs.z.ai/api-reference/llm/chat-completion): temperature "within the range [0.0, 1.0]"
 *   (0 <= x <= 1), top_p [0.01, 1.0] (earlier (0.0, 1.0]; 0.01 is in both), so an OpenAI or Gemini
 *   caller's temperature above 1 goes as 1 and a top_p of 0 as 0.01. `stop`: "currently, only one
 *   stop word is supported" (the same schema), so a caller's several (Anthropic's stop_sequences,
 *   Gemini's stopSequences) go as the first alone (the gateway keeps the rest: translate/stop-guard.ts).
 * - Kimi (Moonshot): `thinking: {type: "enabled" | "disabled"}` switches kimi-k2.5 and k2.6's
 *   thinking, on by default (platform.kimi.ai/docs/api/models-overview); `reasoning_effort` (low,
 *   high, max) sizes kimi-k3's. `max_tokens` is documented as deprecated for
 *   `max_completion_tokens`, not refused (platform.kimi.ai/docs/api/chat), so it stays. Whether
 *   Kimi takes `user` and `parallel_tool_calls`, and that it ignores fields it does not know, only
 *   third parties say: both still go.
 * - MiniMax: its OpenAI-compatible chat (platform.minimax.io/docs/api-reference/text-openai-api,
 *   text-chat) documents `reasoning_split` (reasoning in `reasoning_details` instead of `<think>` in
 *   the content) and temperature and top_p in (0, 1] ("0 < x <= 1",
 *   platform.minimax.io/docs/api-reference/text-chat): a temperature above 1 goes as 1, and 0 (an
 *   open end) as 0.01, the nearest value sent. Thinking is switched by `thinking: {type: "adaptive"
 *   | "disabled"}` on MiniMax-M3 only by third-party accounts, and M2.x cannot turn it off: no
 *   switch is sent. Its models think whatever is asked, and without `reasoning_split` the thinking
 *   comes inline, `<think>…</think>` at the start of the content ("For native OpenAI API with
 *   MiniMax-M3 … MiniMax-M2 models, the content field will contain <think> tag content",
 *   text-openai-api), which a caller of another format would get as answer text: every call gets
 *   `reasoning_split: true`, and the reasoning comes back in `reasoning_details` (read by
 *   translate/chat/read-stream.ts; sent back whole on the next turn, as MiniMax asks).
 */
/**
 * A `custom` channel is a compatible server the gateway knows nothing of (a vendor's OpenAI-compatible
 * API, a proxy, an inference server): it gets the common core of chat completions that every such
 * server takes, none of OpenAI's extras, which strict servers refuse as unknown fields (`user`,
 * `parallel_tool_calls`, `reasoning_effort`), unless the model's capabilities (the operator's, or
 * the catalog's for a model it knows) say the model takes an effort; then `reasoning_effort` goes.
 */
const commonCore: ChatDialect = { ...openAiChat, parallelToolCalls: false, reasoningEffort: false, endUser: null };

const chatDialects: Partial<Record<ChannelPreset, ChatDialect>> = {
  custom: commonCore,
  qwen: { ...openAiChat, topK: true },
  "self-hosted": { ...openAiChat, topK: true, stopWords: null },
  deepseek: { ...openAiChat, parallelToolCalls: false, thinkingSwitch: true, stopWords: 16 },
  glm: {
    ...openAiChat,
    parallelToolCalls: false,
    thinkingSwitch: true,
    reasoningEffort: false,
    endUser: "user_id",
    temperature: { min: 0, max: 1 },
    topP: { min: 0.01, max: 1 },
    stopWords: 1,
    byModel: glmByModel,
  },
  kimi: { ...openAiChat, thinkingSwitch: true },
  minimax: { ...openAiChat, temperature: { min: 0.01, max: 1 }, topP: { min: 0.01, max: 1 }, reasoningSplit: true },
};

/** The chat fields a channel of this preset takes for this model (translate/chat/write-request.ts writes by it). */
export function chatDialectOf(preset: string | null | undefined, model: string): ChatDialect {
  const dialect = chatDialects[preset as ChannelPreset] ?? openAiChat;
  const departs = dialect.byModel?.(model);
  return departs ? { ...dialect, ...departs } : dialect;
}
