// Canonical events → a Chat Completions stream (caller side), in OpenAI's chunk grammar:
//   {"id","object":"chat.completion.chunk","created","model","choices":[{"index":0,"delta":{…},"logprobs":null,"finish_reason":null}]}
// first delta {role:"assistant",content:""}; text → {content}; reasoning → {reasoning_content};
// a tool call → {tool_calls:[{index,id,type:"function",function:{name,arguments:""}}]} then
// {tool_calls:[{index,function:{arguments}}]}; refusal → {refusal}; then {delta:{},finish_reason};
// with include_usage every chunk has "usage":null and a last {choices:[],usage} chunk follows;
// then `data: [DONE]`. A call of a custom tool is {tool_calls:[{index,id,type:"custom",custom:{name,input:""}}]}
// then {tool_calls:[{index,custom:{input}}]}, its freeform text decoded from the upstream's argument
// JSON as it comes (freeform-tools.ts).
//
// Another vendor's reasoning is carried in `reasoning_details` (carry.ts). The entries are sent
// all together in one delta just before the finish chunk, not one delta per reasoning block: chat
// SDKs (openai-node's ChatCompletionStream among them) keep only the last value of a delta field
// they do not know, so a second reasoning_details delta would erase the first. Sent last, each
// entry also knows the tool call that followed its block (its `id`, see common.ts).
import { openaiStreamError } from "../../gateway/errors/openai.ts";
import type { StreamEvent } from "../canonical.ts";
import type { CallerContext, StreamWriter } from "../codec.ts";
import { FreeformInputStream, freeformToolNames } from "../freeform-tools.ts";
import { carriedEntry, chatUsage, completionId, finishReasonOf, newCallId } from "./common.ts";

type Json = Record<string, any>;

export function chatStreamWriter(context: CallerContext): StreamWriter {
  // The upstream's id, from its start event; a random one only if a chunk must go before it.
  let id: string | undefined;
  const chunkId = () => (id ??= completionId(""));
  let created = Math.floor(Date.now() / 1000);
  let toolCount = 0;
  const toolIndexOf = new Map<number, number>(); // canonical block index → tool_calls[].index
  const freeform = freeformToolNames(context.request);
  /** Custom tool calls by canonical block index: their arguments so far and the decoder of their input. */
  const customCalls = new Map<number, { args: string; input: FreeformInputStream }>();
  const details: Json[] = [];
  /** Carried entries whose next block is not known yet: they get its call id if it is a tool call. */
  let waiting: Json[] = [];

  const chunk = (delta: Json, finishReason: string | null = null) => {
    const body: Json = { id: chunkId(), object: "chat.completion.chunk", created, model: context.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] };
    if (context.includeUsage) body.usage = null;
    return `data: ${JSON.stringify(body)}\n\n`;
  };

  return {
    write(event: StreamEvent): string {
      switch (event.type) {
        case "start":
          id = completionId(event.id);
          if (event.created) created = event.created;
          return chunk({ role: "assistant", content: "" });
        case "block_start": {
          const block = event.block;
          const callId = block.type === "tool_call" ? block.id || newCallId() : undefined;
          for (const entry of waiting) if (callId) entry.id = callId;
          waiting = [];
          if (block.type !== "tool_call") return "";
          const index = toolCount++;
          toolIndexOf.set(event.index, index);
          if (freeform?.has(block.name)) {
            customCalls.set(event.index, { args: "", input: new FreeformInputStream() });
            return chunk({ tool_calls: [{ index, id: callId, type: "custom", custom: { name: block.name, input: "" } }] });
          }
          return chunk({ tool_calls: [{ index, id: callId, type: "function", function: { name: block.name, arguments: "" } }] });
        }
        case "text_delta":
          return event.text ? chunk({ content: event.text }) : "";
        case "reasoning_delta":
          return event.text ? chunk({ reasoning_content: event.text }) : "";
        case "refusal_delta":
          return event.text ? chunk({ refusal: event.text }) : "";
        case "reasoning_opaque": {
          // Chat's own reasoning_content already went out as text; a reasoning_details entry of chat's own goes as it was.
          if (event.opaque.origin === "chat") {
            if (event.opaque.value.type !== undefined) details.push(event.opaque.value);
            return "";
          }
          const entry = carriedEntry(event.opaque, event.attachesToNext, details.length);
          details.push(entry);
          waiting.push(entry);
          return "";
        }
        case "tool_arguments_delta": {
          const index = toolIndexOf.get(event.index);
          if (index === undefined || !event.json) return "";
          const custom = customCalls.get(event.index);
          if (!custom) return chunk({ tool_calls: [{ index, function: { arguments: event.json } }] });
          custom.args += event.json;
          const input = custom.input.push(event.json);
          return input ? chunk({ tool_calls: [{ index, custom: { input } }] }) : "";
        }
        case "block_stop": {
          const custom = customCalls.get(event.index);
          if (!custom) return "";
          customCalls.delete(event.index);
          // What the decoder held back (a cut surrogate pair), or the whole input when the arguments were not {"input": string}.
          const { rest } = custom.input.finish(custom.args);
          return rest ? chunk({ tool_calls: [{ index: toolIndexOf.get(event.index), custom: { input: rest } }] }) : "";
        }
        case "usage":
          return "";
        case "finish": {
          let text = details.length ? chunk({ reasoning_details: details }) : "";
          text += chunk({}, finishReasonOf(event.stopReason));
          if (context.includeUsage) text += `data: ${JSON.stringify({ id: chunkId(), object: "chat.completion.chunk", created, model: context.model, choices: [], usage: chatUsage(event.usage) })}\n\n`;
          return text;
        }
      }
    },
    end: () => "data: [DONE]\n\n",
    error: (message, status) =>
      `data: ${JSON.stringify({ error: status === undefined ? { message, type: "server_error", param: null, code: "upstream_stream_broken" } : openaiStreamError(status, message) })}\n\n`,
  };
}
