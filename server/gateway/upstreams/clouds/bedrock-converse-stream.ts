// ConverseStream's answer, AWS event-stream messages (length, headers, payload, two CRCs: the
// codec checks them), as the chat.completion.chunk SSE chat's own API streams. Each message names
// its event in `:event-type`, its payload the event's JSON itself (not InvokeModel's base64 `bytes`):
//   messageStart {role}                        → the first chunk, `delta: {role: "assistant", content: ""}` (see below)
//   contentBlockStart {start: {toolUse}}       → a tool call's opening delta (index, id, name, arguments "")
//   contentBlockDelta {delta: {text}}          → `delta.content`
//   contentBlockDelta {delta: {toolUse: {input}}} → the call's `function.arguments`, as the partial JSON came
//   contentBlockDelta {delta: {reasoningContent: {text}}} → `delta.reasoning_content` (its signature and
//                                                 redacted content have no chat field: not sent)
//   messageStop {stopReason}                   → the chunk with `finish_reason`
//   metadata {usage, metrics}                  → the usage chunk (`choices: []`), then `data: [DONE]`
// The usage chunk always comes: the chat adapter asked for it (`include_usage`) and drops it where
// the caller did not. The role chunk goes out with the first chunk that says something, so that an
// exception right after messageStart (a throttlingException) comes before any byte reached the
// caller, and another channel may still answer. An exception message (`:message-type: exception`, `:exception-type`
// throttlingException, modelStreamErrorException, …) ends the stream as chat's error chunk,
// `data: {"error": {message, type, code}}`, typed as Bedrock's meaning of it (bedrock-converse-answer.ts),
// which the relay reads as a stream's error: before the first byte a 429 fails over, after it the
// caller's stream ends with it.
import type { StreamText } from "../adapter.ts";
import { type EventStreamMessage, eventStreamText, parsed } from "./event-stream.ts";
import { chatUsageOfConverse, completionIdOfConverse, converseErrorOf, finishReasonOfConverse } from "./bedrock-converse-answer.ts";

type Json = Record<string, any>;

export function chatSseOfConverseStream(model: string): StreamText {
  const id = completionIdOfConverse();
  const created = Math.floor(Date.now() / 1000);
  /** Tool calls by Converse's content block index: chat's tool call index. */
  const calls = new Map<number, number>();
  let finished = false;
  let done = false;
  let failed = false;

  /** messageStart's role chunk waits for the first chunk that says something (see the header). */
  let roleHeld = false;
  const chunkText = (delta: Json, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
  const chunk = (delta: Json, finish: string | null = null) => {
    const role = roleHeld ? chunkText({ role: "assistant", content: "" }, null) : "";
    roleHeld = false;
    return role + chunkText(delta, finish);
  };

  const sseOf = ({ header, payload }: EventStreamMessage): string => {
    const messageType = header(":message-type");
    if (messageType !== "event") {
      // An exception (`:exception-type`) or an error (`:error-code`, `:error-message`) ends the stream.
      failed = true;
      const name = messageType === "exception" ? header(":exception-type") : header(":error-code");
      const said = messageType === "exception" ? parsed(payload)?.message : header(":error-message");
      const { error } = converseErrorOf(500, name, typeof said === "string" && said !== "" ? said : payload || "Bedrock's stream failed");
      return `data: ${JSON.stringify({ error })}\n\n`;
    }
    const event = parsed(payload);
    if (!event) return "";
    switch (header(":event-type")) {
      case "messageStart":
        roleHeld = true;
        return "";
      case "contentBlockStart": {
        const tool = event.start?.toolUse;
        if (!tool || typeof event.contentBlockIndex !== "number") return "";
        const index = calls.size;
        calls.set(event.contentBlockIndex, index);
        return chunk({ tool_calls: [{ index, id: tool.toolUseId, type: "function", function: { name: tool.name, arguments: "" } }] });
      }
      case "contentBlockDelta": {
        const delta = event.delta ?? {};
        if (typeof delta.text === "string") return delta.text === "" ? "" : chunk({ content: delta.text });
        if (delta.toolUse) {
          const index = calls.get(event.contentBlockIndex);
          const input = delta.toolUse.input;
          return index === undefined || typeof input !== "string" || input === "" ? "" : chunk({ tool_calls: [{ index, function: { arguments: input } }] });
        }
        const text = delta.reasoningContent?.text;
        return typeof text === "string" && text !== "" ? chunk({ reasoning_content: text }) : "";
      }
      case "messageStop":
        finished = true;
        return chunk({}, finishReasonOfConverse(event.stopReason));
      case "metadata": {
        if (done) return "";
        done = true;
        const usage = `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [], usage: chatUsageOfConverse(event.usage) })}\n\n`;
        return `${usage}data: [DONE]\n\n`;
      }
      default:
        return ""; // contentBlockStop, and events chat has no words for
    }
  };

  // A stream that stopped without its metadata still ends as chat's does (its usage is then estimated).
  const ending = () => {
    if (!finished || done || failed) return "";
    done = true;
    return "data: [DONE]\n\n";
  };
  return eventStreamText(sseOf, ending);
}

