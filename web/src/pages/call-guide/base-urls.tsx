// The base URL each SDK needs, with copy buttons, and whether group-qualified names are on.
import type { Schemas } from "../../api.ts";
import { CopyButton } from "../../components/ui.tsx";

export function BaseUrls({ urls, routing }: { urls: Schemas["SdkBaseUrls"]; routing: boolean }) {
  const rows = [
    { sdk: "Family A", detail: "anthropic, @anthropic-ai/sdk", url: urls.anthropic },
    { sdk: "Family B and domestic", detail: "openai (chat completions, responses)", url: urls.openai },
    { sdk: "Family C", detail: "google-genai, @google/genai (REST transport)", url: urls.gemini },
  ];
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
            Group-qualified names are on: any key of your organization can call <code>group/model</code>, for example <code>claude-smart/claude-sonnet-4-6</code>.
          </>
        ) : (
          "Group-qualified names are off for your organization: call each model by its plain name with a key bound to its group."
        )}
      </p>
    </div>
  );
}
