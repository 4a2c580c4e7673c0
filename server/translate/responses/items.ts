// The Responses shapes a caller receives — output items, usage, the response object — shared by
// the stream writer (which announces each item, then finishes it) and the response writer.
import { randomBytes } from "node:crypto";
import type { Usage } from "../../domain/usage.ts";
import { carry } from "../carry.ts";
import type { CanonicalResponse, Opaque, StopReason, ToolChoice, ToolDefinition } from "../canonical.ts";
import type { CallerContext } from "../codec.ts";
import { freeformInput, freeformToolNames, isFreeform } from "../freeform-tools.ts";
import { compactionItem, compactionStop, isSummary, noSummary } from "./compaction.ts";
import { callerTool } from "./namespaces.ts";

type Json = Record<string, unknown>;

/** Item ids for one response: `<prefix>_<random><n>`, unique within it and across responses. */
export class ItemIds {
  private base = randomBytes(12).toString("hex");
  private n = 0;
  next(prefix: "msg" | "fc" | "ctc" | "rs"): string {
    return `${prefix}_${this.base}${(this.n++).toString().padStart(3, "0")}`;
  }
}

/** The caller's response id: the upstream's, with the `resp_` prefix Responses SDKs expect. */
export function responseId(id: string): string {
  return id.startsWith("resp_") ? id : `resp_${id || randomBytes(12).toString("hex")}`;
}

export function usageObject(usage: Usage): Json {
  const input = usage.input + usage.cacheRead + usage.cacheWrite;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: usage.cacheRead },
    output_tokens: usage.output,
    output_tokens_details: { reasoning_tokens: usage.reasoning },
    total_tokens: input + usage.output,
  };
}

export function textPart(text: string): Json {
  return { type: "output_text", text, annotations: [], logprobs: [] };
}

export function refusalPart(refusal: string): Json {
  return { type: "refusal", refusal };
}

export function messageItem(id: string, status: "in_progress" | "completed", content: Json[]): Json {
  return { id, type: "message", status, role: "assistant", content };
}

/** A call as the caller declared the tool: a function inside a namespace is named with its `namespace`, which is how Codex finds it. */
export function functionCallItem(id: string, callId: string, tool: { name: string; namespace?: string }, args: string, status: "in_progress" | "completed"): Json {
  const item: Json = { type: "function_call", id, call_id: callId, name: tool.name, arguments: args, status };
  if (tool.namespace !== undefined) item.namespace = tool.namespace;
  return item;
}

/** A call of a custom tool: its freeform `input`, where a function call has JSON `arguments`. */
export function customToolCallItem(id: string, callId: string, name: string, input: string, status: "in_progress" | "completed"): Json {
  return { type: "custom_tool_call", id, call_id: callId, name, input, status };
}

/**
 * A finished reasoning item. A Responses upstream's own item goes back as it was; reasoning from
 * another upstream is carried in `encrypted_content`, which Responses clients keep and send back
 * (Codex asks for it with `include: ["reasoning.encrypted_content"]`).
 */
export function reasoningItem(id: string, text: string | undefined, opaque: Opaque | undefined, attachesToNext: boolean): Json {
  if (opaque?.origin === "responses") return opaque.value;
  const item: Json = { id, type: "reasoning", summary: text ? [{ type: "summary_text", text }] : [] };
  if (opaque) item.encrypted_content = carry(opaque, attachesToNext);
  return item;
}

export function finalStatus(stopReason: StopReason): { status: "completed" | "incomplete"; incomplete_details: Json | null } {
  if (stopReason === "max_tokens") return { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } };
  if (stopReason === "refusal") return { status: "incomplete", incomplete_details: { reason: "content_filter" } };
  return { status: "completed", incomplete_details: null };
}

/** The tool choice as the caller made it: a function in a namespace by its own name and its `namespace`. */
function toolChoice(choice: ToolChoice | undefined, tools: ToolDefinition[]): unknown {
  if (!choice) return "auto";
  if (choice.type === "tool") return namedTool(choice.name, tools);
  // Allowed hosted tools were left out when read: the upstream had none.
  if (choice.type === "allowed") return { type: "allowed_tools", mode: choice.required ? "required" : "auto", tools: choice.names.map((name) => namedTool(name, tools)) };
  return choice.type;
}

function namedTool(name: string, tools: ToolDefinition[]): Json {
  if (isFreeform(tools, name)) return { type: "custom", name };
  const inNamespace = tools.find((tool) => tool.name === name)?.inNamespace;
  return inNamespace ? { type: "function", name: inNamespace.name, namespace: inNamespace.namespace } : { type: "function", name };
}

/** A tool as the caller declared it (a function in a namespace by its own name). */
function toolObject(tool: ToolDefinition): Json {
  if (tool.freeform) return { type: "custom", name: tool.name, description: tool.description ?? null, format: tool.freeform.format ?? { type: "text" } };
  return { type: "function", name: tool.inNamespace?.name ?? tool.name, description: tool.description ?? null, parameters: tool.parameters, strict: tool.strict ?? null };
}

/** The response object, with the request fields the SDK types expect echoed from the caller's request. */
export function responseObject(
  context: CallerContext,
  fields: { id: string; created: number; status: string; output: Json[]; usage: Usage | null; incomplete_details?: Json | null; error?: Json | null },
): Json {
  const request = context.request;
  return {
    id: fields.id,
    object: "response",
    created_at: fields.created,
    status: fields.status,
    background: false,
    error: fields.error ?? null,
    incomplete_details: fields.incomplete_details ?? null,
    instructions: request.system.length ? request.system.map((part) => part.text).join("\n\n") : null,
    max_output_tokens: request.maxOutputTokens ?? null,
    model: context.model,
    output: fields.output,
    parallel_tool_calls: request.parallelToolCalls ?? true,
    previous_response_id: null,
    reasoning: { effort: request.reasoning?.effort ?? null, summary: request.reasoning?.summary ?? null },
    store: false,
    temperature: request.temperature ?? 1,
    text: { format: request.output ?? { type: "text" } },
    tool_choice: toolChoice(request.toolChoice, request.tools),
    tools: echoedTools(request.tools),
    top_p: request.topP ?? 1,
    truncation: "disabled",
    usage: fields.usage ? usageObject(fields.usage) : null,
    metadata: {},
  };
}

/** The tools as the caller declared them: a namespace's functions grouped under it again. */
function echoedTools(tools: ToolDefinition[]): Json[] {
  const echoed: Json[] = [];
  const namespaces = new Map<string, Json[]>();
  for (const tool of tools) {
    const function_ = toolObject(tool);
    const namespace = tool.inNamespace?.namespace;
    if (namespace === undefined) {
      echoed.push(function_);
      continue;
    }
    let members = namespaces.get(namespace);
    if (!members) {
      namespaces.set(namespace, (members = []));
      echoed.push({ type: "namespace", name: namespace, description: tool.inNamespace?.description ?? "", tools: members });
    }
    members.push(function_);
  }
  return echoed;
}

/** The non-stream answer: the same object a stream's `response.completed` carries. */
export function writeResponse(response: CanonicalResponse, context: CallerContext): Json {
  const ids = new ItemIds();
  const output: Json[] = [];
  if (context.request.compaction) {
    // The model's words are the summary; reasoning and any tool call are left out (compaction.ts).
    const summary = response.content.map((part) => (part.type === "text" ? part.text : "")).join("");
    const answered = { id: responseId(response.id), created: response.created, usage: response.usage };
    if (!isSummary(summary)) return responseObject(context, { ...answered, status: "failed", error: noSummary, output });
    output.push(compactionItem(summary));
    return responseObject(context, { ...answered, ...finalStatus(compactionStop(response.stopReason)), output });
  }
  const freeform = freeformToolNames(context.request);
  for (const part of response.content) {
    if (part.type === "text") output.push(messageItem(ids.next("msg"), "completed", [textPart(part.text)]));
    else if (part.type === "refusal") output.push(messageItem(ids.next("msg"), "completed", [refusalPart(part.text)]));
    else if (part.type === "tool_call" && freeform?.has(part.name))
      output.push(customToolCallItem(ids.next("ctc"), part.id, part.name, freeformInput(part.arguments), "completed"));
    else if (part.type === "tool_call") output.push(functionCallItem(ids.next("fc"), part.id, callerTool(context.request, part.name), part.arguments, "completed"));
    else if (part.type === "reasoning") output.push(reasoningItem(ids.next("rs"), part.text, part.opaque, part.attachesToNext ?? false));
  }
  const status = finalStatus(response.stopReason);
  return responseObject(context, { id: responseId(response.id), created: response.created, ...status, output, usage: response.usage });
}
