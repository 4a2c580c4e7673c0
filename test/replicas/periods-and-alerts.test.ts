// Three replicas on one PostgreSQL and one Redis, their clocks moved together across midnight UTC
// (TOLLGATE_TEST_CLOCK_FILE): a key's daily cap rolls over once for all of them — the new day counts
// every call of the day, whichever replica served it — and a budget alert whose crossing every
// replica's primary sees is sent once.
import { mkdtempSync, writeFileSync } from "node:fs";
import { type IncomingMessage, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { periodStart } from "../../server/domain/cap-periods.ts";
import { createTenant, unique } from "../helpers/fixtures.ts";
import { type Replicas, messagesStatus, queryDatabase, replicaPrerequisites, startReplicas } from "../helpers/replicas.ts";
import { sleep } from "../mock-upstreams/server.ts";

const body = { model: "claude-sonnet-4-6", max_tokens: 200, messages: [{ role: "user", content: "Please answer with a short greeting for the billing test ok." }] };

describe.skipIf(replicaPrerequisites !== null)(`resetting caps and alerts across replicas${replicaPrerequisites ? ` (skipped: ${replicaPrerequisites})` : ""}`, () => {
  let r: Replicas;
  const clockFile = join(mkdtempSync(join(tmpdir(), "tollgate-clock-")), "offset");
  /** The replicas' clock now (their offset applied). */
  let offset = 0;
  const moveClockTo = (at: number) => {
    offset = at - Date.now();
    writeFileSync(clockFile, String(offset));
  };
  const alerts: Record<string, unknown>[] = [];
  const receiver = createServer((req: IncomingMessage, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      alerts.push(JSON.parse(text));
      res.end("ok");
    });
  });

  beforeAll(async () => {
    moveClockTo(Date.now());
    await new Promise<void>((listening) => receiver.listen(0, "127.0.0.1", () => listening()));
    r = await startReplicas(3, {
      env: { TOLLGATE_WORKERS: "1", TOLLGATE_TEST_CLOCK_FILE: clockFile, TOLLGATE_ALERT_INTERVAL_MS: "200", TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: "true" },
    });
  }, 180_000);
  afterAll(async () => {
    await r?.stop();
    receiver.close();
  });

  const call = (key: string, url: string) => messagesStatus(url, key, body);
  const query = <T>(sql: string, params: unknown[]) => queryDatabase<T>(r.databaseUrl, sql, params);

  it("a key's daily cap rolls over once at midnight for every replica: the new day's counter is every call of the new day, and Redis lends what it leaves", async () => {
    // 30 s before a midnight UTC a few days ahead.
    const midnight = periodStart("daily", Date.now()) + 3 * 86_400_000;
    moveClockTo(midnight - 30_000);
    await sleep(500); // every process has read the clock file again
    const tenant = await createTenant(r.nodes[0].url, r.operator);
    await r.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 100_000_000 } });
    const created = await tenant.owner.POST("/api/keys", { body: { name: unique("daily"), group_id: r.groups.get("claude-smart")!.id } });
    const { id, secret } = created.data!;
    const cap = 1_000_000;
    expect((await tenant.owner.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { spend_cap: cap, cap_period: "daily" } })).response.status).toBe(200);
    await r.knowEverywhere(secret);

    const statusesBefore = [];
    for (let i = 0; i < 6; i++) statusesBefore.push(await call(secret, r.nodes[i % 3].url));
    expect(statusesBefore.every((status) => status === 200)).toBe(true);
    expect(Date.now() + offset).toBeLessThan(midnight); // the day before's calls were made before its end
    moveClockTo(midnight + 1_000);
    await sleep(500); // every process has read the clock file again
    const newDayFrom = Date.now();
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => call(secret, r.nodes[i % 3].url)));
    expect(statuses.every((status) => status === 200)).toBe(true);

    // Written everywhere: the counter holds the new day's calls, each once.
    await expect
      .poll(async () => Number((await query<{ n: string }>("SELECT COUNT(*) AS n FROM usage_records WHERE key_id = $1 AND created_at >= $2", [id, newDayFrom]))[0].n), { timeout: 15_000 })
      .toBe(12);
    const [{ cost }] = await query<{ cost: string }>("SELECT COALESCE(SUM(cost), 0) AS cost FROM usage_records WHERE key_id = $1 AND created_at >= $2", [id, newDayFrom]);
    const [key] = await query<{ spent: string; spent_since: string }>("SELECT spent, spent_since FROM api_keys WHERE id = $1", [id]);
    expect(Number(key.spent_since)).toBe(midnight);
    expect(Number(key.spent)).toBe(Number(cost));
    expect(Number(cost)).toBeGreaterThan(0);
    const redis = new Redis(r.redis.url);
    try {
      // Once every replica's leases of it went back, Redis holds for the new day what the cap leaves.
      await expect
        .poll(async () => (await redis.hmget(`tg:acct:key:${id}@${midnight}`, "durable", "leased")).map(Number), { timeout: 20_000, interval: 250 })
        .toEqual([cap - Number(cost), 0]);
    } finally {
      redis.disconnect();
    }
  }, 120_000);

  it("a balance alert that every replica's primary sees cross is sent once", async () => {
    const tenant = await createTenant(r.nodes[0].url, r.operator);
    await r.operator.POST("/api/admin/organizations/{id}/top-ups", { params: { path: { id: tenant.organizationId } }, body: { amount: 20_000 } });
    const { port } = receiver.address() as AddressInfo;
    const threshold = 19_500;
    expect((await tenant.owner.PUT("/api/alerts", { body: { url: `http://127.0.0.1:${port}/hook`, cap_percents: [], balance_below: threshold, day_cover: false } })).response.status).toBe(201);
    const created = await tenant.owner.POST("/api/keys", { body: { name: unique("alerting"), group_id: r.groups.get("claude-smart")!.id } });
    await r.knowEverywhere(created.data!.secret);
    // Calls through every replica take the balance under the threshold.
    for (let i = 0; i < 6; i++) expect(await call(created.data!.secret, r.nodes[i % 3].url)).toBe(200);
    const [{ balance }] = await query<{ balance: string }>("SELECT balance FROM organizations WHERE id = $1", [tenant.organizationId]);
    expect(Number(balance)).toBeLessThan(threshold);
    const mine = () => alerts.filter((alert) => (alert.organization as { id?: string } | undefined)?.id === tenant.organizationId);
    await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(1);
    await sleep(2_000); // every primary evaluated again, several times
    expect(mine()).toHaveLength(1);
    expect(mine()[0]).toMatchObject({ type: "balance.below", balance_below: threshold });
  }, 60_000);
});
