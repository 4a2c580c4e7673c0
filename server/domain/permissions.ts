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

/**
 * Spend caps bound what a member or key may cost the organization, so only whoever answers for
 * the money sets or clears them: the owner and the operator, never the capped member itself.
 */
export function canSetSpendCaps(role: Role): boolean {
  return role === "owner" || role === "operator";
}

/**
 * The organization's balance is shown to its owner and the operator. Sub-users and developers see
 * their own spend and cap instead: the balance is the owner's business, and a member's budget is
 * what limits the member.
 */
export function seesOrganizationBalance(role: Role): boolean {
  return role === "owner" || role === "operator";
}
