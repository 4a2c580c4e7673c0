// Responses `namespace` tools on a translated call. A namespace groups client-run functions under
// a name (Codex declares its sub-agent functions as `multi_agent_v1`, MCP servers' tools as
// `mcp__<server>__`); the model calls one with a `function_call` item naming both, and Codex runs
// it by the pair. Other upstreams have flat function names only, so each function goes upstream
// under one name made from the pair, and the caller gets its calls back split again.
import { createHash } from "node:crypto";
import type { CanonicalRequest } from "../canonical.ts";

/**
 * A name every translated upstream takes (Anthropic ^[a-zA-Z0-9_-]{1,128}$, OpenAI chat
 * ^[a-zA-Z0-9_-]{1,64}$, Gemini a letter or `_` first and 64 at most on the Developer API):
 * the strictest of them.
 */
const portableName = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/**
 * The upstream's name for function `name` of namespace `namespace`: joined by `__` as Codex joins
 * them itself (`mcp__server__` + `tool`, `multi_agent_v1` + `__` + `spawn_agent`). One no upstream
 * would take is made portable and given a hash of the pair, so that it stays distinct; calls are
 * mapped back by the declared tools (callerTool), never by parsing the name.
 */
export function qualifiedName(namespace: string, name: string): string {
  const joined = namespace.endsWith("__") ? `${namespace}${name}` : `${namespace}__${name}`;
  if (portableName.test(joined)) return joined;
  const hash = createHash("sha256").update(`${namespace}\0${name}`).digest("hex").slice(0, 8);
  const safe = joined.replace(/[^a-zA-Z0-9_-]/g, "_").replace(/^(?=[^a-zA-Z_])/, "_");
  return `${safe.slice(0, 64 - 9)}_${hash}`;
}

/** How the caller names the tool the upstream called `name`: itself, or a function inside one of its namespaces. */
export function callerTool(request: CanonicalRequest, name: string): { name: string; namespace?: string } {
  for (const tool of request.tools) if (tool.inNamespace && tool.name === name) return { name: tool.inNamespace.name, namespace: tool.inNamespace.namespace };
  return { name };
}
