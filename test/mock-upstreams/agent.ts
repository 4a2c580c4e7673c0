// A loopback upstream for the agent CLI suites (test/agents/): one server that speaks all four
// wire formats — Anthropic messages, OpenAI responses and chat completions, Gemini generateContent —
// and plays a model that runs a scripted tool loop (`script.steps`, one entry per call: tool name →
// arguments, the first name the request declares is called), so each CLI gets tools it really has
// (Claude Code `Read` / `Bash`, Codex `exec_command`, Gemini CLI `read_file`):
//   - the request's last turn is the user's: the model makes the first step's call;
//   - the last turn carries tool results and the conversation holds k of them: the model makes
//     step k's call, or, past the last step, answers text quoting every result (toolReply).
// Streamed when asked. It reasons first when the request asks for reasoning (Anthropic `thinking`,
// Responses `reasoning`, Gemini `thinkingConfig`; on chat, DeepSeek's thinking mode), and signs
// reasoning and calls the way the vendors do; the proofs it issued must come back byte-exact
// (validate.ts, plus Anthropic's rule that the last assistant turn of a thinking tool loop starts
// with its thinking block, and DeepSeek's that each tool call of the turn keeps its reasoning_content). The shared scenarios
// in conversation.ts call the first declared tool, which for Claude Code is `Agent`; hence this.
// Usage: input tokens by the rule in server.ts; AGENT_OUTPUT_TOKENS out (+ THINKING_TOKENS). Anthropic
// caches as it does, at the request's cache_control breakpoints (prompt-cache.ts): a turn reads what
// an earlier one marked.
// A turn that may not call a tool (Anthropic, as a compaction asks) answers a summary the next turns
// read their progress from (summaryOf).
// Validation: validate.ts, with this mock's own proofs and Codex's `client_metadata` accepted.
import { type Issued, issue, stringsIn, toolReply } from "./conversation.ts";
import { PromptCache } from "./prompt-cache.ts";
import { dataEvent, type Exchange, inputTokensOf, type Mock, sendJson, startMock, streamEvents } from "./server.ts";
import { validateAnthropic, validateChat, validateGemini, validateResponses } from "./validate.ts";
import {
  anthropicMessage,
  anthropicStream,
  chatCompletion,
  chatStream,
  geminiResponse,
  geminiStream,
  outputTokensOf,
  type Plan,
  responseObject,
  responsesStream,
  type Turn,
} from "./agent-wire.ts";

export type AgentScript = {
  /** The calls, in order: tool name → the arguments the model calls it with; the first name the request declares is called. */
  steps: Record<string, Record<string, unknown>>[];
};

export type AgentMock = Mock & {
  script: AgentScript;
  /** Reasoning proofs (signatures, encrypted content) issued, each with the tool it came with ("" for text), and those that came back in a later request byte-exact. */
  proofs: { issued: { proof: string; about: string }[]; returned: string[] };
  /** The tool names each request declared, in order. */
  declared: string[][];
  /** The usage each answered turn reported (input uncached, output including reasoning), in order. */
  usage: AgentUsage[];
};

export type AgentUsage = { input: number; output: number; cacheRead: number; cacheWrite: number };

export type AgentMockKeys = { anthropic: string; openai: string; gemini: string };

/**
 * Says what the model does this turn. `results`: the text of every tool result in the conversation,
 * in order; `answered`: whether the last turn carries tool results.
 */
function planOf(script: AgentScript, declared: string[], results: string[], answered: boolean, reasoning: boolean): Plan {
  const step = answered ? script.steps[results.length] : script.steps[0];
  if (answered && !step) return { reasoning, text: toolReply(results.join("\n")) };
  const name = Object.keys(step ?? {}).find((candidate) => declared.includes(candidate));
  if (!name) return { reasoning, text: `No scripted tool is declared (declared: ${declared.join(", ") || "none"}).` };
  return { reasoning, text: "", call: { name, args: step[name] } };
}

/**
 * A turn that may not call a tool (Anthropic `tool_choice: {type: "none"}`, what a compaction asks)
 * answers a summary, and the summary is the model's memory: it keeps each tool result's last line
 * (a file's canary), between markers a later turn reads back as results already had.
 */
const summaryOf = (results: string[]) => `Summary of the work so far. <<results ${JSON.stringify(results.map((result) => result.trim().split("\n").at(-1) ?? ""))} results>>`;
const summarizedIn = (text: string): string[] => {
  const found = /<<results (\[.*?\]) results>>/.exec(text);
  return found ? JSON.parse(found[1]) : [];
};

const anthropicError = (status: number, message: string) => ({ type: "error", error: { type: status === 401 ? "authentication_error" : status === 404 ? "not_found_error" : "invalid_request_error", message } });
const openaiError = (status: number, message: string, param: string | null = null, code: string | null = null) => ({
  error: { message, type: "invalid_request_error", param, code: status === 401 ? "invalid_api_key" : code },
});
const geminiError = (status: number, message: string) => ({ error: { code: status, message, status: status === 400 ? "INVALID_ARGUMENT" : status === 404 ? "NOT_FOUND" : "PERMISSION_DENIED" } });

/** Anthropic refuses a thinking tool loop whose last assistant turn does not start with its thinking block. */
function thinkingOrderProblem(body: any): string | null {
  if (body.thinking?.type !== "enabled" && body.thinking?.type !== "adaptive") return null;
  const at = body.messages.findLastIndex((m: any) => m?.role === "assistant");
  const blocks = Array.isArray(body.messages[at]?.content) ? body.messages[at].content : [];
  if (at < 0 || !blocks.some((b: any) => b?.type === "tool_use")) return null;
  if (blocks[0]?.type === "thinking" || blocks[0]?.type === "redacted_thinking") return null;
  return `messages.${at}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${blocks[0]?.type}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks).`;
}

/**
 * DeepSeek's thinking mode (api-docs.deepseek.com/guides/thinking_mode): deepseek-reasoner, or
 * `thinking: {type: "enabled"}`, reasons and answers `reasoning_content`. `reasoning_effort` takes
 * minimal and low (thinking low), medium and high (high), xhigh and max (max); no "none" (thinking is switched off by
 * `thinking: {type: "disabled"}`). In a tool loop the assistant's `reasoning_content` must come back
 * with its tool calls, or DeepSeek answers 400.
 */
function deepseekThinking(body: any): { thinking: boolean; problem?: string } {
  if (!/^deepseek-/.test(String(body.model))) return { thinking: false };
  if (body.reasoning_effort != null && !["minimal", "low", "medium", "high", "xhigh", "max"].includes(body.reasoning_effort)) {
    return { thinking: false, problem: `Invalid reasoning_effort: ${JSON.stringify(body.reasoning_effort)}; expected one of minimal, low, medium, high, xhigh, max` };
  }
  const thinking = body.thinking?.type === "enabled" || (body.model === "deepseek-reasoner" && body.thinking?.type !== "disabled");
  if (!thinking) return { thinking };
  const lastUser = body.messages.findLastIndex((m: any) => m?.role === "user");
  const unreasoned = body.messages.findIndex((m: any, i: number) => i > lastUser && m?.role === "assistant" && m.tool_calls?.length && typeof m.reasoning_content !== "string");
  if (unreasoned >= 0) return { thinking, problem: `Missing \`reasoning_content\` field in the assistant message at message index ${unreasoned}. For more information, please refer to https://api-docs.deepseek.com/guides/thinking_mode#tool-calls` };
  return { thinking };
}

export async function startAgentMock(keys: AgentMockKeys): Promise<AgentMock> {
  let counter = 0;
  let issued: Issued = new Map(); // the mock's own (Exchange.issued), taken from the first request
  const returned = new Set<string>();
  const declared: string[][] = [];
  const script: AgentScript = { steps: [] };
  const usage: AgentUsage[] = [];
  const promptCache = new PromptCache();
  const uncached = (body: any, plan: Plan): AgentUsage => ({ input: inputTokensOf(body), output: outputTokensOf(plan), cacheRead: 0, cacheWrite: 0 });
  const turnOf = (plan: Plan, proofPrefix: string | null): Turn => {
    const id = `agent${++counter}`;
    const proof = proofPrefix === null ? undefined : issue(issued, plan.call?.name ?? "", proofPrefix);
    return { plan, proof, callId: id, id };
  };

  const mock = await startMock(async (ex: Exchange) => {
    const { request, res } = ex;
    issued = ex.issued;
    for (const proof of issued.keys()) if (request.raw.includes(proof)) returned.add(proof);
    const route = `${request.method} ${request.path}`;
    const body = request.body;

    if (request.path.startsWith("/v1beta/") || /^\/v1\/models\/[^/]+:/.test(request.path)) return gemini(ex);
    const anthropicAuth = ex.req.headers["x-api-key"] !== undefined || ex.req.headers["anthropic-version"] !== undefined;
    if (request.path.startsWith("/v1/messages") || (route === "GET /v1/models" && anthropicAuth)) {
      const key = ex.req.headers["x-api-key"] ?? ex.req.headers.authorization?.replace(/^Bearer /, "");
      if (key !== keys.anthropic) return sendJson(res, 401, anthropicError(401, "invalid x-api-key"));
      if (route === "GET /v1/models") return sendJson(res, 200, { data: [], has_more: false, first_id: null, last_id: null });
      if (route !== "POST /v1/messages" && route !== "POST /v1/messages/count_tokens") return sendJson(res, 404, anthropicError(404, `Not found: ${route}`));
      if (typeof body?.model !== "string" || !Array.isArray(body.messages)) return sendJson(res, 400, anthropicError(400, "model and messages are required"));
      const countTokens = route.endsWith("count_tokens");
      const problem = validateAnthropic(body, issued, ex.extraFields, countTokens)?.message ?? thinkingOrderProblem(body);
      if (problem) return sendJson(res, 400, anthropicError(400, problem));
      if (countTokens) return sendJson(res, 200, { input_tokens: inputTokensOf(body) });
      const names = (Array.isArray(body.tools) ? body.tools : []).filter((tool: any) => tool?.input_schema).map((tool: any) => tool.name);
      declared.push(names);
      const last = body.messages.at(-1);
      const blocksOf = (m: any) => (m?.role === "user" && Array.isArray(m.content) ? m.content.filter((block: any) => block?.type === "tool_result") : []);
      const summarized = body.messages.filter((m: any) => m?.role === "user").flatMap((m: any) => summarizedIn(stringsIn(m.content)));
      const results = [...summarized, ...body.messages.flatMap(blocksOf).map((block: any) => stringsIn(block.content))];
      const reasoning = body.thinking?.type === "enabled" || body.thinking?.type === "adaptive";
      // After a compaction the last turn is the summary: the work goes on from the results it kept.
      const answered = blocksOf(last).length > 0 || summarizedIn(stringsIn(last?.content)).length > 0;
      const plan = body.tool_choice?.type === "none" ? { reasoning, text: summaryOf(results) } : planOf(script, names, results, answered, reasoning);
      const turn = turnOf(plan, reasoning ? "Eq" : null);
      turn.cache = promptCache.use(body);
      usage.push({ input: turn.cache.input, output: outputTokensOf(plan), cacheRead: turn.cache.read, cacheWrite: turn.cache.written });
      if (body.stream === true) return streamEvents(ex, anthropicStream(body, turn));
      return sendJson(res, 200, anthropicMessage(body, turn));
    }

    if (ex.req.headers.authorization !== `Bearer ${keys.openai}`) return sendJson(res, 401, openaiError(401, "Incorrect API key provided."));
    if (route === "GET /v1/models") return sendJson(res, 200, { object: "list", data: [] });
    if (route === "POST /v1/chat/completions") {
      if (typeof body?.model !== "string" || !Array.isArray(body.messages)) return sendJson(res, 400, openaiError(400, "Missing required parameter: 'messages'.", "messages"));
      const problem = validateChat(body, ex.extraFields);
      if (problem) return sendJson(res, 400, openaiError(400, problem.message, problem.param ?? null, problem.code ?? null));
      const names = (Array.isArray(body.tools) ? body.tools : []).filter((tool: any) => tool?.type === "function").map((tool: any) => tool.function.name);
      declared.push(names);
      const results = body.messages.filter((m: any) => m?.role === "tool").map((m: any) => stringsIn(m.content));
      const deepseek = deepseekThinking(body);
      if (deepseek.problem) return sendJson(res, 400, openaiError(400, deepseek.problem));
      const plan = planOf(script, names, results, body.messages.at(-1)?.role === "tool", deepseek.thinking);
      const turn = turnOf(plan, null);
      usage.push(uncached(body, plan));
      if (body.stream === true) return streamEvents(ex, chatStream(body, turn));
      return sendJson(res, 200, chatCompletion(body, turn));
    }
    if (route === "POST /v1/responses") {
      if (typeof body?.model !== "string") return sendJson(res, 400, openaiError(400, "Missing required parameter: 'model'.", "model"));
      // Codex sends `client_metadata` (its turn metadata) on every request, to OpenAI as well: accepted.
      const problem = validateResponses(body, issued, new Set([...ex.extraFields, "client_metadata"]));
      if (problem) return sendJson(res, 400, openaiError(400, problem.message, problem.param ?? null, problem.code ?? null));
      const tools: any[] = Array.isArray(body.tools) ? body.tools : [];
      const names = tools.flatMap((tool) => (tool?.type === "function" ? [tool.name] : tool?.type === "namespace" ? (tool.tools ?? []).map((t: any) => t.name) : []));
      declared.push(names);
      const input: any[] = Array.isArray(body.input) ? body.input : [];
      const results = input.filter((item) => item?.type === "function_call_output").map((item) => stringsIn(item.output));
      const reasoning = body.reasoning != null && body.reasoning.effort !== "none";
      const encrypted = Array.isArray(body.include) && body.include.includes("reasoning.encrypted_content");
      const plan = planOf(script, names, results, input.at(-1)?.type === "function_call_output", reasoning);
      const turn = turnOf(plan, reasoning && encrypted ? "gAAAAAB" : null);
      usage.push(uncached(body, plan));
      if (body.stream === true) return streamEvents(ex, responsesStream(body, turn));
      return sendJson(res, 200, responseObject(body, turn, "completed"));
    }
    return sendJson(res, 404, openaiError(404, `Invalid URL (${route})`));
  });

  function gemini(ex: Exchange) {
    const { request, res } = ex;
    const key = ex.req.headers["x-goog-api-key"] ?? request.query.key;
    if (key !== keys.gemini) return sendJson(res, key ? 400 : 403, geminiError(key ? 400 : 403, "API key not valid. Please pass a valid API key."));
    const call = /^\/v1(?:beta)?\/models\/([^:]+):(\w+)$/.exec(request.path);
    if (request.method !== "POST" || !call || !["generateContent", "streamGenerateContent", "countTokens"].includes(call[2])) {
      return sendJson(res, 404, geminiError(404, `Method not found: ${request.method} ${request.path}`));
    }
    const body = call[2] === "countTokens" ? (request.body?.generateContentRequest ?? request.body) : request.body;
    if (!Array.isArray(body?.contents)) return sendJson(res, 400, geminiError(400, "* GenerateContentRequest.contents: contents is not specified"));
    if (call[2] === "countTokens") return sendJson(res, 200, { totalTokens: inputTokensOf(body) });
    const problem = validateGemini(body, issued, ex.extraFields, decodeURIComponent(call[1]));
    if (problem) return sendJson(res, 400, geminiError(400, problem.message));
    const names = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool: any) => tool?.functionDeclarations ?? []).map((d: any) => d.name);
    declared.push(names);
    const last = body.contents.at(-1);
    const responsesOf = (c: any) => (c?.role !== "model" ? (c?.parts ?? []).map((part: any) => part?.functionResponse).filter(Boolean) : []);
    const results = body.contents.flatMap(responsesOf).map((r: any) => stringsIn(r.response));
    const config = body.generationConfig?.thinkingConfig;
    const reasoning = config?.includeThoughts === true;
    const plan = planOf(script, names, results, responsesOf(last).length > 0, reasoning);
    // Gemini 3 signs a turn's first function call whether or not thoughts are shown, and text when it thought.
    const turn = turnOf(plan, plan.call || reasoning ? "" : null);
    usage.push(uncached(body, plan));
    const model = decodeURIComponent(call[1]);
    if (call[2] === "generateContent") return sendJson(res, 200, geminiResponse(body, model, turn));
    const chunks = geminiStream(body, model, turn);
    if (request.query.alt !== "sse") return sendJson(res, 200, chunks);
    return streamEvents(ex, chunks.map((chunk) => dataEvent(chunk, "\r\n\r\n")));
  }

  return Object.assign(mock, {
    script,
    proofs: {
      get issued() {
        return [...issued].map(([proof, about]) => ({ proof, about }));
      },
      get returned() {
        return [...returned];
      },
    },
    declared,
    usage,
  });
}
