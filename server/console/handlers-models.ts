// Marketplace (public) and Call Guide (signed in): two views over the same groups.
import type { Request, Response } from "express";
import { callGuide, marketplace, baseUrlsFor } from "../domain/model-views.ts";
import { type ConsoleDeps, accessOf, originOf } from "./context.ts";
import { currentUser } from "./session.ts";

export function modelViewHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  return {
    async marketplace(_req: Request, res: Response) {
      res.json(marketplace(await store.groups.list()));
    },
    async callGuide(req: Request, res: Response) {
      const user = currentUser(res);
      const organization = user.organizationId ? await store.organizations.get(user.organizationId) : undefined;
      const { organization: orgAccess, member } = accessOf(organization, user);
      res.json(callGuide(await store.groups.list(), orgAccess, member, baseUrlsFor(originOf(deps, req)), organization?.groupRouting ?? false));
    },
  };
}
