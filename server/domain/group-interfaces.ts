// The interfaces a group offers follow its family (the seed's rule), its channels and the
// operator's opt-in: a domestic or compatible group with an enabled `anthropic` channel — a
// provider's Anthropic-compatible endpoint — also serves Family A messages natively, as Claude
// Code calls it; and a group may accept other interfaces, whose calls are translated to the
// format of the channel that serves them (server/translate/).
import { type ChannelKind, kindServes } from "./channel-presets.ts";
import { type Family, type Interface, type RelayInterface, interfaceFamilies, interfacePaths } from "./families.ts";

/** Families whose providers publish Anthropic-compatible endpoints that an `anthropic` channel can reach. */
export const anthropicCapableFamilies: readonly Family[] = ["domestic", "compatible"];

/** Whether a group of `family` with enabled channels of `kinds` serves `iface` natively (the client's bytes go upstream). */
export function groupServes(family: Family, iface: Interface, kinds: Iterable<ChannelKind>): boolean {
  if (interfaceFamilies[iface].includes(family)) return true;
  return iface === "messages" && anthropicCapableFamilies.includes(family) && [...kinds].includes("anthropic");
}

export type GroupInterfaces = { family: Family; translatedInterfaces: readonly RelayInterface[] };

/** How a group answers a call on `iface`: natively, translated (the operator's opt-in), or not at all. */
export function groupCalls(group: GroupInterfaces, iface: Interface, kinds: Iterable<ChannelKind>): "native" | "translated" | null {
  if (groupServes(group.family, iface, kinds)) return "native";
  return (group.translatedInterfaces as readonly Interface[]).includes(iface) ? "translated" : null;
}

/** The paths a group offers, natively or translated, in the order of `interfacePaths`. */
export function groupInterfacePaths(group: GroupInterfaces, kinds: Iterable<ChannelKind>): string[] {
  const held = [...kinds];
  return (Object.keys(interfacePaths) as (keyof typeof interfacePaths)[]).filter((iface) => groupCalls(group, iface, held) !== null).map((iface) => interfacePaths[iface]);
}

/** Whether a channel of `kind` could ever serve a call of a group of `family`: the channel form refuses bindings that could not. */
export function kindServesFamily(kind: ChannelKind, family: Family): boolean {
  return kindServes[kind].some((iface) => groupServes(family, iface, [kind]));
}

/** Which upstream format answers a translated call on a channel of `kind`: the richest one the group serves natively. */
const upstreamPreference: RelayInterface[] = ["messages", "responses", "generate-content", "chat"];
export function upstreamFormatOf(kind: ChannelKind, family: Family): RelayInterface | undefined {
  return upstreamPreference.find((iface) => kindServes[kind].includes(iface) && groupServes(family, iface, [kind]));
}
