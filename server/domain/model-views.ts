// The three views of models share one source (DESIGN.md §5): the Marketplace (public groups),
// the Call Guide (groups a member may use) and the model list of a key (its bound group).
// Aggregated over keys covering every Call Guide group, the model lists equal the Call Guide.
import { qualifiedCallName } from "./call-name.ts";
import type { ChannelKind } from "./channel-presets.ts";
import { type Family, type RelayInterface, families } from "./families.ts";
import { groupInterfacePaths } from "./group-interfaces.ts";
import { type MemberAccess, type OrganizationAccess, memberMayUse } from "./permissions.ts";
import { type CapabilityOverrides, modelCapabilities } from "./model-capabilities.ts";
import { type Prices, groupPrices } from "./pricing.ts";

export type ViewModel = { modelId: string; displayName: string; prices: Prices; capabilities?: CapabilityOverrides };

/** What a caller plans by (spec ModelLimits): the capabilities the gateway holds the model to. */
export function limitsOf(model: Pick<ViewModel, "modelId" | "capabilities">) {
  const capabilities = modelCapabilities(model.modelId, model.capabilities);
  return { context_window: capabilities.contextWindow, max_output_tokens: capabilities.maxOutputTokens, reasons: capabilities.reasoning !== null };
}
export type ViewGroup = {
  id: string;
  name: string;
  identifier: string;
  family: Family;
  /** Interfaces accepted beyond the family's, translated (server/translate/). */
  translatedInterfaces?: readonly RelayInterface[];
  multiplierMilli: number;
  visibility: "public" | "exclusive";
  models: ViewModel[];
  /** Kinds of the group's enabled channels: a domestic or compatible group with an `anthropic` one also offers /v1/messages. */
  channelKinds?: readonly ChannelKind[];
  /** Models some enabled channel serves in this group; absent: every model (callers that do not know channels). */
  servedModels?: ReadonlySet<string>;
};

const served = (group: ViewGroup, modelId: string) => group.servedModels?.has(modelId) ?? true;

export type BaseUrls = { anthropic: string; openai: string; gemini: string };

export function baseUrlsFor(origin: string): BaseUrls {
  const host = origin.replace(/\/+$/, "");
  return { anthropic: host, openai: `${host}/v1`, gemini: host };
}

export function baseUrlForFamily(urls: BaseUrls, family: Family): string {
  return family === "A" ? urls.anthropic : family === "C" ? urls.gemini : urls.openai;
}

/** Family by family, cheapest multiplier first: the order people compare groups in. */
export function byFamilyThenMultiplier(a: ViewGroup, b: ViewGroup): number {
  return families.indexOf(a.family) - families.indexOf(b.family) || a.multiplierMilli - b.multiplierMilli || a.name.localeCompare(b.name);
}

export function marketplace(groups: ViewGroup[]) {
  return {
    groups: groups
      .filter((group) => group.visibility === "public")
      .sort(byFamilyThenMultiplier)
      .map((group) => ({
        name: group.name,
        identifier: group.identifier,
        family: group.family,
        translated_interfaces: [...(group.translatedInterfaces ?? [])],
        multiplier_milli: group.multiplierMilli,
        models: group.models.map((model) => ({
          model_id: model.modelId,
          display_name: model.displayName,
          base_prices: model.prices,
          prices: groupPrices(model.prices, group.multiplierMilli),
          available: served(group, model.modelId),
          limits: limitsOf(model),
        })),
      })),
  };
}

export function usableGroups(groups: ViewGroup[], organization: OrganizationAccess, member: MemberAccess): ViewGroup[] {
  return groups.filter((group) => memberMayUse(organization, member, group));
}

export function callGuide(groups: ViewGroup[], organization: OrganizationAccess, member: MemberAccess, urls: BaseUrls, groupRouting: boolean) {
  return {
    base_urls: urls,
    group_routing: groupRouting,
    groups: usableGroups(groups, organization, member)
      .sort(byFamilyThenMultiplier)
      .map((group) => ({
        id: group.id,
        name: group.name,
        identifier: group.identifier,
        family: group.family,
        multiplier_milli: group.multiplierMilli,
        visibility: group.visibility,
        interfaces: groupInterfacePaths({ family: group.family, translatedInterfaces: group.translatedInterfaces ?? [] }, group.channelKinds ?? []),
        translated_interfaces: [...(group.translatedInterfaces ?? [])],
        base_url: baseUrlForFamily(urls, group.family),
        models: group.models.map((model) => ({
          model_id: model.modelId,
          display_name: model.displayName,
          call_name: model.modelId,
          qualified_call_name: qualifiedCallName(group.identifier, model.modelId),
          prices: groupPrices(model.prices, group.multiplierMilli),
          available: served(group, model.modelId),
          limits: limitsOf(model),
        })),
      })),
  };
}
