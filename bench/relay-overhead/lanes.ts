// The formats the bench calls in ("lanes"): for each, the path, the groups whose channels go to
// the 0 ms and the 20 ms upstream, the model called, and how a key is sent. Chat completions reach
// their upstreams through environment channels (OpenAI → 0 ms, DeepSeek → 20 ms); messages through
// two anthropic channels made with the admin API (`messagesChannels`).
import type { Target } from "./harness.ts";

export type LaneName = "chat" | "messages" | "count";
export type Scenario = { id: string; name: string; lane: LaneName; body: (model: string) => string };
type Side = { group: string; model: string };
type Lane = { path: string; fast: Side; slow: Side; auth: (key: string) => Record<string, string> };

export const lanes: Record<LaneName, Lane> = {
  chat: {
    path: "/v1/chat/completions",
    fast: { group: "gpt-trial", model: "gpt-4o-mini" },
    slow: { group: "deepseek-trial", model: "deepseek-chat" },
    auth: (key) => ({ authorization: `Bearer ${key}` }),
  },
  messages: {
    path: "/v1/messages",
    fast: { group: "claude-smart", model: "claude-sonnet-4-6" },
    slow: { group: "claude-premium", model: "claude-sonnet-4-6" },
    auth: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
  },
  // count_tokens of the messages format, through the same groups and channels as messages.
  count: {
    path: "/v1/messages/count_tokens",
    fast: { group: "claude-smart", model: "claude-sonnet-4-6" },
    slow: { group: "claude-premium", model: "claude-sonnet-4-6" },
    auth: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
  },
};

/** Environment for a bench gateway: the chat lane's channels. */
export const chatChannelEnv = (fastUrl: string, slowUrl: string): Record<string, string> => ({
  TOLLGATE_OPENAI_API_KEY: "sk-bench",
  TOLLGATE_OPENAI_BASE_URL: `${fastUrl}/v1`,
  TOLLGATE_DEEPSEEK_API_KEY: "sk-bench",
  TOLLGATE_DEEPSEEK_BASE_URL: `${slowUrl}/v1`,
});

/** The messages lane's channels (made through the admin API by `benchTenant`). */
export const messagesChannels = (fastUrl: string, slowUrl: string) => [
  { name: "bench-anthropic-fast", kind: "anthropic" as const, baseUrl: fastUrl, group: lanes.messages.fast.group },
  { name: "bench-anthropic-slow", kind: "anthropic" as const, baseUrl: slowUrl, group: lanes.messages.slow.group },
];

/**
 * Claude on Bedrock (`npm run bench:clouds`): a group of its own with one channel of kind bedrock
 * to the 0 ms upstream (its `/model/{id}/invoke` paths), signed with a placeholder key, and the
 * public model id mapped to a Bedrock inference profile, as an operator would set it.
 */
export const bedrockGroup = { name: "Claude on Bedrock", identifier: "claude-bedrock", model: lanes.messages.fast.model };
export const bedrockChannel = (fastUrl: string) => ({
  name: "bench-bedrock-fast",
  kind: "bedrock" as const,
  baseUrl: fastUrl,
  group: bedrockGroup.identifier,
  region: "us-east-1",
  credentials: ["AKIDEXAMPLE:secretsecret"],
  modelMapping: { [bedrockGroup.model]: "us.anthropic.claude-sonnet-4-6-v1:0" },
});

export type LaneTargets = { fast: Target; slow: Target };

/** Each lane's gateway targets, given the keys `benchTenant` made for its fast and slow groups. */
export function gatewayTargets(gatewayUrl: string, keys: Record<string, string>): Record<LaneName, LaneTargets> {
  const targets = (lane: Lane): LaneTargets => ({
    fast: { url: `${gatewayUrl}${lane.path}`, headers: lane.auth(keys[lane.fast.group]) },
    slow: { url: `${gatewayUrl}${lane.path}`, headers: lane.auth(keys[lane.slow.group]) },
  });
  return { chat: targets(lanes.chat), messages: targets(lanes.messages), count: targets(lanes.count) };
}

/** Scenarios chosen by their ids (comma-separated; `BENCH_SCENARIOS` by default), or all. */
export function chosen(all: Scenario[], ids = process.env.BENCH_SCENARIOS): Scenario[] {
  const wanted = ids?.split(",").map((id) => id.trim()).filter(Boolean);
  if (!wanted?.length) return all;
  const unknown = wanted.filter((id) => !all.some((scenario) => scenario.id === id));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS names unknown scenarios: ${unknown.join(", ")} (known: ${all.map((s) => s.id).join(", ")})`);
  return all.filter((scenario) => wanted.includes(scenario.id));
}
