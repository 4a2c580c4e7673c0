// A call name is either a plain model id or `<group_identifier>/<model_id>`. Model ids may contain
// `/` themselves (`Qwen/Qwen3-235B`), so a prefix counts as a group only when it is a known
// group identifier (DESIGN.md §4).

export type CallName = { groupIdentifier: string | null; modelId: string };

export function parseCallName(name: string, isGroupIdentifier: (prefix: string) => boolean): CallName {
  const slash = name.indexOf("/");
  if (slash > 0 && slash < name.length - 1) {
    const prefix = name.slice(0, slash);
    if (isGroupIdentifier(prefix)) return { groupIdentifier: prefix, modelId: name.slice(slash + 1) };
  }
  return { groupIdentifier: null, modelId: name };
}

export function qualifiedCallName(groupIdentifier: string, modelId: string): string {
  return `${groupIdentifier}/${modelId}`;
}

/**
 * The call name in a model path. `@google/genai` sends a name's `/` unencoded, so it arrives as one
 * segment (`{model}`), two (`{group}/{model}`) or three (`{group}/{owner}/{model}`: a group-qualified
 * `Qwen/Qwen3-235B-A22B`); the other SDKs percent-encode it into one.
 */
export function callNameInPath(params: Record<string, unknown>): string {
  return [params.group, params.owner, params.model].filter((segment) => segment !== undefined).join("/");
}

/** Segments a model path takes at most: more cannot be told apart from an unknown path, so the caller is told to encode. */
export const maxModelPathSegments = 3;
