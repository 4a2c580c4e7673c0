// The relay's in-memory snapshot of everything it needs to admit a request: keys by hash, groups,
// organizations and member grants. No database read per request: the snapshot reloads when the
// store's revision moves (polled every `pollMs`, so a revocation reaches every worker within it);
// a reload that fails is logged and retried with back-off while the last good snapshot serves.
import type { ChannelKind } from "../domain/channel-presets.ts";
import type { ChannelWithCredentials } from "../store/channels.ts";
import type { ApiKey, Group, Organization, User } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { warmCredentials } from "./upstreams/by-kind.ts";
import { userAgentOf } from "./upstreams/user-agent.ts";

export type CatalogOrganization = Organization & { exclusive: ReadonlySet<string> };
export type CatalogMember = User & { granted: ReadonlySet<string> };
/** A channel as the relay sends to it: what its upstream requests carry that is the same on every one, resolved once per load. */
export type RelayChannel = ChannelWithCredentials & { upstreamUserAgent: string };

export type Snapshot = {
  revision: number;
  keysByHash: Map<string, ApiKey>;
  groupsById: Map<string, Group>;
  groupsByIdentifier: Map<string, Group>;
  organizations: Map<string, CatalogOrganization>;
  members: Map<string, CatalogMember>;
  /** With opened credentials: kept in memory only. */
  channels: RelayChannel[];
  /** The kinds of each group's enabled channels: what the group can serve beyond its family (group-interfaces.ts). */
  channelKindsByGroup: Map<string, Set<ChannelKind>>;
};

function channelKindsByGroup(channels: ChannelWithCredentials[]): Map<string, Set<ChannelKind>> {
  const kinds = new Map<string, Set<ChannelKind>>();
  for (const channel of channels) {
    if (!channel.enabled) continue;
    for (const groupId of channel.groupIds) {
      const held = kinds.get(groupId) ?? new Set<ChannelKind>();
      held.add(channel.kind);
      kinds.set(groupId, held);
    }
  }
  return kinds;
}

function relayChannel(channel: ChannelWithCredentials): RelayChannel {
  warmCredentials(channel);
  return { ...channel, upstreamUserAgent: userAgentOf(channel) };
}

async function load(store: Store): Promise<Snapshot> {
  const revision = await store.revision.current();
  const [keys, groups, organizations, members, channels] = await Promise.all([
    store.keys.active(),
    store.groups.list(),
    store.organizations.list(),
    store.users.liveMembers(),
    store.channels.listWithCredentials(),
  ]);
  return {
    revision,
    keysByHash: new Map(keys.map((key) => [key.secretHash, key])),
    groupsById: new Map(groups.map((group) => [group.id, group])),
    groupsByIdentifier: new Map(groups.map((group) => [group.identifier, group])),
    organizations: new Map(organizations.map((org) => [org.id, { ...org, exclusive: new Set(org.exclusiveGroupIds) }])),
    members: new Map(members.map((member) => [member.id, { ...member, granted: new Set(member.groupIds) }])),
    channels: channels.map(relayChannel),
    channelKindsByGroup: channelKindsByGroup(channels),
  };
}

export type Catalog = Awaited<ReturnType<typeof openCatalog>>;

export type CatalogOptions = {
  log: (event: string, fields: Record<string, unknown>) => void;
  /** How often the store's revision is polled while all is well. */
  pollMs?: number;
  /** After failures the wait doubles from `pollMs` up to this. */
  maxBackoffMs?: number;
};

export async function openCatalog(store: Store, { log, pollMs = 250, maxBackoffMs = 30_000 }: CatalogOptions) {
  let snapshot = await load(store);
  /** When the snapshot was last confirmed current (readiness and the catalog-age metric). */
  let checkedAt = Date.now();
  let failures = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const nextPollMs = () => (failures === 0 ? pollMs : Math.min(pollMs * 2 ** failures, maxBackoffMs));

  // A failed load keeps the last good snapshot — and says so, every time, until one succeeds: a
  // stale catalog means new keys are refused and revoked keys still work.
  const failed = (error: unknown) => {
    failures++;
    log("catalog.reload_failed", {
      error: String((error as Error)?.message ?? error),
      failures,
      kept_revision: snapshot.revision,
      retry_in_ms: nextPollMs(),
    });
  };
  let reloading: Promise<void> | null = null;
  let reloadAfter: Promise<void> | null = null;
  /**
   * Never rejects: a write that succeeded is not reported as failed because the reload after it
   * was. Asked for while a reload runs, it reloads once more after that one, which may have read
   * the store before the write it is asked for (a revoked key would work until the next poll).
   */
  const reload = (): Promise<void> => {
    if (reloading) {
      return (reloadAfter ??= reloading.then(() => {
        reloadAfter = null;
        return reload();
      }));
    }
    return (reloading = load(store)
      .then((next) => {
        if (failures > 0) log("catalog.reload_recovered", { failures, revision: next.revision });
        failures = 0;
        snapshot = next;
        checkedAt = Date.now();
      }, failed)
      .finally(() => {
        reloading = null;
      }));
  };
  const poll = async () => {
    try {
      if (failures > 0 || (await store.revision.current()) !== snapshot.revision) await reload();
      else checkedAt = Date.now();
    } catch (error) {
      failed(error);
    }
    if (closed) return;
    timer = setTimeout(poll, nextPollMs());
    timer.unref();
  };
  timer = setTimeout(poll, pollMs);
  timer.unref();

  return {
    get snapshot(): Snapshot {
      return snapshot;
    },
    get checkedAt(): number {
      return checkedAt;
    },
    /** After a write in this process: reload now rather than at the next poll. */
    refresh: reload,
    /**
     * Looks a key up by the SHA-256 of its secret. What a lookup's timing could tell is how the
     * hash of a guessed secret compares with stored hashes, which does not lead to any secret; and
     * a key found is one whose stored hash equals this one exactly (it is the map's key), so a
     * constant-time comparison after it would only compare a string with itself.
     */
    keyByHash(secretHash: string): ApiKey | undefined {
      return snapshot.keysByHash.get(secretHash);
    },
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}
