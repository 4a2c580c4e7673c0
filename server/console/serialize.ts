// Store records → the console API's JSON shapes (spec/console/models.tsp).
import { modelCapabilities } from "../domain/model-capabilities.ts";
import { capabilitiesJson, capabilityChangesJson } from "./capabilities-json.ts";
import type { ApiKey, Group, Organization, User } from "../store/records.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function groupJson(group: Group) {
  return {
    id: group.id,
    name: group.name,
    identifier: group.identifier,
    family: group.family,
    translated_interfaces: group.translatedInterfaces,
    multiplier_milli: group.multiplierMilli,
    visibility: group.visibility,
    models: group.models.map((model) => ({
      model_id: model.modelId,
      display_name: model.displayName,
      prices: model.prices,
      ...(model.capabilities ? { capabilities: capabilityChangesJson(model.capabilities) } : {}),
      effective_capabilities: capabilitiesJson(modelCapabilities(model.modelId, model.capabilities)),
    })),
    rate_limits: group.rateLimits,
  };
}

export function keyJson(key: ApiKey, groups: Map<string, Group>) {
  return {
    id: key.id,
    name: key.name,
    display: key.display,
    group_id: key.groupId,
    group_name: key.groupId ? (groups.get(key.groupId)?.name ?? null) : null,
    member_id: key.userId,
    created_at: iso(key.createdAt),
    expires_at: iso(key.expiresAt),
    revoked_at: iso(key.revokedAt),
    last_used_at: iso(key.lastUsedAt),
    spend_cap: key.spendCap,
    spent: key.spent,
    cap_period: key.capPeriod,
    rate_limits: key.rateLimits,
  };
}

export function memberJson(user: User) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as "owner" | "sub-user" | "developer",
    group_ids: user.groupIds,
    spend_cap: user.spendCap,
    spent: user.spent,
    cap_period: user.capPeriod,
  };
}

export function organizationJson(organization: Organization) {
  return {
    id: organization.id,
    name: organization.name,
    balance: organization.balance,
    group_routing: organization.groupRouting,
    sso_required: organization.ssoRequired,
    exclusive_group_ids: organization.exclusiveGroupIds,
    created_at: iso(organization.createdAt),
    rate_limits: organization.rateLimits,
  };
}

export function meJson(user: User, organization: Organization | undefined) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organization: organization ? { id: organization.id, name: organization.name, group_routing: organization.groupRouting } : null,
    spent: user.spent,
    spend_cap: user.spendCap,
    cap_period: user.capPeriod,
  };
}
