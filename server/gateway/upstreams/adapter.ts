// The one small interface every upstream adapter implements. Adapters build the upstream request
// (model rewritten, credentials set) and read only usage from what comes back; everything else
// passes through untouched.
import type { Usage } from "../../domain/usage.ts";
import type { SseEvent } from "./sse.ts";

export type ClientRequest = {
  body: Record<string, any>;
  stream: boolean;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
};

export type UpstreamTarget = { baseUrl: string; credential: string; upstreamModel: string };

export type UpstreamRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The upstream answers with SSE (may differ from the client's wish: Responses are always streamed). */
  stream: boolean;
};

export interface StreamSession {
  /** Observes one event and returns the text to forward to the client, or null to drop it. */
  onEvent(event: SseEvent): string | null;
  usage(): Usage;
  /** The format's own error event, to end a stream that broke after its first byte. */
  errorEvent(message: string): string;
  /** When the client asked for no stream but the upstream streamed: the assembled body, if complete. */
  assembled?(): unknown;
}

export interface UpstreamAdapter {
  build(client: ClientRequest, target: UpstreamTarget): UpstreamRequest;
  usageOfBody(body: any): Usage;
  startStream(client: ClientRequest): StreamSession;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function json(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
