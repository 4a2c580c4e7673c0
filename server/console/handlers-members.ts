// Members of an organization, managed by its owner: add sub-users and developers, grant groups.
import type { Request, Response } from "express";
import { canManageMembers } from "../domain/permissions.ts";
import type { CapPeriod } from "../domain/cap-periods.ts";
import type { User } from "../store/records.ts";
import type { ConsoleDeps } from "./context.ts";
import { type CapChange, capPeriodChange, storedCapAccount } from "./cap-periods.ts";
import { recordAudit } from "./audit.ts";
import { consoleError } from "./errors.ts";
import { checkGrantable as checkGrantableIn } from "./grantable-groups.ts";
import { hashPassword } from "./passwords.ts";
import { memberJson } from "./serialize.ts";

/** The roles an organization's owner may give a member: never `operator`. */
const memberRoles = new Set(["owner", "sub-user", "developer"]);
import { currentMember } from "./session.ts";

export function memberHandlers(deps: ConsoleDeps) {
  const { store } = deps;

  function currentOwner(res: Response): User & { organizationId: string } {
    const user = currentMember(res);
    if (!canManageMembers(user.role)) throw consoleError("forbidden", "Only the organization's owner manages members.");
    return user;
  }

  const checkGrantable = (organizationId: string, groupIds: string[]) => checkGrantableIn(store, organizationId, groupIds);

  async function memberOr404(owner: User, id: string): Promise<User> {
    const member = await store.users.get(id);
    if (!member || member.organizationId !== owner.organizationId) throw consoleError("not_found", `No member "${id}" in your organization.`);
    return member;
  }

  return {
    async list(_req: Request, res: Response) {
      const owner = currentOwner(res);
      res.json({ data: (await store.users.inOrganization(owner.organizationId)).map(memberJson) });
    },
    async create(req: Request, res: Response) {
      const owner = currentOwner(res);
      const body = req.body as {
        email: string;
        name: string;
        password: string;
        role: "owner" | "sub-user" | "developer";
        group_ids?: string[];
        spend_cap?: number | null;
        cap_period?: CapPeriod | null;
      };
      // The contract allows only these; checked here too, since an operator's role must never come from a request body.
      if (!memberRoles.has(body.role)) throw consoleError("invalid_request", "`role` must be owner, sub-user or developer.", "role");
      // An owner account made with a password the token's holder chose would be a sign-in, and so a way to mint tokens.
      if (body.role === "owner" && res.locals.consoleToken) {
        throw consoleError("forbidden", "Sign in to the console to add an owner; an automation token can add sub-users and developers only.", "role");
      }
      await checkGrantable(owner.organizationId, body.group_ids ?? []);
      if (await store.users.byEmail(body.email)) throw consoleError("conflict", `An account with email ${body.email} already exists. Use another email.`, "email");
      const id = await store.users.create({
        organizationId: owner.organizationId,
        email: body.email,
        name: body.name,
        role: body.role,
        passwordHash: await hashPassword(body.password),
        groupIds: body.group_ids ?? [],
        spendCap: body.spend_cap ?? null,
        capPeriod: capPeriodChange({ spendCap: null, capPeriod: null }, body)?.to ?? null,
      });
      await deps.onChange();
      const created = memberJson((await store.users.get(id))!);
      await recordAudit(deps, res, "member.created", { type: "member", id, name: body.email, organizationId: owner.organizationId }, null, created);
      res.status(201).json(created);
    },
    async update(req: Request, res: Response) {
      const member = await memberOr404(currentOwner(res), String(req.params.id));
      const body = req.body as CapChange;
      const { spend_cap } = body;
      const capPeriod = capPeriodChange(member, body);
      // As for keys: a cap sent as it was is not written again, and the account the cap counts in after the write is read again.
      const capMoves = spend_cap !== undefined && spend_cap !== member.spendCap;
      const write = (commitBy?: number) => store.users.setSpendCap(member.id, capMoves ? spend_cap : undefined, capPeriod, commitBy);
      if (capMoves || capPeriod) await deps.callState.restartCap(`member:${member.id}`, write, async () => storedCapAccount("member", member.id, await store.users.get(member.id)));
      await deps.onChange();
      const after = memberJson((await store.users.get(member.id))!);
      await recordAudit(deps, res, "member.updated", { type: "member", id: member.id, name: member.email, organizationId: member.organizationId }, memberJson(member), after);
      res.json(after);
    },
    /** Archives a member: its keys are revoked and it can no longer sign in; its calls keep its name. */
    async archive(req: Request, res: Response) {
      const owner = currentOwner(res);
      const member = await memberOr404(owner, String(req.params.id));
      if (member.id === owner.id) throw consoleError("conflict", "You cannot archive yourself. Another owner can, or the operator archives the organization.");
      const revoked = await store.users.archive([member.id]);
      await deps.onChange();
      await recordAudit(deps, res, "member.archived", { type: "member", id: member.id, name: member.email, organizationId: member.organizationId }, memberJson(member), null);
      res.json({ id: member.id, archived: true, revoked_key_ids: revoked });
    },
    async setGroups(req: Request, res: Response) {
      const owner = currentOwner(res);
      const member = await memberOr404(owner, String(req.params.id));
      const { group_ids } = req.body as { group_ids: string[] };
      await checkGrantable(owner.organizationId, group_ids);
      await store.users.setGroups(member.id, group_ids);
      await deps.onChange();
      const after = memberJson((await store.users.get(member.id))!);
      await recordAudit(deps, res, "member.grants_changed", { type: "member", id: member.id, name: member.email, organizationId: member.organizationId }, memberJson(member), after);
      res.json(after);
    },
  };
}
