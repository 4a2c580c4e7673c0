// The Anthropic Messages caller: requests as Claude Code / the Anthropic SDK send them; answers read
// back, a stream checked event by event (message_start with non-zero input usage, blocks started,
// delta'd and stopped in index order, cumulative message_delta, message_stop last).
import { assert, type Caller, lastEvent, type Msg, type Reply, type Spec, sseEvents, TOOL } from "./types.ts";

function content(msg: Msg): unknown {
  if ("native" in msg) throw new Error("native items are appended whole");
  if (msg.role === "tool") {
    const result = msg.image ? [{ type: "text", text: msg.text }, { type: "image", source: { type: "base64", media_type: msg.image.mediaType, data: msg.image.data } }] : msg.text;
    return { role: "user", content: [{ type: "tool_result", tool_use_id: msg.callId, content: result }] };
  }
  if (msg.role === "system") throw new Error("Anthropic Messages has no system turn mid-conversation");
  if (msg.role === "assistant") return { role: "assistant", content: msg.text };
  const blocks: unknown[] = [{ type: "text", text: msg.text }];
  if (msg.image) blocks.push({ type: "image", source: { type: "base64", media_type: msg.image.mediaType, data: msg.image.data } });
  if (msg.imageUrl) blocks.push({ type: "image", source: { type: "url", url: msg.imageUrl } });
  if (msg.document) blocks.push({ type: "document", source: { type: "base64", media_type: msg.document.mediaType, data: msg.document.data } });
  return { role: "user", content: blocks };
}

/** Consecutive tool results go in one user message, as Anthropic requires. */
function merged(messages: any[]): any[] {
  const out: any[] = [];
  const isResults = (m: any) => m?.role === "user" && Array.isArray(m.content) && m.content.every((b: any) => b.type === "tool_result");
  for (const m of messages) {
    if (isResults(m) && isResults(out.at(-1))) out.at(-1).content.push(...m.content);
    else out.push(m);
  }
  return out;
}

function body(spec: Spec, model: string, stream: boolean) {
  return {
    model,
    max_tokens: spec.maxTokens ?? 2048,
    ...(spec.system ? { system: spec.system } : {}),
    messages: merged(spec.messages.flatMap((msg) => ("native" in msg ? msg.native : [content(msg)]))),
    ...(stream ? { stream: true } : {}),
    ...(spec.tools ? { tools: [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.schema }] } : {}),
    ...(spec.reasoning ? { thinking: { type: "enabled", budget_tokens: 1024 } } : {}),
    ...(spec.schema ? { output_config: { format: { type: "json_schema", schema: spec.schema } } } : {}),
    ...(spec.stop ? { stop_sequences: spec.stop } : {}),
    ...spec.extra,
  };
}

function fromMessage(message: any, raw: string): Reply {
  const blocks: any[] = message.content;
  return {
    status: 200,
    raw,
    json: message,
    text: blocks.filter((b) => b.type === "text").map((b) => b.text).join(""),
    reasoning: blocks.filter((b) => b.type === "thinking").map((b) => b.thinking).join(""),
    calls: blocks.filter((b) => b.type === "tool_use").map((b) => ({ id: b.id, name: b.name, args: b.input })),
    stop: message.stop_reason,
    usage: message.usage,
    assistant: [{ role: "assistant", content: blocks }],
  };
}

function readStream(raw: string): Reply {
  const events = sseEvents(raw).map(({ event, data }) => {
    const json = JSON.parse(data);
    assert(event === json.type, `event: ${event} carries data of type ${json.type}`);
    return json;
  });
  assert(events[0]?.type === "message_start", `first event is ${events[0]?.type}, not message_start`);
  const message = structuredClone(events[0].message);
  assert(message.usage?.input_tokens > 0 || message.usage?.cache_read_input_tokens > 0, `message_start usage is zero: ${JSON.stringify(message.usage)}`);
  assert(events.at(-1).type === "message_stop", `last event is ${events.at(-1).type}, not message_stop`);
  const json: string[] = [];
  let open = -1;
  let deltas = 0;
  for (const event of events.slice(1, -1)) {
    if (event.type === "ping") continue;
    if (event.type === "content_block_start") {
      assert(open === -1 && event.index === message.content.length, `content_block_start index ${event.index} while ${message.content.length} blocks seen (open: ${open})`);
      open = event.index;
      message.content.push(structuredClone(event.content_block));
      json[open] = "";
    } else if (event.type === "content_block_delta") {
      assert(event.index === open, `delta for block ${event.index} while ${open} is open`);
      const block = message.content[open];
      const delta = event.delta;
      if (delta.type === "text_delta") block.text += delta.text;
      else if (delta.type === "thinking_delta") block.thinking += delta.thinking;
      else if (delta.type === "signature_delta") block.signature = delta.signature;
      else if (delta.type === "input_json_delta") json[open] += delta.partial_json;
      else assert(false, `unknown delta ${delta.type}`);
    } else if (event.type === "content_block_stop") {
      assert(event.index === open, `content_block_stop ${event.index} while ${open} is open`);
      const block = message.content[open];
      if (block.type === "tool_use") block.input = json[open] ? JSON.parse(json[open]) : {};
      open = -1;
    } else if (event.type === "message_delta") {
      assert(open === -1, "message_delta while a block is open");
      deltas++;
      Object.assign(message, event.delta);
      // Cumulative: each message_delta's usage replaces what it names.
      Object.assign(message.usage, event.usage);
    } else assert(false, `unexpected event ${event.type}`);
  }
  assert(deltas === 1, `${deltas} message_delta events`);
  return { ...fromMessage(message, raw), raw };
}

export const messagesCaller: Caller = {
  format: "messages",
  path: () => "/v1/messages",
  headers: (key) => ({ "x-api-key": key, "anthropic-version": "2023-06-01" }),
  body,
  read: (raw, stream) => (stream ? readStream(raw) : fromMessage(JSON.parse(raw), raw)),
  errorMessage(json) {
    assert(json?.type === "error" && typeof json.error?.type === "string" && typeof json.error?.message === "string", `not an Anthropic error: ${JSON.stringify(json)}`);
    return json.error.message;
  },
  stops: { end: "end_turn", tool: "tool_use", max: "max_tokens" },
  shape(json, model) {
    assert(json.type === "message" && json.role === "assistant" && /^msg_/.test(json.id) && json.model === model, `message shape: ${JSON.stringify({ type: json.type, id: json.id, model: json.model })}`);
  },
  toolChoice: (name) => ({ tool_choice: { type: "tool", name } }),
  endsWithError(raw) {
    const last = lastEvent(raw);
    return last?.event === "error" && last.data?.type === "error" && typeof last.data.error?.message === "string";
  },
  usageFor: (u) => ({ input_tokens: u.input, output_tokens: u.output, cache_read_input_tokens: u.cacheRead, cache_creation_input_tokens: u.cacheWrite }),
  unrepresentable: { field: "mcp_servers", extra: { mcp_servers: [{ type: "url", url: "https://mcp.example.com/sse", name: "example" }] } },
  fields: { stop: "stop_sequences", temperature: "temperature" },
};
