// Canonical events → an OpenAI Responses stream in its exact grammar: `event: <type>` plus JSON
// data carrying `sequence_number` (0, 1, 2, … over every event); response.created and
// response.in_progress first; each block is one output item (a text or refusal block one message
// item with one content part) announced by output_item.added and finished by output_item.done;
// response.completed (or response.incomplete) last, with the whole response object. No [DONE].
// Reasoning from another upstream is carried in the reasoning item's `encrypted_content`. A call of
// a custom tool streams its freeform input (custom_tool_call_input events), decoded from the
// upstream's argument JSON as it comes (freeform-tools.ts). A compaction's answer is one
// `compaction` item, written when the summary is whole (compaction.ts).
import { openaiErrorType } from "../../gateway/errors/openai.ts";
import { noUsage, type Usage } from "../../domain/usage.ts";
import type { Opaque, StreamEvent } from "../canonical.ts";
import type { CallerContext, StreamWriter } from "../codec.ts";
import { FreeformInputStream, freeformToolNames } from "../freeform-tools.ts";
import { compactionId, compactionItem, compactionStop, isSummary, noSummary } from "./compaction.ts";
import { customToolCallItem, finalStatus, functionCallItem, ItemIds, messageItem, reasoningItem, refusalPart, responseId, responseObject, textPart } from "./items.ts";
import { callerTool } from "./namespaces.ts";

type Json = Record<string, unknown>;
type Open =
  | { kind: "text" | "refusal"; outputIndex: number; id: string; text: string }
  | { kind: "tool_call"; outputIndex: number; id: string; callId: string; tool: { name: string; namespace?: string }; args: string }
  | { kind: "custom_tool_call"; outputIndex: number; id: string; callId: string; name: string; args: string; input: FreeformInputStream }
  | { kind: "reasoning"; outputIndex: number; id: string; text: string; summaryOpen: boolean; opaque?: Opaque; attachesToNext: boolean };

export class ResponsesStreamWriter implements StreamWriter {
  private context: CallerContext;
  private sequence = 0;
  private id = "";
  private created = 0;
  private started = false;
  private ids = new ItemIds();
  private blocks = new Map<number, Open>();
  private output: Json[] = [];
  private nextOutput = 0;
  private usage: Usage = noUsage();
  private freeform: Set<string> | null;
  private summary = "";
  /** The compaction item's id, made when a compaction's stream first needs it. */
  private compactionId = "";
  private compactingSaid = 0;

  constructor(context: CallerContext) {
    this.context = context;
    this.freeform = freeformToolNames(context.request);
  }

  write(event: StreamEvent): string {
    let text = "";
    if (event.type === "start") return this.start(event.id, event.created);
    if (!this.started) text += this.start("", Math.floor(Date.now() / 1000));
    if (this.context.request.compaction) return text + this.compacting(event);
    switch (event.type) {
      case "block_start":
        return text + this.blockStart(event.index, event.block);
      case "text_delta":
      case "refusal_delta": {
        const block = this.blocks.get(event.index);
        if (!block || (block.kind !== "text" && block.kind !== "refusal") || event.text === "") return text;
        block.text += event.text;
        const where = { item_id: block.id, output_index: block.outputIndex, content_index: 0 };
        return (
          text +
          (block.kind === "text"
            ? this.emit("response.output_text.delta", { ...where, delta: event.text, logprobs: [] })
            : this.emit("response.refusal.delta", { ...where, delta: event.text }))
        );
      }
      case "tool_arguments_delta": {
        const block = this.blocks.get(event.index);
        if ((block?.kind !== "tool_call" && block?.kind !== "custom_tool_call") || event.json === "") return text;
        block.args += event.json;
        if (block.kind === "tool_call")
          return text + this.emit("response.function_call_arguments.delta", { item_id: block.id, output_index: block.outputIndex, delta: event.json });
        const delta = block.input.push(event.json);
        return delta === "" ? text : text + this.emit("response.custom_tool_call_input.delta", { item_id: block.id, output_index: block.outputIndex, delta });
      }
      case "reasoning_delta": {
        const block = this.blocks.get(event.index);
        if (block?.kind !== "reasoning" || event.text === "") return text;
        const where = { item_id: block.id, output_index: block.outputIndex, summary_index: 0 };
        if (!block.summaryOpen) {
          block.summaryOpen = true;
          text += this.emit("response.reasoning_summary_part.added", { ...where, part: { type: "summary_text", text: "" } });
        }
        block.text += event.text;
        return text + this.emit("response.reasoning_summary_text.delta", { ...where, delta: event.text });
      }
      case "reasoning_opaque": {
        const block = this.blocks.get(event.index);
        if (block?.kind === "reasoning") {
          block.opaque = event.opaque;
          block.attachesToNext = event.attachesToNext ?? false;
        }
        return text;
      }
      case "block_stop":
        return text + this.blockStop(event.index);
      case "usage":
        this.usage = event.usage;
        return text;
      case "finish": {
        for (const index of [...this.blocks.keys()]) text += this.blockStop(index);
        this.usage = event.usage;
        const status = finalStatus(event.stopReason);
        const response = responseObject(this.context, { id: this.id, created: this.created, ...status, output: this.output, usage: this.usage });
        return text + this.emit(status.status === "completed" ? "response.completed" : "response.incomplete", { response });
      }
    }
  }

  /**
   * A compaction's stream (compaction.ts): the model's text is gathered, not shown, and becomes one
   * `compaction` item at the end; reasoning and any tool call are left out. No summary at all is a
   * failed response (compaction.ts: noSummary).
   */
  private compacting(event: StreamEvent): string {
    this.compactionId ||= compactionId();
    if (event.type === "text_delta" || event.type === "reasoning_delta") {
      if (event.type === "text_delta") this.summary += event.text;
      // While the summary is written, a progress event a second (as OpenAI's compaction sends them),
      // so that no proxy between here and the caller takes a long summary for a dead stream.
      const now = Date.now();
      if (now - this.compactingSaid < 1000) return "";
      // The item is announced (without its content, which is not written yet) before the first.
      const added = this.compactingSaid === 0 ? this.emit("response.output_item.added", { output_index: 0, item: { id: this.compactionId, type: "compaction", encrypted_content: "" } }) : "";
      this.compactingSaid = now;
      return added + this.emit("response.compaction.compacting", { item_id: this.compactionId, output_index: 0 });
    }
    if (event.type === "usage") this.usage = event.usage;
    else if (event.type === "finish") {
      this.usage = event.usage;
      if (!isSummary(this.summary)) {
        const response = responseObject(this.context, { id: this.id, created: this.created, status: "failed", error: noSummary, output: [], usage: this.usage });
        return this.emit("response.failed", { response });
      }
      const item = compactionItem(this.summary, this.compactionId);
      this.output = [item];
      const status = finalStatus(compactionStop(event.stopReason));
      const response = responseObject(this.context, { id: this.id, created: this.created, ...status, output: this.output, usage: this.usage });
      return (
        (this.compactingSaid === 0 ? this.emit("response.output_item.added", { output_index: 0, item }) : "") +
        this.emit("response.output_item.done", { output_index: 0, item }) +
        this.emit(status.status === "completed" ? "response.completed" : "response.incomplete", { response })
      );
    }
    return "";
  }

  end(): string {
    return "";
  }

  error(message: string, status?: number): string {
    // A stream that broke off is coded as the passthrough relay codes it (openai-responses.ts).
    return this.emit("error", { code: status === undefined ? "upstream_stream_broken" : openaiErrorType(status), message, param: null });
  }

  private start(id: string, created: number): string {
    if (this.started) return "";
    this.started = true;
    this.id = responseId(id);
    this.created = created;
    const response = () => responseObject(this.context, { id: this.id, created, status: "in_progress", output: [], usage: null });
    return this.emit("response.created", { response: response() }) + this.emit("response.in_progress", { response: response() });
  }

  private blockStart(index: number, block: Extract<StreamEvent, { type: "block_start" }>["block"]): string {
    const outputIndex = this.nextOutput++;
    if (block.type === "text" || block.type === "refusal") {
      const open: Open = { kind: block.type, outputIndex, id: this.ids.next("msg"), text: "" };
      this.blocks.set(index, open);
      return (
        this.emit("response.output_item.added", { output_index: outputIndex, item: messageItem(open.id, "in_progress", []) }) +
        this.emit("response.content_part.added", { item_id: open.id, output_index: outputIndex, content_index: 0, part: block.type === "text" ? textPart("") : refusalPart("") })
      );
    }
    if (block.type === "tool_call" && this.freeform?.has(block.name)) {
      const open: Open = { kind: "custom_tool_call", outputIndex, id: this.ids.next("ctc"), callId: block.id, name: block.name, args: "", input: new FreeformInputStream() };
      this.blocks.set(index, open);
      return this.emit("response.output_item.added", { output_index: outputIndex, item: customToolCallItem(open.id, block.id, block.name, "", "in_progress") });
    }
    if (block.type === "tool_call") {
      const open: Open = { kind: "tool_call", outputIndex, id: this.ids.next("fc"), callId: block.id, tool: callerTool(this.context.request, block.name), args: "" };
      this.blocks.set(index, open);
      return this.emit("response.output_item.added", { output_index: outputIndex, item: functionCallItem(open.id, block.id, open.tool, "", "in_progress") });
    }
    const open: Open = { kind: "reasoning", outputIndex, id: this.ids.next("rs"), text: "", summaryOpen: false, attachesToNext: false };
    this.blocks.set(index, open);
    return this.emit("response.output_item.added", { output_index: outputIndex, item: { id: open.id, type: "reasoning", summary: [] } });
  }

  private blockStop(index: number): string {
    const block = this.blocks.get(index);
    if (!block) return "";
    this.blocks.delete(index);
    const output_index = block.outputIndex;
    let text = "";
    let item: Json;
    if (block.kind === "text" || block.kind === "refusal") {
      const where = { item_id: block.id, output_index, content_index: 0 };
      const part = block.kind === "text" ? textPart(block.text) : refusalPart(block.text);
      text +=
        block.kind === "text"
          ? this.emit("response.output_text.done", { ...where, text: block.text, logprobs: [] })
          : this.emit("response.refusal.done", { ...where, refusal: block.text });
      text += this.emit("response.content_part.done", { ...where, part });
      item = messageItem(block.id, "completed", [part]);
    } else if (block.kind === "tool_call") {
      const args = block.args === "" ? "{}" : block.args;
      text += this.emit("response.function_call_arguments.done", { item_id: block.id, output_index, name: block.tool.name, arguments: args });
      item = functionCallItem(block.id, block.callId, block.tool, args, "completed");
    } else if (block.kind === "custom_tool_call") {
      const { input, rest } = block.input.finish(block.args);
      const where = { item_id: block.id, output_index };
      if (rest !== "") text += this.emit("response.custom_tool_call_input.delta", { ...where, delta: rest });
      text += this.emit("response.custom_tool_call_input.done", { ...where, input });
      item = customToolCallItem(block.id, block.callId, block.name, input, "completed");
    } else if (block.kind === "reasoning") {
      if (block.summaryOpen) {
        const where = { item_id: block.id, output_index, summary_index: 0 };
        text += this.emit("response.reasoning_summary_text.done", { ...where, text: block.text });
        text += this.emit("response.reasoning_summary_part.done", { ...where, part: { type: "summary_text", text: block.text } });
      }
      item = reasoningItem(block.id, block.text, block.opaque, block.attachesToNext);
    } else return text;
    this.output[output_index] = item;
    return text + this.emit("response.output_item.done", { output_index, item });
  }

  private emit(type: string, fields: Json): string {
    const data = { type, ...fields, sequence_number: this.sequence++ };
    return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  }
}
