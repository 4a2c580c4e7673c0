// Chat completions (wire-formats.md §2). Streams are data-only and end with `[DONE]`. Usage arrives
// only in a final `choices: []` chunk when include_usage is set, so it is forced upstream and that
// chunk is dropped again when the client did not ask for it.
import { noUsage, usageFromChat } from "../../domain/usage.ts";
import { openaiErrorObjectStatus } from "../errors/openai.ts";
import { type StreamError, type UpstreamAdapter, errorChunkOf, readsAsParsed, json, modelChange, trimSlash, upstreamBody } from "./adapter.ts";
import { clampedLimits } from "./output-limit.ts";

const clientWantsUsage = (body: Record<string, any>) => body.stream_options?.include_usage === true;

// What the stream's events are searched for, before any is parsed: a finish reason that is set (a
// string, not null) and a usage object. V8 runs these expressions about four times as fast as
// `String.prototype.includes` of the same text over an event the text is not in, which is most
// of a stream's events; they also take the space some servers write after the colon.
const finishReasonSet = /"finish_reason": *"/;
const usageObject = /"usage": *\{/;
/** Chat names its output limit two ways (max_tokens, and max_completion_tokens that OpenAI's reasoning models require). */
const chatOutputLimits = ["max_completion_tokens", "max_tokens"] as const;

export const chatAdapter: UpstreamAdapter = {
  build(client, target) {
    const changes: Record<string, unknown> = { ...modelChange(client, target), ...clampedLimits(client, target, chatOutputLimits) };
    if (client.stream && (!clientWantsUsage(client.body) || !readsAsParsed(client, "stream_options"))) {
      changes.stream_options = { ...(client.body.stream_options ?? {}), include_usage: true };
    }
    return {
      url: `${trimSlash(target.baseUrl)}/chat/completions`,
      headers: { "content-type": "application/json", authorization: `Bearer ${target.credential}` },
      body: upstreamBody(client, changes, target.bodyChanges),
      stream: client.stream,
    };
  },
  usageOfBody: (body) => usageFromChat(body?.usage),
  finishOfBody: (body) => body?.choices?.[0]?.finish_reason ?? undefined,
  startStream(client) {
    let usage = noUsage();
    let finish: string | undefined;
    let error: StreamError | undefined;
    const keepUsageChunk = clientWantsUsage(client.body);
    return {
      onEvent(event) {
        error ??= errorChunkOf(event, openaiErrorObjectStatus);
        // The chunk that says why the choice stopped (`"finish_reason":"stop"`, never null there) is read for it.
        if (finish === undefined && finishReasonSet.test(event.raw)) finish = json(event.data)?.choices?.[0]?.finish_reason ?? undefined;
        // Only the usage chunk needs parsing; the rest (with `"usage":null` or none) pass as they are,
        // their fields never read: the JSON text is the same in the raw event as in its data.
        if (!usageObject.test(event.raw)) return event.raw;
        const chunk = json(event.data);
        if (chunk?.usage) usage = usageFromChat(chunk.usage);
        const usageOnly = Array.isArray(chunk?.choices) && chunk.choices.length === 0;
        return usageOnly && !keepUsageChunk ? null : event.raw;
      },
      usage: () => usage,
      finishReason: () => finish,
      endedWithError: () => error,
      errorEvent: (message) => `data: ${JSON.stringify({ error: { message, type: "server_error", param: null, code: "upstream_stream_broken" } })}\n\n`,
    };
  },
};
