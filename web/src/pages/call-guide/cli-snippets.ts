// Ready-to-paste setup for the agent CLIs, shown only for groups whose interfaces they call:
// Claude Code speaks Anthropic Messages, Codex the Responses API, Gemini CLI generateContent.
// Sources: code.claude.com/docs/en/env-vars (ANTHROPIC_BASE_URL, ANTHROPIC_AUTH_TOKEN sent as Bearer,
// ANTHROPIC_MODEL, ANTHROPIC_DEFAULT_HAIKU_MODEL); developers.openai.com/codex/config-advanced
// ([model_providers.<id>] with base_url, env_key, wire_api = "responses"); gemini-cli PR #21561
// (GOOGLE_GEMINI_BASE_URL with GEMINI_API_KEY; plain http only for localhost).
import type { Schemas } from "../../api.ts";
import { geminiModelInPath } from "./gemini-model.ts";
import type { Snippet } from "./snippets.ts";

const isLoopback = (url: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(url);

export function cliSnippets(group: Schemas["CallGuideGroup"], urls: Schemas["SdkBaseUrls"], model: string): Snippet[] {
  const offers = (path: string) => group.interfaces.includes(path);
  const translated = (iface: Schemas["CallGuideGroup"]["translated_interfaces"][number]) => group.translated_interfaces.includes(iface);
  const snippets: Snippet[] = [];
  if (offers("/v1/messages")) {
    snippets.push({
      id: "claude-code",
      label: "Claude Code",
      code: `# Claude Code sends the key as Authorization: Bearer; every model it calls must be in this group.
export ANTHROPIC_BASE_URL="${urls.anthropic}"
export ANTHROPIC_AUTH_TOKEN="$TOLLGATE_KEY"
export ANTHROPIC_MODEL="${model}"
export ANTHROPIC_DEFAULT_HAIKU_MODEL="${model}"   # background tasks: a model of this group too
claude`,
    });
  }
  if (offers("/v1/responses")) {
    snippets.push({
      id: "codex",
      label: "Codex",
      detail: "~/.codex/config.toml",
      code: `# ~/.codex/config.toml — then run codex with TOLLGATE_KEY exported.
model = "${model}"
model_provider = "tollgate"

[model_providers.tollgate]
name = "Tollgate"
base_url = "${urls.openai}"
wire_api = "responses"
env_key = "TOLLGATE_KEY"${
        translated("responses")
          ? `

# This group translates Codex's calls to its models' own format: Codex's own tools work as they
# are, but OpenAI's hosted web search does not exist there, so the model is not offered it.`
          : ""
      }`,
    });
  }
  if (offers("/v1beta/models/{model}:generateContent")) {
    const gemini = geminiModelInPath(model);
    const reachable = urls.gemini.startsWith("https://") || isLoopback(urls.gemini);
    snippets.push({
      id: "gemini-cli",
      label: "Gemini CLI",
      code: reachable
        ? `# Choose "Use Gemini API key" if Gemini CLI asks how to sign in.
export GOOGLE_GEMINI_BASE_URL="${urls.gemini}"
export GEMINI_API_KEY="$TOLLGATE_KEY"
gemini -m ${gemini}`
        : `# Gemini CLI accepts a plain http:// base URL only for localhost, and this gateway is
# served at ${urls.gemini}. Ask your operator for its https:// address (TOLLGATE_PUBLIC_URL), then:
#   export GOOGLE_GEMINI_BASE_URL="https://…"
#   export GEMINI_API_KEY="$TOLLGATE_KEY"
#   gemini -m ${gemini}`,
    });
  }
  return snippets;
}
