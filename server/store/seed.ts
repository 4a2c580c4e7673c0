// First start: the groups and starter catalog of DESIGN.md §5, and the operator account.
import { familyFromGroupName } from "../domain/families.ts";
import { seedGroups } from "../domain/seed-catalog.ts";
import type { Store } from "./store.ts";

export async function seedGroupsIfEmpty(store: Store): Promise<number> {
  if ((await store.groups.list()).length > 0) return 0;
  for (const group of seedGroups) {
    const derived = familyFromGroupName(group.name);
    if ("error" in derived) throw new Error(derived.error);
    await store.groups.create({
      name: group.name,
      identifier: group.identifier,
      family: derived.family,
      multiplierMilli: group.multiplier_milli,
      visibility: group.visibility,
      models: group.models.map((model) => ({ modelId: model.model_id, displayName: model.display_name, prices: model.prices })),
    });
  }
  return seedGroups.length;
}

export async function seedOperatorIfMissing(store: Store, email: string, passwordHash: () => Promise<string>): Promise<boolean> {
  if (await store.users.operatorExists()) return false;
  await store.users.create({ organizationId: null, email, name: "Operator", role: "operator", passwordHash: await passwordHash() });
  return true;
}
