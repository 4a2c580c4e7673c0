// A channel's kind decides where its format's requests go and how they are authenticated: the
// vendors' own APIs take the format adapter's request as it is; the clouds aim, sign and frame it
// their way (clouds/). `format` is the upstream's: the caller's on passthrough, else the one a
// translated call is written in.
import type { ChannelKind } from "../../domain/channel-presets.ts";
import type { RelayInterface } from "../../domain/families.ts";
import type { UpstreamAdapter } from "./adapter.ts";
import { warmToken } from "./clouds/access-tokens.ts";
import { azureOpenAiAdapter } from "./clouds/azure-openai.ts";
import { bedrockAdapter } from "./clouds/bedrock.ts";
import { bedrockConverseAdapter } from "./clouds/bedrock-converse.ts";
import { vertexAdapter } from "./clouds/vertex.ts";

export function channelAdapter(kind: ChannelKind, format: RelayInterface, adapter: UpstreamAdapter, passthrough: boolean): UpstreamAdapter {
  // Claude's Messages through InvokeModel; chat (the other models of Bedrock's catalog) through Converse.
  if (kind === "bedrock") return format === "chat" ? bedrockConverseAdapter(adapter, passthrough) : bedrockAdapter(adapter, passthrough);
  if (kind === "vertex") return vertexAdapter(adapter, format === "generate-content" ? "generate-content" : "messages");
  if (kind === "azure-openai") return azureOpenAiAdapter(adapter, format === "responses" ? "responses" : "chat");
  return adapter;
}

/** Fetches the OAuth2 tokens a channel's calls will need, ahead of the first (the catalog's load). */
export function warmCredentials(channel: { kind: ChannelKind; credentials: string[]; enabled: boolean }): void {
  if (!channel.enabled) return;
  const kind = channel.kind === "vertex" ? "google" : channel.kind === "azure-openai" ? "entra" : null;
  if (!kind) return;
  for (const credential of channel.credentials) if (kind === "google" || credential.trim().startsWith("{")) warmToken(kind, credential);
}
