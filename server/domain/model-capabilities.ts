// What each model can take, as its vendor documents it: the limits translation and passthrough
// obey so that an agent's generic defaults (Claude Code's and OpenCode's 32,000 output tokens,
// adaptive thinking on every call) reach a model that takes less without being refused. Looked up
// by the upstream model id (after a channel's model mapping): an exact entry, else the family its
// id names, else conservative defaults, shown to the operator but binding only once the operator
// sets a field (`enforced`); an operator's override on the group's model wins field by field. Values checked against the vendors' model pages, 2026-11 (sources beside each table).
// Translation asks this file, and nothing else, what a model takes: the writers read the request
// fields a model refuses here (OpenAI's reasoning models' sampling and `stop`), how Gemini is told
// to think (a budget, a level, or not at all), and whose API an id is (`vendor`).

/** Reasoning efforts, least first (OpenAI's words; Gemini 3's thinkingLevel and Claude's effort map onto them). */
export const efforts = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export type Effort = (typeof efforts)[number];

/**
 * How a model reasons; null when it does not (OpenAI's gpt-4o and gpt-4.1 refuse `reasoning.effort`,
 * "Unsupported parameter: 'reasoning.effort' is not supported with this model.").
 * - `efforts`: the effort levels it takes (empty: none, sized otherwise or not at all);
 * - `budget`: the thinking-token budget it takes (Anthropic budget_tokens, Gemini 2.5 thinkingBudget);
 * - `canDisable`: whether reasoning can be turned off (Gemini 2.5 Pro and deepseek-reasoner cannot).
 */
export type ReasoningCapability = { efforts: Effort[]; budget: { min: number; max: number } | null; canDisable: boolean };

export type ModelCapabilities = {
  /** Input and output tokens together. */
  contextWindow: number;
  /** The most output tokens a call may ask for (`max_tokens`, `max_output_tokens`, `maxOutputTokens`). */
  maxOutputTokens: number;
  reasoning: ReasoningCapability | null;
  tools: boolean;
  parallelToolCalls: boolean;
  images: boolean;
  documents: boolean;
  structuredOutput: boolean;
  /** How many stop sequences it takes (0: it refuses `stop`, as OpenAI's latest reasoning models do); null: no documented limit. */
  stopSequences: number | null;
  /** The temperature it takes; null: it refuses sampling settings (`temperature`, `top_p`), as OpenAI's reasoning models do. */
  temperature: { min: number; max: number } | null;
  promptCaching: boolean;
};

/** Whose API an id is, by its shape (whatever the catalog knows of its limits): OpenAI's name the output limit `max_completion_tokens` on chat and take `allowed_tools`. */
export type ModelVendor = "anthropic" | "openai" | "google";

/** Where a model's capabilities came from: its own entry, its family's, the defaults, or the operator (over one of those). */
export type CapabilitySource = "catalog" | "family" | "default" | "operator";

export type ResolvedCapabilities = ModelCapabilities & { source: CapabilitySource; vendor: ModelVendor | null };

/**
 * Whether the gateway holds calls to these capabilities: not to the defaults of an id the catalog
 * does not know (a self-hosted model, a new snapshot, another provider's id for a model), whose real
 * limits may be far above them. The operator sees the defaults and makes them binding by setting any
 * field (the source is then "operator").
 */
export const enforced = (capabilities: ResolvedCapabilities | null | undefined): capabilities is ResolvedCapabilities =>
  capabilities != null && capabilities.source !== "default";

/** The operator's changes to a model's capabilities: each field given replaces the catalog's. */
export type CapabilityOverrides = Partial<ModelCapabilities>;

const claudeReasoning: ReasoningCapability = { efforts: ["low", "medium", "high"], budget: { min: 1024, max: 128_000 }, canDisable: true };
const openAiReasoning = (levels: Effort[]): ReasoningCapability => ({ efforts: levels, budget: null, canDisable: levels.includes("none") });
/** DeepSeek, Kimi and GLM switch thinking on and off (`thinking: {type}`); DeepSeek sizes it by effort too. */
const thinkingSwitch: ReasoningCapability = { efforts: [], budget: null, canDisable: true };

const base: ModelCapabilities = {
  contextWindow: 128_000,
  maxOutputTokens: 8_192,
  reasoning: null,
  tools: true,
  parallelToolCalls: true,
  images: false,
  documents: false,
  structuredOutput: false,
  stopSequences: 4,
  temperature: { min: 0, max: 2 },
  promptCaching: false,
};

const claude = (maxOutputTokens: number, contextWindow = 200_000): ModelCapabilities => ({
  ...base,
  contextWindow,
  maxOutputTokens,
  reasoning: claudeReasoning,
  images: true,
  documents: true,
  structuredOutput: true,
  stopSequences: null,
  temperature: { min: 0, max: 1 },
  promptCaching: true,
});

/**
 * OpenAI's. A reasoning model (o-series, GPT-5 and later, Codex) refuses `temperature` and `top_p`
 * ("Unsupported parameter: 'temperature' is not supported with this model."; GPT-5.1 and later take
 * them with effort none only, which the gateway does not count on), and `stop` (OpenAI's chat
 * reference: "Not supported with latest reasoning models `o3` and `o4-mini`"; GPT-5 and later answer
 * the same 400, reported of gpt-5, gpt-5-mini and gpt-5.2: huggingface/smolagents#1893,
 * FlowiseAI/Flowise#5046, BerriAI/litellm#15244). The earlier o1 and o3-mini take `stop`
 * (community.openai.com/t/1113029; o1-mini and o1-preview refused it): `takesStop`.
 */
const gpt = (maxOutputTokens: number, contextWindow: number, reasoning: ReasoningCapability | null, takesStop = reasoning === null): ModelCapabilities => ({
  ...base,
  contextWindow,
  maxOutputTokens,
  reasoning,
  images: true,
  documents: true,
  structuredOutput: true,
  stopSequences: takesStop ? base.stopSequences : 0,
  temperature: reasoning === null ? base.temperature : null,
  promptCaching: true,
});

const gemini = (reasoning: ReasoningCapability | null, maxOutputTokens = 65_536): ModelCapabilities => ({
  ...base,
  contextWindow: 1_048_576,
  maxOutputTokens,
  reasoning,
  images: true,
  documents: true,
  structuredOutput: true,
  stopSequences: 5,
  promptCaching: true,
});

const chatModel = (maxOutputTokens: number, contextWindow: number, reasoning: ReasoningCapability | null, more: Partial<ModelCapabilities> = {}): ModelCapabilities => ({
  ...base,
  contextWindow,
  maxOutputTokens,
  reasoning,
  structuredOutput: true,
  ...more,
});

/** A model of Bedrock's own catalog served through its Converse API (chat completions): no reasoning, Converse's temperature range. */
const bedrockModel = (maxOutputTokens: number, contextWindow: number, more: Partial<ModelCapabilities> = {}): ModelCapabilities => ({
  ...base,
  contextWindow,
  maxOutputTokens,
  temperature: { min: 0, max: 1 },
  ...more,
});

/**
 * Models by exact id. Sources: Anthropic's models overview (max output: Opus 4.6 128K, Sonnet 4.6,
 * Sonnet 4.5 and Haiku 4.5 64K, Opus 4.1 32K); OpenAI's model pages (gpt-5 400K/128K with
 * reasoning minimal–high, gpt-4.1 1,047,576/32,768, gpt-4o and gpt-4o-mini 128K/16,384, no
 * reasoning); Gemini's model pages (2.5 input 1,048,576, output 65,536; thinking budgets 2.5 Pro
 * 128–32,768 always on, Flash 0–24,576, Flash-Lite 512–24,576); DeepSeek's pricing page
 * (deepseek-chat output at most 8K, deepseek-reasoner 64K, 128K context); Zhipu's GLM-4.6 page
 * (200K context, 128K output); Qwen's model list (qwen3-max 262,144 context, 65,536 output);
 * Moonshot's (kimi-k2 128K context); MiniMax's (M2 204,800 context).
 */
const byId: Record<string, ModelCapabilities> = {
  "claude-opus-4-6": claude(128_000),
  "claude-sonnet-4-6": claude(64_000),
  "claude-sonnet-4-5": claude(64_000),
  "claude-haiku-4-5": claude(64_000),
  "claude-opus-4-5": claude(64_000),
  "claude-opus-4-1": claude(32_000),
  "gpt-5": gpt(128_000, 400_000, openAiReasoning(["minimal", "low", "medium", "high"])),
  "gpt-5-mini": gpt(128_000, 400_000, openAiReasoning(["minimal", "low", "medium", "high"])),
  "gpt-5-nano": gpt(128_000, 400_000, openAiReasoning(["minimal", "low", "medium", "high"])),
  "gpt-5.1": gpt(128_000, 400_000, openAiReasoning(["none", "low", "medium", "high"])),
  "gpt-5.2": gpt(128_000, 400_000, openAiReasoning(["none", "low", "medium", "high", "xhigh"])),
  "gpt-5-chat-latest": gpt(16_384, 128_000, null),
  "gpt-4.1": gpt(32_768, 1_047_576, null),
  "gpt-4.1-mini": gpt(32_768, 1_047_576, null),
  "gpt-4.1-nano": gpt(32_768, 1_047_576, null),
  "gpt-4o": gpt(16_384, 128_000, null),
  "gpt-4o-mini": gpt(16_384, 128_000, null),
  o1: gpt(100_000, 200_000, openAiReasoning(["low", "medium", "high"]), true),
  "o3-mini": gpt(100_000, 200_000, openAiReasoning(["low", "medium", "high"]), true),
  o3: gpt(100_000, 200_000, openAiReasoning(["low", "medium", "high"])),
  "o4-mini": gpt(100_000, 200_000, openAiReasoning(["low", "medium", "high"])),
  "gemini-2.5-pro": gemini({ efforts: [], budget: { min: 128, max: 32_768 }, canDisable: false }),
  "gemini-2.5-flash": gemini({ efforts: [], budget: { min: 0, max: 24_576 }, canDisable: true }),
  "gemini-2.5-flash-lite": gemini({ efforts: [], budget: { min: 512, max: 24_576 }, canDisable: true }),
  "deepseek-chat": chatModel(8_192, 128_000, { ...thinkingSwitch, efforts: ["low", "medium", "high"] }, { stopSequences: 16 }),
  // Both names are DeepSeek V3.2, thinking by default or not; `thinking: {type}` switches either (api-docs.deepseek.com/guides/thinking_mode).
  "deepseek-reasoner": chatModel(65_536, 128_000, { ...thinkingSwitch, efforts: ["low", "medium", "high"] }, { stopSequences: 16 }),
  "glm-4.6": chatModel(131_072, 200_000, thinkingSwitch, { stopSequences: 1, temperature: { min: 0, max: 1 }, parallelToolCalls: false }),
  "qwen3-max": chatModel(65_536, 262_144, null),
  "Qwen/Qwen3-235B-A22B": chatModel(32_768, 131_072, thinkingSwitch),
  "kimi-k2": chatModel(32_768, 131_072, null),
  "MiniMax-M2": chatModel(131_072, 204_800, { efforts: [], budget: null, canDisable: false }, { temperature: { min: 0.01, max: 1 } }),
};

/** Families by the id's shape, for ids with no entry (new snapshots, dated versions, aliases): the family's most conservative documented values. */
const byFamily: [RegExp, ModelCapabilities][] = [
  [/^claude-opus-4-[6-9]/, claude(128_000)],
  [/^claude-(sonnet|haiku)-4|^claude-opus-4-5|^claude-3-7/, claude(64_000)],
  [/^claude-/, claude(32_000)],
  // The GPT-5 chat snapshots (`gpt-5-chat-latest`) are not reasoning models.
  [/^gpt-([5-9]|\d{2,})(\.\d+)?-chat/, gpt(16_384, 128_000, null)],
  [/^gpt-5\.[2-9]/, gpt(128_000, 400_000, openAiReasoning(["none", "low", "medium", "high", "xhigh"]))],
  [/^gpt-5\.1/, gpt(128_000, 400_000, openAiReasoning(["none", "low", "medium", "high"]))],
  [/^(gpt-([5-9]|\d{2,})|codex-)/, gpt(128_000, 400_000, openAiReasoning(["minimal", "low", "medium", "high"]))],
  [/^(o1|o3-mini)-\d{4}-\d{2}-\d{2}$/, gpt(100_000, 200_000, openAiReasoning(["low", "medium", "high"]), true)],
  [/^o\d/, gpt(100_000, 200_000, openAiReasoning(["low", "medium", "high"]))],
  [/^gpt-4\.1/, gpt(32_768, 1_047_576, null)],
  [/^(gpt-4o|chatgpt-4o)/, gpt(16_384, 128_000, null)],
  // Gemini 3 and later take thinkingLevel and never stop thinking (ai.google.dev/gemini-api/docs/thinking):
  // 3 Pro low and high; a later Pro low, medium and high (3.1 Pro added medium); the others minimal to high.
  [/^gemini-3-pro/, gemini({ efforts: ["low", "high"], budget: null, canDisable: false })],
  [/^gemini-([3-9]|\d{2,})(\.\d+)?-pro/, gemini({ efforts: ["low", "medium", "high"], budget: null, canDisable: false })],
  [/^gemini-([3-9]|\d{2,})/, gemini({ efforts: ["minimal", "low", "medium", "high"], budget: null, canDisable: false })],
  // Gemini 2.5's image and speech models do not think ("Thinking: Not supported" on their pages; Google
  // refuses any thinkingConfig): 2.5 Flash Image gives at most 32,768 output tokens, the TTS models 16,384.
  [/^gemini-2\.5-.*-image(-|$)/, gemini(null, 32_768)],
  [/^gemini-2\.5-.*-tts(-|$)/, gemini(null, 16_384)],
  // Gemini 2.5 takes a thinking budget (0 stops it where it can, −1 is dynamic): Pro 128–32,768 and
  // always on, Flash-Lite 512–24,576, Flash and the rest of 2.5 up to 24,576. The unversioned aliases
  // were made pointing at 2.5 models and move to newer ones without notice; their 2.5 model's budget
  // range is what any model they point at still takes, where a level would be refused by a 2.5 target.
  [/^gemini-(2\.5-pro|pro-latest)/, gemini({ efforts: [], budget: { min: 128, max: 32_768 }, canDisable: false })],
  [/^gemini-(2\.5-)?flash-lite/, gemini({ efforts: [], budget: { min: 512, max: 24_576 }, canDisable: true })],
  // 2.0's thinking experiment, as the rest of 2.x: budgets up to 24,576 (Google has since retired it).
  [/^gemini-(2\.5-|flash|2\.0-flash-thinking)/, gemini({ efforts: [], budget: { min: 0, max: 24_576 }, canDisable: true })],
  // Gemini 1.x and the rest of 2.0 do not think, nor does Gemma (Gemma 3 on the Gemini API: 131,072 in, 8,192 out).
  [/^gemini-/, gemini(null, 8_192)],
  [/^gemma-/, { ...base, contextWindow: 131_072, images: true }],
  // GLM-4.5 and later, Kimi K2.5 and later and Qwen3 switch thinking; the efforts each takes are its vendor's (domain/channel-presets.ts).
  [/^glm-(4\.[5-9]|[5-9])/, chatModel(98_304, 131_072, thinkingSwitch, { stopSequences: 1, temperature: { min: 0, max: 1 }, parallelToolCalls: false })],
  [/^kimi-k(2\.[5-9]|[3-9])/, chatModel(32_768, 262_144, thinkingSwitch)],
  [/^(qwen\/)?qwen3/, chatModel(32_768, 131_072, thinkingSwitch)],
  [/^minimax-m/, byId["MiniMax-M2"]],
  // Bedrock's own models through its Converse API (ids normalized by withoutRouterPrefix:
  // `us.meta.llama3-3-70b-instruct-v1:0` → `llama3-3-70b-instruct`). Converse takes a temperature
  // from 0 to 1 for every model. Nova Pro and Lite: 300K context, Micro 128K (text only), each at most
  // 10,000 output tokens as the Nova user guide's model table gives them (the launch-time model
  // cards said 5K); Llama 3.3 70B Instruct 128K context, text only, and Mistral Large (24.07) 128K:
  // both 8,192 output tokens.
  [/^nova-(pro|lite)(-v\d|$)/, bedrockModel(10_000, 300_000, { images: true, documents: true })],
  [/^nova-micro(-v\d|$)/, bedrockModel(10_000, 128_000)],
  [/^llama3-3-70b/, bedrockModel(8_192, 128_000)],
  [/^mistral-large-2407/, bedrockModel(8_192, 128_000)],
  [/^deepseek-reasoner/, byId["deepseek-reasoner"]],
  [/^deepseek-chat/, byId["deepseek-chat"]],
];

/**
 * The model's own id inside the forms others write it in: a router's vendor prefix (`openai/gpt-5`)
 * and Gemini's resource name (`models/gemini-2.5-pro`); Bedrock's model ids and cross-region
 * inference profiles (`us.anthropic.claude-sonnet-4-5-20250929-v1:0`: a geography, the provider,
 * a version suffix; docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html);
 * and Vertex AI's dated ids (`claude-sonnet-4-5@20250929`).
 */
const bedrockId = /^(?:(?:us|eu|apac|global|jp|au|ca|us-gov)\.)?(?:anthropic|meta|mistral|amazon|cohere|ai21|deepseek|qwen|openai|writer)\.(.+?)(?:-v\d+(?::\d+)?)?$/i;
const withoutRouterPrefix = (model: string) =>
  model
    .replace(/^(openai|anthropic|google)\//i, "")
    .replace(/^models\//, "")
    .replace(bedrockId, "$1")
    .replace(/@(\d{8})$/, "-$1")
    .replace(/@(latest|default)$/, "");

const vendorOf = (lower: string): ModelVendor | null =>
  /^(gpt-|o\d|chatgpt-|codex-)/.test(lower) ? "openai" : lower.startsWith("claude-") ? "anthropic" : /^(gemini-|gemma-)/.test(lower) ? "google" : null;

/** Looked up once per model id: the ids are the operator's (groups' models, channels' mappings), so few; bounded all the same. */
const resolved = new Map<string, ResolvedCapabilities>();
const maxResolved = 10_000;

/** The catalog's capabilities of an upstream model id, and where they came from. */
export function catalogCapabilities(model: string): ResolvedCapabilities {
  let found = resolved.get(model);
  if (found) return found;
  found = lookUp(model);
  if (resolved.size >= maxResolved) resolved.clear();
  resolved.set(model, found);
  return found;
}

function lookUp(model: string): ResolvedCapabilities {
  const id = withoutRouterPrefix(model);
  const lower = id.toLowerCase();
  const vendor = vendorOf(lower);
  const exact = byId[id] ?? byId[lower];
  if (exact) return { ...exact, source: "catalog", vendor };
  for (const [pattern, capabilities] of byFamily) if (pattern.test(lower)) return { ...capabilities, source: "family", vendor };
  return { ...base, source: "default", vendor };
}

/** The capabilities a call obeys: the catalog's for the upstream model, each field the operator set replacing the catalog's. */
export function modelCapabilities(model: string, overrides?: CapabilityOverrides | null): ResolvedCapabilities {
  const catalog = catalogCapabilities(model);
  if (!overrides || Object.keys(overrides).length === 0) return catalog;
  return { ...catalog, ...overrides, source: "operator" };
}

/** The output limit a call is sent with: what the caller asked, never more than the model takes. Undefined when the caller asked none. */
export const clampOutputTokens = (asked: number | undefined, capabilities: Pick<ModelCapabilities, "maxOutputTokens">): number | undefined =>
  asked === undefined ? undefined : Math.min(asked, capabilities.maxOutputTokens);

/**
 * The effort a model takes nearest to the one asked: the asked one if it takes it, else the
 * closest level above (a caller asking for more thinking than a level gets the next), else the
 * closest below. Undefined when the model takes no efforts.
 */
export function nearestEffort(asked: Effort, levels: readonly Effort[]): Effort | undefined {
  if (levels.length === 0) return undefined;
  if (levels.includes(asked)) return asked;
  const rank = efforts.indexOf(asked);
  const above = levels.filter((level) => efforts.indexOf(level) > rank).sort((a, b) => efforts.indexOf(a) - efforts.indexOf(b));
  if (above.length > 0) return above[0];
  return [...levels].sort((a, b) => efforts.indexOf(b) - efforts.indexOf(a))[0];
}
