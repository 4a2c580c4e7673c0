// Mock OpenAI Responses (wire-formats.md §3): the response object and its stream, with reasoning
// items (summary, and `encrypted_content` when `include` asks for it — remembered, and demanded back
// byte-exact by validate.ts) and function_call items for the conversation scenarios.
import { deltasOf, type Issued, issue, type Plan, planTurn, REASONING_TEXT, stringsIn } from "./conversation.ts";
import { created, OPENAI_DELTAS, OPENAI_REPLY, tokens } from "./openai.ts";
import { type Exchange, namedEvent } from "./server.ts";

export type ResponsesTurn = { plan: Plan; output: any[] };

export function responsesTurn(ex: Exchange, id: string, issued: Issued): ResponsesTurn {
  const body = ex.request.body;
  const tools = (Array.isArray(body.tools) ? body.tools : []).filter((tool: any) => tool?.type === "function").map((tool: any) => ({ name: tool.name, schema: tool.parameters }));
  const input: any[] = Array.isArray(body.input) ? body.input : [];
  // A compaction (Codex, the SDK's responses.compact): one `compaction` item, opaque, demanded back as issued.
  if (input.at(-1)?.type === "compaction_trigger") {
    return { plan: { reasoning: false, calls: [], truncated: false, text: "" }, output: [{ id: `cmp_${id}`, type: "compaction", encrypted_content: issue(issued, "compaction", "gAAAAAB") }] };
  }
  const trailing: any[] = [];
  for (let i = input.length - 1; i >= 0 && input[i]?.type === "function_call_output"; i--) trailing.unshift(input[i]);
  const plan = planTurn(ex.scenario, tools, trailing.length ? trailing.map((item) => stringsIn(item.output)).join("\n") : undefined, OPENAI_REPLY);
  const output: any[] = [];
  if (plan.reasoning) {
    const item: Record<string, unknown> = { id: `rs_${id}`, type: "reasoning", summary: [{ type: "summary_text", text: REASONING_TEXT }] };
    if (Array.isArray(body.include) && body.include.includes("reasoning.encrypted_content")) item.encrypted_content = issue(issued, plan.calls[0]?.name ?? "", "gAAAAAB");
    output.push(item);
  }
  for (const [k, call] of plan.calls.entries()) {
    output.push({ id: `fc_${id}_${k}`, type: "function_call", status: "completed", arguments: JSON.stringify(call.args), call_id: `call_${id}_${k}`, name: call.name });
  }
  if (!plan.calls.length) output.push(outputMessage(id, plan.truncated ? "incomplete" : "completed", plan.text));
  return { plan, output };
}

const outputMessage = (id: string, status: string, text: string) => ({
  type: "message",
  id: `msg_${id}`,
  status,
  role: "assistant",
  content: status === "in_progress" ? [] : [outputText(text)],
});

const outputText = (text: string) => ({ type: "output_text", text, annotations: [], logprobs: [] });

export function responseObject(ex: Exchange, id: string, state: "in_progress" | "completed", turn: ResponsesTurn) {
  const body = ex.request.body;
  const done = state === "completed";
  // A cut-off answer ends `incomplete`, saying why.
  const status = done && turn.plan.truncated ? "incomplete" : state;
  const t = tokens(ex, turn.plan);
  return {
    id,
    object: "response",
    created_at: created(),
    status,
    background: false,
    error: null,
    incomplete_details: status === "incomplete" ? { reason: "max_output_tokens" } : null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model,
    output: done ? turn.output : [],
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    previous_response_id: body.previous_response_id ?? null,
    reasoning: { effort: body.reasoning?.effort ?? null, summary: body.reasoning?.summary ?? null },
    service_tier: "default",
    store: body.store ?? true,
    temperature: body.temperature ?? 1,
    text: body.text ?? { format: { type: "text" } },
    tool_choice: body.tool_choice ?? "auto",
    tools: body.tools ?? [],
    top_p: body.top_p ?? 1,
    truncation: body.truncation ?? "disabled",
    usage: done
      ? {
          input_tokens: t.input,
          input_tokens_details: { cached_tokens: t.cached },
          output_tokens: t.output,
          output_tokens_details: { reasoning_tokens: t.reasoning },
          total_tokens: t.total,
        }
      : null,
    user: body.user ?? null,
    metadata: body.metadata ?? {},
  };
}

// The §3.3 sequence: created, in_progress, then per output item its added / deltas / done events, completed.
export function responsesStream(ex: Exchange, id: string, turn: ResponsesTurn): string[] {
  const events: string[] = [];
  const send = (type: string, fields: object) => events.push(namedEvent(type, { type, ...fields, sequence_number: events.length }));
  send("response.created", { response: responseObject(ex, id, "in_progress", turn) });
  send("response.in_progress", { response: responseObject(ex, id, "in_progress", turn) });
  for (const [output_index, item] of turn.output.entries()) {
    if (item.type === "reasoning") {
      const { encrypted_content: _, ...open } = item;
      send("response.output_item.added", { output_index, item: { ...open, summary: [] } });
      const at = { item_id: item.id, output_index, summary_index: 0 };
      send("response.reasoning_summary_part.added", { ...at, part: { type: "summary_text", text: "" } });
      for (const delta of deltasOf(REASONING_TEXT)) send("response.reasoning_summary_text.delta", { ...at, delta });
      send("response.reasoning_summary_text.done", { ...at, text: REASONING_TEXT });
      send("response.reasoning_summary_part.done", { ...at, part: { type: "summary_text", text: REASONING_TEXT } });
    } else if (item.type === "compaction") {
      send("response.output_item.added", { output_index, item: { id: item.id, type: "compaction" } });
    } else if (item.type === "function_call") {
      send("response.output_item.added", { output_index, item: { ...item, status: "in_progress", arguments: "" } });
      for (const delta of deltasOf(item.arguments)) send("response.function_call_arguments.delta", { item_id: item.id, output_index, delta });
      send("response.function_call_arguments.done", { item_id: item.id, output_index, name: item.name, arguments: item.arguments });
    } else {
      const text: string = item.content[0].text;
      const at = { item_id: item.id, output_index, content_index: 0 };
      send("response.output_item.added", { output_index, item: outputMessage(id, "in_progress", "") });
      send("response.content_part.added", { ...at, part: outputText("") });
      for (const delta of text === OPENAI_REPLY ? OPENAI_DELTAS : deltasOf(text)) send("response.output_text.delta", { ...at, delta, logprobs: [] });
      send("response.output_text.done", { ...at, text, logprobs: [] });
      send("response.content_part.done", { ...at, part: outputText(text) });
    }
    send("response.output_item.done", { output_index, item });
  }
  send(turn.plan.truncated ? "response.incomplete" : "response.completed", { response: responseObject(ex, id, "completed", turn) });
  return events;
}
