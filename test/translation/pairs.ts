// The translation matrix as the conformance suite drives it: every directed pair (caller format →
// upstream format), the seeded group that serves each upstream format (opted in to the other
// interfaces), one call in the caller's wire format over raw HTTP, and what the mock upstream
// received, read in the upstream's own format.
import type { Format } from "../../server/translate/canonical.ts";
import type { Usage } from "../../server/domain/usage.ts";
import type { RelayEnv } from "../helpers/relay-env.ts";
import { ANTHROPIC_OUTPUT_TOKENS, ANTHROPIC_REPLY, ANTHROPIC_THINKING } from "../mock-upstreams/anthropic.ts";
import { REASONING_TEXT, stringsIn } from "../mock-upstreams/conversation.ts";
import { GEMINI_OUTPUT_TOKENS, GEMINI_REPLY } from "../mock-upstreams/gemini.ts";
import { OPENAI_OUTPUT_TOKENS, OPENAI_REPLY } from "../mock-upstreams/openai.ts";
import { CACHE_READ_TOKENS, CACHE_WRITE_TOKENS, inputTokensOf, type Mock, type RecordedRequest, type Scenario, THINKING_TOKENS } from "../mock-upstreams/server.ts";
import { chatCaller } from "./callers/chat.ts";
import { geminiCaller } from "./callers/gemini.ts";
import { messagesCaller } from "./callers/messages.ts";
import { responsesCaller } from "./callers/responses.ts";
import type { Caller, Media, Reply, Spec } from "./callers/types.ts";

export const callers: Record<Format, Caller> = { messages: messagesCaller, chat: chatCaller, responses: responsesCaller, "generate-content": geminiCaller };

const fromDataUrl = (url: unknown): Media | null => {
  const match = typeof url === "string" ? /^data:([^;]+);base64,(.*)$/s.exec(url) : null;
  return match ? { mediaType: match[1], data: match[2] } : null;
};
const arr = (value: unknown): any[] => (Array.isArray(value) ? value : []);
const textOf = (value: unknown): string => (typeof value === "string" ? value : arr(value).map((b) => (typeof b === "string" ? b : (b?.text ?? ""))).join(""));

export type ToolPair = { name: string; args: unknown; result: string };

/** An upstream format: the group that serves it, its mock, and readers of what the mock received. */
export type Upstream = {
  format: Format;
  group: string;
  model: string;
  /** The model's output limit and whether it reasons, as its vendor documents them (not the gateway's catalog). */
  documented: { maxOutputTokens: number; reasons: boolean };
  /** Whether the request asks the upstream to reason, in its own fields. */
  asksReasoning(body: any): boolean;
  mock: (env: RelayEnv) => Mock;
  reply: string;
  reasoningText: string;
  /** The usage the mock reported for this request, normalized as domain/usage.ts does. */
  usage(body: any, scenario: Scenario): Usage;
  system(body: any): string;
  media(body: any): Media[];
  toolPairs(body: any): ToolPair[];
  maxTokens(body: any): unknown;
  stop(body: any): unknown;
  schema(body: any): unknown;
  /** The tool the request forces, if it forces one. */
  forcedTool(body: any): string | undefined;
  imageUrls(body: any): string[];
};

const reasoningOf = (scenario: Scenario) => (scenario === "thinking" || scenario === "thinking-tool" ? THINKING_TOKENS : 0);
const cachedOf = (scenario: Scenario) => (scenario === "cached" ? CACHE_READ_TOKENS : 0);

export const upstreams: Record<Format, Upstream> = {
  messages: {
    format: "messages",
    group: "claude-smart",
    model: "claude-sonnet-4-6",
    // Anthropic's models overview: Sonnet 4.6, 64K max output; extended thinking.
    documented: { maxOutputTokens: 64_000, reasons: true },
    asksReasoning: (body) => body.thinking !== undefined && body.thinking.type !== "disabled",
    mock: (env) => env.mocks.anthropic,
    reply: ANTHROPIC_REPLY,
    reasoningText: ANTHROPIC_THINKING,
    // Anthropic reports no reasoning count: its thinking is inside output_tokens.
    usage: (body, s) => ({ input: inputTokensOf(body), output: ANTHROPIC_OUTPUT_TOKENS + reasoningOf(s), cacheRead: cachedOf(s), cacheWrite: s === "cached" ? CACHE_WRITE_TOKENS : 0, cacheWrite1h: 0, reasoning: 0 }),
    system: (body) => textOf(body.system),
    media: (body) =>
      arr(body.messages)
        .flatMap((m) => arr(m.content))
        .flatMap((b) => (b?.type === "tool_result" ? arr(b.content) : [b]))
        .filter((b) => (b?.type === "image" || b?.type === "document") && b.source?.type === "base64")
        .map((b) => ({ mediaType: b.source.media_type, data: b.source.data })),
    toolPairs(body) {
      const messages = arr(body.messages);
      return messages.flatMap((m, i) =>
        arr(m.content)
          .filter((b) => m.role === "assistant" && b?.type === "tool_use")
          .map((use) => {
            const result = arr(messages[i + 1]?.content).find((b) => b?.type === "tool_result" && b.tool_use_id === use.id);
            return { name: use.name, args: use.input, result: result ? stringsIn(result.content) : "(none)" };
          }),
      );
    },
    maxTokens: (body) => body.max_tokens,
    stop: (body) => body.stop_sequences,
    forcedTool: (body) => (body.tool_choice?.type === "tool" ? body.tool_choice.name : undefined),
    imageUrls: (body) => arr(body.messages).flatMap((m) => arr(m.content)).filter((b) => b?.type === "image" && b.source?.type === "url").map((b) => b.source.url),
    schema: (body) => body.output_config?.format?.schema ?? body.output_format?.schema,
  },
  chat: {
    format: "chat",
    group: "qwen-trial",
    model: "qwen3-max",
    // Alibaba Cloud Model Studio: qwen3-max, 65,536 max output, a non-thinking model.
    documented: { maxOutputTokens: 65_536, reasons: false },
    asksReasoning: (body) => body.reasoning_effort !== undefined || body.thinking !== undefined || body.enable_thinking !== undefined,
    mock: (env) => env.mocks.openai,
    reply: OPENAI_REPLY,
    reasoningText: REASONING_TEXT,
    usage: (body, s) => ({ input: inputTokensOf(body), output: OPENAI_OUTPUT_TOKENS + reasoningOf(s), cacheRead: cachedOf(s), cacheWrite: 0, cacheWrite1h: 0, reasoning: reasoningOf(s) }),
    system: (body) => arr(body.messages).filter((m) => m.role === "system" || m.role === "developer").map((m) => textOf(m.content)).join(""),
    media: (body) =>
      arr(body.messages)
        .flatMap((m) => arr(m.content))
        .map((p) => fromDataUrl(p?.type === "image_url" ? p.image_url?.url : p?.type === "file" ? p.file?.file_data : null))
        .filter((m): m is Media => m !== null),
    toolPairs(body) {
      const messages = arr(body.messages);
      return messages.flatMap((m, i) =>
        arr(m.tool_calls).map((call) => {
          const result = messages.slice(i + 1).find((r) => r.role === "tool" && r.tool_call_id === call.id);
          return { name: call.function.name, args: JSON.parse(call.function.arguments), result: result ? stringsIn(result.content) : "(none)" };
        }),
      );
    },
    maxTokens: (body) => body.max_completion_tokens ?? body.max_tokens,
    stop: (body) => (typeof body.stop === "string" ? [body.stop] : body.stop),
    forcedTool: (body) => (body.tool_choice?.type === "function" ? body.tool_choice.function?.name : undefined),
    imageUrls: (body) => arr(body.messages).flatMap((m) => arr(m.content)).filter((p) => p?.type === "image_url" && !p.image_url.url.startsWith("data:")).map((p) => p.image_url.url),
    schema: (body) => body.response_format?.json_schema?.schema,
  },
  responses: {
    format: "responses",
    group: "gpt-trial",
    model: "gpt-5",
    // OpenAI's model page: gpt-5, 128,000 max output tokens, a reasoning model.
    documented: { maxOutputTokens: 128_000, reasons: true },
    asksReasoning: (body) => body.reasoning?.effort !== undefined,
    mock: (env) => env.mocks.openai,
    reply: OPENAI_REPLY,
    reasoningText: REASONING_TEXT,
    usage: (body, s) => ({ input: inputTokensOf(body), output: OPENAI_OUTPUT_TOKENS + reasoningOf(s), cacheRead: cachedOf(s), cacheWrite: 0, cacheWrite1h: 0, reasoning: reasoningOf(s) }),
    system: (body) => textOf(body.instructions) + arr(body.input).filter((m) => m.role === "system" || m.role === "developer").map((m) => textOf(m.content)).join(""),
    media: (body) =>
      arr(body.input)
        .flatMap((m) => [...arr(m.content), ...arr(m.output)])
        .map((p) => fromDataUrl(p?.type === "input_image" ? p.image_url : p?.type === "input_file" ? p.file_data : null))
        .filter((m): m is Media => m !== null),
    toolPairs(body) {
      const input = arr(body.input);
      return input
        .filter((item) => item.type === "function_call")
        .map((call) => {
          const result = input.find((item) => item.type === "function_call_output" && item.call_id === call.call_id);
          return { name: call.name, args: JSON.parse(call.arguments), result: result ? stringsIn(result.output) : "(none)" };
        });
    },
    maxTokens: (body) => body.max_output_tokens,
    stop: () => undefined,
    forcedTool: (body) => (body.tool_choice?.type === "function" ? body.tool_choice.name : undefined),
    imageUrls: (body) => arr(body.input).flatMap((m) => arr(m.content)).filter((p) => p?.type === "input_image" && !String(p.image_url).startsWith("data:")).map((p) => p.image_url),
    schema: (body) => body.text?.format?.schema,
  },
  "generate-content": {
    format: "generate-content",
    group: "gemini-official",
    model: "gemini-2.5-flash",
    // Gemini's model page: 2.5 Flash, output token limit 65,536; thinking.
    documented: { maxOutputTokens: 65_536, reasons: true },
    asksReasoning: (body) => body.generationConfig?.thinkingConfig !== undefined,
    mock: (env) => env.mocks.gemini,
    reply: GEMINI_REPLY,
    reasoningText: REASONING_TEXT,
    usage: (body, s) => ({ input: inputTokensOf(body), output: GEMINI_OUTPUT_TOKENS + reasoningOf(s), cacheRead: cachedOf(s), cacheWrite: 0, cacheWrite1h: 0, reasoning: reasoningOf(s) }),
    system: (body) => textOf(body.systemInstruction?.parts),
    media: (body) =>
      arr(body.contents)
        .flatMap((c) => arr(c.parts))
        .flatMap((p) => [p, ...arr(p?.functionResponse?.parts)])
        .filter((p) => p?.inlineData)
        .map((p) => ({ mediaType: p.inlineData.mimeType, data: p.inlineData.data })),
    toolPairs(body) {
      const contents = arr(body.contents);
      return contents.flatMap((c, i) => {
        const calls = arr(c.parts).filter((p) => c.role === "model" && p?.functionCall);
        const responses = arr(contents[i + 1]?.parts).filter((p) => p?.functionResponse);
        return calls.map((p, k) => {
          const response = responses.find((r) => (p.functionCall.id ? r.functionResponse.id === p.functionCall.id : false)) ?? responses[k];
          const named = response && response.functionResponse.name === p.functionCall.name;
          return { name: p.functionCall.name, args: p.functionCall.args, result: named ? stringsIn(response.functionResponse.response) : "(none)" };
        });
      });
    },
    maxTokens: (body) => body.generationConfig?.maxOutputTokens,
    stop: (body) => body.generationConfig?.stopSequences,
    forcedTool: (body) => {
      const config = body.toolConfig?.functionCallingConfig;
      return config?.mode === "ANY" && arr(config.allowedFunctionNames).length === 1 ? config.allowedFunctionNames[0] : undefined;
    },
    imageUrls: (body) => arr(body.contents).flatMap((c) => arr(c.parts)).filter((p) => p?.fileData).map((p) => p.fileData.fileUri),
    schema: (body) => body.generationConfig?.responseJsonSchema ?? body.generationConfig?.responseSchema,
  },
};

export type Pair = { caller: Caller; upstream: Upstream; name: string };

/** chat → responses cannot be reached: every group of the GPT family serves chat natively (passthrough). */
export const UNREACHABLE: [Format, Format][] = [["chat", "responses"]];

export const pairs: Pair[] = (Object.keys(callers) as Format[]).flatMap((from) =>
  (Object.keys(upstreams) as Format[])
    .filter((to) => to !== from && !UNREACHABLE.some(([a, b]) => a === from && b === to))
    .map((to) => ({ caller: callers[from], upstream: upstreams[to], name: `${from} → ${to}` })),
);

/** Opens every upstream's group to the other interfaces (the operator's opt-in). */
export async function optIn(env: RelayEnv) {
  for (const upstream of Object.values(upstreams)) {
    const group = env.groups.get(upstream.group)!;
    const translated = (Object.keys(callers) as Format[]).filter((f) => f !== upstream.format && !(upstream.format === "responses" && f === "chat"));
    const { error } = await env.operator.PATCH("/api/admin/groups/{id}", { params: { path: { id: group.id } }, body: { translated_interfaces: translated } as any });
    if (error) throw new Error(`opt-in of ${upstream.group}: ${JSON.stringify(error)}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the catalog reloads
}

export type Exchange = { status: number; raw: string; json: any; reply: Reply | null; received: RecordedRequest | null; requestId: string | null };

/** One call in the caller's format over HTTP; `received` is what the upstream's mock got (null if nothing). */
export async function call(env: RelayEnv, pair: Pair, key: string, spec: Spec, stream: boolean, scenario?: Scenario, options: { read?: boolean } = {}): Promise<Exchange> {
  const mock = pair.upstream.mock(env);
  const before = mock.requests.length;
  if (scenario) mock.next(scenario);
  const { model } = pair.upstream;
  const response = await fetch(`${env.tollgate.url}${pair.caller.path(model, stream)}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...pair.caller.headers(key) },
    body: JSON.stringify(pair.caller.body(spec, model, stream)),
  });
  const raw = await response.text();
  if (scenario && mock.requests.length === before) mock.dropQueued();
  const received = mock.requests.length > before ? mock.requests.at(-1)! : null;
  let json: any = null;
  try {
    json = JSON.parse(raw);
  } catch {}
  const reply = response.status === 200 && options.read !== false ? pair.caller.read(raw, stream) : null;
  return { status: response.status, raw, json, reply, received, requestId: response.headers.get("request-id") };
}
