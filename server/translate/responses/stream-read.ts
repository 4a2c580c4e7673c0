// An OpenAI Responses upstream stream → canonical events. Each message content part (output_text
// or refusal), each function_call or custom_tool_call item and each reasoning item is one canonical block, numbered
// in the order they start. A reasoning item's summary parts (or reasoning_text parts) are its
// readable text, separated by a blank line; its finished item (`output_item.done`, with
// `encrypted_content` since the writer asks for it) is the block's opaque, sent back as it is.
// Usage comes from the terminal event's `response.usage`, through usageFromResponses, as when
// the call is passed through. `response.failed` and `error` end the stream without a finish;
// what they said is kept in `upstreamError` for the relay to report. A custom_tool_call (the writer
// declares a freeform tool as a custom tool) is a tool call whose arguments are {"input": <its
// text>}, as every other upstream gives a freeform tool's call (freeform-tools.ts), the text's
// JSON encoding streamed as its deltas arrive.
import { openaiErrorHttpStatus, openaiErrorObjectStatus } from "../../gateway/errors/openai.ts";
import { type Usage, usageFromResponses } from "../../domain/usage.ts";
import type { StopReason, StreamEvent, UpstreamError } from "../canonical.ts";
import type { StreamReader } from "../codec.ts";
import type { SseEvent } from "../../gateway/upstreams/sse.ts";

type Json = Record<string, any>;

/** What a canonical block has been sent so far, to fill in from a `.done` event what never came as deltas. */
type Block = { index: number; kind: "text" | "refusal" | "reasoning" | "tool_call"; sent: string; open: boolean; parts: number };
type Item =
  | { type: "message"; parts: Map<number, Block> }
  | { type: "function_call" | "reasoning"; block: Block }
  /** `input`: the text given so far, whose JSON encoding the block has sent. */
  | { type: "custom_tool_call"; block: Block; input: string }
  | { type: "other" };

export class ResponsesStreamReader implements StreamReader {
  /** An error the upstream reported mid-stream (`error`, `response.failed`); the stream then has no finish. */
  upstreamError?: UpstreamError;
  private started = false;
  private finished = false;
  private next = 0;
  private items = new Map<number, Item>();
  private blocks: Block[] = [];
  private sawToolCall = false;
  private sawRefusal = false;

  read(event: SseEvent): StreamEvent[] {
    if (this.finished || !event.data || event.data === "[DONE]") return [];
    let data: Json;
    try {
      data = JSON.parse(event.data);
    } catch {
      return [];
    }
    const type: string = data.type ?? event.event ?? "";
    const out: StreamEvent[] = [];
    switch (type) {
      case "response.created":
        if (!this.started) {
          this.started = true;
          const response = data.response ?? {};
          out.push({ type: "start", id: String(response.id ?? ""), model: String(response.model ?? ""), created: Number(response.created_at ?? Math.floor(Date.now() / 1000)) });
        }
        break;
      case "response.output_item.added":
        this.itemAdded(data.output_index, data.item ?? {}, out);
        break;
      case "response.content_part.added": {
        const item = this.items.get(data.output_index);
        if (item?.type !== "message") break;
        const kind = data.part?.type === "refusal" ? "refusal" : data.part?.type === "output_text" ? "text" : null;
        if (!kind) break;
        const block = this.open(kind, out);
        item.parts.set(data.content_index, block);
        this.catchUp(block, kind === "text" ? data.part.text : data.part.refusal, out);
        break;
      }
      case "response.output_text.delta":
      case "response.refusal.delta": {
        const block = this.part(data);
        if (block) this.send(block, String(data.delta ?? ""), out);
        break;
      }
      case "response.output_text.done":
      case "response.refusal.done": {
        const block = this.part(data);
        if (block) this.catchUp(block, type === "response.output_text.done" ? data.text : data.refusal, out);
        break;
      }
      case "response.content_part.done": {
        const block = this.part(data);
        if (block) {
          this.catchUp(block, data.part?.type === "refusal" ? data.part.refusal : data.part?.text, out);
          this.close(block, out);
        }
        break;
      }
      case "response.function_call_arguments.delta": {
        const block = this.itemBlock(data.output_index, "function_call");
        if (block) this.send(block, String(data.delta ?? ""), out);
        break;
      }
      case "response.function_call_arguments.done": {
        const block = this.itemBlock(data.output_index, "function_call");
        if (block) this.catchUp(block, data.arguments, out);
        break;
      }
      case "response.custom_tool_call_input.delta":
      case "response.custom_tool_call_input.done": {
        const item = this.items.get(data.output_index);
        if (item?.type !== "custom_tool_call") break;
        if (type === "response.custom_tool_call_input.delta") this.sendInput(item, String(data.delta ?? ""), out);
        else this.catchUpInput(item, data.input, out);
        break;
      }
      case "response.reasoning_summary_part.added": {
        const block = this.itemBlock(data.output_index, "reasoning");
        if (block && block.parts++ > 0 && block.sent !== "") this.send(block, "\n\n", out);
        break;
      }
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta": {
        const block = this.itemBlock(data.output_index, "reasoning");
        if (block) this.send(block, String(data.delta ?? ""), out);
        break;
      }
      case "response.output_item.done":
        this.itemDone(data.output_index, data.item ?? {}, out);
        break;
      case "response.completed":
      case "response.incomplete": {
        const response = data.response ?? {};
        this.closeAll(out);
        this.finished = true;
        out.push({ type: "finish", stopReason: this.stopReason(type, response), usage: usageFromResponses(response.usage) });
        break;
      }
      case "response.failed": {
        const response = data.response ?? {};
        this.closeAll(out);
        this.finished = true;
        const type = response.error?.code ?? "server_error";
        this.upstreamError = { status: openaiErrorHttpStatus(type), message: response.error?.message ?? "the upstream response failed", type };
        if (response.usage) out.push({ type: "usage", usage: usageFromResponses(response.usage) as Usage });
        break;
      }
      case "error": {
        const error = data.error && typeof data.error === "object" ? data.error : data;
        this.closeAll(out);
        this.finished = true;
        const type = error.code ?? error.type ?? "server_error";
        this.upstreamError = { status: openaiErrorObjectStatus(error), message: String(error.message ?? "upstream stream error"), type };
        break;
      }
    }
    return out;
  }

  end(): StreamEvent[] {
    const out: StreamEvent[] = [];
    this.closeAll(out);
    return out;
  }

  private itemAdded(outputIndex: number, item: Json, out: StreamEvent[]): void {
    if (item.type === "message") this.items.set(outputIndex, { type: "message", parts: new Map() });
    else if (item.type === "function_call") {
      this.sawToolCall = true;
      const block = this.blockAt("tool_call", out, { type: "tool_call", id: String(item.call_id ?? ""), name: String(item.name ?? "") });
      this.items.set(outputIndex, { type: "function_call", block });
      this.catchUp(block, item.arguments, out);
    } else if (item.type === "custom_tool_call") {
      this.sawToolCall = true;
      const block = this.blockAt("tool_call", out, { type: "tool_call", id: String(item.call_id ?? ""), name: String(item.name ?? "") });
      const state: Item = { type: "custom_tool_call", block, input: "" };
      this.items.set(outputIndex, state);
      this.send(block, '{"input":"', out);
      this.catchUpInput(state, item.input, out);
    } else if (item.type === "reasoning") this.items.set(outputIndex, { type: "reasoning", block: this.open("reasoning", out) });
    // Built-in tool items cannot occur: the writer sends function and custom tools only.
    else this.items.set(outputIndex, { type: "other" });
  }

  private itemDone(outputIndex: number, item: Json, out: StreamEvent[]): void {
    const state = this.items.get(outputIndex);
    if (!state || state.type === "other") return;
    if (state.type === "message") {
      for (const block of state.parts.values()) this.close(block, out);
      return;
    }
    const block = state.block;
    if (state.type === "custom_tool_call") {
      this.catchUpInput(state, item.input, out);
      this.send(block, '"}', out);
    } else if (state.type === "function_call") this.catchUp(block, item.arguments, out);
    else if (block.open) out.push({ type: "reasoning_opaque", index: block.index, opaque: { origin: "responses", value: item } });
    this.close(block, out);
  }

  private stopReason(type: string, response: Json): StopReason {
    if (type === "response.incomplete") {
      const reason = response.incomplete_details?.reason;
      if (reason === "max_output_tokens") return "max_tokens";
      if (reason === "content_filter") return "refusal";
    }
    if (this.sawToolCall) return "tool_use";
    return this.sawRefusal ? "refusal" : "end_turn";
  }

  private open(kind: "text" | "refusal" | "reasoning", out: StreamEvent[]): Block {
    if (kind === "refusal") this.sawRefusal = true;
    return this.blockAt(kind, out, { type: kind });
  }

  private blockAt(kind: Block["kind"], out: StreamEvent[], start: Extract<StreamEvent, { type: "block_start" }>["block"]): Block {
    const block: Block = { index: this.next++, kind, sent: "", open: true, parts: 0 };
    this.blocks.push(block);
    out.push({ type: "block_start", index: block.index, block: start });
    return block;
  }

  private part(data: Json): Block | undefined {
    const item = this.items.get(data.output_index);
    return item?.type === "message" ? item.parts.get(data.content_index) : undefined;
  }

  private itemBlock(outputIndex: number, type: "function_call" | "reasoning"): Block | undefined {
    const item = this.items.get(outputIndex);
    return item?.type === type ? item.block : undefined;
  }

  private send(block: Block, text: string, out: StreamEvent[]): void {
    if (!block.open || text === "") return;
    block.sent += text;
    const index = block.index;
    if (block.kind === "text") out.push({ type: "text_delta", index, text });
    else if (block.kind === "refusal") out.push({ type: "refusal_delta", index, text });
    else if (block.kind === "reasoning") out.push({ type: "reasoning_delta", index, text });
    else out.push({ type: "tool_arguments_delta", index, json: text });
  }

  /** A `.done` event's full text: whatever of it the deltas did not bring. */
  private catchUp(block: Block, full: unknown, out: StreamEvent[]): void {
    if (typeof full === "string" && full.length > block.sent.length && full.startsWith(block.sent)) this.send(block, full.slice(block.sent.length), out);
  }

  /** A piece of a custom tool call's text, as the JSON of its `input` string. */
  private sendInput(item: Extract<Item, { type: "custom_tool_call" }>, text: string, out: StreamEvent[]): void {
    if (!item.block.open || text === "") return;
    item.input += text;
    this.send(item.block, JSON.stringify(text).slice(1, -1), out);
  }

  private catchUpInput(item: Extract<Item, { type: "custom_tool_call" }>, full: unknown, out: StreamEvent[]): void {
    if (typeof full === "string" && full.length > item.input.length && full.startsWith(item.input)) this.sendInput(item, full.slice(item.input.length), out);
  }

  private close(block: Block, out: StreamEvent[]): void {
    if (!block.open) return;
    block.open = false;
    out.push({ type: "block_stop", index: block.index });
  }

  private closeAll(out: StreamEvent[]): void {
    for (const block of this.blocks) this.close(block, out);
  }
}
