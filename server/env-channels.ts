// Channels from environment variables, created (or refreshed) at start so a deployment can run
// with nothing but provider keys: `TOLLGATE_<PROVIDER>_API_KEY` (comma-separated for several
// credentials) and optionally `TOLLGATE_<PROVIDER>_BASE_URL`. Each serves the groups of its family.
import { type ChannelKind, type ChannelPreset, defaultBaseUrl } from "./domain/channel-presets.ts";
import type { Family } from "./domain/families.ts";
import type { Group } from "./store/records.ts";
import type { Store } from "./store/store.ts";

type Provider = { env: string; kind: ChannelKind; preset: ChannelPreset | null; serves: (group: Group) => boolean };

const byFamily = (family: Family) => (group: Group) => group.family === family;
const byKeyword = (keyword: string) => (group: Group) => group.family === "domestic" && group.name.toLowerCase().includes(keyword);

export const envProviders: Provider[] = [
  { env: "ANTHROPIC", kind: "anthropic", preset: null, serves: byFamily("A") },
  { env: "OPENAI", kind: "openai", preset: null, serves: byFamily("B") },
  { env: "GEMINI", kind: "gemini", preset: null, serves: byFamily("C") },
  { env: "DEEPSEEK", kind: "openai-compatible", preset: "deepseek", serves: byKeyword("deepseek") },
  { env: "QWEN", kind: "openai-compatible", preset: "qwen", serves: byKeyword("qwen") },
  { env: "GLM", kind: "openai-compatible", preset: "glm", serves: byKeyword("glm") },
  { env: "KIMI", kind: "openai-compatible", preset: "kimi", serves: byKeyword("kimi") },
  { env: "MINIMAX", kind: "openai-compatible", preset: "minimax", serves: byKeyword("minimax") },
];

/** Returns the names of the channels it created or refreshed. */
export async function syncEnvChannels(store: Store, env: NodeJS.ProcessEnv): Promise<string[]> {
  const groups = await store.groups.list();
  const synced: string[] = [];
  for (const provider of envProviders) {
    const credentials = (env[`TOLLGATE_${provider.env}_API_KEY`] ?? "")
      .split(",")
      .map((credential) => credential.trim())
      .filter(Boolean);
    if (credentials.length === 0) continue;
    const baseUrl = env[`TOLLGATE_${provider.env}_BASE_URL`] || defaultBaseUrl(provider.kind, provider.preset)!;
    const name = `env:${provider.env.toLowerCase()}`;
    const fields = {
      name,
      kind: provider.kind,
      preset: provider.preset,
      baseUrl,
      models: [],
      modelMapping: {},
      groupIds: groups.filter(provider.serves).map((group) => group.id),
      priority: 0,
      weight: 1,
      timeoutMs: Number(env.TOLLGATE_ENV_CHANNEL_TIMEOUT_MS) || 120_000,
      enabled: true,
      source: "environment" as const,
    };
    const existing = await store.channels.byName(name);
    if (existing) await store.channels.update(existing.id, fields, credentials);
    else await store.channels.create(fields, credentials);
    synced.push(name);
  }
  return synced;
}
