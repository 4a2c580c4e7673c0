// The canonical form every translated call passes through: one reader and one writer per wire
// format (messages, chat, responses, generate-content) instead of a translator per directed pair —
// 4 + 4 pieces for the 12 pairs, each format's quirks in one room. Nothing is lost on the way:
// what a format cannot say natively travels as an `Opaque` value (the upstream's own block, kept
// whole), and a request field that a pair cannot represent is refused by `TranslationRefusal`.
import type { Usage } from "../domain/usage.ts";

/** The four wire formats, named as the relay names its interfaces. */
export type Format = "messages" | "chat" | "responses" | "generate-content";

/** How each format is named in messages users read (errors, docs). */
export const formatLabels: Record<Format, string> = {
  messages: "Anthropic Messages",
  chat: "OpenAI Chat Completions",
  responses: "OpenAI Responses",
  "generate-content": "Gemini generateContent",
};

/**
 * A request field (or value) that the target format cannot represent: answered 400 in the
 * caller's format, naming the field and the pair, and never charged. `field` is the caller's
 * path to it (`messages[2].content[0].type`, `n`, `generationConfig.topK`).
 */
export class TranslationRefusal extends Error {
  readonly field: string;
  readonly reason: string;
  constructor(field: string, reason: string) {
    super(reason);
    this.field = field;
    this.reason = reason;
  }
}

/**
 * Reasoning (or its proof) in the upstream's own form, kept whole so that it goes back upstream
 * byte-exact on the next turn. `origin` is the format whose upstream produced it; `value` is that
 * format's own JSON for it:
 * - messages: the thinking block `{type:"thinking",thinking,signature}` or `{type:"redacted_thinking",data}`
 * - responses: the reasoning output item `{type:"reasoning",id,summary,encrypted_content?,content?}`
 * - generate-content: `{thoughtSignature}` (the signature of the part that follows, or of a thought part)
 * - chat: one entry of an assistant message's `reasoning_details` (OpenRouter's convention)
 * A writer for the same format writes `value` back as it was; a writer for another caller format
 * carries it in its opaque slot (see carry.ts); a request writer for another upstream format drops
 * it, because one vendor cannot verify another's reasoning.
 */
export type Opaque = { origin: Format; value: Record<string, unknown> };

export type MediaSource = { kind: "base64"; mediaType: string; data: string } | { kind: "url"; url: string; mediaType?: string };

/**
 * A prompt-cache breakpoint the caller set after this part (chat's `cache_control`, as OpenRouter
 * and OpenCode send Anthropic's on chat messages and parts), with the lifetime asked for. Only an
 * Anthropic upstream takes breakpoints; the other formats cache on their own and leave it.
 */
export type CacheMark = { cache?: "5m" | "1h" };

export type TextPart = { type: "text"; text: string } & CacheMark;
export type ImagePart = { type: "image"; source: MediaSource; detail?: string } & CacheMark;
/** A document (PDF, plain text): Anthropic `document`, Gemini `inlineData`/`fileData`, Responses `input_file`. */
export type DocumentPart = { type: "document"; source: MediaSource; title?: string; filename?: string } & CacheMark;
/** `arguments` is the JSON text of the arguments object, as OpenAI formats send it (objects are stringified once). */
export type ToolCallPart = { type: "tool_call"; id: string; name: string; arguments: string } & CacheMark;
export type ToolResultPart = {
  type: "tool_result";
  callId: string;
  /** The function's name: Gemini needs it on functionResponse; readers fill it from the matching call when the format omits it. */
  name?: string;
  content: (TextPart | ImagePart | DocumentPart)[];
  isError?: boolean;
} & CacheMark;
/**
 * Reasoning: the readable text (thinking, a summary) where there is one, and the upstream's own
 * form where there is one. Gemini's thought signature on a function call or text part is read as
 * a reasoning part with `attachesToNext` just before that part, and written back onto it.
 */
export type ReasoningPart = { type: "reasoning"; text?: string; opaque?: Opaque; attachesToNext?: boolean };
/** A model's refusal text (chat `refusal`, Responses `refusal` content). */
export type RefusalPart = { type: "refusal"; text: string } & CacheMark;

export type Part = TextPart | ImagePart | DocumentPart | ToolCallPart | ToolResultPart | ReasoningPart | RefusalPart;

/**
 * One turn. `system` turns are instructions that appear after the first user or assistant turn
 * (chat and Responses allow them anywhere); those before it are `CanonicalRequest.system`.
 * Tool results are parts of a `user` turn (Anthropic's shape); readers of formats with a `tool`
 * role fold consecutive results into one user turn.
 */
export type Turn = { role: "user" | "assistant" | "system"; parts: Part[] };

export type ToolDefinition = {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
  /**
   * An OpenAI custom tool, Responses' or chat's (freeform text in, not JSON; Codex's apply_patch),
   * not to be confused with Anthropic's `type:"custom"`, its name for ordinary tools. `parameters`
   * is then the one string argument `input` it is declared with upstream (freeform-tools.ts);
   * `format` is in Responses' shape ({type:"text"} or {type:"grammar",syntax,definition}; a chat
   * caller's nested `grammar` is lifted into it), the caller's as declared, echoed back.
   */
  freeform?: { format?: Record<string, unknown> };
  /** Declared inside a Responses `namespace`: its name and the function's own; `name` is then the qualified name upstreams see (responses/namespaces.ts). */
  inNamespace?: { namespace: string; name: string; description?: string };
};

/**
 * `allowed`: the model may call only the tools named (their canonical names, in the caller's order),
 * `required` saying it must call one of them; every declared tool stays declared (OpenAI's
 * `allowed_tools`, which keeps the tool list for prompt caching). Readers name only declared tools.
 * A writer whose format cannot restrict calls declares only these (allowed-tools.ts).
 */
export type ToolChoice = { type: "auto" } | { type: "none" } | { type: "required" } | { type: "tool"; name: string } | { type: "allowed"; names: string[]; required: boolean };

export type OutputFormat = { type: "text" } | { type: "json_object" } | { type: "json_schema"; name: string; schema: Record<string, unknown>; strict?: boolean; description?: string };

export type ReasoningSettings = {
  /** OpenAI effort; Gemini thinkingLevel maps onto it. */
  effort?: "none" | "minimal" | "low" | "medium" | "high" | "xhigh";
  /** Anthropic budget_tokens, Gemini thinkingBudget. */
  budgetTokens?: number;
  /** Whether the caller asked to see reasoning text (Gemini includeThoughts, Responses summary). */
  includeThoughts?: boolean;
  /** Responses `reasoning.summary`. */
  summary?: string;
};

/**
 * The caller asked for prompt caching in its own format (OpenAI's `prompt_cache_key`, or its longer
 * retention). OpenAI caches on its own; an upstream whose caching is opt-in and billed (Anthropic:
 * writes cost 1.25x input, 2x for an hour) gets breakpoints only when this is set. `ttl` is the
 * lifetime asked for in Anthropic's terms: "1h" for OpenAI's extended retention, else "5m".
 */
export type PromptCache = { ttl: "5m" | "1h" };

export type CanonicalRequest = {
  /** The upstream model id (the relay sets it; readers copy the caller's call name). */
  model: string;
  /** Instructions before the conversation, in order (system prompt, `instructions`, systemInstruction). */
  system: TextPart[];
  turns: Turn[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  output?: OutputFormat;
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  reasoning?: ReasoningSettings;
  /** An end-user id for abuse tracking (chat/Responses `user`, Anthropic `metadata.user_id`). */
  user?: string;
  promptCache?: PromptCache;
  /** The caller asked for the conversation compacted (a Responses `compaction_trigger`): the model's text is a summary, answered as one `compaction` item (responses/compaction.ts). */
  compaction?: boolean;
  stream: boolean;
};

/** Why the model stopped, in Anthropic's vocabulary (wire-formats.md §6.2 maps the others onto it). */
export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "refusal" | "pause_turn";

export type CanonicalResponse = {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  content: Part[];
  stopReason: StopReason;
  /** The stop sequence that matched, where the upstream says which. */
  stopSequence?: string | null;
  usage: Usage;
};

/**
 * A stream, format-neutral. Readers emit blocks one at a time (start, deltas, stop), indexes
 * counting from 0 in order; writers turn them into the caller's grammar. `usage` events are
 * cumulative (the latest wins), as the relay meters them.
 */
export type StreamEvent =
  | { type: "start"; id: string; model: string; created: number; usage?: Usage }
  | { type: "block_start"; index: number; block: { type: "text" } | { type: "reasoning" } | { type: "refusal" } | { type: "tool_call"; id: string; name: string } }
  | { type: "text_delta"; index: number; text: string }
  | { type: "reasoning_delta"; index: number; text: string }
  /** The reasoning block's upstream form, once known (a signature arrives at its end). */
  | { type: "reasoning_opaque"; index: number; opaque: Opaque; attachesToNext?: boolean }
  | { type: "refusal_delta"; index: number; text: string }
  | { type: "tool_arguments_delta"; index: number; json: string }
  | { type: "block_stop"; index: number }
  | { type: "usage"; usage: Usage }
  | { type: "finish"; stopReason: StopReason; stopSequence?: string | null; usage: Usage };

/**
 * What an upstream error says, read from its format, to be said again in the caller's; the wait
 * before a retry it asked for, where it said one (Gemini's RetryInfo), which the relay's Retry-After
 * takes; and whether it refused the channel's own key under a status that blames the request
 * (Gemini's 400 API_KEY_INVALID), which makes it the channel's fault.
 */
export type UpstreamError = { status: number; message: string; type?: string; retryAfterSeconds?: number; keyRefused?: true };
