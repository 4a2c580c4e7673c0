import { afterEach, describe, expect, it } from "vitest";
import type { Store } from "../store/store.ts";
import { type Catalog, openCatalog } from "./catalog.ts";

/** A store with one organization whose key list can be made to fail, and a revision to move. */
function fakeStore() {
  const state = { revision: 1, failing: false, keys: [] as { id: string; secretHash: string }[] };
  const store = {
    revision: { current: async () => state.revision },
    keys: {
      active: async () => {
        if (state.failing) throw new RangeError('Column "spend_cap" holds 9007199254740993, beyond the integers Tollgate computes exactly');
        return state.keys;
      },
    },
    groups: { list: async () => [] },
    organizations: { list: async () => [] },
    users: { liveMembers: async () => [] },
    channels: { listWithCredentials: async () => [] },
  } as unknown as Store;
  return { state, store };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let catalog: Catalog | undefined;
afterEach(() => catalog?.close());

describe("catalog reloads", () => {
  it("keep the last good snapshot when a reload fails, log each failure with its error, back off, and recover", async () => {
    const { state, store } = fakeStore();
    const logs: { event: string; fields: Record<string, unknown>; at: number }[] = [];
    state.keys = [{ id: "key_a", secretHash: "aa" }];
    catalog = await openCatalog(store, { log: (event, fields) => logs.push({ event, fields, at: Date.now() }), pollMs: 10, maxBackoffMs: 80 });
    expect(catalog.snapshot.keysByHash.has("aa")).toBe(true);

    state.failing = true;
    state.revision = 2;
    await sleep(400);
    const failures = logs.filter((entry) => entry.event === "catalog.reload_failed");
    expect(failures.length).toBeGreaterThanOrEqual(3);
    // Not one attempt per 10 ms poll: the wait doubles (20, 40, 80, 80 … ms).
    expect(failures.length).toBeLessThan(10);
    expect(failures[0].fields).toMatchObject({ error: expect.stringContaining('Column "spend_cap"'), failures: 1, kept_revision: 1, retry_in_ms: 20 });
    expect(failures[2].fields.retry_in_ms).toBe(80);
    expect(catalog.snapshot.revision).toBe(1);
    expect(catalog.snapshot.keysByHash.has("aa")).toBe(true);

    state.failing = false;
    state.keys = [{ id: "key_b", secretHash: "bb" }];
    await expect.poll(() => catalog!.snapshot.revision, { timeout: 2000 }).toBe(2);
    expect(catalog.snapshot.keysByHash.has("bb")).toBe(true);
    expect(logs.at(-1)).toMatchObject({ event: "catalog.reload_recovered" });
  });

  it("a refresh asked for while a reload runs reloads again after it: a key revoked meanwhile stops working", async () => {
    const { state, store } = fakeStore();
    state.keys = [{ id: "k1", secretHash: "h1" }];
    catalog = await openCatalog(store, { log: () => {}, pollMs: 60_000 });
    // A reload for some other change reads the keys, then takes its time.
    let finish!: () => void;
    const { active } = store.keys;
    store.keys.active = async () => {
      const read = await active();
      await new Promise<void>((resolve) => (finish = resolve));
      return read;
    };
    state.revision = 2;
    const first = catalog.refresh();
    await sleep(10);
    // Meanwhile the key is revoked, and the write asks for a reload.
    state.keys = [];
    state.revision = 3;
    store.keys.active = active;
    const second = catalog.refresh();
    finish();
    await Promise.all([first, second]);
    expect(catalog.snapshot.revision).toBe(3);
    expect(catalog.keyByHash("h1")).toBeUndefined();
  });

  it("a refresh after a console write never rejects, even when the reload fails", async () => {
    const { state, store } = fakeStore();
    const events: string[] = [];
    catalog = await openCatalog(store, { log: (event) => events.push(event), pollMs: 1000 });
    state.failing = true;
    await expect(catalog.refresh()).resolves.toBeUndefined();
    expect(events).toEqual(["catalog.reload_failed"]);
  });
});
