// The OpenAI Chat Completions caller: requests as the openai SDK sends them; a stream checked chunk by
// chunk (data-only, one id, tool-call deltas by index, one finish_reason, the usage chunk with no
// choices last, then [DONE]) and accumulated as the SDK's ChatCompletionStream does.
import { assert, type Caller, dataUrl, lastEvent, type Msg, type Reply, type Spec, sseEvents, TOOL } from "./types.ts";

function message(msg: Msg): unknown {
  if ("native" in msg) throw new Error("native items are appended whole");
  if (msg.role === "tool") {
    if (msg.image) throw new Error("a chat tool message holds no image");
    return { role: "tool", tool_call_id: msg.callId, content: msg.text };
  }
  if (msg.role === "system") return { role: "developer", content: msg.text };
  if (msg.role === "assistant") return { role: "assistant", content: msg.text };
  const parts: unknown[] = [{ type: "text", text: msg.text }];
  if (msg.image) parts.push({ type: "image_url", image_url: { url: dataUrl(msg.image) } });
  if (msg.imageUrl) parts.push({ type: "image_url", image_url: { url: msg.imageUrl } });
  if (msg.document) parts.push({ type: "file", file: { filename: "document.pdf", file_data: dataUrl(msg.document) } });
  return { role: "user", content: parts };
}

function body(spec: Spec, model: string, stream: boolean) {
  return {
    model,
    messages: [...(spec.system ? [{ role: "system", content: spec.system }] : []), ...spec.messages.flatMap((msg) => ("native" in msg ? msg.native : [message(msg)]))],
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    ...(spec.tools ? { tools: [{ type: "function", function: { name: TOOL.name, description: TOOL.description, parameters: TOOL.schema } }] } : {}),
    ...(spec.reasoning ? { reasoning_effort: "medium" } : {}),
    ...(spec.schema ? { response_format: { type: "json_schema", json_schema: { name: "answer", schema: spec.schema, strict: true } } } : {}),
    ...(spec.stop ? { stop: spec.stop } : {}),
    ...(spec.maxTokens ? { max_completion_tokens: spec.maxTokens } : {}),
    ...spec.extra,
  };
}

function fromCompletion(completion: any, raw: string): Reply {
  const choice = completion.choices[0];
  const msg = choice.message;
  return {
    status: 200,
    raw,
    json: completion,
    text: msg.content ?? "",
    reasoning: msg.reasoning_content ?? "",
    calls: (msg.tool_calls ?? []).map((call: any) => ({ id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) })),
    stop: choice.finish_reason,
    usage: completion.usage,
    assistant: [msg],
  };
}

function readStream(raw: string): Reply {
  const events = sseEvents(raw);
  assert(events.every((event) => event.event === undefined), "chat streams have no event: lines");
  assert(events.at(-1)?.data === "[DONE]", "the stream does not end with [DONE]");
  const chunks = events.slice(0, -1).map((event) => JSON.parse(event.data));
  assert(chunks.length > 0, "no chunk before [DONE]");
  const id = chunks[0].id;
  assert(chunks[0].choices[0]?.delta?.role === "assistant", `the first chunk does not say role "assistant": ${JSON.stringify(chunks[0])}`);
  const msg: any = { role: "assistant", content: null, refusal: null };
  let finish: string | null = null;
  let usage: any = null;
  for (const [i, chunk] of chunks.entries()) {
    assert(chunk.object === "chat.completion.chunk" && chunk.id === id, `chunk ${i}: object ${chunk.object}, id ${chunk.id} (first ${id})`);
    if (chunk.choices.length === 0) {
      assert(i === chunks.length - 1 && chunk.usage, "a chunk without choices must be the last, carrying usage");
      usage = chunk.usage;
      continue;
    }
    assert(finish === null, "a choice chunk after finish_reason");
    const { delta, finish_reason } = chunk.choices[0];
    if (typeof delta.content === "string") msg.content = (msg.content ?? "") + delta.content;
    if (typeof delta.reasoning_content === "string") msg.reasoning_content = (msg.reasoning_content ?? "") + delta.reasoning_content;
    for (const detail of delta.reasoning_details ?? []) (msg.reasoning_details ??= []).push(detail);
    for (const call of delta.tool_calls ?? []) {
      msg.tool_calls ??= [];
      const known = msg.tool_calls[call.index];
      if (!known) {
        assert(call.index === msg.tool_calls.length && call.id && call.function?.name, `tool call index ${call.index} starts without id/name, or out of order`);
        msg.tool_calls.push({ id: call.id, type: "function", function: { name: call.function.name, arguments: call.function.arguments ?? "" } });
      } else {
        assert(!call.id || call.id === known.id, "a tool call's id changed");
        known.function.arguments += call.function?.arguments ?? "";
      }
    }
    if (finish_reason) finish = finish_reason;
  }
  assert(finish, "no finish_reason");
  assert(usage, "no usage chunk although include_usage was asked");
  const completion = { id, object: "chat.completion", model: chunks[0].model, choices: [{ index: 0, message: msg, finish_reason: finish }], usage };
  return fromCompletion(completion, raw);
}

export const chatCaller: Caller = {
  format: "chat",
  path: () => "/v1/chat/completions",
  headers: (key) => ({ authorization: `Bearer ${key}` }),
  body,
  read: (raw, stream) => (stream ? readStream(raw) : fromCompletion(JSON.parse(raw), raw)),
  errorMessage(json) {
    assert(typeof json?.error?.message === "string" && typeof json.error.type === "string", `not an OpenAI error: ${JSON.stringify(json)}`);
    return json.error.message;
  },
  stops: { end: "stop", tool: "tool_calls", max: "length" },
  shape(json, model) {
    assert(json.object === "chat.completion" && /^chatcmpl-/.test(json.id) && json.model === model, `completion shape: ${JSON.stringify({ object: json.object, id: json.id, model: json.model })}`);
  },
  toolChoice: (name) => ({ tool_choice: { type: "function", function: { name } } }),
  endsWithError(raw) {
    // The error chunk may be followed by [DONE].
    const blocks = raw.split("\n\n").filter((block) => block.trim() && block.trim() !== "data: [DONE]");
    const last = lastEvent(blocks.at(-1) ?? "");
    return typeof last?.data?.error?.message === "string";
  },
  usageFor: (u) => ({
    prompt_tokens: u.input + u.cacheRead + u.cacheWrite,
    completion_tokens: u.output,
    total_tokens: u.input + u.cacheRead + u.cacheWrite + u.output,
    prompt_tokens_details: { cached_tokens: u.cacheRead },
    completion_tokens_details: { reasoning_tokens: u.reasoning },
  }),
  unrepresentable: { field: "n", extra: { n: 2 } },
  fields: { stop: "stop", temperature: "temperature" },
};
