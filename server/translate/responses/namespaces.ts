// Responses `namespace` tools on a translated call. A namespace groups client-run functions under
// a name (Codex declares its sub-agent functions as `multi_agent_v1`, MCP servers' tools as
// `mcp__<server>__`); the model calls one with a `function_call` item naming both, and Codex runs
// it by the pair. Other upstreams have flat function names only, so each function goes upstream
// under one name made from the pair, and the caller gets its calls back split again.
import type { CanonicalRequest } from "../canonical.ts";
import { hashedName, portableName } from "../tool-names.ts";

/**
 * The upstream's name for function `name` of namespace `namespace`: joined by `__` as Codex joins
 * them itself (`mcp__server__` + `tool`, `multi_agent_v1` + `__` + `spawn_agent`). One no upstream
 * would take is made portable and given a hash of the pair, so that it stays distinct; calls are
 * mapped back by the declared tools (callerTool), never by parsing the name.
 */
export function qualifiedName(namespace: string, name: string): string {
  const joined = namespace.endsWith("__") ? `${namespace}${name}` : `${namespace}__${name}`;
  return portableName.test(joined) ? joined : hashedName(joined, `${namespace}\0${name}`);
}

/** How the caller names the tool the upstream called `name`: itself, or a function inside one of its namespaces. */
export function callerTool(request: CanonicalRequest, name: string): { name: string; namespace?: string } {
  for (const tool of request.tools) if (tool.inNamespace && tool.name === name) return { name: tool.inNamespace.name, namespace: tool.inNamespace.namespace };
  return { name };
}
