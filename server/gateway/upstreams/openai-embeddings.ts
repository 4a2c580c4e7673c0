// Embeddings (OpenAI's POST /embeddings, also served by OpenAI-compatible providers): passed
// through with the model rewritten where it must be; billed by `usage.prompt_tokens` as input.
import { type Usage, noUsage, tokenCount } from "../../domain/usage.ts";
import { type UpstreamAdapter, modelChange, trimSlash, upstreamBody } from "./adapter.ts";

export const embeddingsAdapter: UpstreamAdapter = {
  build(client, target) {
    return {
      url: `${trimSlash(target.baseUrl)}/embeddings`,
      headers: { "content-type": "application/json", authorization: `Bearer ${target.credential}` },
      body: upstreamBody(client, modelChange(client, target)),
      stream: false,
    };
  },
  usageOfBody: (body): Usage => ({ ...noUsage(), input: tokenCount(body?.usage?.prompt_tokens) }),
  startStream() {
    throw new Error("embeddings are never streamed");
  },
};
