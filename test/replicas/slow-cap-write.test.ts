// Replica mode, a spend cap changed through the console while Redis is slow: the change's write
// must commit within its deadline (Redis lends nothing of the cap meanwhile), so one that would
// commit later is refused. The owner is told so — 503 in the console's error format, with what to
// do — not a 500 as if the server were broken; nothing is written, and the same change goes
// through once Redis answers promptly again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Console, createTenant, signInOperator, unique } from "../helpers/fixtures.ts";
import { freshDatabase } from "../helpers/postgres.ts";
import { privateRedis, replicaPrerequisites } from "../helpers/replicas.ts";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

describe.skipIf(replicaPrerequisites !== null)(`a spend cap change while Redis is slow${replicaPrerequisites ? ` (skipped: ${replicaPrerequisites})` : ""}`, () => {
  const own = privateRedis();
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let node: Tollgate;
  let owner: Console;

  beforeAll(async () => {
    database = await freshDatabase(process.env.TEST_DATABASE_URL!, "tollgate_slowcap");
    node = await startTollgate({ DATABASE_URL: database.url, REDIS_URL: own.redis.url, TOLLGATE_SECRET_KEY: "slow-cap-suite-secret-key" });
    owner = (await createTenant(node.url, await signInOperator(node.url))).owner;
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
    await database?.drop();
  });

  it("a key's cap whose write would commit past its deadline: 503 saying to try again, nothing saved; the retry saves it", async () => {
    const created = await owner.POST("/api/keys", { body: { name: unique("capped"), group_id: null } });
    const id = created.data!.id;
    // Redis holds every write (the change's first step is one) for longer than the deadline lets the database write wait.
    await own.client.call("CLIENT", "PAUSE", "6000", "WRITE");
    const refused = await owner.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { spend_cap: 5_000_000 } });
    expect(refused.response.status).toBe(503);
    expect(refused.error).toEqual({ error: { code: "unavailable", message: expect.stringMatching(/not saved.*Redis.*try again/is) } });
    expect((await owner.GET("/api/keys")).data!.data.find((key) => key.id === id)!.spend_cap).toBeNull();

    await own.client.call("CLIENT", "UNPAUSE");
    const saved = await owner.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { spend_cap: 5_000_000 } });
    expect(saved.response.status).toBe(200);
    expect(saved.data!.spend_cap).toBe(5_000_000);
  }, 30_000);
});
