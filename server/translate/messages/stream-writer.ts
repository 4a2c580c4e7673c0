// Caller side: canonical stream events → Anthropic's SSE grammar, each event as
// `event: <name>\ndata: <json>\n\n`: message_start (usage with the input estimate, output 1), then
// per block content_block_start / _delta / _stop with indexes counting from 0 in start order, then
// message_delta (stop reason, cumulative usage with the real input, cache and output counts) and
// message_stop. A reasoning block starts when its kind is known (its first text or its opaque), so
// Anthropic's own redacted thinking can start as redacted_thinking; reasoning from another vendor
// ends with a signature_delta carrying it (carry.ts).
import { anthropicErrorType } from "../../gateway/errors/anthropic.ts";
import { type Usage, noUsage } from "../../domain/usage.ts";
import { carry } from "../carry.ts";
import type { Opaque, StreamEvent } from "../canonical.ts";
import type { CallerContext, StreamWriter } from "../codec.ts";
import { anthropicUsage, messageId, toolUseId, usageExtras } from "./response.ts";

type Json = Record<string, any>;

const sse = (name: string, data: Json) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

type Block = { index: number; kind: "text" | "reasoning" | "tool"; started: boolean; stopped: boolean; redacted?: boolean };

export class MessagesStreamWriter implements StreamWriter {
  private context: CallerContext;
  private started = false;
  private done = false;
  private blocks = new Map<number, Block>();
  private next = 0;

  constructor(context: CallerContext) {
    this.context = context;
  }

  write(event: StreamEvent): string {
    if (this.done) return "";
    switch (event.type) {
      case "start":
        return this.start(event.id, event.usage);
      case "block_start": {
        const kind = event.block.type === "tool_call" ? "tool" : event.block.type === "reasoning" ? "reasoning" : "text";
        const block: Block = { index: -1, kind, started: false, stopped: false };
        this.blocks.set(event.index, block);
        let out = this.start("", undefined);
        if (kind === "reasoning") return out; // started by its first delta or opaque, or at its stop
        out += this.flushPending();
        block.index = this.next++;
        block.started = true;
        const contentBlock = event.block.type === "tool_call" ? { type: "tool_use", id: toolUseId(event.block.id), name: event.block.name, input: {}, caller: { type: "direct" } } : { type: "text", text: "", citations: null };
        return out + sse("content_block_start", { type: "content_block_start", index: block.index, content_block: contentBlock });
      }
      case "text_delta":
      case "refusal_delta":
        return this.delta(event.index, "text", { type: "text_delta", text: event.text });
      case "tool_arguments_delta":
        return this.delta(event.index, "tool", { type: "input_json_delta", partial_json: event.json });
      case "reasoning_delta": {
        const block = this.blocks.get(event.index);
        if (block?.kind !== "reasoning" || block.redacted) return "";
        return this.startReasoning(block) + sse("content_block_delta", { type: "content_block_delta", index: block.index, delta: { type: "thinking_delta", thinking: event.text } });
      }
      case "reasoning_opaque":
        return this.opaque(event.index, event.opaque, event.attachesToNext ?? false);
      case "block_stop": {
        const block = this.blocks.get(event.index);
        return block ? this.stop(block) : "";
      }
      case "usage":
        return ""; // message_delta carries the cumulative usage at the end
      case "finish": {
        let out = this.start("", undefined);
        for (const block of this.blocks.values()) out += this.stop(block);
        const usage = { ...anthropicUsage(event.usage), server_tool_use: null };
        out += sse("message_delta", { type: "message_delta", delta: { stop_reason: event.stopReason, stop_sequence: event.stopSequence ?? null, stop_details: null, container: null }, usage });
        out += sse("message_stop", { type: "message_stop" });
        this.done = true;
        return out;
      }
    }
  }

  end(): string {
    return "";
  }

  error(message: string, status = 500): string {
    this.done = true;
    return sse("error", { type: "error", error: { type: anthropicErrorType(status), message } });
  }

  /** message_start, once: input from the upstream if it said so already, else the estimate. */
  private start(id: string, usage: Usage | undefined): string {
    if (this.started) return "";
    this.started = true;
    const known = usage && usage.input + usage.cacheRead + usage.cacheWrite > 0;
    const startUsage = known
      ? { ...anthropicUsage({ ...usage, output: Math.max(usage.output, 1) }), ...usageExtras }
      : { ...anthropicUsage({ ...noUsage(), input: this.context.estimatedInputTokens, output: 1 }), ...usageExtras };
    const message = {
      id: messageId(id),
      type: "message",
      role: "assistant",
      model: this.context.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: startUsage,
    };
    return sse("message_start", { type: "message_start", message });
  }

  private delta(canonical: number, kind: Block["kind"], delta: Json): string {
    const block = this.blocks.get(canonical);
    if (!block || block.kind !== kind || !block.started || block.stopped) return "";
    return sse("content_block_delta", { type: "content_block_delta", index: block.index, delta });
  }

  /** Starts reasoning blocks still waiting, in order, before another block starts. */
  private flushPending(): string {
    let out = "";
    for (const block of this.blocks.values()) if (block.kind === "reasoning" && !block.started && !block.stopped) out += this.startReasoning(block);
    return out;
  }

  private startReasoning(block: Block, contentBlock: Json = { type: "thinking", thinking: "", signature: "" }): string {
    if (block.started) return "";
    block.started = true;
    block.index = this.next++;
    return sse("content_block_start", { type: "content_block_start", index: block.index, content_block: contentBlock });
  }

  private opaque(canonical: number, opaque: Opaque, attachesToNext: boolean): string {
    const block = this.blocks.get(canonical);
    if (block?.kind !== "reasoning" || block.stopped) return "";
    // Anthropic's own redacted thinking, known before anything else of its block, is sent whole.
    if (opaque.origin === "messages" && opaque.value.type === "redacted_thinking" && !block.started) {
      block.redacted = true;
      return this.startReasoning(block, opaque.value);
    }
    const signature = opaque.origin === "messages" && opaque.value.type === "thinking" ? String(opaque.value.signature ?? "") : carry(opaque, attachesToNext);
    return this.startReasoning(block) + sse("content_block_delta", { type: "content_block_delta", index: block.index, delta: { type: "signature_delta", signature } });
  }

  private stop(block: Block): string {
    if (block.stopped) return "";
    const out = this.startReasoning(block);
    block.stopped = true;
    return out + sse("content_block_stop", { type: "content_block_stop", index: block.index });
  }
}
