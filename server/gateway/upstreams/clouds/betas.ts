// The Claude beta flags each cloud takes. Bedrock and Vertex AI serve a subset of Anthropic's betas
// and refuse a request naming any other ("invalid beta flag"; "Unexpected value(s) … for the
// `anthropic-beta` header"), and a first-party client (Claude Code) names many: its own
// `claude-code-…`, OAuth, prompt-caching scopes. So a passthrough call keeps the flags the cloud
// takes, under the cloud's name where it has its own (tool search is `advanced-tool-use-…` on
// Anthropic's API, `tool-search-tool-…` on the clouds), and drops the rest, as Claude Code does in its
// own Bedrock and Vertex modes. Sources: the clouds' Claude pages (Bedrock's Messages request
// parameters and extended-thinking pages, Vertex AI's Claude feature pages) and the flags the clouds
// were reported to refuse (anthropics/claude-code issues; LiteLLM's and AI Bridge's beta filters).
export type BetaCloud = "bedrock" | "vertex";

const shared = [
  "computer-use-2025-01-24",
  "computer-use-2025-11-24",
  "context-1m-2025-08-07",
  "context-management-2025-06-27",
  "compact-2026-01-12",
  "dangerous-tool-use-2026-09-03",
  "effort-2025-11-24",
  "interleaved-thinking-2025-05-14",
  "thinking-binding-controls-2026-08-01",
  "thinking-display-updates-2026-08-18",
  "tool-search-tool-2025-10-19",
];

const taken: Record<BetaCloud, ReadonlySet<string>> = {
  bedrock: new Set([
    ...shared,
    "fine-grained-tool-streaming-2025-05-14",
    "mid-conversation-output-config-2026-07-01",
    "mid-conversation-tool-changes-2026-07-01",
    "output-128k-2025-02-19",
    "token-efficient-tools-2025-02-19",
    "tool-examples-2025-10-29",
  ]),
  vertex: new Set([...shared, "compact-2026-09-04", "per-turn-control-2026-07-01", "web-search-2025-03-05"]),
};

/** Anthropic's name → the clouds' for the same feature. */
const cloudNames: Record<string, string> = { "advanced-tool-use-2025-11-20": "tool-search-tool-2025-10-19" };

/** The flags of `anthropic-beta` (one header or several, comma-separated) that `cloud` takes, in its names, once each. */
export function cloudBetas(cloud: BetaCloud, header: string | string[] | undefined): string[] {
  const joined = Array.isArray(header) ? header.join(",") : (header ?? "");
  const kept = new Set<string>();
  for (const flag of joined.split(",")) {
    const named = cloudNames[flag.trim()] ?? flag.trim();
    if (taken[cloud].has(named)) kept.add(named);
  }
  return [...kept];
}
