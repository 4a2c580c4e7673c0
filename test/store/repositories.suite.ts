// One repository suite, run against every database Tollgate supports (SQLite and PostgreSQL).
import { describe, expect, it } from "vitest";
import { constraintViolation } from "../../server/store/constraints.ts";
import type { CallHold } from "../../server/call-state/worker.ts";
import { type CapStamps, unbounded } from "../../server/store/budgets.ts";
import { periodStart } from "../../server/domain/cap-periods.ts";
import type { Store } from "../../server/store/store.ts";
import { ownerWithWorkers, usageRecord } from "../helpers/call-state.ts";

/** Records' member-cap periods by record id. */
const stampsOf = (byId: Record<string, number>): CapStamps => new Map(Object.entries(byId).map(([id, member]) => [id, { member }]));

const prices = { input: 3_000_000, output: 15_000_000, cache_read: 300_000, cache_write: 3_750_000 };

export function runRepositoryTests(name: string, makeStore: () => Promise<{ store: Store; dispose: () => Promise<void> }>) {
  describe(`repositories on ${name}`, () => {
    const withStore = (test: (store: Store) => Promise<void>) => async () => {
      const { store, dispose } = await makeStore();
      try {
        await store.migrate();
        await test(store);
      } finally {
        await dispose();
      }
    };

    /** An organization with `balance`, its owner, and an uncapped key of theirs: who the call-state tests hold and charge for. */
    const fundedKey = async (store: Store, balance: number) => {
      const organizationId = await store.organizations.create({ name: "Acme" });
      const userId = await store.users.create({ organizationId, email: "l@example.com", name: "L", role: "owner", passwordHash: "h" });
      const keyId = await store.keys.create({ userId, organizationId, name: "k", secretHash: "ef".repeat(32), display: "tg-…", groupId: null, expiresAt: null, spendCap: null });
      await store.organizations.adjustBalance(organizationId, balance);
      return { organizationId, userId, keyId };
    };

    it(
      "migrations apply once",
      withStore(async (store) => {
        expect(await store.migrate()).toEqual([]);
      }),
    );

    it(
      "groups keep their models in order with integer prices, and updates replace them",
      withStore(async (store) => {
        const id = await store.groups.create({
          name: "Claude Test",
          identifier: "claude-test",
          family: "A",
          multiplierMilli: 2500,
          visibility: "public",
          models: [
            { modelId: "b-model", displayName: "B", prices },
            { modelId: "Qwen/with-slash", displayName: "Q", prices: { ...prices, cache_write_1h: 6_000_000 } },
          ],
        });
        const group = await store.groups.get(id);
        expect(group?.models.map((model) => model.modelId)).toEqual(["b-model", "Qwen/with-slash"]);
        // A 1-hour cache-write price that was never set stays unset (not 0): those writes cost cache_write.
        expect(group?.models[0].prices).toEqual(prices);
        expect(group?.models[1].prices).toEqual({ ...prices, cache_write_1h: 6_000_000 });
        expect(group?.multiplierMilli).toBe(2500);
        expect(await store.groups.update(id, { multiplierMilli: 6000, models: [{ modelId: "a-model", displayName: "A", prices }] })).toBe(true);
        const updated = await store.groups.get(id);
        expect(updated?.multiplierMilli).toBe(6000);
        expect(updated?.models.map((model) => model.modelId)).toEqual(["a-model"]);
        await expect(
          store.groups.create({ name: "Other", identifier: "claude-test", family: "A", multiplierMilli: 1000, visibility: "public", models: [] }),
        ).rejects.toThrow();
      }),
    );

    it(
      "a group's family is stored as given, compatible included, and an update changes it",
      withStore(async (store) => {
        // The family column has been free text since migration 1: `compatible` needs no migration.
        const id = await store.groups.create({ name: "Mistral Cloud", identifier: "mistral-cloud", family: "compatible", multiplierMilli: 1000, visibility: "public", models: [] });
        expect((await store.groups.get(id))?.family).toBe("compatible");
        expect(await store.groups.update(id, { family: "B" })).toBe(true);
        expect((await store.groups.get(id))?.family).toBe("B");
        expect(await store.groups.update(id, { multiplierMilli: 2000 })).toBe(true);
        expect((await store.groups.get(id))?.family).toBe("B");
      }),
    );

    it(
      "organizations hold exclusive grants and a balance that never goes below zero, even concurrently",
      withStore(async (store) => {
        const groupId = await store.groups.create({ name: "GPT X", identifier: "gpt-x", family: "B", multiplierMilli: 1000, visibility: "exclusive", models: [] });
        const id = await store.organizations.create({ name: "Acme", groupRouting: true });
        await store.organizations.setExclusiveGroups(id, [groupId, groupId]);
        expect((await store.organizations.get(id))?.exclusiveGroupIds).toEqual([groupId]);
        expect((await store.organizations.get(id))?.groupRouting).toBe(true);
        expect(await store.organizations.adjustBalance(id, 10)).toBe(true);
        const results = await Promise.all(Array.from({ length: 30 }, () => store.organizations.adjustBalance(id, -1)));
        expect(results.filter(Boolean)).toHaveLength(10);
        expect((await store.organizations.get(id))?.balance).toBe(0);
        expect(await store.organizations.adjustBalance(id, -1)).toBe(false);
      }),
    );

    it(
      "integers beyond 2^53 are refused on the way in, named on the way out, and balances stop at 10^15 micros",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        const userId = await store.users.create({ organizationId, email: "big@example.com", name: "B", role: "owner", passwordHash: "h" });
        const keyId = await store.keys.create({ userId, organizationId, name: "k", secretHash: "0b".repeat(32), display: "tg-…", groupId: null, expiresAt: null, spendCap: null });
        await expect(store.keys.update(keyId, { spendCap: 2 ** 53 + 2 })).rejects.toThrow(/beyond the integers Tollgate computes exactly/);
        await store.keys.update(keyId, { spendCap: Number.MAX_SAFE_INTEGER });
        expect((await store.keys.get(keyId))?.spendCap).toBe(Number.MAX_SAFE_INTEGER);

        // A row written around the application (by hand, or by an older version) is named in the error
        // and leaves every other read working.
        await store.db.run(`UPDATE api_keys SET spend_cap = 1152921504606846976 WHERE id = ?`, [keyId]);
        await expect(store.keys.get(keyId)).rejects.toThrow(/holds 1152921504606846976, beyond the integers Tollgate computes exactly/);
        expect((await store.organizations.get(organizationId))?.name).toBe("Acme");

        expect(await store.organizations.adjustBalance(organizationId, 1_000_000_000_000_000)).toBe(true);
        expect(await store.organizations.adjustBalance(organizationId, 1)).toBe(false);
        expect((await store.organizations.get(organizationId))?.balance).toBe(1_000_000_000_000_000);
      }),
    );

    it(
      "users are found by email case-insensitively and keep their group grants",
      withStore(async (store) => {
        const groupId = await store.groups.create({ name: "Kimi X", identifier: "kimi-x", family: "domestic", multiplierMilli: 1000, visibility: "public", models: [] });
        const organizationId = await store.organizations.create({ name: "Acme" });
        const id = await store.users.create({ organizationId, email: "Dev@Example.com", name: "Dev", role: "developer", passwordHash: "h", groupIds: [groupId] });
        expect((await store.users.byEmail("dev@example.com"))?.id).toBe(id);
        expect((await store.users.get(id))?.groupIds).toEqual([groupId]);
        await store.users.setGroups(id, []);
        expect((await store.users.get(id))?.groupIds).toEqual([]);
        expect((await store.users.allMembers()).map((user) => user.id)).toEqual([id]);
        expect(await store.users.operatorExists()).toBe(false);
        await expect(store.users.create({ organizationId, email: "dev@example.com", name: "Again", role: "developer", passwordHash: "h" })).rejects.toThrow();
      }),
    );

    it(
      "every member loads with its grants past what one statement can bind, and the relay's list leaves archived members out",
      withStore(async (store) => {
        const groupId = await store.groups.create({ name: "Kimi X", identifier: "kimi-x", family: "domestic", multiplierMilli: 1000, visibility: "public", models: [] });
        const organizationId = await store.organizations.create({ name: "Acme" });
        const archivedId = await store.users.create({ organizationId, email: "gone@example.com", name: "Gone", role: "developer", passwordHash: "h", groupIds: [groupId] });
        await store.users.archive([archivedId]);
        // More members than SQLite (32,766) or PostgreSQL (65,535) would bind if each were named.
        const count = 70_000;
        await store.db.run(
          `INSERT INTO users (id, organization_id, email, name, role, password_hash, created_at)
           WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
           SELECT 'bulk-' || i, ?, 'bulk-' || i || '@example.com', 'Bulk', 'developer', 'h', 0 FROM n`,
          [organizationId],
        );
        await store.db.run(`INSERT INTO member_groups (user_id, group_id) VALUES ('bulk-7', ?)`, [groupId]);
        const all = await store.users.allMembers();
        expect(all).toHaveLength(count + 1);
        expect(all.find((member) => member.id === "bulk-7")?.groupIds).toEqual([groupId]);
        expect(all.find((member) => member.id === archivedId)?.groupIds).toEqual([groupId]);
        const live = await store.users.liveMembers();
        expect(live).toHaveLength(count);
        expect(live.some((member) => member.id === archivedId)).toBe(false);
      }),
      60_000,
    );

    it(
      "keys are found by hash, rebound, revoked, and each write moves the revision",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        const userId = await store.users.create({ organizationId, email: "o@example.com", name: "O", role: "owner", passwordHash: "h" });
        const groupId = await store.groups.create({ name: "GPT Y", identifier: "gpt-y", family: "B", multiplierMilli: 1000, visibility: "public", models: [] });
        const before = await store.revision.current();
        const id = await store.keys.create({ userId, organizationId, name: "k", secretHash: "ab".repeat(32), display: "tg-…", groupId: null, expiresAt: null, spendCap: 5 });
        expect(await store.revision.current()).toBeGreaterThan(before);
        expect((await store.keys.byHash("ab".repeat(32)))?.id).toBe(id);
        await store.keys.update(id, { groupId });
        expect((await store.keys.get(id))?.groupId).toBe(groupId);
        expect((await store.keys.get(id))?.spendCap).toBe(5);
        await store.keys.recordLastUsed(new Map([[id, 1234]]));
        expect((await store.keys.get(id))?.lastUsedAt).toBe(1234);
        const beforeRevoke = await store.revision.current();
        await store.keys.revoke(id);
        expect(await store.revision.current()).toBeGreaterThan(beforeRevoke);
        expect((await store.keys.active()).map((key) => key.id)).not.toContain(id);
        expect((await store.keys.ofOrganization(organizationId)).map((key) => key.id)).toEqual([id]);
      }),
    );

    it(
      "settled calls and their charges become durable together: balance = opening − ledger sum",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        const userId = await store.users.create({ organizationId, email: "q@example.com", name: "Q", role: "owner", passwordHash: "h" });
        const keyId = await store.keys.create({ userId, organizationId, name: "k", secretHash: "cd".repeat(32), display: "tg-…", groupId: null, expiresAt: null, spendCap: 150 });
        await store.organizations.adjustBalance(organizationId, 1000);
        expect(await store.budgets.remaining([`org:${organizationId}`, `member:${userId}`, `key:${keyId}`, "key:nope"])).toEqual(
          new Map([[`org:${organizationId}`, 1000], [`member:${userId}`, unbounded], [`key:${keyId}`, 150], ["key:nope", 0]]),
        );
        const records = [40, 0, 60].map((cost, i) => usageRecord({ organizationId, userId, keyId, cost, requestId: `req-${i}` }));
        // The last wrote 30 tokens to caches, 20 of them to a 1-hour cache.
        records[2] = { ...records[2], cacheWriteTokens: 30, cacheWrite1hTokens: 20 };
        await store.budgets.recordSettled(records);
        expect((await store.organizations.get(organizationId))?.balance).toBe(900);
        expect((await store.keys.get(keyId))?.spent).toBe(100);
        expect((await store.budgets.remaining([`key:${keyId}`])).get(`key:${keyId}`)).toBe(50);
        // Spent past its cap (calls in flight when it was lowered): the account is short by as much, so a raise lends only what the new cap leaves.
        await store.keys.update(keyId, { spendCap: 60 });
        expect((await store.budgets.remaining([`key:${keyId}`])).get(`key:${keyId}`)).toBe(-40);
        await store.keys.update(keyId, { spendCap: 150 });
        expect(await store.ledger.byRequestId("req-2")).toEqual(records[2]);
        // A batch that fails writes nothing: neither its records nor its charges.
        await expect(store.budgets.recordSettled([usageRecord({ organizationId, userId, keyId, cost: 5, requestId: "req-3" }), records[0]])).rejects.toThrow();
        expect((await store.organizations.get(organizationId))?.balance).toBe(900);
        expect(await store.ledger.byRequestId("req-3")).toBeUndefined();
      }),
    );

    it(
      "a cap that resets counts each period apart: a late charge of a closed period counts against neither",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        const userId = await store.users.create({ organizationId, email: "p@example.com", name: "P", role: "developer", passwordHash: "h", spendCap: 100, capPeriod: "daily" });
        const keyId = await store.keys.create({ userId, organizationId, name: "k", secretHash: "a1".repeat(32), display: "tg-…", groupId: null, expiresAt: null, spendCap: null });
        await store.organizations.adjustBalance(organizationId, 1000);
        const today = periodStart("daily", Date.now());
        const tomorrow = today + 86_400_000;
        const [member, memberTomorrow] = [`member:${userId}@${today}`, `member:${userId}@${tomorrow}`];
        expect(await store.budgets.remaining([member, memberTomorrow])).toEqual(new Map([[member, 100], [memberTomorrow, 100]]));
        expect((await store.users.get(userId))?.capPeriod).toBe("daily");

        const first = usageRecord({ organizationId, userId, keyId, cost: 60, requestId: "p-1" });
        await store.budgets.recordSettled([first], stampsOf({ [first.id]: today }));
        expect(await store.budgets.remaining([member, memberTomorrow])).toEqual(new Map([[member, 40], [memberTomorrow, 100]]));
        expect((await store.users.get(userId))?.spent).toBe(60);

        // One batch across the boundary: a call held today settles late, next to tomorrow's first call.
        const late = usageRecord({ organizationId, userId, keyId, cost: 20, requestId: "p-2" });
        const next = usageRecord({ organizationId, userId, keyId, cost: 30, requestId: "p-3" });
        await store.budgets.recordSettled([next, late], stampsOf({ [next.id]: tomorrow, [late.id]: today }));
        // Tomorrow counts only its own 30; today's account is closed (the counter moved on).
        expect(await store.budgets.remaining([member, memberTomorrow])).toEqual(new Map([[member, 0], [memberTomorrow, 70]]));
        // The organization pays for every call.
        expect((await store.organizations.get(organizationId))?.balance).toBe(890);

        // Removing the period keeps what counts now, and the cap never resets again.
        await store.users.setSpendCap(userId, 100, { from: "daily", to: null });
        expect((await store.budgets.remaining([`member:${userId}`])).get(`member:${userId}`)).toBe(70);
      }),
    );

    it(
      "alert hooks: one per organization and one for the operator, the secret sealed and rotated, each crossing claimed once",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        const input = { url: "https://hooks.test/a", capPercents: [80, 100], balanceBelow: 5_000, dayCover: true, emailOwners: true, emailAddresses: ["finance@acme.test"] };
        const first = await store.alerts.put(organizationId, input, false);
        expect(first.secret).toMatch(/^whsec_/);
        const operator = await store.alerts.put(null, { ...input, balanceBelow: null }, false);
        expect((await store.alerts.put(organizationId, { ...input, capPercents: [90] }, false)).secret).toBeNull();
        expect(await store.alerts.get(organizationId)).toMatchObject({ capPercents: [90], balanceBelow: 5_000, dayCover: true });
        expect(await store.alerts.get(null)).toMatchObject({ organizationId: null, balanceBelow: null });
        const rotated = await store.alerts.put(organizationId, input, true);
        expect(rotated.secret).not.toBe(first.secret);
        const all = await store.alerts.all();
        expect(all.find((hook) => hook.organizationId === organizationId)?.secret).toBe(rotated.secret);
        expect(all.find((hook) => hook.organizationId === null)?.secret).toBe(operator.secret);
        expect(await store.alerts.claim(rotated.hook.id, "key:k", "cap:80", 0)).toBe(true);
        expect(await store.alerts.claim(rotated.hook.id, "key:k", "cap:80", 0)).toBe(false);
        expect(await store.alerts.claim(rotated.hook.id, "key:k", "cap:80", 86_400_000)).toBe(true);
        expect(await store.alerts.remove(organizationId)).toBe(true);
        expect(await store.alerts.get(organizationId)).toBeUndefined();
        expect(await store.alerts.costSince(0)).toEqual(new Map());
      }),
    );

    it(
      "the call-state owner leases one balance to two workers: 30 concurrent holds for a balance of 10 admit exactly 10",
      withStore(async (store) => {
        const { organizationId, userId, keyId } = await fundedKey(store, 1000);
        const { owner, workers } = ownerWithWorkers(store, 2);
        const holder = { organizationId, userId, keyId, memberCapped: false, keyCapped: false };
        const holds = await Promise.all(Array.from({ length: 30 }, (_, i) => workers[i % 2].hold(holder, 100)));
        const admitted = holds.filter((hold) => !("blocked" in hold));
        expect(admitted).toHaveLength(10);
        expect(holds.filter((hold) => "blocked" in hold && hold.blocked === "organization")).toHaveLength(20);
        admitted.forEach((hold, i) => workers[i % 2].settle(hold as CallHold, 40, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: `lease-${i}` })));
        await Promise.all(workers.map((worker) => worker.stop()));
        await owner.stop();
        expect((await store.organizations.get(organizationId))?.balance).toBe(600);
        expect((await store.keys.get(keyId))?.spent).toBe(400);
      }),
    );

    it(
      "a balance removal racing a call's hold: not both go through, and every charge is written",
      withStore(async (store) => {
        const { organizationId, userId, keyId } = await fundedKey(store, 100);
        const { owner, workers } = ownerWithWorkers(store, 2, 50);
        const holder = { organizationId, userId, keyId, memberCapped: false, keyCapped: false };
        // The owner has the account in its book (a call that cost nothing), and that worker has gone.
        const warm = await workers[0].hold(holder, 1);
        workers[0].settle(warm as CallHold, 0, usageRecord({ organizationId, userId, keyId, cost: 0, requestId: "warm" }));
        await workers[0].stop();
        // The operator removes the whole balance while the other worker's call asks for all of it.
        const [removed, hold] = await Promise.all([workers[1].adjustBalance(organizationId, -100), workers[1].hold(holder, 100)]);
        const held = !("blocked" in hold) && !("unavailable" in hold);
        expect(removed && held).toBe(false);
        if (held) workers[1].settle(hold as CallHold, 100, usageRecord({ organizationId, userId, keyId, cost: 100, requestId: "big" }));
        await workers[1].stop();
        await owner.stop();
        expect(owner.queued()).toBe(0);
        expect((await store.organizations.get(organizationId))?.balance).toBe(0);
      }),
    );

    it(
      "a call in flight while its key's cap period changes is added to the counter: it neither restarts it nor is lost",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        await store.organizations.adjustBalance(organizationId, 1_000_000);
        const userId = await store.users.create({ organizationId, email: "l@example.com", name: "L", role: "owner", passwordHash: "h" });
        const now = Date.now();
        const today = periodStart("daily", now);
        for (const [to, account, spentBefore, inFlight, left] of [
          ["monthly", (keyId: string) => `key:${keyId}@${periodStart("monthly", now)}`, 600, 10, 390],
          [null, (keyId: string) => `key:${keyId}`, 900, 5, 95],
        ] as const) {
          const keyId = await store.keys.create({ userId, organizationId, name: `k-${to}`, secretHash: `${to}`.padEnd(64, "0"), display: "tg-…", groupId: null, expiresAt: null, spendCap: 1000, capPeriod: "daily" });
          const ids = { organizationId, userId, keyId };
          const spent = usageRecord({ ...ids, cost: spentBefore, requestId: `before-${to}` });
          await store.budgets.recordSettled([spent], new Map([[spent.id, { key: today }]]));
          await store.keys.update(keyId, { capPeriod: { from: "daily", to } });
          // The call held before the change settles, stamped with today's daily period.
          const late = usageRecord({ ...ids, cost: inFlight, requestId: `late-${to}` });
          await store.budgets.recordSettled([late], new Map([[late.id, { key: today }]]));
          expect((await store.budgets.remaining([account(keyId)])).get(account(keyId)), `daily → ${to}`).toBe(left);
        }
      }),
    );

    it(
      "two cap period changes made at once keep what was spent: the second is judged by the period the first stored, not the one it read",
      withStore(async (store) => {
        const { organizationId, userId, keyId } = await fundedKey(store, 1_000_000);
        const now = Date.now();
        await store.users.setSpendCap(userId, 1_000, { from: null, to: "daily" });
        const spent = usageRecord({ organizationId, userId, keyId, cost: 700, requestId: "spent-today" });
        await store.budgets.recordSettled([spent], stampsOf({ [spent.id]: periodStart("daily", now) }));
        // Both read "daily"; the first makes it monthly, then the second (from its stale read) weekly.
        await store.users.setSpendCap(userId, undefined, { from: "daily", to: "monthly" });
        await store.users.setSpendCap(userId, undefined, { from: "daily", to: "weekly" });
        const account = `member:${userId}@${periodStart("weekly", now)}`;
        expect((await store.users.get(userId))?.capPeriod).toBe("weekly");
        expect((await store.budgets.remaining([account])).get(account)).toBe(300);
      }),
    );

    it(
      "a settled call the database refuses for good is set aside, logged whole, and the calls beside it are written",
      withStore(async (store) => {
        const { organizationId, userId, keyId } = await fundedKey(store, 1000);
        const logs: { event: string; fields: Record<string, unknown> }[] = [];
        // A write that charges one call far beyond the balance: the database's CHECK refuses it, every time.
        const { owner, workers } = ownerWithWorkers(store, 1, 60_000, {
          log: (event, fields) => logs.push({ event, fields }),
          writeBatch: (records, stamps) => store.budgets.recordSettled(records.map((record) => (record.requestId === "poison" ? { ...record, cost: 10 ** 12 } : record)), stamps),
        });
        const holder = { organizationId, userId, keyId, memberCapped: false, keyCapped: false };
        for (const requestId of ["before", "poison", "after"]) {
          const hold = await workers[0].hold(holder, 100);
          workers[0].settle(hold as CallHold, 10, usageRecord({ organizationId, userId, keyId, cost: 10, requestId }));
        }
        await workers[0].stop();
        await owner.stop();
        expect(owner.queued()).toBe(0);
        expect((await store.organizations.get(organizationId))?.balance).toBe(980);
        const refused = logs.filter(({ event }) => event === "ledger.record_refused");
        expect(refused.map(({ fields }) => (fields.record as { requestId: string }).requestId)).toEqual(["poison"]);
      }),
    );

    it(
      "a batch that was written although its write seemed to fail is not charged twice, nor set aside",
      withStore(async (store) => {
        const { organizationId, userId, keyId } = await fundedKey(store, 100);
        const logs: string[] = [];
        let answerLost = true;
        let writes = 0;
        // The first write commits, and then its answer is lost (a connection that dropped after COMMIT).
        const { owner, workers } = ownerWithWorkers(store, 1, 20, {
          log: (event) => logs.push(event),
          writeBatch: async (records, stamps) => {
            const seqs = await store.budgets.recordSettled(records, stamps).finally(() => writes++);
            if (answerLost) {
              answerLost = false;
              throw new Error("connection lost after commit");
            }
            return seqs;
          },
        });
        const holder = { organizationId, userId, keyId, memberCapped: false, keyCapped: false };
        const hold = await workers[0].hold(holder, 30);
        workers[0].settle(hold as CallHold, 30, usageRecord({ organizationId, userId, keyId, cost: 30, requestId: "once" }));
        // The write that seemed to fail, then its retry, both finished.
        await expect.poll(() => writes, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
        await expect.poll(() => owner.queued(), { timeout: 2000 }).toBe(0);
        expect(logs).toContain("ledger.write_failed");
        expect(logs).not.toContain("ledger.record_refused");
        // What the owner lends follows the database: 70 are left, not 100.
        expect("blocked" in (await workers[0].hold(holder, 71))).toBe(true);
        await workers[0].stop();
        await owner.stop();
        expect((await store.organizations.get(organizationId))?.balance).toBe(70);
      }),
    );

    it(
      "sessions expire and can be deleted",
      withStore(async (store) => {
        const userId = await store.users.create({ organizationId: null, email: "op@example.com", name: "Op", role: "operator", passwordHash: "h" });
        await store.sessions.create("live", userId, 60_000);
        await store.sessions.create("stale", userId, -1);
        expect(await store.sessions.userId("live")).toBe(userId);
        expect(await store.sessions.userId("stale")).toBeUndefined();
        await store.sessions.delete("live");
        expect(await store.sessions.userId("live")).toBeUndefined();
      }),
    );

    it(
      "a failed transaction leaves nothing behind",
      withStore(async (store) => {
        await expect(
          store.db.transaction(async (tx) => {
            await store.organizations.create({ name: "Ghost" }, tx);
            throw new Error("abort");
          }),
        ).rejects.toThrow("abort");
        expect(await store.organizations.list()).toEqual([]);
      }),
    );

    it(
      "a refused write is recognised as the constraint it broke, naming the column where the database does",
      withStore(async (store) => {
        const fields = {
          name: "dup",
          kind: "anthropic" as const,
          preset: null,
          baseUrl: "http://127.0.0.1:9",
          models: [],
          modelMapping: {},
          groupIds: [],
          priority: 0,
          weight: 1,
          timeoutMs: 1000,
          enabled: true,
          source: "console" as const,
        };
        await store.channels.create(fields, ["credential"]);
        const duplicate = await store.channels.create(fields, ["credential"]).catch((error) => error);
        expect(constraintViolation(duplicate)).toEqual({ kind: "unique", column: "name" });
        const dangling = await store.channels.create({ ...fields, name: "other", groupIds: ["grp_missing"] }, ["credential"]).catch((error) => error);
        expect(constraintViolation(dangling)?.kind).toBe("reference");
      }),
    );

    it(
      "sign-in attempts count atomically per scope and window, and a spent window starts over",
      withStore(async (store) => {
        const window = 60_000;
        const counted = await Promise.all(Array.from({ length: 12 }, () => store.signInAttempts.count("account:a@example.test", window, 1_000)));
        expect(counted.map((count) => count.attempts).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
        expect(counted.every((count) => count.windowStart === 1_000)).toBe(true);
        expect(await store.signInAttempts.count("address:192.0.2.1", window, 1_000)).toEqual({ attempts: 1, windowStart: 1_000 });
        await store.signInAttempts.uncount("address:192.0.2.1");
        expect(await store.signInAttempts.count("address:192.0.2.1", window, 2_000)).toEqual({ attempts: 1, windowStart: 1_000 });
        // A single sign-on gives back its start's and its callback's attempts, never below none.
        await store.signInAttempts.count("address:192.0.2.1", window, 2_000);
        await store.signInAttempts.uncount("address:192.0.2.1", 2);
        expect(await store.signInAttempts.count("address:192.0.2.1", window, 2_000)).toEqual({ attempts: 1, windowStart: 1_000 });
        await store.signInAttempts.uncount("address:192.0.2.1", 5);
        expect(await store.signInAttempts.count("address:192.0.2.1", window, 2_000)).toEqual({ attempts: 1, windowStart: 1_000 });
        expect(await store.signInAttempts.count("account:a@example.test", window, 1_000 + window)).toEqual({ attempts: 1, windowStart: 1_000 + window });
        await store.signInAttempts.clear("account:a@example.test");
        expect(await store.signInAttempts.count("account:a@example.test", window, 70_000)).toEqual({ attempts: 1, windowStart: 70_000 });
      }),
    );

    it(
      "mail tokens (migration 19): one use each, concurrent uses get one winner, a newer one and a password change end the older",
      withStore(async (store) => {
        const userId = await store.users.create({ organizationId: null, email: "m@example.com", name: "M", role: "operator", passwordHash: "h" });
        const ttlMs = 30 * 60_000;
        await store.mailTokens.issue({ tokenHash: "a".repeat(64), purpose: "password_reset", userId, now: 1_000, ttlMs });
        expect(await store.mailTokens.find("a".repeat(64), "password_reset")).toEqual({ userId, purpose: "password_reset", createdAt: 1_000, expiresAt: 1_000 + ttlMs, spentAt: null, spentReason: null });
        expect(await store.mailTokens.use("a".repeat(64), "password_reset", 1_000 + ttlMs)).toBeUndefined(); // expired
        const uses = await Promise.all(Array.from({ length: 5 }, () => store.mailTokens.use("a".repeat(64), "password_reset", 2_000)));
        expect(uses.filter((use) => use === userId)).toHaveLength(1);
        expect(await store.mailTokens.find("a".repeat(64), "password_reset")).toMatchObject({ spentAt: 2_000, spentReason: "used" });

        await store.mailTokens.issue({ tokenHash: "b".repeat(64), purpose: "password_reset", userId, now: 3_000, ttlMs });
        await store.mailTokens.issue({ tokenHash: "c".repeat(64), purpose: "password_reset", userId, now: 4_000, ttlMs });
        expect(await store.mailTokens.find("b".repeat(64), "password_reset")).toMatchObject({ spentReason: "superseded" });
        expect(await store.mailTokens.use("b".repeat(64), "password_reset", 5_000)).toBeUndefined();
        await store.users.setPassword(userId, "h2");
        expect(await store.mailTokens.find("c".repeat(64), "password_reset")).toMatchObject({ spentReason: "password_changed" });
        expect(await store.mailTokens.use("c".repeat(64), "password_reset", 5_000)).toBeUndefined();
        expect(await store.mailTokens.find("d".repeat(64), "password_reset")).toBeUndefined();
      }),
    );

    it(
      "identity providers: the secret sealed and shown as a hint; a subject links once; a sign-in in progress is taken once; SSO-required organizations; sessions listed and ended",
      withStore(async (store) => {
        const organizationId = await store.organizations.create({ name: "Acme" });
        const userId = await store.users.create({ organizationId, email: "sso@example.com", name: "S", role: "developer", passwordHash: "h" });
        const rules = [{ claim: "groups", value: "eng", organization_id: organizationId, role: "developer" as const }];
        const id = await store.identityProviders.create({ label: "Acme SSO", issuer: "https://idp.example.com", clientId: "tollgate", clientSecret: "very-secret-value-1234", emailDomains: ["example.com"], claimRules: rules, rulesApply: "first_sign_in", enabled: true });
        expect(await store.identityProviders.get(id)).toMatchObject({ label: "Acme SSO", clientSecretHint: "…1234", emailDomains: ["example.com"], claimRules: rules, enabled: true });
        const sealed = await store.db.get<{ client_secret_sealed: string }>(`SELECT client_secret_sealed FROM identity_providers WHERE id = ?`, [id]);
        expect(sealed!.client_secret_sealed).not.toContain("very-secret");
        expect(await store.identityProviders.clientSecret(id)).toBe("very-secret-value-1234");
        expect(await store.identityProviders.update(id, { enabled: false, clientSecret: "another-secret-5678" })).toBe(true);
        expect(await store.identityProviders.get(id)).toMatchObject({ enabled: false, clientSecretHint: "…5678", label: "Acme SSO" });

        await store.identityProviders.link(id, "subject-1", userId);
        expect(await store.identityProviders.linkedUser(id, "subject-1")).toBe(userId);
        await expect(store.identityProviders.link(id, "subject-1", userId)).rejects.toThrow();

        await store.identityProviders.beginSignIn("f".repeat(64), { providerId: id, nonce: "n", codeVerifier: "v", returnTo: "#/" }, 60_000);
        const takes = await Promise.all(Array.from({ length: 4 }, () => store.identityProviders.takeSignIn("f".repeat(64))));
        expect(takes.filter(Boolean)).toEqual([{ providerId: id, nonce: "n", codeVerifier: "v", returnTo: "#/" }]);
        await store.identityProviders.beginSignIn("e".repeat(64), { providerId: id, nonce: "n", codeVerifier: "v", returnTo: "#/" }, -1);
        expect(await store.identityProviders.takeSignIn("e".repeat(64))).toBeUndefined(); // expired

        expect((await store.organizations.get(organizationId))!.ssoRequired).toBe(false);
        await store.organizations.update(organizationId, { ssoRequired: true });
        expect((await store.organizations.get(organizationId))!.ssoRequired).toBe(true);
        await store.organizations.update(organizationId, { name: "Acme 2" });
        expect((await store.organizations.get(organizationId))!.ssoRequired).toBe(true);

        await store.sessions.create("1".repeat(64), userId, 60_000, "password");
        await store.sessions.create("2".repeat(64), userId, 60_000, `sso:${id}`);
        expect((await store.sessions.ofUser(userId)).map((session) => [session.id, session.method])).toEqual([["1".repeat(16), "password"], ["2".repeat(16), `sso:${id}`]]);
        expect(await store.sessions.endOfUser(userId, "2".repeat(16))).toBe(1);
        expect(await store.sessions.userId("2".repeat(64))).toBeUndefined();
        expect(await store.sessions.endOfUser(userId)).toBe(1);
        expect(await store.sessions.ofUser(userId)).toEqual([]);

        expect(await store.identityProviders.remove(id)).toBe(true);
        expect(await store.identityProviders.linkedUser(id, "subject-1")).toBeUndefined();
        expect(await store.users.get(userId)).toBeDefined();
      }),
    );
  });
}
