// A Chat Completions stream (upstream side) → canonical events. Chunks are data-only; the stream
// ends with `data: [DONE]`. A delta of another kind (content, reasoning_content, refusal) closes
// the open block. Tool calls are told apart by their `index`. A new call closes those before it
// whose arguments are whole JSON, so calls streamed one after another (as OpenAI sends them) come
// out one after another; an upstream that interleaves parallel calls (their headers first, then
// their arguments) leaves the earlier ones incomplete, and they stay open beside it until the
// choice finishes or a delta of another kind comes. Reasoning
// (`reasoning_content`, DeepSeek and Qwen; `reasoning`, vLLM and OpenRouter) gets, when its block
// closes, the opaque `{origin:"chat", value:{reasoning_content: fullText}}`, which the chat request
// writer sends back. Reasoning in `reasoning_details` entries of type `reasoning.text` (MiniMax
// with `reasoning_split`, platform.minimax.io/docs/api-reference/text-openai-api) gets the entry
// back whole instead, `{...entry, text: fullText}`, which the writer sends back in
// `reasoning_details`, as MiniMax asks for it on the next turn. Each entry's text is read as new
// text, as MiniMax-M2.7 streams it, unless it starts with all the text so far: MiniMax's own
// streaming example reads it as the text so far (github.com/MiniMax-AI/MiniMax-M2/issues/95), and
// then only what follows is new. Usage comes in a chunk of its own after the finish_reason chunk (some
// upstreams put it on the finish chunk), so `finish` waits for the usage-only chunk or `[DONE]`
// (or the end of the stream); usage seen before any finish_reason is reported as a `usage` event.
// An `error` chunk (sent by some upstreams mid-stream) ends the reading: what it said is kept in
// `upstreamError`, and no `finish` comes (the relay ends the caller's stream with its error event).
// Not read: `reasoning_details` entries of other types (OpenRouter's summaries and encrypted
// reasoning; none of the chat upstreams Tollgate serves sends them), `logprobs` (never asked for),
// and choices other than index 0 (n>1 is refused).
import { openaiErrorObjectStatus } from "../../gateway/errors/openai.ts";
import type { SseEvent } from "../../gateway/upstreams/sse.ts";
import { type Usage, usageFromChat } from "../../domain/usage.ts";
import type { StreamEvent, UpstreamError } from "../canonical.ts";
import type { StreamReader } from "../codec.ts";
import { absent, newCallId, stopReasonOf } from "./common.ts";

type Json = Record<string, any>;
type Open = { index: number; kind: "text" | "reasoning" | "refusal" };

const wholeJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

export function chatStreamReader(): StreamReader {
  let started = false;
  let done = false;
  let open: Open | null = null;
  /** The tool calls being streamed, by the upstream's `index`: their canonical block and arguments so far. */
  const openCalls = new Map<number, { index: number; args: string }>();
  let lastToolIndex = -1;
  let nextIndex = 0;
  let reasoningText = "";
  /** The open reasoning's `reasoning_details` entry (without its text), when it came in one. */
  let reasoningDetail: Json | null = null;
  let sawToolCall = false;
  let finishReason: string | null = null;
  let usage: Usage | null = null;
  let toolCount = 0;

  // A text, reasoning or refusal block and tool calls are never open at once: opening one closes the others.
  const closeText = (out: StreamEvent[]) => {
    if (!open) return;
    if (open.kind === "reasoning") {
      const value = reasoningDetail ? { ...reasoningDetail, text: reasoningText } : { reasoning_content: reasoningText };
      out.push({ type: "reasoning_opaque", index: open.index, opaque: { origin: "chat", value } });
    }
    out.push({ type: "block_stop", index: open.index });
    open = null;
  };
  const close = (out: StreamEvent[]) => {
    for (const call of openCalls.values()) out.push({ type: "block_stop", index: call.index });
    openCalls.clear();
    closeText(out);
  };

  const openBlock = (out: StreamEvent[], kind: "text" | "reasoning" | "refusal") => {
    if (open?.kind === kind) return open.index;
    close(out);
    open = { index: nextIndex++, kind };
    if (kind === "reasoning") {
      reasoningText = "";
      reasoningDetail = null;
    }
    out.push({ type: "block_start", index: open.index, block: { type: kind } });
    return open.index;
  };

  const finish = (out: StreamEvent[]) => {
    if (done || finishReason === null) return;
    done = true;
    close(out);
    out.push({ type: "finish", stopReason: stopReasonOf(finishReason, sawToolCall), stopSequence: null, usage: usage ?? usageFromChat(undefined) });
  };

  const readReasoning = (out: StreamEvent[], text: string) => {
    const index = openBlock(out, "reasoning");
    reasoningText += text;
    out.push({ type: "reasoning_delta", index, text });
  };

  /** `reasoning.text` entries: new text, or the text so far and then some (see the header). */
  const readReasoningDetails = (out: StreamEvent[], details: Json[]) => {
    for (const detail of details) {
      if (detail?.type !== "reasoning.text" || typeof detail.text !== "string" || detail.text === "") continue;
      const { text, ...entry } = detail;
      const continuing = open?.kind === "reasoning" && reasoningDetail !== null;
      const added = continuing && text.startsWith(reasoningText) ? text.slice(reasoningText.length) : text;
      if (!continuing) {
        openBlock(out, "reasoning");
        reasoningDetail = entry;
      }
      if (added) readReasoning(out, added);
    }
  };

  const readToolCalls = (out: StreamEvent[], calls: Json[]) => {
    for (const call of calls) {
      // Calls are told apart by `index`; an upstream that omits it starts a new call with each id.
      const toolIndex = typeof call.index === "number" ? call.index : absent(call.id) && openCalls.has(lastToolIndex) ? lastToolIndex : toolCount;
      const args = call.function?.arguments;
      let streamed = openCalls.get(toolIndex);
      if (streamed === undefined) {
        // A fragment for a call already closed cannot reopen it (the caller's block is done): it starts a new call.
        closeText(out);
        for (const [other, before] of openCalls) {
          if (!wholeJson(before.args)) continue;
          out.push({ type: "block_stop", index: before.index });
          openCalls.delete(other);
        }
        streamed = { index: nextIndex++, args: "" };
        openCalls.set(toolIndex, streamed);
        toolCount = Math.max(toolCount, toolIndex + 1);
        sawToolCall = true;
        out.push({ type: "block_start", index: streamed.index, block: { type: "tool_call", id: typeof call.id === "string" && call.id ? call.id : newCallId(), name: call.function?.name ?? "" } });
      }
      lastToolIndex = toolIndex;
      if (typeof args === "string" && args !== "") {
        streamed.args += args;
        out.push({ type: "tool_arguments_delta", index: streamed.index, json: args });
      }
    }
  };

  const reader: StreamReader & { upstreamError: UpstreamError | null } = {
    upstreamError: null,
    read(event: SseEvent): StreamEvent[] {
      const out: StreamEvent[] = [];
      const data = event.data.trim();
      if (!data || done) return out;
      if (data === "[DONE]") {
        finish(out);
        return out;
      }
      let chunk: Json;
      try {
        chunk = JSON.parse(data);
      } catch {
        return out; // a keep-alive or comment some upstreams send; nothing to read
      }
      if (chunk?.error) {
        const error = typeof chunk.error === "object" ? chunk.error : { message: String(chunk.error) };
        const type = typeof error.type === "string" ? error.type : undefined;
        reader.upstreamError = { status: openaiErrorObjectStatus(error), message: String(error.message ?? "upstream stream error"), type };
        done = true;
        close(out);
        return out;
      }
      if (!started) {
        started = true;
        out.push({ type: "start", id: String(chunk.id ?? ""), model: String(chunk.model ?? ""), created: typeof chunk.created === "number" ? chunk.created : Math.floor(Date.now() / 1000) });
      }
      const choice = Array.isArray(chunk.choices) ? chunk.choices.find((c: Json) => (c?.index ?? 0) === 0) : undefined;
      const delta: Json = choice?.delta ?? {};
      const reasoning = typeof delta.reasoning_content === "string" ? delta.reasoning_content : typeof delta.reasoning === "string" ? delta.reasoning : "";
      if (reasoning) readReasoning(out, reasoning);
      else if (Array.isArray(delta.reasoning_details)) readReasoningDetails(out, delta.reasoning_details);
      if (typeof delta.content === "string" && delta.content) out.push({ type: "text_delta", index: openBlock(out, "text"), text: delta.content });
      if (typeof delta.refusal === "string" && delta.refusal) out.push({ type: "refusal_delta", index: openBlock(out, "refusal"), text: delta.refusal });
      if (Array.isArray(delta.tool_calls)) readToolCalls(out, delta.tool_calls);
      if (typeof choice?.finish_reason === "string") {
        finishReason = choice.finish_reason;
        close(out);
      }
      // Moonshot (Kimi) puts usage on the choice instead of the chunk.
      const reported = chunk.usage ?? choice?.usage;
      if (reported && typeof reported === "object") {
        usage = usageFromChat(reported);
        if (finishReason === null) out.push({ type: "usage", usage });
        else if (Array.isArray(chunk.choices) && chunk.choices.length === 0) finish(out);
      }
      return out;
    },
    end(): StreamEvent[] {
      const out: StreamEvent[] = [];
      if (!done && finishReason === null) close(out);
      finish(out);
      return out;
    },
  };
  return reader;
}
