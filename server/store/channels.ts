// Upstream channels. Credentials are sealed with the secret box before they reach the database and
// opened only when the relay loads its catalog; reads for the console carry hints, never secrets.
import type { Db } from "./db.ts";
import { newId } from "./ids.ts";
import { revisionRepository } from "./revision.ts";
import type { SecretBox } from "./secret-box.ts";
import type { ChannelKind } from "../domain/channel-presets.ts";
import { credentialHint } from "../domain/channel-credentials.ts";

export type ChannelFields = {
  name: string;
  kind: ChannelKind;
  preset: string | null;
  baseUrl: string;
  models: string[];
  modelMapping: Record<string, string>;
  groupIds: string[];
  priority: number;
  weight: number;
  timeoutMs: number;
  /** The User-Agent its upstream requests carry; null (or omitted): Tollgate's own. */
  userAgent?: string | null;
  /** Bedrock's AWS region, Vertex AI's location; null for the other kinds. */
  region?: string | null;
  /** Vertex AI's project id. */
  project?: string | null;
  /** Azure OpenAI's api-version; null: the version-less /openai/v1/ API. */
  apiVersion?: string | null;
  enabled: boolean;
  source: "console" | "environment";
};

export type Channel = ChannelFields & {
  id: string;
  credentialHints: string[];
  createdAt: number;
  userAgent: string | null;
  region: string | null;
  project: string | null;
  apiVersion: string | null;
};
export type ChannelWithCredentials = Channel & { credentials: string[] };

type ChannelRow = {
  id: string;
  name: string;
  kind: ChannelKind;
  preset: string | null;
  base_url: string;
  credentials_sealed: string;
  credential_hints: string;
  models: string;
  model_mapping: string;
  priority: number;
  weight: number;
  timeout_ms: number;
  user_agent: string | null;
  region: string | null;
  project: string | null;
  api_version: string | null;
  enabled: number;
  source: "console" | "environment";
  created_at: number;
};


export function channelRepository(db: Db, box: SecretBox) {
  const revision = revisionRepository(db);

  async function rows(where = "", params: string[] = []): Promise<{ row: ChannelRow; groupIds: string[] }[]> {
    // Archived channels are gone for every reader but history (`names`).
    const live = where ? `${where} AND archived_at IS NULL` : "WHERE archived_at IS NULL";
    const channelRows = await db.all<ChannelRow>(`SELECT * FROM channels ${live} ORDER BY created_at, id`, params);
    const links = await db.all<{ channel_id: string; group_id: string }>(`SELECT channel_id, group_id FROM channel_groups ORDER BY group_id`);
    const groups = new Map<string, string[]>(channelRows.map((row) => [row.id, []]));
    for (const link of links) groups.get(link.channel_id)?.push(link.group_id);
    return channelRows.map((row) => ({ row, groupIds: groups.get(row.id) ?? [] }));
  }

  const toChannel = ({ row, groupIds }: { row: ChannelRow; groupIds: string[] }): Channel => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    preset: row.preset,
    baseUrl: row.base_url,
    credentialHints: JSON.parse(row.credential_hints),
    models: JSON.parse(row.models),
    modelMapping: JSON.parse(row.model_mapping),
    groupIds,
    priority: Number(row.priority),
    weight: Number(row.weight),
    timeoutMs: Number(row.timeout_ms),
    userAgent: row.user_agent,
    region: row.region,
    project: row.project,
    apiVersion: row.api_version,
    enabled: Number(row.enabled) === 1,
    source: row.source,
    createdAt: Number(row.created_at),
  });

  async function linkGroups(tx: Db, id: string, groupIds: string[]) {
    await tx.run(`DELETE FROM channel_groups WHERE channel_id = ?`, [id]);
    for (const groupId of new Set(groupIds)) await tx.run(`INSERT INTO channel_groups (channel_id, group_id) VALUES (?, ?)`, [id, groupId]);
  }

  return {
    /** Every channel's name by id, archived ones included: what the ledger's history renders. */
    async names(): Promise<Map<string, string>> {
      return new Map((await db.all<{ id: string; name: string }>(`SELECT id, name FROM channels`)).map((row) => [row.id, row.name]));
    },
    /**
     * Archives a channel: it leaves every list and the relay's catalog (the revision bump reloads
     * it), its credentials are wiped and its name freed; the row stays for the ledger's history.
     */
    async archive(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const now = Date.now();
        const { changes } = await tx.run(
          `UPDATE channels SET archived_at = ?, enabled = 0, name = name || ' (archived ' || ? || ')', credentials_sealed = ?, credential_hints = '[]'
             WHERE id = ? AND archived_at IS NULL`,
          [now, id, box.seal("[]"), id],
        );
        if (changes !== 1) return false;
        await tx.run(`DELETE FROM channel_groups WHERE channel_id = ?`, [id]);
        await revision.bump(tx);
        return true;
      });
    },
    async list(): Promise<Channel[]> {
      return (await rows()).map(toChannel);
    },
    async get(id: string): Promise<Channel | undefined> {
      return (await rows(`WHERE id = ?`, [id])).map(toChannel)[0];
    },
    async byName(name: string): Promise<Channel | undefined> {
      return (await rows(`WHERE name = ?`, [name])).map(toChannel)[0];
    },
    /** With credentials opened: for the relay's in-memory catalog and the channel test only. */
    async listWithCredentials(): Promise<ChannelWithCredentials[]> {
      return (await rows()).map((entry) => ({ ...toChannel(entry), credentials: JSON.parse(box.open(entry.row.credentials_sealed)) }));
    },
    async create(fields: ChannelFields, credentials: string[]): Promise<string> {
      const id = newId("chn");
      await db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO channels (id, name, kind, preset, base_url, credentials_sealed, credential_hints, models, model_mapping,
             priority, weight, timeout_ms, user_agent, region, project, api_version, enabled, source, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            id,
            fields.name,
            fields.kind,
            fields.preset,
            fields.baseUrl,
            box.seal(JSON.stringify(credentials)),
            JSON.stringify(credentials.map((credential) => credentialHint(fields.kind, credential))),
            JSON.stringify(fields.models),
            JSON.stringify(fields.modelMapping),
            fields.priority,
            fields.weight,
            fields.timeoutMs,
            fields.userAgent ?? null,
            fields.region ?? null,
            fields.project ?? null,
            fields.apiVersion ?? null,
            fields.enabled ? 1 : 0,
            fields.source,
            Date.now(),
          ],
        );
        await linkGroups(tx, id, fields.groupIds);
        await revision.bump(tx);
      });
      return id;
    },
    async update(id: string, changes: Partial<ChannelFields>, credentials?: string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const current = await tx.get<ChannelRow>(`SELECT * FROM channels WHERE id = ?`, [id]);
        if (!current) return false;
        const value = <T>(next: T | undefined, json: (v: T) => string | number, fallback: string | number) => (next === undefined ? fallback : json(next));
        await tx.run(
          `UPDATE channels SET name = ?, base_url = ?, models = ?, model_mapping = ?, priority = ?, weight = ?, timeout_ms = ?, user_agent = ?,
             region = ?, project = ?, api_version = ?, enabled = ?, credentials_sealed = ?, credential_hints = ? WHERE id = ?`,
          [
            changes.name ?? current.name,
            changes.baseUrl ?? current.base_url,
            value(changes.models, JSON.stringify, current.models),
            value(changes.modelMapping, JSON.stringify, current.model_mapping),
            changes.priority ?? Number(current.priority),
            changes.weight ?? Number(current.weight),
            changes.timeoutMs ?? Number(current.timeout_ms),
            changes.userAgent === undefined ? current.user_agent : changes.userAgent,
            changes.region === undefined ? current.region : changes.region,
            changes.project === undefined ? current.project : changes.project,
            changes.apiVersion === undefined ? current.api_version : changes.apiVersion,
            value(changes.enabled, (enabled) => (enabled ? 1 : 0), Number(current.enabled)),
            credentials ? box.seal(JSON.stringify(credentials)) : current.credentials_sealed,
            credentials ? JSON.stringify(credentials.map((credential) => credentialHint(current.kind, credential))) : current.credential_hints,
            id,
          ],
        );
        if (changes.groupIds) await linkGroups(tx, id, changes.groupIds);
        await revision.bump(tx);
        return true;
      });
    },
  };
}
