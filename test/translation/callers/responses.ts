// The OpenAI Responses caller: requests as Codex / the openai SDK send them (store:false, encrypted
// reasoning included); a stream checked event by event (sequence_number 0..n, created first,
// completed last, every item added before its deltas and done after them) and accumulated from the
// events, which must agree with response.completed's own output.
import { isDeepStrictEqual } from "node:util";
import { assert, type Caller, dataUrl, lastEvent, type Msg, type Reply, type Spec, sseEvents, TOOL } from "./types.ts";

function item(msg: Msg): unknown {
  if ("native" in msg) throw new Error("native items are appended whole");
  if (msg.role === "tool") {
    const output = msg.image ? [{ type: "input_text", text: msg.text }, { type: "input_image", image_url: dataUrl(msg.image) }] : msg.text;
    return { type: "function_call_output", call_id: msg.callId, output };
  }
  if (msg.role === "system") return { role: "developer", content: msg.text };
  if (msg.role === "assistant") return { type: "message", role: "assistant", content: [{ type: "output_text", text: msg.text }] };
  const parts: unknown[] = [{ type: "input_text", text: msg.text }];
  if (msg.image) parts.push({ type: "input_image", image_url: dataUrl(msg.image), detail: "auto" });
  if (msg.imageUrl) parts.push({ type: "input_image", image_url: msg.imageUrl, detail: "auto" });
  if (msg.document) parts.push({ type: "input_file", filename: "document.pdf", file_data: dataUrl(msg.document) });
  return { role: "user", content: parts };
}

function body(spec: Spec, model: string, stream: boolean) {
  return {
    model,
    ...(spec.system ? { instructions: spec.system } : {}),
    input: spec.messages.flatMap((msg) => ("native" in msg ? msg.native : [item(msg)])),
    store: false,
    ...(stream ? { stream: true } : {}),
    ...(spec.tools ? { tools: [{ type: "function", name: TOOL.name, description: TOOL.description, parameters: TOOL.schema, strict: false }] } : {}),
    ...(spec.reasoning ? { reasoning: { effort: "medium", summary: "auto" }, include: ["reasoning.encrypted_content"] } : {}),
    ...(spec.schema ? { text: { format: { type: "json_schema", name: "answer", schema: spec.schema, strict: true } } } : {}),
    ...(spec.maxTokens ? { max_output_tokens: spec.maxTokens } : {}),
    ...spec.extra,
  };
}

function fromResponse(response: any, raw: string): Reply {
  const output: any[] = response.output;
  const messages = output.filter((o) => o.type === "message");
  return {
    status: 200,
    raw,
    json: response,
    text: messages.flatMap((m) => m.content).filter((c: any) => c.type === "output_text").map((c: any) => c.text).join(""),
    reasoning: output.filter((o) => o.type === "reasoning").flatMap((o) => o.summary).map((s: any) => s.text).join(""),
    calls: output.filter((o) => o.type === "function_call").map((o) => ({ id: o.call_id, name: o.name, args: JSON.parse(o.arguments) })),
    stop: response.status,
    usage: response.usage,
    assistant: output,
  };
}

function readStream(raw: string): Reply {
  const events = sseEvents(raw).map(({ event, data }, n) => {
    const json = JSON.parse(data);
    assert(event === json.type, `event: ${event} carries data of type ${json.type}`);
    assert(json.sequence_number === n, `${json.type} has sequence_number ${json.sequence_number}, expected ${n}`);
    return json;
  });
  assert(events[0]?.type === "response.created", `first event ${events[0]?.type}`);
  assert(events[1]?.type === "response.in_progress", `second event ${events[1]?.type}`);
  const last = events.at(-1);
  assert(["response.completed", "response.incomplete"].includes(last.type), `last event ${last.type}`);
  const output: any[] = [];
  const done = new Set<number>();
  for (const event of events.slice(2, -1)) {
    const at = event.output_index;
    if (event.type === "response.output_item.added") {
      assert(at === output.length, `item added at ${at} with ${output.length} items`);
      output.push(structuredClone(event.item));
      continue;
    }
    const item = output[at];
    assert(item && !done.has(at), `${event.type} for item ${at}, which is not open`);
    if (event.item_id !== undefined) assert(event.item_id === item.id, `${event.type} names item ${event.item_id}, open is ${item.id}`);
    switch (event.type) {
      case "response.content_part.added":
        assert(event.content_index === item.content.length, "content_index out of order");
        item.content.push(structuredClone(event.part));
        break;
      case "response.output_text.delta":
        item.content[event.content_index].text += event.delta;
        break;
      case "response.function_call_arguments.delta":
        item.arguments += event.delta;
        break;
      case "response.reasoning_summary_part.added":
        assert(event.summary_index === item.summary.length, "summary_index out of order");
        item.summary.push(structuredClone(event.part));
        break;
      case "response.reasoning_summary_text.delta":
        item.summary[event.summary_index].text += event.delta;
        break;
      case "response.output_item.done":
        output[at] = event.item;
        done.add(at);
        break;
      case "response.output_text.done":
      case "response.content_part.done":
      case "response.function_call_arguments.done":
      case "response.reasoning_summary_text.done":
      case "response.reasoning_summary_part.done":
        break;
      default:
        assert(false, `unexpected event ${event.type}`);
    }
  }
  assert(done.size === output.length, `${output.length - done.size} items never done`);
  assert(isDeepStrictEqual(output, last.response.output), "the items built from the events differ from response.completed's output");
  return { ...fromResponse(last.response, raw), raw };
}

export const responsesCaller: Caller = {
  format: "responses",
  path: () => "/v1/responses",
  headers: (key) => ({ authorization: `Bearer ${key}` }),
  body,
  read: (raw, stream) => (stream ? readStream(raw) : fromResponse(JSON.parse(raw), raw)),
  errorMessage(json) {
    assert(typeof json?.error?.message === "string" && typeof json.error.type === "string", `not an OpenAI error: ${JSON.stringify(json)}`);
    return json.error.message;
  },
  stops: { end: "completed", tool: "completed", max: "incomplete" },
  shape(json, model) {
    assert(json.object === "response" && /^resp_/.test(json.id) && json.model === model && json.status === "completed", `response shape: ${JSON.stringify({ object: json.object, id: json.id, model: json.model, status: json.status })}`);
    for (const item of json.output) assert(typeof item.id === "string" && item.id.length > 0, `an output item without id: ${JSON.stringify(item)}`);
  },
  toolChoice: (name) => ({ tool_choice: { type: "function", name } }),
  endsWithError(raw) {
    const last = lastEvent(raw);
    return (last?.event === "error" && typeof last.data?.message === "string") || (last?.event === "response.failed" && last.data?.response?.status === "failed");
  },
  usageFor: (u) => ({
    input_tokens: u.input + u.cacheRead + u.cacheWrite,
    output_tokens: u.output,
    total_tokens: u.input + u.cacheRead + u.cacheWrite + u.output,
    input_tokens_details: { cached_tokens: u.cacheRead },
    output_tokens_details: { reasoning_tokens: u.reasoning },
  }),
  unrepresentable: { field: "previous_response_id", extra: { previous_response_id: "resp_0123456789" } },
  fields: { stop: null, temperature: "temperature" },
};
