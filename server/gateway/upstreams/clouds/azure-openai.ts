// Azure OpenAI: GPT deployments through the deployments API (`/openai/deployments/{deployment}/…`
// with an `api-version`) or the version-less v1 API (`/openai/v1/…`, the deployment as `model`),
// authenticated by the resource's `api-key` or a Microsoft Entra ID token
// (learn.microsoft.com/azure/ai-foundry/openai/reference, …/api-version-lifecycle). A public model
// id maps to a deployment name through the channel's model mapping. Azure's content filter refuses
// a prompt with a 400 coded `content_filter`: the caller's own refusal, said with the categories.
import { azureCredential } from "../../../domain/channel-credentials.ts";
import type { UpstreamAdapter, UpstreamTarget } from "../adapter.ts";
import { trimSlash } from "../adapter.ts";
import { entraAccessToken, forgetToken } from "./access-tokens.ts";

function urlOf(target: UpstreamTarget, format: "chat" | "responses"): string {
  const base = trimSlash(target.baseUrl);
  if (format === "responses") return `${base}/openai/v1/responses`;
  if (!target.apiVersion) return `${base}/openai/v1/chat/completions`;
  return `${base}/openai/deployments/${encodeURIComponent(target.upstreamModel)}/chat/completions?api-version=${encodeURIComponent(target.apiVersion)}`;
}

/** The categories Azure's filter flagged (`violence (medium)`), from its inner error's `content_filter_result`. */
function filteredCategories(error: Record<string, any>): string[] {
  const result = error?.innererror?.content_filter_result;
  if (typeof result !== "object" || result === null) return [];
  return Object.entries(result as Record<string, any>)
    .filter(([, verdict]) => verdict?.filtered === true)
    .map(([category, verdict]) => (typeof verdict.severity === "string" ? `${category} (${verdict.severity})` : category));
}

/** A content-filter refusal's message, with what the filter flagged, so a caller of another format hears the reason too. */
function withFilterReason(status: number, text: string): { status: number; text: string } {
  if (status !== 400 || !text.includes("content_filter")) return { status, text };
  try {
    const body = JSON.parse(text);
    const categories = filteredCategories(body?.error);
    if (body?.error?.code !== "content_filter" || categories.length === 0 || typeof body.error.message !== "string") return { status, text };
    body.error.message = `${body.error.message} (Azure's content filter flagged: ${categories.join(", ")})`;
    return { status, text: JSON.stringify(body) };
  } catch {
    return { status, text };
  }
}

export function azureOpenAiAdapter(inner: UpstreamAdapter, format: "chat" | "responses"): UpstreamAdapter {
  return {
    ...inner,
    build(client, target) {
      const built = inner.build(client, target);
      const headers: Record<string, string> = { "content-type": "application/json" };
      const credential = azureCredential(target.credential);
      if (credential.type === "api-key") headers["api-key"] = credential.apiKey;
      return {
        url: urlOf(target, format),
        headers,
        body: built.body,
        stream: built.stream,
        authorize:
          credential.type === "entra"
            ? async () => {
                headers.authorization = `Bearer ${await entraAccessToken(target.credential)}`;
              }
            : undefined,
        upstreamError(status, text) {
          if (status === 401 && credential.type === "entra") forgetToken("entra", target.credential);
          return withFilterReason(status, text);
        },
      };
    },
  };
}
