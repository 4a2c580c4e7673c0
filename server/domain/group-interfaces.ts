// The interfaces a group offers follow its family (the seed's rule) and its channels: a domestic
// or compatible group with an enabled `anthropic` channel — a provider's Anthropic-compatible
// endpoint — also serves Family A messages natively, as Claude Code calls it.
import { type ChannelKind, kindServes } from "./channel-presets.ts";
import { type Family, type Interface, interfaceFamilies, interfacePaths } from "./families.ts";

/** Families whose providers publish Anthropic-compatible endpoints that an `anthropic` channel can reach. */
export const anthropicCapableFamilies: readonly Family[] = ["domestic", "compatible"];

/** Whether a group of `family` with enabled channels of `kinds` serves `iface`. */
export function groupServes(family: Family, iface: Interface, kinds: Iterable<ChannelKind>): boolean {
  if (interfaceFamilies[iface].includes(family)) return true;
  return iface === "messages" && anthropicCapableFamilies.includes(family) && [...kinds].includes("anthropic");
}

/** The paths a group offers, in the order of `interfacePaths`. */
export function groupInterfacePaths(family: Family, kinds: Iterable<ChannelKind>): string[] {
  const held = [...kinds];
  return (Object.keys(interfacePaths) as (keyof typeof interfacePaths)[]).filter((iface) => groupServes(family, iface, held)).map((iface) => interfacePaths[iface]);
}

/** Whether a channel of `kind` could ever serve a call of a group of `family`: the channel form refuses bindings that could not. */
export function kindServesFamily(kind: ChannelKind, family: Family): boolean {
  return kindServes[kind].some((iface) => groupServes(family, iface, [kind]));
}
