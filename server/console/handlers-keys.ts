// API keys: the secret is shown once at creation; only its hash is stored. An owner manages every
// key of the organization, anyone else only their own. A key binds to a group its member may use.
import type { Request, Response } from "express";
import { displayOf, hashSecret, newKeySecret } from "../domain/api-key-secret.ts";
import { canSetSpendCaps, memberMayUse, seesWholeOrganization } from "../domain/permissions.ts";
import type { ApiKey, User } from "../store/records.ts";
import { type ConsoleDeps, accessOf } from "./context.ts";
import { recordAudit } from "./audit.ts";
import { consoleError } from "./errors.ts";
import { type RateLimitsInput, rateLimitsFrom, refuseRateLimitsUnlessOwner } from "./rate-limits.ts";
import { type CapChange, capPeriodChange, storedCapAccount } from "./cap-periods.ts";
import { keyJson } from "./serialize.ts";
import { currentMember } from "./session.ts";

export function keyHandlers(deps: ConsoleDeps) {
  const { store } = deps;

  const groupsById = async () => new Map((await store.groups.list()).map((group) => [group.id, group]));

  /** Rejects a group the key's member may not use, naming the field and the choices. */
  async function checkGroup(member: User, groupId: string | null | undefined): Promise<void> {
    if (groupId === null || groupId === undefined) return;
    const groups = await groupsById();
    const group = groups.get(groupId);
    const organization = await store.organizations.get(member.organizationId!);
    const access = accessOf(organization, member);
    if (!group || !memberMayUse(access.organization, access.member, group)) {
      throw consoleError("invalid_request", `Group "${groupId}" is not one this key's member may use. Pick a group from the Call Guide.`, "group_id");
    }
  }

  /** A member may not lift the limit the owner put on it; a key created without a cap is fine. */
  function checkCapChange(user: User, body: CapChange, creating: boolean): void {
    const { spend_cap: spendCap, cap_period: period } = body;
    const changes = creating ? spendCap !== undefined && spendCap !== null : spendCap !== undefined;
    if (changes && !canSetSpendCaps(user.role)) {
      throw consoleError("forbidden", "Only the organization's owner sets or clears spend caps. Leave `spend_cap` out, or ask the owner.", "spend_cap");
    }
    if ((creating ? period != null : period !== undefined) && !canSetSpendCaps(user.role)) {
      throw consoleError("forbidden", "Only the organization's owner sets when spend caps reset. Leave `cap_period` out, or ask the owner.", "cap_period");
    }
  }

  async function visibleKey(res: Response, id: string): Promise<ApiKey> {
    const user = currentMember(res);
    const key = await store.keys.get(id);
    const visible = key && key.organizationId === user.organizationId && (seesWholeOrganization(user.role) || key.userId === user.id);
    if (!visible) throw consoleError("not_found", `No key "${id}" among your keys.`);
    return key;
  }

  return {
    async list(_req: Request, res: Response) {
      const user = currentMember(res);
      const keys = seesWholeOrganization(user.role) ? await store.keys.ofOrganization(user.organizationId) : await store.keys.ofUser(user.id);
      const groups = await groupsById();
      res.json({ data: keys.map((key) => keyJson(key, groups)) });
    },
    async create(req: Request, res: Response) {
      const user = currentMember(res);
      const body = req.body as { name: string; group_id?: string | null; expires_at?: string | null; rate_limits?: RateLimitsInput } & CapChange;
      refuseRateLimitsUnlessOwner(user, body.rate_limits);
      checkCapChange(user, body, true);
      const period = capPeriodChange({ spendCap: null, capPeriod: null }, body);
      await checkGroup(user, body.group_id);
      const expiresAt = body.expires_at ? Date.parse(body.expires_at) : null;
      if (expiresAt !== null && expiresAt <= Date.now()) throw consoleError("invalid_request", "`expires_at` is in the past. Choose a future date or leave it empty.", "expires_at");
      const secret = newKeySecret();
      const id = await store.keys.create({
        userId: user.id,
        organizationId: user.organizationId,
        name: body.name,
        secretHash: hashSecret(secret),
        display: displayOf(secret),
        groupId: body.group_id ?? null,
        expiresAt,
        spendCap: body.spend_cap ?? null,
        capPeriod: period?.to ?? null,
        rateLimits: rateLimitsFrom(body.rate_limits),
      });
      await deps.onChange();
      const created = keyJson((await store.keys.get(id))!, await groupsById());
      await recordAudit(deps, res, "key.created", { type: "key", id, name: body.name, organizationId: user.organizationId }, null, created);
      res.status(201).json({ ...created, secret });
    },
    async update(req: Request, res: Response) {
      const key = await visibleKey(res, String(req.params.id));
      if (key.revokedAt !== null) throw consoleError("conflict", "This key is revoked; create a new key instead.");
      const body = req.body as { name?: string; group_id?: string | null; rate_limits?: RateLimitsInput } & CapChange;
      refuseRateLimitsUnlessOwner(currentMember(res), body.rate_limits);
      checkCapChange(currentMember(res), body, false);
      const capPeriod = capPeriodChange(key, body);
      await checkGroup((await store.users.get(key.userId))!, body.group_id);
      // A cap sent as it was is not written again: that could undo someone else's change made meanwhile.
      const capMoves = body.spend_cap !== undefined && body.spend_cap !== key.spendCap;
      const write = (commitBy?: number) =>
        store.keys.update(key.id, { name: body.name, groupId: body.group_id, spendCap: capMoves ? body.spend_cap : undefined, capPeriod, rateLimits: rateLimitsFrom(body.rate_limits) }, commitBy);
      // The call-state account the cap counts in after the write is read again from the database (see restartCap).
      if (capMoves || capPeriod) await deps.callState.restartCap(`key:${key.id}`, write, async () => storedCapAccount("key", key.id, await store.keys.get(key.id)));
      else await write();
      await deps.onChange();
      const groups = await groupsById();
      const after = keyJson((await store.keys.get(key.id))!, groups);
      await recordAudit(deps, res, "key.updated", { type: "key", id: key.id, name: after.name, organizationId: key.organizationId }, keyJson(key, groups), after);
      res.json(after);
    },
    async revoke(req: Request, res: Response) {
      const key = await visibleKey(res, String(req.params.id));
      await store.keys.revoke(key.id);
      await deps.onChange();
      const groups = await groupsById();
      const after = keyJson((await store.keys.get(key.id))!, groups);
      await recordAudit(deps, res, "key.revoked", { type: "key", id: key.id, name: key.name, organizationId: key.organizationId }, keyJson(key, groups), after);
      res.json(after);
    },
  };
}
