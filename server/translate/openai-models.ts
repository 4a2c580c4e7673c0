// What OpenAI's models refuse that other upstreams take, shared by the two writers that can reach
// them: Responses (a GPT group) and chat (an OpenAI-compatible channel may front OpenAI, hence the
// `openai/` prefix routers use).
import { createHash } from "node:crypto";

const withoutRouterPrefix = (model: string) => model.replace(/^openai\//i, "");

/** An OpenAI model (its reasoning models refuse chat's `max_tokens`). */
export const isOpenAiModel = (model: string) => /^(gpt-|o\d|chatgpt-|codex-)/i.test(withoutRouterPrefix(model));

/**
 * An OpenAI reasoning model (o-series, GPT-5 and later, Codex): it refuses `temperature` and
 * `top_p` ("Unsupported parameter: 'temperature' is not supported with this model."). The GPT-5
 * chat snapshots (`gpt-5-chat-latest`) are not reasoning models and take them.
 */
export function isOpenAiReasoningModel(model: string): boolean {
  const id = withoutRouterPrefix(model).toLowerCase();
  if (/^gpt-\d+(\.\d+)?-chat/.test(id)) return false;
  return /^(o\d|codex-|gpt-([5-9]|\d{2,}))/.test(id);
}

/**
 * An OpenAI model that refuses chat's `stop` ("Unsupported parameter: 'stop' is not supported with
 * this model."): OpenAI's chat reference says of `stop` "Not supported with latest reasoning models
 * `o3` and `o4-mini`", and GPT-5 and later answer the same 400 (param `stop`, code
 * `unsupported_parameter`, reported of gpt-5, gpt-5-mini and gpt-5.2: huggingface/smolagents#1893,
 * FlowiseAI/Flowise#5046, BerriAI/litellm#15244). The earlier o1 and o3-mini take it
 * (community.openai.com/t/1113029 tried both; o1-mini and o1-preview refused it).
 */
export function refusesStop(model: string): boolean {
  if (!isOpenAiReasoningModel(model)) return false;
  return !/^(o1|o3-mini)(-\d{4}-\d{2}-\d{2})?$/.test(withoutRouterPrefix(model).toLowerCase());
}

/** OpenAI takes an end-user id (`user`, `safety_identifier`) of at most 64 characters. */
const maxEndUserId = 64;

/**
 * The end-user id as OpenAI takes it: a longer one (Claude Code's `metadata.user_id` is a JSON
 * string of about 150 characters) goes as its SHA-256 hex digest, exactly 64 characters and the
 * same for the same user, so OpenAI's per-user abuse tracking still tells users apart.
 */
export const openAiEndUserId = (id: string) => (id.length <= maxEndUserId ? id : endUserDigest(id));

/** An end-user id an upstream cannot take as it is, as its SHA-256 hex digest: 64 characters, the same for the same user. */
export const endUserDigest = (id: string) => createHash("sha256").update(id).digest("hex");
