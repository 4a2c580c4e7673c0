// Rate limits in the console: who may set them, and the operator's view of every organization's
// keys. Keys: the organization's owner or the operator; organizations and groups: the operator.
import type { Request, Response } from "express";
import type { User } from "../store/records.ts";
import type { RateLimitChanges } from "../store/rate-limit-columns.ts";
import type { ConsoleDeps } from "./context.ts";
import { recordAudit } from "./audit.ts";
import { consoleError } from "./errors.ts";
import { keyJson } from "./serialize.ts";
import { currentOperator } from "./session.ts";

export type RateLimitsInput = { rpm?: number | null; tpm?: number | null; concurrent?: number | null };

export const rateLimitsFrom = (input: RateLimitsInput | undefined): RateLimitChanges | undefined =>
  input && { rpm: input.rpm, tpm: input.tpm, concurrent: input.concurrent };

/** A sub-user or developer may not lift (or set) the limits its keys are held to. */
export function refuseRateLimitsUnlessOwner(user: User, input: RateLimitsInput | undefined) {
  if (input !== undefined && user.role !== "owner") {
    throw consoleError("forbidden", "Only the organization's owner (or the operator) can set a key's rate limits. Ask your owner to change them.", "rate_limits");
  }
}

export function adminKeyHandlers(deps: ConsoleDeps) {
  const { store } = deps;
  const groupsById = async () => new Map((await store.groups.list()).map((group) => [group.id, group]));
  return {
    async listOfOrganization(req: Request, res: Response) {
      currentOperator(res);
      const id = String(req.params.id);
      if (!(await store.organizations.get(id))) throw consoleError("not_found", `No organization "${id}".`);
      const groups = await groupsById();
      res.json({ data: (await store.keys.ofOrganization(id)).map((key) => keyJson(key, groups)) });
    },
    async update(req: Request, res: Response) {
      currentOperator(res);
      const key = await store.keys.get(String(req.params.id));
      if (!key) throw consoleError("not_found", `No key "${req.params.id}".`);
      const body = req.body as { rate_limits: RateLimitsInput };
      await store.keys.update(key.id, { rateLimits: rateLimitsFrom(body.rate_limits) });
      await deps.onChange();
      const groups = await groupsById();
      const after = keyJson((await store.keys.get(key.id))!, groups);
      await recordAudit(deps, res, "key.limits_changed", { type: "key", id: key.id, name: key.name, organizationId: key.organizationId }, keyJson(key, groups), after);
      res.json(after);
    },
  };
}
