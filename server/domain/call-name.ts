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
