// The base URL each SDK needs, with copy buttons, and whether group-qualified names are on.
import type { Schemas } from "../../api.ts";
import { CopyButton } from "../../components/ui.tsx";

/**
 * `groups` are the caller's own: the group-qualified example and the SDK rows come from them, so a
 * sub-user never sees a group (or a family) outside its scope.
 */
export function BaseUrls({ urls, routing, groups }: { urls: Schemas["SdkBaseUrls"]; routing: boolean; groups: Schemas["CallGuideGroup"][] }) {
  const offered = new Set(groups.flatMap((group) => group.interfaces));
  const example = groups.flatMap((group) => group.models)[0]?.qualified_call_name;
  // A row per SDK the caller's groups can use: by the interfaces they offer, so a domestic group
  // with an Anthropic-compatible channel brings the Anthropic Messages row too.
  const all = [
    { sdk: "Anthropic Messages", detail: "anthropic, @anthropic-ai/sdk, Claude Code", url: urls.anthropic, paths: ["/v1/messages"] },
    { sdk: "OpenAI Chat Completions and Responses", detail: "openai, Codex; GPT, domestic and OpenAI-compatible groups", url: urls.openai, paths: ["/v1/chat/completions", "/v1/responses"] },
    { sdk: "Gemini generateContent", detail: "google-genai, @google/genai (REST transport), Gemini CLI", url: urls.gemini, paths: ["/v1beta/models/{model}:generateContent"] },
  ];
  const rows = offered.size ? all.filter((row) => row.paths.some((path) => offered.has(path))) : all;
  return (
    <div class="card base-urls">
      <h2>Base URLs</h2>
      <ul class="url-list">
        {rows.map((row) => (
          <li>
            <span class="url-sdk">
              <span class="strong">{row.sdk}</span> <span class="muted small">{row.detail}</span>
            </span>
            <code class="url-value">{row.url}</code>
            <CopyButton text={row.url} label="Copy" />
          </li>
        ))}
      </ul>
      <p class="muted small">
        {routing ? (
          <>
            Group-qualified names are on: any of your keys can call <code>group/model</code> for a group you may use
            {example ? (
              <>
                , for example <code>{example}</code>
              </>
            ) : null}
            .
          </>
        ) : (
          "Group-qualified names are off for your organization: call each model by its plain name with a key bound to its group."
        )}
      </p>
    </div>
  );
}
