// Which groups an organization and a member may use (DESIGN.md §5, Roles).

export type Role = "operator" | "owner" | "sub-user" | "developer";
export type GroupAccess = { id: string; visibility: "public" | "exclusive" };
export type OrganizationAccess = { exclusiveGroupIds: ReadonlySet<string> };
export type MemberAccess = { role: Role; grantedGroupIds: ReadonlySet<string> };

/** Public groups, plus exclusive groups the operator granted to the organization. */
export function organizationMayUse(organization: OrganizationAccess, group: GroupAccess): boolean {
  return group.visibility === "public" || organization.exclusiveGroupIds.has(group.id);
}

/** An owner uses every group of its organization; a sub-user or developer only its granted ones. */
export function memberMayUse(organization: OrganizationAccess, member: MemberAccess, group: GroupAccess): boolean {
  if (member.role === "operator") return true;
  if (!organizationMayUse(organization, group)) return false;
  return member.role === "owner" || member.grantedGroupIds.has(group.id);
}

export function canManageMembers(role: Role): boolean {
  return role === "owner";
}

export function seesWholeOrganization(role: Role): boolean {
  return role === "owner";
}
