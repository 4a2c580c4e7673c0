// The agent mock's answers in each vendor's wire format (agent.ts decides what the model does):
// Anthropic messages, OpenAI responses and chat completions (each JSON and SSE) and Gemini
// generateContent (JSON, SSE and the JSON-array stream). Self-contained on purpose: the shared
// scenario renderers (anthropic.ts, responses.ts…) change with the translation suite's needs.
import { deltasOf, REASONING_TEXT } from "./conversation.ts";
import type { PromptCacheUsage } from "./prompt-cache.ts";
import { dataEvent, inputTokensOf, namedEvent, THINKING_TOKENS } from "./server.ts";

/** Output tokens of every agent answer (plus THINKING_TOKENS when it reasons). */
export const AGENT_OUTPUT_TOKENS = 10;
export const outputTokensOf = (plan: Plan) => AGENT_OUTPUT_TOKENS + (plan.reasoning ? THINKING_TOKENS : 0);

/** What the model does this turn: reason first or not, then call one tool or answer text. */
export type Plan = { reasoning: boolean; call?: { name: string; args: Record<string, unknown> }; text: string };

/** A planned turn with the reasoning proof the mock issued for it, if any, and (Anthropic) what its prompt cache read and wrote. */
export type Turn = { plan: Plan; proof?: string; callId: string; id: string; cache?: PromptCacheUsage };

const created = () => Math.floor(Date.now() / 1000);

// ---- Anthropic messages ----

function anthropicBlocks(turn: Turn): any[] {
  const blocks: any[] = [];
  if (turn.plan.reasoning) blocks.push({ type: "thinking", thinking: REASONING_TEXT, signature: turn.proof });
  if (turn.plan.call) blocks.push({ type: "tool_use", id: `toolu_${turn.callId}`, name: turn.plan.call.name, input: turn.plan.call.args });
  else blocks.push({ type: "text", text: turn.plan.text, citations: null });
  return blocks;
}

const anthropicUsage = (body: any, output: number, cache: PromptCacheUsage = { input: inputTokensOf(body), read: 0, written: 0, written1h: 0 }) => ({
  input_tokens: cache.input,
  output_tokens: output,
  cache_creation_input_tokens: cache.written,
  cache_read_input_tokens: cache.read,
  cache_creation: { ephemeral_5m_input_tokens: cache.written - cache.written1h, ephemeral_1h_input_tokens: cache.written1h },
  service_tier: "standard",
});

const stopReason = (turn: Turn) => (turn.plan.call ? "tool_use" : "end_turn");

export function anthropicMessage(body: any, turn: Turn) {
  return {
    id: `msg_${turn.id}`,
    type: "message",
    role: "assistant",
    model: body.model,
    content: anthropicBlocks(turn),
    stop_reason: stopReason(turn),
    stop_sequence: null,
    stop_details: null,
    container: null,
    usage: anthropicUsage(body, outputTokensOf(turn.plan), turn.cache),
  };
}

export function anthropicStream(body: any, turn: Turn): string[] {
  const events: string[] = [];
  const send = (type: string, fields: object) => events.push(namedEvent(type, { type, ...fields }));
  send("message_start", { message: { ...anthropicMessage(body, turn), content: [], stop_reason: null, usage: anthropicUsage(body, 1, turn.cache) } });
  for (const [index, block] of anthropicBlocks(turn).entries()) {
    if (block.type === "thinking") {
      send("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
      for (const thinking of deltasOf(block.thinking)) send("content_block_delta", { index, delta: { type: "thinking_delta", thinking } });
      send("content_block_delta", { index, delta: { type: "signature_delta", signature: block.signature } });
    } else if (block.type === "tool_use") {
      send("content_block_start", { index, content_block: { ...block, input: {} } });
      for (const partial_json of ["", ...deltasOf(JSON.stringify(block.input))]) send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json } });
    } else {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      for (const text of deltasOf(block.text)) send("content_block_delta", { index, delta: { type: "text_delta", text } });
    }
    send("content_block_stop", { index });
  }
  const { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens } = anthropicUsage(body, outputTokensOf(turn.plan), turn.cache);
  send("message_delta", {
    delta: { stop_reason: stopReason(turn), stop_sequence: null, stop_details: null },
    usage: { input_tokens, output_tokens, cache_creation_input_tokens, cache_read_input_tokens },
  });
  send("message_stop", {});
  return events;
}

// ---- OpenAI responses ----

function responsesOutput(turn: Turn): any[] {
  const output: any[] = [];
  if (turn.plan.reasoning) {
    output.push({ id: `rs_${turn.id}`, type: "reasoning", summary: [{ type: "summary_text", text: REASONING_TEXT }], ...(turn.proof ? { encrypted_content: turn.proof } : {}) });
  }
  const { call } = turn.plan;
  if (call) output.push({ id: `fc_${turn.id}`, type: "function_call", status: "completed", arguments: JSON.stringify(call.args), call_id: `call_${turn.callId}`, name: call.name });
  else output.push(outputMessage(turn, "completed"));
  return output;
}

const outputText = (text: string) => ({ type: "output_text", text, annotations: [], logprobs: [] });
const outputMessage = (turn: Turn, status: string) => ({
  type: "message",
  id: `msg_${turn.id}`,
  status,
  role: "assistant",
  content: status === "completed" ? [outputText(turn.plan.text)] : [],
});

export function responseObject(body: any, turn: Turn, status: "in_progress" | "completed") {
  const input = inputTokensOf(body);
  const output = outputTokensOf(turn.plan);
  const reasoning = turn.plan.reasoning ? THINKING_TOKENS : 0;
  const done = status === "completed";
  return {
    id: `resp_${turn.id}`,
    object: "response",
    created_at: created(),
    status,
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output: done ? responsesOutput(turn) : [],
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: body.reasoning?.effort ?? null, summary: body.reasoning?.summary ?? null },
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? "disabled",
    usage: done
      ? { input_tokens: input, input_tokens_details: { cached_tokens: 0 }, output_tokens: output, output_tokens_details: { reasoning_tokens: reasoning }, total_tokens: input + output }
      : null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}

// created, in_progress, then per output item its added / deltas / done events, completed.
export function responsesStream(body: any, turn: Turn): string[] {
  const events: string[] = [];
  const send = (type: string, fields: object) => events.push(namedEvent(type, { type, ...fields, sequence_number: events.length }));
  send("response.created", { response: responseObject(body, turn, "in_progress") });
  send("response.in_progress", { response: responseObject(body, turn, "in_progress") });
  for (const [output_index, item] of responsesOutput(turn).entries()) {
    if (item.type === "reasoning") {
      const { encrypted_content: _, ...open } = item;
      send("response.output_item.added", { output_index, item: { ...open, summary: [] } });
      const at = { item_id: item.id, output_index, summary_index: 0 };
      send("response.reasoning_summary_part.added", { ...at, part: { type: "summary_text", text: "" } });
      for (const delta of deltasOf(REASONING_TEXT)) send("response.reasoning_summary_text.delta", { ...at, delta });
      send("response.reasoning_summary_text.done", { ...at, text: REASONING_TEXT });
      send("response.reasoning_summary_part.done", { ...at, part: { type: "summary_text", text: REASONING_TEXT } });
    } else if (item.type === "function_call") {
      send("response.output_item.added", { output_index, item: { ...item, status: "in_progress", arguments: "" } });
      for (const delta of deltasOf(item.arguments)) send("response.function_call_arguments.delta", { item_id: item.id, output_index, delta });
      send("response.function_call_arguments.done", { item_id: item.id, output_index, name: item.name, arguments: item.arguments });
    } else {
      const at = { item_id: item.id, output_index, content_index: 0 };
      send("response.output_item.added", { output_index, item: outputMessage(turn, "in_progress") });
      send("response.content_part.added", { ...at, part: outputText("") });
      for (const delta of deltasOf(turn.plan.text)) send("response.output_text.delta", { ...at, delta, logprobs: [] });
      send("response.output_text.done", { ...at, text: turn.plan.text, logprobs: [] });
      send("response.content_part.done", { ...at, part: outputText(turn.plan.text) });
    }
    send("response.output_item.done", { output_index, item });
  }
  send("response.completed", { response: responseObject(body, turn, "completed") });
  return events;
}

// ---- OpenAI chat completions ----

function chatUsage(body: any, plan: Plan) {
  const input = inputTokensOf(body);
  const output = outputTokensOf(plan);
  return {
    prompt_tokens: input,
    completion_tokens: output,
    total_tokens: input + output,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: plan.reasoning ? THINKING_TOKENS : 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

function chatMessage(turn: Turn) {
  const message: Record<string, any> = { role: "assistant", content: turn.plan.call ? null : turn.plan.text, refusal: null, annotations: [] };
  if (turn.plan.reasoning) message.reasoning_content = REASONING_TEXT;
  if (turn.plan.call) message.tool_calls = [{ id: `call_${turn.callId}`, type: "function", function: { name: turn.plan.call.name, arguments: JSON.stringify(turn.plan.call.args) } }];
  return message;
}

const finishReason = (turn: Turn) => (turn.plan.call ? "tool_calls" : "stop");

export const chatCompletion = (body: any, turn: Turn) => ({
  id: `chatcmpl-${turn.id}`,
  object: "chat.completion",
  created: created(),
  model: body.model,
  choices: [{ index: 0, message: chatMessage(turn), logprobs: null, finish_reason: finishReason(turn) }],
  usage: chatUsage(body, turn.plan),
  system_fingerprint: "fp_agent",
});

export function chatStream(body: any, turn: Turn): string[] {
  const includeUsage = body.stream_options?.include_usage === true;
  const base = { id: `chatcmpl-${turn.id}`, object: "chat.completion.chunk", created: created(), model: body.model, system_fingerprint: "fp_agent" };
  const chunk = (delta: object, finish_reason: string | null = null) =>
    dataEvent({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason }], ...(includeUsage ? { usage: null } : {}) });
  const message = chatMessage(turn);
  const events = [chunk({ role: "assistant", content: "", refusal: null })];
  if (message.reasoning_content) events.push(...deltasOf(message.reasoning_content).map((reasoning_content) => chunk({ reasoning_content })));
  if (message.tool_calls) {
    const [{ id, function: fn }] = message.tool_calls;
    events.push(chunk({ tool_calls: [{ index: 0, id, type: "function", function: { name: fn.name, arguments: "" } }] }));
    events.push(...deltasOf(fn.arguments).map((args) => chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] })));
  } else {
    events.push(...deltasOf(message.content).map((content) => chunk({ content })));
  }
  events.push(chunk({}, finishReason(turn)));
  if (includeUsage) events.push(dataEvent({ ...base, choices: [], usage: chatUsage(body, turn.plan) }));
  events.push(dataEvent("[DONE]"));
  return events;
}

// ---- Gemini generateContent ----

/** A thought part when reasoning, then a functionCall (signed, as Gemini 3 signs a turn's first call) or text. */
function geminiParts(turn: Turn): any[] {
  const parts: any[] = [];
  if (turn.plan.reasoning) parts.push({ text: REASONING_TEXT, thought: true });
  if (turn.plan.call) parts.push({ functionCall: { name: turn.plan.call.name, args: turn.plan.call.args }, thoughtSignature: turn.proof });
  else parts.push({ text: turn.plan.text, ...(turn.proof ? { thoughtSignature: turn.proof } : {}) });
  return parts;
}

function geminiChunk(body: any, model: string, turn: Turn, parts: any[], candidates: number, last: boolean) {
  const prompt = inputTokensOf(body);
  const thoughts = turn.plan.reasoning ? THINKING_TOKENS : 0;
  return {
    candidates: [{ content: { parts, role: "model" }, ...(last ? { finishReason: "STOP" } : {}), index: 0 }],
    usageMetadata: {
      promptTokenCount: prompt,
      candidatesTokenCount: candidates,
      totalTokenCount: prompt + candidates + thoughts,
      thoughtsTokenCount: thoughts,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: prompt }],
    },
    modelVersion: model,
    responseId: turn.id,
  };
}

export const geminiResponse = (body: any, model: string, turn: Turn) => geminiChunk(body, model, turn, geminiParts(turn), AGENT_OUTPUT_TOKENS, true);

/** Chunks carrying only their new parts, with cumulative usage; finishReason on the last. */
export function geminiStream(body: any, model: string, turn: Turn): any[] {
  const pieces: any[][] = [];
  for (const part of geminiParts(turn)) {
    if (part.functionCall) pieces.push([part]);
    else deltasOf(part.text).forEach((text, i) => pieces.push([{ ...part, text, ...(i > 0 ? { thoughtSignature: undefined } : {}) }]));
  }
  return pieces.map((piece, i) =>
    geminiChunk(body, model, turn, JSON.parse(JSON.stringify(piece)), Math.round((AGENT_OUTPUT_TOKENS * (i + 1)) / pieces.length), i === pieces.length - 1),
  );
}
