// Request validation as strict as the vendors': each function returns the vendor's 400 message
// (naming the field) for the first problem found, or null. Top-level whitelists are each vendor's
// documented request fields, complete, so passthrough callers sending real fields are served.
import { type Issued, unknownKeys } from "./conversation.ts";
import { anthropicLimitProblem, chatLimitProblem, geminiLimitProblem, isStrictServerModel, responsesLimitProblem, strictServerProblem } from "./model-limits.ts";

export type Problem = { message: string; param?: string | null; code?: string | null };

const set = (...keys: string[]) => new Set(keys);

// https://docs.claude.com/en/api/messages (plus the beta fields the SDK sends on ?beta=true).
const ANTHROPIC_FIELDS = set(
  "model", "messages", "max_tokens", "system", "metadata", "stop_sequences", "stream", "temperature", "top_k", "top_p",
  "tools", "tool_choice", "thinking", "service_tier", "container", "context_management", "mcp_servers", "output_config",
  "output_format", "inference_geo", "cache_control", "betas",
);

export function validateAnthropic(body: any, issued: Issued, extra: ReadonlySet<string>, countTokens = false): Problem | null {
  const unknown = unknownKeys(body, ANTHROPIC_FIELDS, extra);
  if (unknown.length) return { message: `${unknown[0]}: Extra inputs are not permitted` };
  if (!countTokens && typeof body.max_tokens !== "number") return { message: "max_tokens: Field required" };
  const limit = countTokens ? null : anthropicLimitProblem(body);
  if (limit) return limit;
  if (typeof body.temperature === "number" && (body.temperature < 0 || body.temperature > 1)) {
    return { message: "temperature: Input should be less than or equal to 1" };
  }
  const sampling = anthropicSamplingProblem(body);
  if (sampling) return sampling;
  const toolName = anthropicToolNameProblem(body);
  if (toolName) return toolName;
  const breakpoints = anthropicBreakpoints(body);
  if (breakpoints > 4) return { message: `A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.` };
  const thinkingOn = body.thinking?.type === "enabled" || body.thinking?.type === "adaptive";
  if (thinkingOn && (body.tool_choice?.type === "any" || body.tool_choice?.type === "tool")) return { message: "Thinking may not be enabled when tool_choice forces tool use." };
  if (body.thinking?.type === "enabled") {
    const budget = body.thinking.budget_tokens;
    if (typeof budget !== "number" || budget < 1024) return { message: "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024" };
    if (!countTokens && budget >= body.max_tokens) return { message: "`max_tokens` must be greater than `thinking.budget_tokens`." };
  }
  const messages: any[] = body.messages;
  for (const [i, message] of messages.entries()) {
    if (message?.role !== "user" && message?.role !== "assistant") {
      const role = JSON.stringify(message?.role);
      return {
        message: message?.role === "system"
          ? `messages.${i}.role: Unexpected role "system". The Messages API accepts a top-level \`system\` parameter, not "system" as an input message role.`
          : `messages.${i}.role: Input should be 'user' or 'assistant' (got ${role})`,
      };
    }
    const blocks: any[] = typeof message.content === "string" ? [] : Array.isArray(message.content) ? message.content : [];
    const final = i === messages.length - 1 && message.role === "assistant";
    if (!final && (message.content === "" || (Array.isArray(message.content) && message.content.length === 0))) {
      return { message: `messages.${i}: all messages must have non-empty content except for the optional final assistant message` };
    }
    const emptyText = blocks.findIndex((b) => b?.type === "text" && b.text === "");
    if (emptyText >= 0) return { message: `messages.${i}.content.${emptyText}.text: text content blocks must be non-empty` };
    const previous: any[] = i > 0 && Array.isArray(messages[i - 1].content) ? messages[i - 1].content : [];
    const offered = new Set(messages[i - 1]?.role === "assistant" ? previous.filter((b) => b?.type === "tool_use").map((b) => b.id) : []);
    for (const [j, block] of blocks.entries()) {
      const at = `messages.${i}.content.${j}`;
      if (block?.type === "tool_result" && (message.role !== "user" || !offered.has(block.tool_use_id))) {
        return {
          message: `${at}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${block.tool_use_id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        };
      }
      // Anthropic caches thinking blocks only as part of a prefix; one takes no breakpoint of its own.
      if ((block?.type === "thinking" || block?.type === "redacted_thinking") && block.cache_control != null) return { message: `${at}.${block.type}.cache_control: Extra inputs are not permitted` };
      if (block?.type === "thinking" && (typeof block.signature !== "string" || !issued.has(block.signature))) {
        return { message: `${at}: Invalid \`signature\` in \`thinking\` block` };
      }
      if (block?.type === "redacted_thinking" && !issued.has(block.data)) return { message: `${at}: Invalid \`data\` in \`redacted_thinking\` block` };
    }
    // With thinking on, an assistant turn that used tools (the tool loop in progress) must start with its thinking block.
    const loopTurn = message.role === "assistant" && i === messages.length - 2 && blocks.some((b) => b?.type === "tool_use");
    if (loopTurn && body.thinking && body.thinking.type !== "disabled" && !["thinking", "redacted_thinking"].includes(blocks[0]?.type)) {
      return {
        message: `messages.${i}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${blocks[0]?.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns.`,
      };
    }
    const uses = blocks.filter((b) => b?.type === "tool_use").map((b) => b.id);
    const next = messages[i + 1];
    if (message.role === "assistant" && uses.length && next) {
      const answered = new Set((Array.isArray(next.content) ? next.content : []).filter((b: any) => b?.type === "tool_result").map((b: any) => b.tool_use_id));
      const missing = uses.filter((id) => !answered.has(id));
      if (missing.length) {
        return {
          message: `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        };
      }
    }
  }
  return null;
}

/** Anthropic's rule for a client tool's name (server tools, `type: "web_search_20250305"`…, have fixed names). */
function anthropicToolNameProblem(body: any): Problem | null {
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    const client = tool?.type === undefined || tool.type === null || tool.type === "custom";
    if (client && !/^[a-zA-Z0-9_-]{1,128}$/.test(String(tool?.name))) return { message: `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'` };
  }
  return null;
}

/** The cache breakpoints of a request: top level (automatic caching), tools, system blocks, message blocks and the blocks of a tool result. */
function anthropicBreakpoints(body: any): number {
  const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);
  const blocks = [body, ...list(body.tools), ...list(body.system)];
  for (const message of list(body.messages)) for (const block of list(message?.content)) blocks.push(block, ...list(block?.content));
  return blocks.filter((block) => block?.cache_control != null).length;
}

/** Claude Sonnet 4.5 and later (Haiku 4.5, Opus 4.5, 4.6, 5…) take one of temperature and top_p. */
function takesOneOfTemperatureAndTopP(model: unknown): boolean {
  const version = /^claude-(?:opus|sonnet|haiku)-(\d+)(?:-(\d)(?=-|$))?/.exec(String(model));
  if (!version) return false;
  const [major, minor] = [Number(version[1]), Number(version[2] ?? 0)];
  return major > 4 || (major === 4 && minor >= 5);
}

/** Sampling Anthropic refuses: with thinking on (enabled or adaptive) anything but the defaults; temperature beside top_p on the newer models. */
function anthropicSamplingProblem(body: any): Problem | null {
  const thinking = body.thinking?.type === "enabled" || body.thinking?.type === "adaptive";
  if (thinking && body.temperature != null && body.temperature !== 1) {
    return { message: "`temperature` may only be set to 1 when thinking is enabled or in adaptive mode. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#important-considerations-when-using-extended-thinking" };
  }
  if (thinking && body.top_k != null) return { message: "`top_k` must be unset when thinking is enabled or in adaptive mode." };
  if (thinking && body.top_p != null && body.top_p < 0.95) return { message: "`top_p` must be greater than or equal to 0.95 or unset when thinking is enabled or in adaptive mode." };
  if (body.temperature != null && body.top_p != null && takesOneOfTemperatureAndTopP(body.model)) {
    return { message: "`temperature` and `top_p` cannot both be specified for this model. Please use only one." };
  }
  return null;
}

// https://platform.openai.com/docs/api-reference/chat/create
const CHAT_FIELDS = set(
  "model", "messages", "audio", "frequency_penalty", "function_call", "functions", "logit_bias", "logprobs",
  "max_completion_tokens", "max_tokens", "metadata", "modalities", "n", "parallel_tool_calls", "prediction",
  "presence_penalty", "prompt_cache_key", "prompt_cache_retention", "reasoning_effort", "response_format",
  "safety_identifier", "seed", "service_tier", "stop", "store", "stream", "stream_options", "temperature",
  "tool_choice", "tools", "top_logprobs", "top_p", "user", "verbosity", "web_search_options",
);
const CHAT_ROLES = ["system", "developer", "user", "assistant", "tool"];

function temperatureProblem(body: any): Problem | null {
  if (typeof body.temperature === "number" && (body.temperature < 0 || body.temperature > 2)) {
    return { message: `Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${body.temperature} instead.`, param: "temperature" };
  }
  return null;
}

/** OpenAI's reasoning models: the o-series, GPT-5 and later (not the gpt-5-chat snapshots), Codex. */
const reasoningModel = (model: unknown) => /^(o\d|codex-|gpt-([5-9]|\d{2,}))/i.test(String(model)) && !/^gpt-\d+(\.\d+)?-chat/i.test(String(model));

/**
 * OpenAI's reasoning models that refuse chat's `stop`: o3, o4-mini, GPT-5 and later ("Not supported
 * with latest reasoning models `o3` and `o4-mini`", OpenAI's chat reference; the GPT-5 family answers
 * the same 400); o1 and o3-mini take it.
 */
const refusesStop = (model: unknown) => reasoningModel(model) && !/^(o1|o3-mini)(-\d{4}-\d{2}-\d{2})?$/i.test(String(model));

/** End-user ids are at most 64 characters. */
function endUserIdProblem(body: any, fields: string[]): Problem | null {
  for (const field of fields) {
    const value = body[field];
    if (typeof value === "string" && value.length > 64) {
      return {
        message: `Invalid '${field}': string too long. Expected a string with maximum length 64, but got a string with length ${value.length} instead.`,
        param: field,
        code: "string_above_max_length",
      };
    }
  }
  return null;
}

/** OpenAI's rule for a function's name, where it is declared and where the history names it: the pattern, then 64 characters. */
function openaiFunctionNameProblem(name: unknown, param: string): Problem | null {
  if (typeof name !== "string" || !/^[a-zA-Z0-9_-]+$/.test(name)) {
    return { message: `Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param, code: "invalid_value" };
  }
  if (name.length > 64) {
    return {
      message: `Invalid '${param}': string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`,
      param,
      code: "string_above_max_length",
    };
  }
  return null;
}

/** Qwen (DashScope's compatible mode) documents `top_k` beside OpenAI's fields; OpenAI, and this mock for other models, refuse it. */
const takesTopK = (model: unknown) => /^qwen/i.test(String(model));

/** DeepSeek, GLM and Kimi document `thinking` ({type: "enabled" | "disabled"}), their thinking-mode switch. */
const takesThinking = (model: unknown) => /^(deepseek-|glm-|kimi-)/i.test(String(model));

/** GLM names the end user `user_id`, 6 to 128 characters (docs.z.ai/openapi.json), where OpenAI has `user`. */
const isGlm = (model: unknown) => /^glm-/i.test(String(model));

/**
 * GLM's narrower sampling and stop (docs.z.ai/api-reference/llm/chat-completion): temperature in
 * [0, 1], top_p in [0.01, 1], and "currently only one stop word is supported". GLM-5.3 and later
 * refuse thinking switched off and a reasoning_effort but max, high or low
 * (docs.z.ai/guides/capabilities/thinking: "Any other input will result in an error").
 */
function glmProblem(body: any): Problem | null {
  if (typeof body.temperature === "number" && (body.temperature < 0 || body.temperature > 1)) {
    return { message: `Invalid 'temperature': GLM takes a value in [0.0, 1.0], got ${body.temperature}.`, param: "temperature" };
  }
  if (typeof body.top_p === "number" && (body.top_p < 0.01 || body.top_p > 1)) {
    return { message: `Invalid 'top_p': GLM takes a value in [0.01, 1.0], got ${body.top_p}.`, param: "top_p" };
  }
  if (Array.isArray(body.stop) && body.stop.length > 1) return { message: "Invalid 'stop': only one stop word is supported.", param: "stop" };
  if (glmVersion(body.model) >= 5003) {
    if (body.thinking?.type === "disabled") return { message: "Invalid 'thinking.type': this model cannot disable thinking.", param: "thinking" };
    if (body.reasoning_effort !== undefined && !["max", "high", "low"].includes(body.reasoning_effort)) {
      return { message: `Invalid 'reasoning_effort': this model takes max, high or low, got ${body.reasoning_effort}.`, param: "reasoning_effort" };
    }
  }
  return null;
}

/** A GLM model's version, major and minor as one number (glm-5.3-flash: 5003); 0 for an id that names none. */
function glmVersion(model: unknown): number {
  const said = /^glm-(\d+)(?:\.(\d+))?/i.exec(String(model));
  return said ? Number(said[1]) * 1000 + Number(said[2] ?? 0) : 0;
}

/** MiniMax's models; they take `reasoning_split` (platform.minimax.io/docs/api-reference/text-openai-api). */
export const isMiniMax = (model: unknown) => /^minimax-/i.test(String(model));

/** MiniMax's sampling (platform.minimax.io/docs/api-reference/text-chat): temperature and top_p in (0, 1]. */
function miniMaxProblem(body: any): Problem | null {
  for (const field of ["temperature", "top_p"]) {
    const value = body[field];
    if (typeof value === "number" && (value <= 0 || value > 1)) return { message: `invalid params, ${field} must be in (0, 1], got ${value}`, param: field };
  }
  return null;
}

export function validateChat(body: any, extra: ReadonlySet<string>): Problem | null {
  if (isStrictServerModel(body.model)) {
    const strict = strictServerProblem(body);
    if (strict) return strict;
  }
  const vendorField = (key: string) => (key === "top_k" && takesTopK(body.model)) || (key === "thinking" && takesThinking(body.model)) || (key === "user_id" && isGlm(body.model)) || (key === "reasoning_split" && isMiniMax(body.model));
  const unknown = unknownKeys(body, CHAT_FIELDS, extra).filter((key) => !vendorField(key));
  if (unknown.length) return { message: `Unrecognized request argument supplied: ${unknown[0]}`, param: null };
  if (body.user_id !== undefined && (typeof body.user_id !== "string" || body.user_id.length < 6 || body.user_id.length > 128)) {
    return { message: "Invalid 'user_id': the end user's id takes 6 to 128 characters.", param: "user_id" };
  }
  const temperature = temperatureProblem(body);
  if (temperature) return temperature;
  const vendor = isGlm(body.model) ? glmProblem(body) : isMiniMax(body.model) ? miniMaxProblem(body) : null;
  if (vendor) return vendor;
  // OpenAI takes up to four stop sequences (help.openai.com/en/articles/5072263).
  if (/^(gpt-|o\d)/i.test(String(body.model)) && Array.isArray(body.stop) && body.stop.length > 4) {
    return { message: `Invalid 'stop': array too long. Expected an array with maximum length 4, but got an array with length ${body.stop.length} instead.`, param: "stop", code: "array_above_max_length" };
  }
  const user = endUserIdProblem(body, ["user", "safety_identifier"]);
  if (user) return user;
  const limit = chatLimitProblem(body);
  if (limit) return limit;
  if (reasoningModel(body.model)) {
    if (body.temperature != null && body.temperature !== 1) {
      return { message: `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, param: "temperature", code: "unsupported_value" };
    }
    if (body.top_p != null) return { message: "Unsupported parameter: 'top_p' is not supported with this model.", param: "top_p", code: "unsupported_parameter" };
    if (body.stop != null && refusesStop(body.model)) return { message: "Unsupported parameter: 'stop' is not supported with this model.", param: "stop", code: "unsupported_parameter" };
  }
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    const problem = tool?.type === "function" ? openaiFunctionNameProblem(tool.function?.name, `tools[${i}].function.name`) : null;
    if (problem) return problem;
  }
  const messages: any[] = body.messages;
  for (const [i, message] of messages.entries()) {
    for (const [j, call] of (Array.isArray(message?.tool_calls) ? message.tool_calls : []).entries()) {
      const problem = call?.type === "function" ? openaiFunctionNameProblem(call.function?.name, `messages[${i}].tool_calls[${j}].function.name`) : null;
      if (problem) return problem;
    }
  }
  let pending = new Set<string>(); // tool_call_ids of the last assistant turn not answered yet
  let pendingAt = -1;
  for (const [i, message] of messages.entries()) {
    if (!CHAT_ROLES.includes(message?.role)) {
      return { message: `Invalid value: '${message?.role}'. Supported values are: 'system', 'assistant', 'user', 'tool', and 'developer'.`, param: `messages[${i}].role` };
    }
    if (message.role === "assistant" && (message.content == null || message.content === "") && !(Array.isArray(message.tool_calls) && message.tool_calls.length)) {
      return { message: "Invalid value for 'content': expected a string, got null.", param: `messages.[${i}].content` };
    }
    if (message.role === "tool") {
      if (!pending.has(message.tool_call_id)) {
        return { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `messages.[${i}].role` };
      }
      pending.delete(message.tool_call_id);
      continue;
    }
    if (pending.size) break;
    if (message.role === "assistant" && Array.isArray(message.tool_calls) && message.tool_calls.length) {
      pending = new Set(message.tool_calls.map((call: any) => call.id));
      pendingAt = i;
    }
  }
  if (pending.size && messages.length > pendingAt + 1) {
    return {
      message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...pending].join(", ")}`,
      param: `messages.[${pendingAt}].role`,
    };
  }
  return null;
}

// https://platform.openai.com/docs/api-reference/responses/create
const RESPONSES_FIELDS = set(
  "model", "input", "instructions", "background", "conversation", "include", "max_output_tokens", "max_tool_calls",
  "metadata", "parallel_tool_calls", "previous_response_id", "prompt", "prompt_cache_key", "prompt_cache_retention",
  "reasoning", "safety_identifier", "service_tier", "store", "stream", "stream_options", "temperature", "text",
  "tool_choice", "tools", "top_logprobs", "top_p", "truncation", "user", "context_management",
);

// https://platform.openai.com/docs/api-reference/responses/input-tokens: a count takes the request's context, nothing of generating.
const INPUT_TOKENS_FIELDS = set(
  "model", "input", "instructions", "conversation", "parallel_tool_calls", "previous_response_id", "reasoning", "text",
  "tool_choice", "tools", "truncation", "personality",
);

export function validateInputTokens(body: any, issued: Issued, extra: ReadonlySet<string>): Problem | null {
  const unknown = unknownKeys(body, INPUT_TOKENS_FIELDS, extra);
  if (unknown.length) return { message: `Unknown parameter: '${unknown[0]}'.`, param: unknown[0] };
  return validateResponses(body, issued, new Set([...extra, "personality"]));
}

export function validateResponses(body: any, issued: Issued, extra: ReadonlySet<string>): Problem | null {
  const unknown = unknownKeys(body, RESPONSES_FIELDS, extra);
  if (unknown.length) return { message: `Unknown parameter: '${unknown[0]}'.`, param: unknown[0] };
  const temperature = temperatureProblem(body);
  if (temperature) return temperature;
  const user = endUserIdProblem(body, ["safety_identifier", "user"]);
  if (user) return user;
  const limit = responsesLimitProblem(body);
  if (limit) return limit;
  for (const field of ["temperature", "top_p"]) {
    if (body[field] != null && reasoningModel(body.model)) return { message: `Unsupported parameter: '${field}' is not supported with this model.`, param: field, code: "unsupported_parameter" };
  }
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    const problem = tool?.type === "function" || tool?.type === "custom" ? openaiFunctionNameProblem(tool.name, `tools[${i}].name`) : null;
    if (problem) return problem;
  }
  // Function tools are strict unless `strict: false` says otherwise, and strict schemas must close every object.
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (tool?.type === "function" && tool.strict !== false) {
      const problem = strictSchemaProblem(tool.parameters ?? {});
      if (problem) return { message: `Invalid schema for function '${tool.name}': In context=(${problem.context}), ${problem.message}`, param: "tools[0].parameters" };
    }
  }
  if (!Array.isArray(body.input)) return null;
  const items: any[] = body.input;
  const calls = new Set<string>();
  for (const [i, item] of items.entries()) {
    if (item?.type === "function_call") calls.add(item.call_id);
    if (item?.type === "function_call_output" && !calls.has(item.call_id)) {
      return { message: `No tool call found for function call output with call_id ${item.call_id}.`, param: "input" };
    }
    if (item?.type === "compaction_trigger" && i !== items.length - 1) return { message: `Invalid input[${i}]: a compaction_trigger item must be the last input item.`, param: `input[${i}]` };
    if (item?.type === "compaction" && !issued.has(item.encrypted_content)) return { message: `The encrypted content for item ${item.id} could not be verified.`, param: "input" };
    if (item?.type === "reasoning") {
      if (typeof item.encrypted_content !== "string") {
        return { message: `Item with id '${item.id}' not found. Items are not persisted when \`store\` is set to false. Try again with \`store\` set to true, or remove this item from your input.`, param: "input" };
      }
      if (!issued.has(item.encrypted_content)) return { message: `The encrypted content for item ${item.id} could not be verified.`, param: "input" };
      const following = items[i + 1];
      if (!following || following.type === "reasoning" || following.type === "function_call_output" || (following.role && following.role !== "assistant")) {
        return { message: `Item '${item.id}' of type 'reasoning' was provided without its required following item.`, param: "input" };
      }
    }
  }
  const outputs = new Set(items.filter((item) => item?.type === "function_call_output").map((item) => item.call_id));
  const unanswered = [...calls].find((id) => !outputs.has(id));
  if (unanswered) return { message: `No tool output found for function call ${unanswered}.`, param: "input" };
  return null;
}

/** OpenAI's strict-mode rule: every object schema lists all its properties as required and sets additionalProperties false. */
function strictSchemaProblem(schema: any, context: string[] = []): { context: string; message: string } | null {
  if (!schema || typeof schema !== "object") return null;
  const where = context.map((c) => `'${c}'`).join(", ");
  if (schema.type === "object" || schema.properties) {
    if (schema.additionalProperties !== false) return { context: where, message: "'additionalProperties' is required to be supplied and to be false." };
    const keys = Object.keys(schema.properties ?? {});
    const missing = keys.find((key) => !(schema.required ?? []).includes(key));
    if (missing) return { context: where, message: `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.` };
    for (const key of keys) {
      const inner = strictSchemaProblem(schema.properties[key], [...context, "properties", key]);
      if (inner) return inner;
    }
  }
  if (schema.items) return strictSchemaProblem(schema.items, [...context, "items"]);
  return null;
}

// https://ai.google.dev/api/generate-content#request-body (proto JSON: lowerCamel or original names)
const GEMINI_FIELDS = set("contents", "model", "systemInstruction", "generationConfig", "safetySettings", "tools", "toolConfig", "cachedContent");
const GEMINI_CONFIG_FIELDS = set(
  "stopSequences", "responseMimeType", "responseSchema", "responseJsonSchema", "_responseJsonSchema", "responseModalities",
  "candidateCount", "maxOutputTokens", "temperature", "topP", "topK", "seed", "presencePenalty", "frequencyPenalty",
  "responseLogprobs", "logprobs", "enableEnhancedCivicAnswers", "speechConfig", "thinkingConfig", "imageConfig", "mediaResolution",
);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Gemini 3's documented dummy signatures for calls a client injected itself. */
const DUMMY_SIGNATURES = new Set(["skip_thought_signature_validator", "context_engineering_is_the_way_to_go"]);

/**
 * thinkingConfig as Gemini checks it: a budget or a level, not both; models that do not think
 * (Gemini 1.x, 2.0 but its thinking experiment, Gemma, 2.5 Flash Image) take no thinkingConfig at
 * all, even one that only sets includeThoughts; Gemini 2.x takes no level, and budgets only in its model's range
 * (2.5 Pro 128–32768 and no 0, Flash-Lite 0 or 512–24576, Flash 0–24576; −1 is dynamic); a Gemini
 * 3 and later Pro cannot stop thinking (no budget 0, no level MINIMAL) and 3 Pro has no MEDIUM.
 */
function thinkingProblem(thinking: any, model: string): Problem | null {
  if (!thinking || typeof thinking !== "object") return null;
  const id = model.replace(/^models\//, "");
  if (/^(gemini-1\.|gemma-|gemini-2\.5-flash-image)/.test(id) || (id.startsWith("gemini-2.0-") && !id.includes("thinking"))) return { message: `Thinking is not enabled for models/${id}` };
  const budget = thinking.thinkingBudget ?? thinking.thinking_budget;
  const level = thinking.thinkingLevel ?? thinking.thinking_level;
  if (budget != null && level != null) return { message: "Unable to submit request because thinking_budget and thinking_level are not supported together." };
  if (!id.startsWith("gemini-2")) {
    const pro = id.includes("-pro");
    if (pro && budget === 0) return { message: "Budget 0 is invalid. This model only works in thinking mode." };
    const upper = typeof level === "string" ? level.toUpperCase() : level;
    if ((pro && upper === "MINIMAL") || (id.startsWith("gemini-3-pro") && upper === "MEDIUM")) {
      return { message: `Thinking level ${upper} is not supported for this model. Please retry with other thinking level` };
    }
    return null;
  }
  if (level != null) return { message: "Thinking level is not supported for this model." };
  if (typeof budget !== "number" || budget === -1) return null;
  if (id.includes("-pro") && budget === 0) return { message: "Budget 0 is invalid. This model only works in thinking mode." };
  const [min, max] = id.includes("-pro") ? [128, 32768] : id.includes("flash-lite") ? [512, 24576] : [0, 24576];
  if (budget !== 0 && (budget < min || budget > max)) return { message: `The thinking budget (${budget}) is invalid.` };
  return null;
}

/** Gemini's rule for a function declaration's name (the Developer API's 64 characters; Vertex AI takes 128). */
function geminiFunctionNameProblem(body: any): Problem | null {
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    const declarations = tool?.functionDeclarations ?? tool?.function_declarations;
    for (const [j, declaration] of (Array.isArray(declarations) ? declarations : []).entries()) {
      if (!/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(String(declaration?.name))) {
        return {
          message: `* GenerateContentRequest.tools[${i}].function_declarations[${j}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:) or dashes (-), with a maximum length of 64.\n`,
        };
      }
    }
  }
  return null;
}

/**
 * Gemini takes allowedFunctionNames only with mode ANY or VALIDATED (FunctionCallingConfig: "Only
 * set when the Mode is ANY"; VALIDATED limits calls to them too): beside AUTO, NONE or no mode it
 * refuses the request (the message is the mock's, in Gemini's field-path style).
 */
function functionCallingProblem(body: any): Problem | null {
  const config = body.toolConfig ?? body.tool_config;
  const calling = config?.functionCallingConfig ?? config?.function_calling_config;
  const names = calling?.allowedFunctionNames ?? calling?.allowed_function_names;
  if (!Array.isArray(names) || names.length === 0 || calling.mode === "ANY" || calling.mode === "VALIDATED") return null;
  return { message: "* GenerateContentRequest.tool_config.function_calling_config.allowed_function_names: allowed_function_names can only be set when mode is ANY or VALIDATED.\n" };
}

/** `model` is the one the URL names (models/{model}:generateContent). */
export function validateGemini(body: any, issued: Issued, extra: ReadonlySet<string>, model: string): Problem | null {
  const unknown = unknownKeys(body, GEMINI_FIELDS, extra, camel);
  if (unknown.length) return { message: `Invalid JSON payload received. Unknown name "${unknown[0]}": Cannot find field.` };
  const config = body.generationConfig ?? body.generation_config;
  if (config && typeof config === "object") {
    const bad = unknownKeys(config, GEMINI_CONFIG_FIELDS, new Set(), camel);
    if (bad.length) return { message: `Invalid JSON payload received. Unknown name "${bad[0]}" at 'generation_config': Cannot find field.` };
    if (typeof config.temperature === "number" && (config.temperature < 0 || config.temperature > 2)) {
      return { message: "* GenerateContentRequest.generation_config.temperature: must be in the range [0.0, 2.0]" };
    }
    // "The set of character sequences (up to 5) that will stop output generation" (GenerationConfig's reference).
    const stops = config.stopSequences ?? config.stop_sequences;
    if (Array.isArray(stops) && stops.length > 5) return { message: "* GenerateContentRequest.generation_config.stop_sequences: at most 5 stop sequences are allowed" };
    const thinking = thinkingProblem(config.thinkingConfig ?? config.thinking_config, model);
    if (thinking) return thinking;
    const limit = geminiLimitProblem(config, model);
    if (limit) return limit;
  }
  const toolName = geminiFunctionNameProblem(body);
  if (toolName) return toolName;
  const calling = functionCallingProblem(body);
  if (calling) return calling;
  const contents: any[] = body.contents;
  // Gemini 3 checks the current turn: everything after the last user content that is not only function responses.
  const lastUserText = contents.findLastIndex((c) => c?.role !== "model" && (c?.parts ?? []).some((p: any) => !(p?.functionResponse ?? p?.function_response)));
  for (const [i, content] of contents.entries()) {
    if (content?.role !== undefined && content.role !== "user" && content.role !== "model") {
      return { message: `Please use a valid role: user, model.` };
    }
    const parts: any[] = Array.isArray(content?.parts) ? content.parts : [];
    if (parts.length === 0) return { message: `* GenerateContentRequest.contents[${i}].parts: contents.parts must not be empty.` };
    for (const [j, part] of parts.entries()) {
      const signature = part?.thoughtSignature ?? part?.thought_signature;
      if (signature !== undefined && !DUMMY_SIGNATURES.has(signature) && !issued.has(signature)) {
        return { message: `Corrupted thought signature at contents[${i}].parts[${j}].` };
      }
      const response = part?.functionResponse ?? part?.function_response;
      if (response && (typeof response.name !== "string" || response.name === "")) {
        return { message: `* GenerateContentRequest.contents[${i}].parts[${j}].function_response.name: Name cannot be empty.` };
      }
      if (response && (typeof response.response !== "object" || response.response === null || Array.isArray(response.response))) {
        return { message: `Invalid JSON payload received. Unknown name "response" at 'contents[${i}].parts[${j}].function_response': Proto field is not repeating, cannot start list.` };
      }
    }
    const calls = parts.filter((part) => part?.functionCall ?? part?.function_call);
    if (content?.role === "model" && calls.length) {
      const first = calls[0];
      const signature = first.thoughtSignature ?? first.thought_signature;
      const name = (first.functionCall ?? first.function_call).name;
      const valid = DUMMY_SIGNATURES.has(signature) || issued.get(signature) === name;
      // Gemini 3 and later require the signature; Gemini 2.5 takes a call without one (a forged one is refused above either way).
      const required = !/^(models\/)?gemini-[12]\./.test(model);
      if (i > lastUserText && !valid && (signature !== undefined || required)) {
        return {
          message: `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
        };
      }
      const next = contents[i + 1];
      const responses = (next?.parts ?? []).filter((part: any) => part?.functionResponse ?? part?.function_response).length;
      if (next && responses !== calls.length) {
        return { message: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn." };
      }
    }
  }
  return null;
}
