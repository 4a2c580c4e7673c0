// Which channels may serve a call, and in what order: highest priority first, weighted random
// among equals (each channel's chance to lead is proportional to its weight).
import { kindServes } from "../../domain/channel-presets.ts";
import type { Family, Interface } from "../../domain/families.ts";
import { groupServes, kindServesFamily } from "../../domain/group-interfaces.ts";
import { type CapabilityOverrides, type ResolvedCapabilities, catalogCapabilities, modelCapabilities } from "../../domain/model-capabilities.ts";
import type { ChannelWithCredentials } from "../../store/channels.ts";

/**
 * For a native call: the group's channels whose kind serves `iface` for the group's family (a
 * domestic group's native messages go to its `anthropic` channels, never to a Bedrock channel it
 * holds for Llama's chat, though the kind serves messages elsewhere).
 */
export function eligibleChannels<C extends ChannelWithCredentials>(channels: C[], iface: Interface, family: Family, groupId: string, modelId: string): C[] {
  return channels.filter(
    (channel) =>
      channel.enabled &&
      kindServes[channel.kind].includes(iface) &&
      groupServes(family, iface, [channel.kind]) &&
      channel.groupIds.includes(groupId) &&
      (channel.models.length === 0 || channel.models.includes(modelId)),
  );
}

/** For a translated call: every channel of the group that serves one of the group's own interfaces (its format is the upstream's). */
export function translatingChannels<C extends ChannelWithCredentials>(channels: C[], family: Family, groupId: string, modelId: string): C[] {
  return channels.filter(
    (channel) => channel.enabled && kindServesFamily(channel.kind, family) && channel.groupIds.includes(groupId) && (channel.models.length === 0 || channel.models.includes(modelId)),
  );
}

export function orderChannels<T extends { priority: number; weight: number }>(channels: T[], random: () => number = Math.random): T[] {
  // Efraimidis–Spirakis: sorting by random^(1/weight) draws a weighted permutation in one pass.
  const keyed = channels.map((channel) => ({ channel, key: Math.pow(random(), 1 / Math.max(1, channel.weight)) }));
  keyed.sort((a, b) => b.channel.priority - a.channel.priority || b.key - a.key);
  return keyed.map(({ channel }) => channel);
}

export function upstreamModelOf(channel: ChannelWithCredentials, modelId: string): string {
  return channel.modelMapping[modelId] ?? modelId;
}

/**
 * What the model a channel serves for this public id takes: the catalog's entry for the upstream
 * id (a Bedrock or Vertex id is the catalog's own, normalized there), each field the operator set
 * replacing it. An Azure deployment's name is the operator's own word, often no model id at all
 * ("prod-chat"): where the catalog does not know it, the public id says which model it is.
 */
export function capabilitiesOn(channel: ChannelWithCredentials, modelId: string, overrides: CapabilityOverrides | null | undefined): ResolvedCapabilities {
  const upstream = modelCapabilities(upstreamModelOf(channel, modelId), overrides);
  if (channel.kind !== "azure-openai" || catalogCapabilities(upstreamModelOf(channel, modelId)).source !== "default") return upstream;
  return modelCapabilities(modelId, overrides);
}

/** Credentials of a channel take turns, per worker. */
const turns = new Map<string, number>();
export function nextCredential(channel: ChannelWithCredentials): string {
  const turn = turns.get(channel.id) ?? 0;
  turns.set(channel.id, turn + 1);
  return channel.credentials[turn % channel.credentials.length];
}
