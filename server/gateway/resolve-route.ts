// From an authenticated key, an interface and a call name to the (group, model) that serves it, or
// the error of DESIGN.md §6 that says why not and what to do.
import { parseCallName } from "../domain/call-name.ts";
import { type GatewayError, gatewayError } from "../domain/errors.ts";
import { type Interface, familyLabels, interfaceFamilies } from "../domain/families.ts";
import { anthropicCapableFamilies, groupCalls, groupInterfacePaths } from "../domain/group-interfaces.ts";
import { memberMayUse } from "../domain/permissions.ts";
import type { Group, GroupModel } from "../store/records.ts";
import type { Caller } from "./middleware/authenticate.ts";
import type { Snapshot } from "./catalog.ts";

/** `translated`: the group accepts the interface by the operator's opt-in; the call is translated to its channels' format. */
export type Route = { group: Group; model: GroupModel; callName: string; translated: boolean };

const noKinds: ReadonlySet<never> = new Set();

const access = (caller: Caller) => ({
  organization: { exclusiveGroupIds: caller.organization.exclusive },
  member: { role: caller.member.role, grantedGroupIds: caller.member.granted },
});

/** The key's bound group, if it may still be used; every relay call starts here. */
export function boundGroup(snapshot: Snapshot, caller: Caller): Group | GatewayError {
  const { key } = caller;
  const group = key.groupId ? snapshot.groupsById.get(key.groupId) : undefined;
  if (!group) {
    return gatewayError(
      "no_group",
      `API key "${key.name}" is not bound to any group, so it cannot call models. Select a group for this key in the Tollgate console (API Keys → Group column).`,
    );
  }
  const { organization, member } = access(caller);
  if (!memberMayUse(organization, member, group)) {
    return gatewayError(
      "group_not_permitted",
      `API key "${key.name}" is bound to group "${group.name}", which you are no longer permitted to use. Rebind the key to one of your groups in the Tollgate console (API Keys → Group column).`,
    );
  }
  return group;
}

export function resolveRoute(snapshot: Snapshot, caller: Caller, iface: Interface, callName: string): Route | GatewayError {
  const bound = boundGroup(snapshot, caller);
  if ("kind" in bound) return bound;

  let group = bound;
  // A model id of the bound group is what it says, even where its first segment is also some
  // group's identifier (`deepseek-ai/DeepSeek-V3` beside a group `deepseek-ai`): the model lists
  // show it so, and it must be callable as shown.
  const ownModel = callName.includes("/") && bound.models.some((candidate) => candidate.modelId === callName);
  const parsed = ownModel ? { groupIdentifier: null, modelId: callName } : parseCallName(callName, (prefix) => snapshot.groupsByIdentifier.has(prefix));
  if (parsed.groupIdentifier !== null) {
    const named = snapshot.groupsByIdentifier.get(parsed.groupIdentifier)!;
    const { organization, member } = access(caller);
    if (!caller.organization.groupRouting) {
      return gatewayError(
        "model_not_found",
        `"${callName}" names group "${parsed.groupIdentifier}", but group-qualified model names are disabled for your organization. Call "${parsed.modelId}" with a key bound to that group, or ask your organization's owner to have group-identifier routing enabled.`,
      );
    }
    if (!memberMayUse(organization, member, named)) {
      return gatewayError(
        "model_not_found",
        `Group "${parsed.groupIdentifier}" in "${callName}" is unknown or not available to you. Use a group listed in your Call Guide, or call "${parsed.modelId}" through your key's own group.`,
      );
    }
    group = named;
  }

  const kinds = snapshot.channelKindsByGroup.get(group.id) ?? noKinds;
  const calls = groupCalls(group, iface, kinds);
  if (calls === null) {
    const servedBy = interfaceFamilies[iface].map((family) => familyLabels[family]).join(" or ");
    const instead = groupInterfacePaths(group, kinds).join(" or ");
    // A domestic or compatible group serves messages once the operator gives it an Anthropic-compatible channel.
    const operator = iface === "messages" && anthropicCapableFamilies.includes(group.family) ? " The operator can also give this group an Anthropic-compatible channel (kind anthropic) so it serves this interface." : "";
    return gatewayError(
      "interface_mismatch",
      `Group "${group.name}" serves ${familyLabels[group.family]} models and cannot serve this interface, which serves ${servedBy} groups. Rebind the key to a ${servedBy} group in the Tollgate console (API Keys → Group column), or call ${instead} instead.${operator} The operator can also let the group accept this interface (translated_interfaces).`,
    );
  }

  const model = group.models.find((candidate) => candidate.modelId === parsed.modelId);
  if (!model) {
    const offered = group.models.map((candidate) => candidate.modelId).join(", ") || "none yet";
    return gatewayError(
      "model_not_found",
      `Model "${parsed.modelId}" is not offered by group "${group.name}". Models in this group: ${offered}. See the Call Guide in the Tollgate console for call names.`,
    );
  }
  return { group, model, callName, translated: calls === "translated" };
}
