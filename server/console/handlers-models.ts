// Marketplace (public) and Call Guide (signed in): two views over the same groups.
import type { Request, Response } from "express";
import type { ChannelKind } from "../domain/channel-presets.ts";
import { callGuide, marketplace, baseUrlsFor } from "../domain/model-views.ts";
import { type ConsoleDeps, accessOf, originOf } from "./context.ts";
import { currentUser } from "./session.ts";

export function modelViewHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  /**
   * Groups with the kinds of their enabled channels, which decide the interfaces the Call Guide
   * shows, and the models those channels serve (a channel without a model list serves them all).
   */
  const groupsWithChannels = async () => {
    const [groups, channels] = await Promise.all([store.groups.list(), store.channels.list()]);
    return groups.map((group) => {
      const serving = channels.filter((channel) => channel.enabled && channel.groupIds.includes(group.id));
      const kinds = new Set<ChannelKind>(serving.map((channel) => channel.kind));
      const servedModels = new Set(group.models.map((model) => model.modelId).filter((id) => serving.some((channel) => channel.models.length === 0 || channel.models.includes(id))));
      return { ...group, channelKinds: [...kinds], servedModels };
    });
  };
  return {
    async marketplace(_req: Request, res: Response) {
      res.json(marketplace(await groupsWithChannels()));
    },
    async callGuide(req: Request, res: Response) {
      const user = currentUser(res);
      const organization = user.organizationId ? await store.organizations.get(user.organizationId) : undefined;
      const { organization: orgAccess, member } = accessOf(organization, user);
      res.json(callGuide(await groupsWithChannels(), orgAccess, member, baseUrlsFor(originOf(deps, req)), organization?.groupRouting ?? false));
    },
  };
}
