import { type Family, type RelayInterface, relayInterfaces } from "../domain/families.ts";
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import type { Group, GroupModel, Visibility } from "./records.ts";
import { revisionRepository } from "./revision.ts";
import { type RateLimitChanges, type RateLimitRow, rateLimitsOf, writeRateLimits } from "./rate-limit-columns.ts";

type GroupRow = RateLimitRow & { id: string; name: string; identifier: string; family: Family; translated_interfaces: string; multiplier_milli: number; visibility: Visibility; created_at: number };
type ModelRow = {
  group_id: string;
  model_id: string;
  display_name: string;
  price_input: number;
  price_output: number;
  price_cache_read: number;
  price_cache_write: number;
  price_cache_write_1h: number | null;
  capabilities: string | null;
};

export type NewGroup = {
  name: string;
  identifier: string;
  family: Family;
  translatedInterfaces?: RelayInterface[];
  multiplierMilli: number;
  visibility: Visibility;
  models: GroupModel[];
  rateLimits?: RateLimitChanges;
};
export type GroupChanges = { name?: string; family?: Family; translatedInterfaces?: RelayInterface[]; multiplierMilli?: number; visibility?: Visibility; models?: GroupModel[]; rateLimits?: RateLimitChanges };

/** Stored as a comma-separated list; read back in the order of `relayInterfaces`, unknown names dropped. */
const interfacesText = (list: readonly RelayInterface[]) => relayInterfaces.filter((iface) => list.includes(iface)).join(",");
const interfacesOf = (text: string): RelayInterface[] => {
  const listed = new Set(text.split(","));
  return relayInterfaces.filter((iface) => listed.has(iface));
};

export function groupRepository(db: Db) {
  const revision = revisionRepository(db);
  const replaceModels = async (tx: Db, groupId: string, models: GroupModel[]) => {
    await tx.run(`DELETE FROM group_models WHERE group_id = ?`, [groupId]);
    let position = 0;
    for (const model of models) {
      await tx.run(
        `INSERT INTO group_models (group_id, model_id, display_name, position, price_input, price_output, price_cache_read, price_cache_write, price_cache_write_1h, capabilities)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          groupId,
          model.modelId,
          model.displayName,
          position++,
          model.prices.input,
          model.prices.output,
          model.prices.cache_read,
          model.prices.cache_write,
          model.prices.cache_write_1h ?? null,
          model.capabilities && Object.keys(model.capabilities).length > 0 ? JSON.stringify(model.capabilities) : null,
        ],
      );
    }
  };

  return {
    async list(): Promise<Group[]> {
      const rows = await db.all<GroupRow>(`SELECT * FROM model_groups WHERE archived_at IS NULL ORDER BY created_at, id`);
      const models = await db.all<ModelRow>(`SELECT * FROM group_models ORDER BY group_id, position`);
      const byGroup = new Map<string, GroupModel[]>(rows.map((row) => [row.id, []]));
      for (const row of models) {
        byGroup.get(row.group_id)?.push({
          modelId: row.model_id,
          displayName: row.display_name,
          prices: {
            input: Number(row.price_input),
            output: Number(row.price_output),
            cache_read: Number(row.price_cache_read),
            cache_write: Number(row.price_cache_write),
            // Unset stays absent, so the model's prices read back as they were given.
            ...(row.price_cache_write_1h === null ? {} : { cache_write_1h: Number(row.price_cache_write_1h) }),
          },
          ...(row.capabilities ? { capabilities: JSON.parse(row.capabilities) } : {}),
        });
      }
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        identifier: row.identifier,
        family: row.family,
        translatedInterfaces: interfacesOf(String(row.translated_interfaces ?? "")),
        multiplierMilli: Number(row.multiplier_milli),
        visibility: row.visibility,
        createdAt: Number(row.created_at),
        models: byGroup.get(row.id) ?? [],
        rateLimits: rateLimitsOf(row),
      }));
    },
    async get(id: string): Promise<Group | undefined> {
      return (await this.list()).find((group) => group.id === id);
    },
    /** Every group's name by id, archived ones included: what the ledger's history renders. */
    async names(): Promise<Map<string, string>> {
      return new Map((await db.all<{ id: string; name: string }>(`SELECT id, name FROM model_groups`)).map((row) => [row.id, row.name]));
    },
    /**
     * Archives a group: it leaves the Marketplace, the Call Guide, the catalog and every grant;
     * channels stop serving it and keys bound to it become unbound (the relay's 403 names the
     * remedy). Its name and identifier are freed for a new group; the row stays, so the ledger's
     * history keeps its name. Returns the ids of the keys it unbound.
     */
    async archive(id: string): Promise<string[] | undefined> {
      return db.transaction(async (tx) => {
        const row = await tx.get<GroupRow>(`SELECT * FROM model_groups WHERE id = ? AND archived_at IS NULL`, [id]);
        if (!row) return undefined;
        const tag = ` (archived ${new Date().toISOString().slice(0, 10)} ${id.slice(-6)})`;
        await tx.run(`UPDATE model_groups SET archived_at = ?, name = ?, identifier = ? WHERE id = ?`, [Date.now(), `${row.name}${tag}`, `${row.identifier}~${id}`, id]);
        const keys = await tx.all<{ id: string }>(`SELECT id FROM api_keys WHERE group_id = ?`, [id]);
        await tx.run(`UPDATE api_keys SET group_id = NULL WHERE group_id = ?`, [id]);
        for (const table of ["channel_groups", "organization_groups", "member_groups"]) await tx.run(`DELETE FROM ${table} WHERE group_id = ?`, [id]);
        await revision.bump(tx);
        return keys.map((key) => key.id);
      });
    },
    async create(input: NewGroup): Promise<string> {
      const id = newId("grp");
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO model_groups (id, name, identifier, family, translated_interfaces, multiplier_milli, visibility, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          [id, input.name, input.identifier, input.family, interfacesText(input.translatedInterfaces ?? []), input.multiplierMilli, input.visibility, Date.now()],
        );
        await replaceModels(tx, id, input.models);
        await writeRateLimits(tx, "model_groups", id, input.rateLimits);
        await revision.bump(tx);
      });
      return id;
    },
    async update(id: string, changes: GroupChanges): Promise<boolean> {
      return db.transaction(async (tx) => {
        const { changes: updated } = await tx.run(
          `UPDATE model_groups SET name = COALESCE(?, name), family = COALESCE(?, family), translated_interfaces = COALESCE(?, translated_interfaces),
             multiplier_milli = COALESCE(?, multiplier_milli), visibility = COALESCE(?, visibility) WHERE id = ? AND archived_at IS NULL`,
          [
            changes.name ?? null,
            changes.family ?? null,
            changes.translatedInterfaces ? interfacesText(changes.translatedInterfaces) : null,
            changes.multiplierMilli ?? null,
            changes.visibility ?? null,
            id,
          ],
        );
        if (updated !== 1) return false;
        if (changes.models) await replaceModels(tx, id, changes.models);
        await writeRateLimits(tx, "model_groups", id, changes.rateLimits);
        await revision.bump(tx);
        return true;
      });
    },
  };
}
