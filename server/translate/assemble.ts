// A canonical stream folded into one canonical response: how a caller that asked for no stream is
// answered from an upstream that streamed (translated calls always stream upstream, so one stream
// reader per format serves both, and usage is metered the same way either way).
import { type Usage, noUsage } from "../domain/usage.ts";
import type { CanonicalResponse, Part, StopReason, StreamEvent } from "./canonical.ts";

export class Assembler {
  private id = "";
  private model = "";
  private created = 0;
  private parts: Part[] = [];
  private byIndex = new Map<number, Part>();
  private stopReason: StopReason | null = null;
  private stopSequence: string | null | undefined;
  private usage: Usage = noUsage();

  add(event: StreamEvent): void {
    switch (event.type) {
      case "start":
        ({ id: this.id, model: this.model, created: this.created } = event);
        if (event.usage) this.usage = event.usage;
        return;
      case "block_start": {
        const block = event.block;
        const part: Part =
          block.type === "tool_call" ? { type: "tool_call", id: block.id, name: block.name, arguments: "" } : block.type === "reasoning" ? { type: "reasoning" } : { type: block.type, text: "" };
        this.byIndex.set(event.index, part);
        this.parts.push(part);
        return;
      }
      case "text_delta":
      case "refusal_delta": {
        const part = this.byIndex.get(event.index);
        if (part && (part.type === "text" || part.type === "refusal")) part.text += event.text;
        return;
      }
      case "reasoning_delta": {
        const part = this.byIndex.get(event.index);
        if (part?.type === "reasoning") part.text = (part.text ?? "") + event.text;
        return;
      }
      case "reasoning_opaque": {
        const part = this.byIndex.get(event.index);
        if (part?.type === "reasoning") {
          part.opaque = event.opaque;
          if (event.attachesToNext) part.attachesToNext = true;
        }
        return;
      }
      case "tool_arguments_delta": {
        const part = this.byIndex.get(event.index);
        if (part?.type === "tool_call") part.arguments += event.json;
        return;
      }
      case "block_stop":
        return;
      case "usage":
        this.usage = event.usage;
        return;
      case "finish":
        this.stopReason = event.stopReason;
        this.stopSequence = event.stopSequence;
        this.usage = event.usage;
        return;
    }
  }

  /** The response, or null when the stream never finished. */
  response(): CanonicalResponse | null {
    if (this.stopReason === null) return null;
    const content = this.parts.map((part) => (part.type === "tool_call" && part.arguments === "" ? { ...part, arguments: "{}" } : part));
    return { id: this.id, model: this.model, created: this.created, content, stopReason: this.stopReason, stopSequence: this.stopSequence, usage: this.usage };
  }
}
