// Google Vertex AI: Claude through rawPredict and streamRawPredict, whose body is the Messages body
// with no `model` (it is in the path) and Vertex's `anthropic_version`
// (cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude); Gemini through
// Vertex's generateContent and streamGenerateContent, whose body and answer are the Gemini API's.
// Both authenticate with a service account's OAuth2 token (access-tokens.ts), held ahead of its expiry.
import type { UpstreamAdapter, UpstreamTarget } from "../adapter.ts";
import { trimSlash } from "../adapter.ts";
import { forgetToken, googleAccessToken } from "./access-tokens.ts";
import { cloudBetas } from "./betas.ts";
import { pathSegment } from "./paths.ts";

/** The `anthropic_version` Vertex AI requires of a Claude body. */
export const vertexAnthropicVersion = "vertex-2023-10-16";

/** The model's path as the Vertex SDK writes it (`claude-sonnet-4-5@20250929`, the `@` unescaped). */
const modelsPath = (target: UpstreamTarget, publisher: "anthropic" | "google") =>
  `${trimSlash(target.baseUrl)}/v1/projects/${pathSegment(target.project ?? "")}/locations/${pathSegment(target.region ?? "global")}/publishers/${publisher}/models/${pathSegment(target.upstreamModel)}`;

export function vertexAdapter(inner: UpstreamAdapter, format: "messages" | "generate-content"): UpstreamAdapter {
  return {
    ...inner,
    build(client, target) {
      const claude = format === "messages";
      const built = inner.build(client, claude ? { ...target, bodyChanges: { model: undefined, anthropic_version: vertexAnthropicVersion } } : target);
      const method = claude ? (built.stream ? "streamRawPredict" : "rawPredict") : built.stream ? "streamGenerateContent?alt=sse" : "generateContent";
      const headers: Record<string, string> = { "content-type": "application/json" };
      // Vertex reads Claude's beta flags from the header, as Anthropic's API does: those it takes (betas.ts).
      const betas = claude ? cloudBetas("vertex", built.headers["anthropic-beta"]) : [];
      if (betas.length > 0) headers["anthropic-beta"] = betas.join(",");
      return {
        url: `${modelsPath(target, claude ? "anthropic" : "google")}:${method}`,
        headers,
        body: built.body,
        stream: built.stream,
        async authorize() {
          headers.authorization = `Bearer ${await googleAccessToken(target.credential)}`;
        },
        upstreamError(status, text) {
          if (status === 401) forgetToken("google", target.credential);
          return { status, text };
        },
      };
    },
  };
}
