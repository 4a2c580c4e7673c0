// The benchmark's tenant, built through the console API as an operator would: an organization
// with a large balance, a key in each group the bench calls through, and any channels the bench
// needs beyond those its gateway gets from the environment (and the groups they serve, beyond the
// seeded ones).
import { consoleClient, withCookieJar } from "../../client/index.ts";

/** The operator's password every bench gateway is started with (TOLLGATE_ADMIN_PASSWORD). */
export const benchPassword = "bench-password";

/** A channel the bench makes; a cloud kind's (bedrock) also has its region, credentials and model mapping. */
export type BenchChannel = {
  name: string;
  kind: "anthropic" | "bedrock";
  baseUrl: string;
  group: string;
  region?: string;
  credentials?: string[];
  modelMapping?: Record<string, string>;
};
/** A group the bench makes beside the seeded ones, with one model at one price. */
export type BenchGroup = { name: string; identifier: string; model: string };

async function operator(gatewayUrl: string) {
  const admin = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await admin.POST("/api/session", { body: { email: "admin@tollgate.local", password: benchPassword } });
  const groups = (await admin.GET("/api/admin/groups")).data!.data;
  const groupId = (identifier: string) => groups.find((group) => group.identifier === identifier)!.id;
  return { admin, groupId };
}

/** A tenant with a large balance and a key for each group (by identifier); returns the keys' secrets in that order. */
export async function fundedKeys(gatewayUrl: string, identifiers: string[]): Promise<string[]> {
  const { admin, groupId } = await operator(gatewayUrl);
  const org = (await admin.POST("/api/admin/organizations", { body: { name: "Bench", owner: { email: "bench@example.test", name: "Bench", password: benchPassword } } })).data!;
  await admin.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: org.id } }, body: { amount: 1e14 } });
  const owner = consoleClient({ baseUrl: gatewayUrl, fetch: withCookieJar() });
  await owner.POST("/api/session", { body: { email: "bench@example.test", password: benchPassword } });
  const keys: string[] = [];
  for (const identifier of identifiers) {
    keys.push((await owner.POST("/api/keys", { body: { name: identifier, group_id: groupId(identifier) } })).data!.secret);
  }
  return keys;
}

/** `groups` and then `channels` made through the admin API, then `fundedKeys`; returns the keys by group identifier. */
export async function benchTenant(gatewayUrl: string, identifiers: string[], channels: BenchChannel[], groups: BenchGroup[] = []): Promise<Record<string, string>> {
  if (groups.length > 0) {
    const { admin } = await operator(gatewayUrl);
    for (const group of groups) {
      const made = await admin.POST("/api/admin/groups", {
        body: {
          name: group.name,
          identifier: group.identifier,
          multiplier_milli: 1000,
          visibility: "public",
          models: [{ model_id: group.model, prices: { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 } }],
        },
      });
      if (!made.data) throw new Error(`bench group ${group.identifier} was refused: ${JSON.stringify(made.error)}`);
    }
  }
  const { admin, groupId } = await operator(gatewayUrl);
  for (const channel of channels) {
    const made = await admin.POST("/api/admin/channels", {
      body: {
        name: channel.name,
        kind: channel.kind,
        base_url: channel.baseUrl,
        credentials: channel.credentials ?? ["sk-bench"],
        group_ids: [groupId(channel.group)],
        ...(channel.region ? { region: channel.region } : {}),
        ...(channel.modelMapping ? { model_mapping: channel.modelMapping } : {}),
      },
    });
    if (!made.data) throw new Error(`bench channel ${channel.name} was refused: ${JSON.stringify(made.error)}`);
  }
  const unique = [...new Set(identifiers)];
  const keys = await fundedKeys(gatewayUrl, unique);
  return Object.fromEntries(unique.map((identifier, i) => [identifier, keys[i]]));
}
