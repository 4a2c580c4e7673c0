// Responses (wire-formats.md §3). The upstream is always streamed: a client that asked for no
// stream gets the `response` of the terminal event, so it always receives a complete object.
import { noUsage, usageFromResponses } from "../../domain/usage.ts";
import { openaiErrorObjectStatus } from "../errors/openai.ts";
import { type StreamError, type UpstreamAdapter, json, modelChange, streamError, trimSlash, upstreamBody } from "./adapter.ts";
import { clampedLimits } from "./output-limit.ts";

const terminalEvents = new Set(["response.completed", "response.incomplete", "response.failed"]);
const responsesOutputLimit = ["max_output_tokens"] as const;

export const responsesAdapter: UpstreamAdapter = {
  build(client, target) {
    return {
      url: `${trimSlash(target.baseUrl)}/responses`,
      headers: { "content-type": "application/json", authorization: `Bearer ${target.credential}` },
      body: upstreamBody(client, { ...modelChange(client, target), ...clampedLimits(client, target, responsesOutputLimit), ...(client.body.stream === true ? {} : { stream: true }) }, target.bodyChanges),
      stream: true,
    };
  },
  usageOfBody: (body) => usageFromResponses(body?.usage),
  startStream() {
    let usage = noUsage();
    let final: { status?: string; incomplete_details?: { reason?: string } | null; error?: { message?: string; code?: string } | null } | undefined;
    let sequence = -1;
    let error: StreamError | undefined;
    return {
      onEvent(event) {
        const type = event.event;
        if (type === "error") {
          // Flat as the API documents it, or with the error object nested, which the SDKs read too.
          const data = json(event.data);
          const said = typeof data?.error === "object" && data.error !== null ? data.error : data;
          error ??= streamError(said?.message, openaiErrorObjectStatus(said ?? {}), said?.code, said?.type);
        }
        if (type && terminalEvents.has(type)) {
          const payload = json(event.data);
          final = payload?.response;
          usage = usageFromResponses(payload?.response?.usage);
          sequence = payload?.sequence_number ?? sequence;
        } else {
          const match = /"sequence_number":\s*(\d+)/.exec(event.data);
          if (match) sequence = Number(match[1]);
        }
        return event.raw;
      },
      usage: () => usage,
      // Responses has no stop reason of its own: its status, or why it is incomplete.
      finishReason: () => final?.incomplete_details?.reason ?? final?.status,
      endedWithError: () => error ?? (final?.status === "failed" ? streamError(final.error?.message, openaiErrorObjectStatus(final.error ?? {}), final.error?.code) : undefined),
      errorEvent: (message) =>
        `event: error\ndata: ${JSON.stringify({ type: "error", code: "upstream_stream_broken", message, param: null, sequence_number: sequence + 1 })}\n\n`,
      assembled: () => final,
    };
  },
};
