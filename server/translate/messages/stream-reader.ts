// Upstream side: an Anthropic Messages SSE stream → canonical stream events. Usage is computed with
// usageFromAnthropic from message_start and the cumulative message_delta, exactly as passthrough
// meters it. Thinking blocks end with their whole block as the opaque (signature included);
// redacted thinking is opaque from its start. Blocks with no canonical form (server tool use and
// results, which the request reader never lets a translated caller ask for) are skipped, and the
// canonical indexes count on without them.
import { type Usage, noUsage, tokenCount, usageFromAnthropic } from "../../domain/usage.ts";
import { anthropicErrorStatus } from "../../gateway/errors/anthropic.ts";
import type { SseEvent } from "../../gateway/upstreams/sse.ts";
import type { StopReason, StreamEvent, UpstreamError } from "../canonical.ts";
import type { StreamReader } from "../codec.ts";

type Json = Record<string, any>;

type Open = { index: number; kind: "text" | "thinking" | "redacted" | "tool"; thinking: string; signature: string };

const stopReasons: Record<string, StopReason> = {
  end_turn: "end_turn",
  max_tokens: "max_tokens",
  model_context_window_exceeded: "max_tokens",
  stop_sequence: "stop_sequence",
  tool_use: "tool_use",
  refusal: "refusal",
  pause_turn: "pause_turn",
};

export class MessagesStreamReader implements StreamReader {
  private usage: Usage = noUsage();
  private open = new Map<number, Open>();
  private next = 0;
  private stopReason: StopReason | null = null;
  private stopSequence: string | null = null;
  private finished = false;
  private failed = false;
  /** An `event: error` the upstream sent mid-stream (the stream then has no finish). */
  upstreamError: UpstreamError | null = null;

  read(event: SseEvent): StreamEvent[] {
    const name = event.event;
    if (name === "ping" || this.finished || this.failed) return [];
    let data: Json;
    try {
      data = JSON.parse(event.data);
    } catch {
      return [];
    }
    switch (name ?? data.type) {
      case "message_start": {
        const message = data.message ?? {};
        this.reasoningTokens(message.usage);
        usageFromAnthropic(message.usage, this.usage);
        return [{ type: "start", id: message.id, model: message.model, created: Math.floor(Date.now() / 1000), usage: { ...this.usage } }];
      }
      case "content_block_start":
        return this.blockStart(data.index, data.content_block ?? {});
      case "content_block_delta":
        return this.blockDelta(data.index, data.delta ?? {});
      case "content_block_stop":
        return this.blockStop(data.index);
      case "message_delta": {
        if (data.delta?.stop_reason != null) this.stopReason = stopReasons[data.delta.stop_reason] ?? "end_turn";
        if (data.delta?.stop_sequence !== undefined) this.stopSequence = data.delta.stop_sequence;
        this.reasoningTokens(data.usage);
        usageFromAnthropic(data.usage, this.usage);
        return [{ type: "usage", usage: { ...this.usage } }];
      }
      case "message_stop":
        return this.finish();
      case "error":
        // A mid-stream failure: nothing more is read, and end() reports no finish.
        this.upstreamError = { status: anthropicErrorStatus(data.error?.type), message: data.error?.message ?? "upstream stream error", type: data.error?.type };
        this.failed = true;
        return [];
      default:
        return [];
    }
  }

  /** message_delta gave the stop reason and the final count; message_stop only closes. */
  finishSaid(): boolean {
    return this.stopReason !== null;
  }

  end(): StreamEvent[] {
    if (this.finished) return [];
    // Blocks left open by a stream that broke are closed; there is no finish without message_stop.
    const events: StreamEvent[] = [];
    for (const index of [...this.open.keys()]) events.push(...this.blockStop(index));
    return events;
  }

  /** Anthropic reports thinking tokens in output_tokens_details; output_tokens already include them. */
  private reasoningTokens(usage: Json | undefined): void {
    const thinking = usage?.output_tokens_details?.thinking_tokens;
    if (typeof thinking === "number") this.usage.reasoning = tokenCount(thinking);
  }

  private blockStart(upstream: number, block: Json): StreamEvent[] {
    const index = this.next;
    switch (block.type) {
      case "text": {
        this.open.set(upstream, { index, kind: "text", thinking: "", signature: "" });
        this.next++;
        const events: StreamEvent[] = [{ type: "block_start", index, block: { type: "text" } }];
        if (block.text) events.push({ type: "text_delta", index, text: block.text });
        return events;
      }
      case "thinking": {
        this.open.set(upstream, { index, kind: "thinking", thinking: block.thinking ?? "", signature: block.signature ?? "" });
        this.next++;
        const events: StreamEvent[] = [{ type: "block_start", index, block: { type: "reasoning" } }];
        if (block.thinking) events.push({ type: "reasoning_delta", index, text: block.thinking });
        return events;
      }
      case "redacted_thinking":
        this.open.set(upstream, { index, kind: "redacted", thinking: "", signature: "" });
        this.next++;
        return [
          { type: "block_start", index, block: { type: "reasoning" } },
          { type: "reasoning_opaque", index, opaque: { origin: "messages", value: block } },
        ];
      case "tool_use": {
        this.open.set(upstream, { index, kind: "tool", thinking: "", signature: "" });
        this.next++;
        const events: StreamEvent[] = [{ type: "block_start", index, block: { type: "tool_call", id: block.id, name: block.name } }];
        if (block.input && typeof block.input === "object" && Object.keys(block.input).length > 0) events.push({ type: "tool_arguments_delta", index, json: JSON.stringify(block.input) });
        return events;
      }
      default:
        return [];
    }
  }

  private blockDelta(upstream: number, delta: Json): StreamEvent[] {
    const open = this.open.get(upstream);
    if (!open) return [];
    switch (delta.type) {
      case "text_delta":
        return open.kind === "text" && delta.text ? [{ type: "text_delta", index: open.index, text: delta.text }] : [];
      case "thinking_delta":
        if (open.kind !== "thinking" || !delta.thinking) return [];
        open.thinking += delta.thinking;
        return [{ type: "reasoning_delta", index: open.index, text: delta.thinking }];
      case "signature_delta":
        if (open.kind === "thinking") open.signature += delta.signature ?? "";
        return [];
      case "input_json_delta":
        return open.kind === "tool" && delta.partial_json ? [{ type: "tool_arguments_delta", index: open.index, json: delta.partial_json }] : [];
      default:
        // citations_delta: citations are never asked for by a translated caller.
        return [];
    }
  }

  private blockStop(upstream: number): StreamEvent[] {
    const open = this.open.get(upstream);
    if (!open) return [];
    this.open.delete(upstream);
    const events: StreamEvent[] = [];
    if (open.kind === "thinking") {
      events.push({ type: "reasoning_opaque", index: open.index, opaque: { origin: "messages", value: { type: "thinking", thinking: open.thinking, signature: open.signature } } });
    }
    events.push({ type: "block_stop", index: open.index });
    return events;
  }

  private finish(): StreamEvent[] {
    const events = this.end();
    this.finished = true;
    events.push({ type: "finish", stopReason: this.stopReason ?? "end_turn", stopSequence: this.stopSequence, usage: { ...this.usage } });
    return events;
  }
}
