// Claude on AWS Bedrock: InvokeModel and InvokeModelWithResponseStream take the Messages body with
// the model in the path (a model id, or a cross-region inference profile such as
// `us.anthropic.claude-sonnet-4-5-20250929-v1:0`, through the channel's model mapping), no `model`
// or `stream` member, Bedrock's `anthropic_version`, and the beta flags in the body rather than a
// header (docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html).
// The Messages adapter builds the body (the caller's bytes on passthrough, only these members
// changed); this aims and signs it, and turns the answer's event-stream into Anthropic's SSE.
import type { UpstreamAdapter } from "../adapter.ts";
import { trimSlash } from "../adapter.ts";
import { bedrockErrorAnswer } from "./bedrock-errors.ts";
import { cloudBetas } from "./betas.ts";
import { anthropicSseOfEventStream } from "./event-stream.ts";
import { pathSegment } from "./paths.ts";
import { authorizeBedrock } from "./sigv4.ts";

/** The `anthropic_version` Bedrock requires of a Messages body. */
export const bedrockAnthropicVersion = "bedrock-2023-05-31";

export { pathSegment };


/** `passthrough`: the caller spoke Messages itself, so its `anthropic-beta` header is its own to carry over (betas.ts: those Bedrock takes). */
export function bedrockAdapter(messages: UpstreamAdapter, passthrough: boolean): UpstreamAdapter {
  return {
    ...messages,
    build(client, target) {
      // `anthropic-beta: a, b` as Bedrock's `anthropic_beta: ["a", "b"]`, of the flags Bedrock takes.
      const betas = passthrough ? cloudBetas("bedrock", client.headers["anthropic-beta"]) : [];
      const built = messages.build(client, {
        ...target,
        bodyChanges: { model: undefined, stream: undefined, anthropic_version: bedrockAnthropicVersion, ...(betas.length > 0 ? { anthropic_beta: betas } : {}) },
      });
      const url = `${trimSlash(target.baseUrl)}/model/${pathSegment(target.upstreamModel)}/${built.stream ? "invoke-with-response-stream" : "invoke"}`;
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      const region = target.region ?? "us-east-1";
      return {
        url,
        headers,
        body: built.body,
        stream: built.stream,
        authorize: () => authorizeBedrock(target.credential, region, url, headers, built.body),
        streamText: built.stream ? anthropicSseOfEventStream : undefined,
        upstreamError: bedrockErrorAnswer,
      };
    },
  };
}
