// Operator pages: groups (family from the name's keyword, or given), organizations, top-ups, exclusive grants.
import type { Request, Response } from "express";
import type { Family, RelayInterface } from "../domain/families.ts";
import { groupFamily } from "../domain/group-family.ts";
import { kindServesFamily } from "../domain/group-interfaces.ts";
import { constraintViolation } from "../store/constraints.ts";
import { maxMicros } from "../domain/pricing.ts";
import type { GroupModel } from "../store/records.ts";
import { type ConsoleDeps, withLiveBalances } from "./context.ts";
import { recordAudit } from "./audit.ts";
import { type CapabilityChangesJson, capabilityChangesFrom } from "./capabilities-json.ts";
import { consoleError } from "./errors.ts";
import { hashPassword } from "./passwords.ts";
import { type RateLimitsInput, rateLimitsFrom } from "./rate-limits.ts";
import { groupJson, organizationJson } from "./serialize.ts";
import { currentOperator } from "./session.ts";

type ModelInput = {
  model_id: string;
  display_name?: string;
  prices: { input: number; output: number; cache_read?: number; cache_write?: number; cache_write_1h?: number };
  capabilities?: CapabilityChangesJson;
};

function toModels(models: ModelInput[] | undefined): GroupModel[] | undefined {
  if (!models) return undefined;
  const seen = new Set<string>();
  return models.map((model, index) => {
    if (seen.has(model.model_id)) throw consoleError("invalid_request", `Model "${model.model_id}" is listed twice. List each model once.`, "models");
    seen.add(model.model_id);
    return {
      modelId: model.model_id,
      displayName: model.display_name ?? model.model_id,
      prices: {
        input: model.prices.input,
        output: model.prices.output,
        cache_read: model.prices.cache_read ?? 0,
        cache_write: model.prices.cache_write ?? 0,
        // Left unset, 1-hour cache writes cost cache_write.
        ...(model.prices.cache_write_1h === undefined ? {} : { cache_write_1h: model.prices.cache_write_1h }),
      },
      ...withChanges(capabilityChangesFrom(model.capabilities, `models[${index}].capabilities`)),
    };
  });
}

const withChanges = (capabilities: GroupModel["capabilities"]) => (capabilities ? { capabilities } : {});

function familyOrThrow(name: string, given?: Family, kept?: Family): Family {
  const decided = groupFamily(name, given, kept);
  if ("error" in decided) throw consoleError("invalid_request", decided.error, decided.field);
  return decided.family;
}

/** The column a unique constraint refused (name or identifier), if that is what failed. */
function takenColumn(error: unknown): string | undefined {
  const violation = constraintViolation(error);
  return violation?.kind === "unique" ? (violation.column ?? "name") : undefined;
}

export function adminHandlers(deps: ConsoleDeps) {
  const { store } = deps;

  /** A family change must leave every channel bound to the group able to serve it (the channel form's rule). */
  async function checkChannelsServe(groupId: string, groupName: string, family: Family) {
    const stranded = (await store.channels.list()).filter((channel) => channel.groupIds.includes(groupId) && !kindServesFamily(channel.kind, family));
    if (stranded.length === 0) return;
    const names = stranded.map((channel) => `"${channel.name}" (${channel.kind})`).join(", ");
    throw consoleError("invalid_request", `Group "${groupName}" cannot become family ${family}: channel ${names} serves it and cannot serve that family. Remove the group from those channels first, or keep \`family\` as it is.`, "family");
  }

  async function organizationOr404(id: string) {
    const organization = await store.organizations.get(id);
    if (!organization) throw consoleError("not_found", `No organization "${id}".`);
    return (await withLiveBalances(deps, [organization]))[0];
  }

  return {
    async listGroups(_req: Request, res: Response) {
      currentOperator(res);
      res.json({ data: (await store.groups.list()).map(groupJson) });
    },
    async createGroup(req: Request, res: Response) {
      currentOperator(res);
      const body = req.body as { name: string; identifier: string; family?: Family; translated_interfaces?: RelayInterface[]; multiplier_milli: number; visibility: "public" | "exclusive"; models?: ModelInput[]; rate_limits?: RateLimitsInput };
      const family = familyOrThrow(body.name, body.family);
      try {
        const id = await store.groups.create({
          name: body.name,
          identifier: body.identifier,
          family,
          translatedInterfaces: body.translated_interfaces,
          multiplierMilli: body.multiplier_milli,
          visibility: body.visibility,
          models: toModels(body.models) ?? [],
          rateLimits: rateLimitsFrom(body.rate_limits),
        });
        await deps.onChange();
        const created = groupJson((await store.groups.get(id))!);
        await recordAudit(deps, res, "group.created", { type: "group", id, name: created.name }, null, created);
        res.status(201).json(created);
      } catch (error) {
        const taken = takenColumn(error);
        if (taken) throw consoleError("conflict", `A group with this ${taken} already exists. Choose another.`, taken);
        throw error;
      }
    },
    async updateGroup(req: Request, res: Response) {
      currentOperator(res);
      const body = req.body as { name?: string; family?: Family; translated_interfaces?: RelayInterface[]; multiplier_milli?: number; visibility?: "public" | "exclusive"; models?: ModelInput[]; rate_limits?: RateLimitsInput };
      const group = await store.groups.get(String(req.params.id));
      if (!group) throw consoleError("not_found", `No group "${req.params.id}".`);
      const family = familyOrThrow(body.name ?? group.name, body.family, group.family);
      if (family !== group.family) await checkChannelsServe(group.id, group.name, family);
      const updated = await store.groups
        .update(group.id, {
          name: body.name,
          family,
          translatedInterfaces: body.translated_interfaces,
          multiplierMilli: body.multiplier_milli,
          visibility: body.visibility,
          models: toModels(body.models),
          rateLimits: rateLimitsFrom(body.rate_limits),
        })
        .catch((error) => {
          if (takenColumn(error)) throw consoleError("conflict", "A group with this name already exists. Choose another.", "name");
          throw error;
        });
      if (!updated) throw consoleError("not_found", `No group "${req.params.id}".`);
      await deps.onChange();
      const after = groupJson((await store.groups.get(group.id))!);
      await recordAudit(deps, res, "group.updated", { type: "group", id: group.id, name: after.name }, groupJson(group), after);
      res.json(after);
    },
    async archiveGroup(req: Request, res: Response) {
      currentOperator(res);
      const group = await store.groups.get(String(req.params.id));
      const unbound = group && (await store.groups.archive(group.id));
      if (!group || !unbound) throw consoleError("not_found", `No group "${req.params.id}".`);
      // The keys it unbound are named in the log line; the entry's `after` is null like every archive's.
      deps.log("admin.group_archive_unbound", { group_id: group.id, key_ids: unbound });
      await recordAudit(deps, res, "group.archived", { type: "group", id: group.id, name: group.name }, { ...groupJson(group), bound_key_ids: unbound }, null);
      await deps.onChange();
      deps.log("admin.group_archived", { group_id: req.params.id, unbound_keys: unbound.length });
      res.json({ id: String(req.params.id), archived: true, unbound_key_ids: unbound });
    },
    async callState(_req: Request, res: Response) {
      currentOperator(res);
      const status = await deps.callState.status();
      res.json({
        holding_calls: status.holds.calls,
        held: { organization: status.holds.held.org, member: status.holds.held.member, key: status.holds.held.key },
        leased: status.leased,
        unwritten: status.unflushed,
        queued_records: status.queued,
      });
    },
    async listOrganizations(_req: Request, res: Response) {
      currentOperator(res);
      const [organizations, members] = await Promise.all([store.organizations.list(), store.users.liveMembers()]);
      const owners = (id: string) => members.filter((member) => member.organizationId === id && member.role === "owner").map((owner) => ({ name: owner.name, email: owner.email }));
      res.json({ data: (await withLiveBalances(deps, organizations)).map((organization) => ({ ...organizationJson(organization), owners: owners(organization.id) })) });
    },
    async createOrganization(req: Request, res: Response) {
      currentOperator(res);
      const body = req.body as { name: string; group_routing?: boolean; rate_limits?: RateLimitsInput; owner: { email: string; name: string; password: string } };
      if (await store.users.byEmail(body.owner.email)) {
        throw consoleError("conflict", `An account with email ${body.owner.email} already exists. Use another email for the owner.`, "owner.email");
      }
      const passwordHash = await hashPassword(body.owner.password);
      const id = await store.db.transaction(async (tx) => {
        const organizationId = await store.organizations.create({ name: body.name, groupRouting: body.group_routing, rateLimits: rateLimitsFrom(body.rate_limits) }, tx);
        await store.users.create({ organizationId, email: body.owner.email, name: body.owner.name, role: "owner", passwordHash }, tx);
        return organizationId;
      });
      await deps.onChange();
      const created = organizationJson(await organizationOr404(id));
      await recordAudit(deps, res, "organization.created", { type: "organization", id, name: created.name, organizationId: id }, null, { ...created, owner: { email: body.owner.email, name: body.owner.name } });
      res.status(201).json(created);
    },
    async updateOrganization(req: Request, res: Response) {
      currentOperator(res);
      const organization = await organizationOr404(String(req.params.id));
      const body = req.body as { name?: string; group_routing?: boolean; sso_required?: boolean; rate_limits?: RateLimitsInput };
      await store.organizations.update(organization.id, { name: body.name, groupRouting: body.group_routing, ssoRequired: body.sso_required, rateLimits: rateLimitsFrom(body.rate_limits) });
      // Requiring single sign-on ends the sessions that passwords (or reset links) began: otherwise they would outlast the rule by days.
      const ended = body.sso_required === true && !organization.ssoRequired ? await store.sessions.endPasswordSessionsOf(organization.id) : 0;
      await deps.onChange();
      const after = organizationJson(await organizationOr404(organization.id));
      await recordAudit(deps, res, "organization.updated", { type: "organization", id: organization.id, name: after.name, organizationId: organization.id }, organizationJson(organization), ended > 0 ? { ...after, password_sessions_ended: ended } : after);
      res.json(after);
    },
    async topUp(req: Request, res: Response) {
      currentOperator(res);
      const organization = await organizationOr404(String(req.params.id));
      const { amount } = req.body as { amount: number };
      // Through the call-state owner: money leased to calls in flight cannot be taken away.
      if (!(await deps.callState.adjustBalance(organization.id, amount))) {
        const problem = amount < 0 ? `removing ${-amount} would take it below zero` : `adding ${amount} would take it above the maximum of ${maxMicros}`;
        throw consoleError("invalid_request", `The balance is ${organization.balance} micros (some of it may be held by calls in flight); ${problem}. Choose a smaller \`amount\`.`, "amount");
      }
      deps.log("admin.top_up", { organization_id: organization.id, amount });
      const after = await organizationOr404(organization.id);
      await recordAudit(deps, res, "organization.topped_up", { type: "organization", id: organization.id, name: organization.name, organizationId: organization.id }, { balance: organization.balance }, { balance: after.balance, amount });
      res.json(organizationJson(after));
    },
    /**
     * Archives an organization whose balance is zero: every member is archived (keys revoked,
     * sessions ended), it leaves the lists; the ledger and the audit log keep its history.
     */
    async archiveOrganization(req: Request, res: Response) {
      currentOperator(res);
      const organization = await organizationOr404(String(req.params.id));
      if (organization.balance > 0) {
        throw consoleError("conflict", `"${organization.name}" still has a balance of ${organization.balance} micros. Remove it first (a top-up with a negative \`amount\`), then archive.`, "balance");
      }
      const members = await store.users.inOrganization(organization.id);
      const revoked = await store.db.transaction(async (tx) => {
        const keys = await store.users.archive(members.map((member) => member.id), tx);
        await store.organizations.archive(organization.id, tx);
        return keys;
      });
      await deps.onChange();
      await recordAudit(deps, res, "organization.archived", { type: "organization", id: organization.id, name: organization.name, organizationId: organization.id }, organizationJson(organization), null);
      res.json({ id: organization.id, archived: true, revoked_key_ids: revoked });
    },
    async setExclusiveGroups(req: Request, res: Response) {
      currentOperator(res);
      const organization = await organizationOr404(String(req.params.id));
      const { group_ids } = req.body as { group_ids: string[] };
      const groups = new Map((await store.groups.list()).map((group) => [group.id, group]));
      for (const id of group_ids) {
        if (!groups.has(id)) throw consoleError("invalid_request", `No group "${id}". Use ids from the groups list.`, "group_ids");
      }
      await store.organizations.setExclusiveGroups(organization.id, group_ids);
      await deps.onChange();
      await recordAudit(deps, res, "organization.grants_changed", { type: "organization", id: organization.id, name: organization.name, organizationId: organization.id }, { exclusive_group_ids: organization.exclusiveGroupIds }, { exclusive_group_ids: group_ids });
      res.json(organizationJson(await organizationOr404(organization.id)));
    },
  };
}
