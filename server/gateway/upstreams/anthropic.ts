// Family A messages (wire-formats.md §1). Streams keep their `event:` lines, which the SDKs dispatch
// on; usage comes from message_start and the cumulative message_delta.
import { noUsage, usageFromAnthropic } from "../../domain/usage.ts";
import { anthropicErrorStatus } from "../errors/anthropic.ts";
import { type StreamError, type UpstreamAdapter, json, modelChange, streamError, trimSlash, upstreamBody } from "./adapter.ts";
import { clampedAnthropicLimits } from "./output-limit.ts";

const forwardedHeaders = ["anthropic-version", "anthropic-beta"];

export const anthropicAdapter: UpstreamAdapter = {
  build(client, target) {
    const headers: Record<string, string> = { "content-type": "application/json", "x-api-key": target.credential };
    for (const name of forwardedHeaders) {
      const value = client.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    headers["anthropic-version"] ??= "2023-06-01";
    const beta = client.query.beta === "true" ? "?beta=true" : "";
    return {
      url: `${trimSlash(target.baseUrl)}/v1/messages${beta}`,
      headers,
      body: upstreamBody(client, { ...modelChange(client, target), ...clampedAnthropicLimits(client, target) }, target.bodyChanges),
      stream: client.stream,
    };
  },
  usageOfBody: (body) => usageFromAnthropic(body?.usage),
  finishOfBody: (body) => body?.stop_reason ?? undefined,
  startStream() {
    const usage = noUsage();
    let finish: string | undefined;
    let error: StreamError | undefined;
    return {
      onEvent(event) {
        if (event.event === "message_start") usageFromAnthropic(json(event.data)?.message?.usage, usage);
        else if (event.event === "error") {
          const said = json(event.data)?.error;
          error = streamError(said?.message, anthropicErrorStatus(said?.type), said?.type);
        }
        else if (event.event === "message_delta") {
          const delta = json(event.data);
          usageFromAnthropic(delta?.usage, usage);
          finish = delta?.delta?.stop_reason ?? finish;
        }
        return event.raw;
      },
      usage: () => usage,
      finishReason: () => finish,
      endedWithError: () => error,
      errorEvent: (message) => `event: error\ndata: ${JSON.stringify({ type: "error", error: { type: "api_error", message } })}\n\n`,
    };
  },
};
