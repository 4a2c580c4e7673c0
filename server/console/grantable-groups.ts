// Which groups an owner may grant a member (or an invitation): the organization's public groups and
// the exclusive ones the operator authorized it for; anything else is refused, naming the group.
import { organizationMayUse } from "../domain/permissions.ts";
import type { Store } from "../store/store.ts";
import { consoleError } from "./errors.ts";

export async function checkGrantable(store: Store, organizationId: string, groupIds: string[]): Promise<void> {
  const organization = await store.organizations.get(organizationId);
  const exclusive = new Set(organization?.exclusiveGroupIds ?? []);
  const groups = new Map((await store.groups.list()).map((group) => [group.id, group]));
  for (const id of groupIds) {
    const group = groups.get(id);
    if (!group || !organizationMayUse({ exclusiveGroupIds: exclusive }, group)) {
      throw consoleError("invalid_request", `Group "${id}" is not available to your organization. Grant only groups listed in your Call Guide.`, "group_ids");
    }
  }
}
