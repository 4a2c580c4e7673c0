// Spend caps that reset (issue 22): `cap_period` on keys and members, its refusals, and a cap that
// was exhausted before midnight UTC admits calls again after it. The server's period clock is
// moved through TOLLGATE_TEST_CLOCK_FILE (a test-only offset), not by waiting for midnight.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "../../client/index.ts";
import { type Console, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

const clockFile = join(mkdtempSync(join(tmpdir(), "tollgate-clock-")), "offset");
const day = 86_400_000;
/** Puts the server's period clock `beforeMidnight` ms before the next UTC midnight. */
const setClock = (beforeMidnight: number) => {
  const now = Date.now();
  const midnight = Math.floor(now / day) * day + day;
  writeFileSync(clockFile, String(midnight - beforeMidnight - now));
};
const clockSettles = () => new Promise((resolve) => setTimeout(resolve, 400));

let env: RelayEnv;
let owner: Console;
const password = "member-password-1";

async function addMember(role: "sub-user" | "developer") {
  const email = `${unique(role)}@example.test`;
  const { data, error } = await owner.POST("/api/members", { body: { email, name: role, password, role, group_ids: [env.groups.get("claude-smart")!.id] } });
  if (error) throw new Error(JSON.stringify(error));
  return { member: data, client: await signIn(env.tollgate.url, email, password) };
}

beforeAll(async () => {
  setClock(10 * 60_000);
  env = await startRelayEnv({ env: { TOLLGATE_TEST_CLOCK_FILE: clockFile } });
  owner = env.tenant.owner;
}, 60_000);

afterAll(async () => {
  await env?.stop();
});

const call = (key: string) =>
  fetch(`${env.tollgate.url}/v1/messages`, {
    method: "POST",
    headers: { ...auth.familyA(key), "content-type": "application/json" },
    body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user", content: "hi" }] }),
  });

describe("cap periods through the API", () => {
  it("keys and members carry cap_period; the owner sets, changes and clears it", async () => {
    const groupId = env.groups.get("claude-smart")!.id;
    const created = await owner.POST("/api/keys", { body: { name: unique("daily"), group_id: groupId, spend_cap: 5_000, cap_period: "daily" } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ spend_cap: 5_000, cap_period: "daily", spent: 0 });
    const id = created.data!.id;
    const weekly = await owner.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { cap_period: "weekly" } });
    expect(weekly.data).toMatchObject({ spend_cap: 5_000, cap_period: "weekly" });
    // Removing the cap removes its period.
    const uncapped = await owner.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { spend_cap: null } });
    expect(uncapped.data).toMatchObject({ spend_cap: null, cap_period: null });
    const plain = await owner.POST("/api/keys", { body: { name: unique("plain"), group_id: groupId } });
    expect(plain.data!.cap_period).toBeNull();

    const { member } = await addMember("developer");
    expect(member.cap_period).toBeNull();
    const monthly = await owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: 9_000, cap_period: "monthly" } });
    expect(monthly.data).toMatchObject({ spend_cap: 9_000, cap_period: "monthly" });
    const listed = (await owner.GET("/api/members")).data!.data.find((m) => m.id === member.id);
    expect(listed?.cap_period).toBe("monthly");
    // The audit log records the change with before and after.
    const audit = await owner.GET("/api/audit", { params: { query: { limit: 50 } } });
    const entry = audit.data!.data.find((e) => e.action === "member.updated" && e.target.id === member.id);
    expect(entry?.before).toMatchObject({ cap_period: null, spend_cap: null });
    expect(entry?.after).toMatchObject({ cap_period: "monthly", spend_cap: 9_000 });
  });

  it("refuses a period without a cap, an unknown period, and a period set by anyone but the owner", async () => {
    const groupId = env.groups.get("claude-smart")!.id;
    const noCap = await owner.POST("/api/keys", { body: { name: unique("nocap"), group_id: groupId, cap_period: "daily" } });
    expect(noCap.response.status).toBe(400);
    expect(noCap.error!.error.field).toBe("cap_period");
    const hourly = await owner.POST("/api/keys", { body: { name: unique("hourly"), group_id: groupId, spend_cap: 10, cap_period: "hourly" as "daily" } });
    expect(hourly.response.status).toBe(400);
    expect(hourly.error!.error.field).toContain("cap_period");

    const { member, client: developer } = await addMember("developer");
    const own = await developer.POST("/api/keys", { body: { name: unique("dev"), group_id: groupId } });
    const byDeveloper = await developer.PATCH("/api/keys/{id}", { params: { path: { id: own.data!.id } }, body: { cap_period: "daily" } });
    expect(byDeveloper.response.status).toBe(403);
    expect(byDeveloper.error!.error.field).toBe("cap_period");
    const { client: subUser } = await addMember("sub-user");
    const bySubUser = await subUser.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { cap_period: "daily" } });
    expect(bySubUser.response.status).toBe(403);
    const memberNoCap = await owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { cap_period: "weekly" } });
    expect(memberNoCap.response.status).toBe(400);
    expect(memberNoCap.error!.error.field).toBe("cap_period");
  });
});

describe("a daily cap across midnight UTC", () => {
  it("a key's cap exhausted before midnight admits calls again after it; the counter shows the new day only", async () => {
    setClock(10 * 60_000);
    await clockSettles();
    const groupId = env.groups.get("claude-smart")!.id;
    const created = await owner.POST("/api/keys", { body: { name: unique("daily"), group_id: groupId, spend_cap: 6_000, cap_period: "daily" } });
    const { id, secret, name } = created.data!;
    await new Promise((resolve) => setTimeout(resolve, 1200)); // the relay's catalog reloads within a second

    let admitted = 0;
    let refused: Response | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const response = await call(secret);
      if (response.status === 200) admitted++;
      else refused = response;
      await response.arrayBuffer();
    }
    expect(admitted).toBeGreaterThan(0);
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get("x-should-retry")).toBe("false");
    const before = await env.ledger(name, admitted);
    const spentBefore = before.reduce((sum, record) => sum + record.cost, 0);
    expect(spentBefore).toBeLessThanOrEqual(6_000);
    const keyBefore = (await owner.GET("/api/keys")).data!.data.find((key) => key.id === id)!;
    expect(keyBefore.spent).toBe(spentBefore);

    // Midnight passes: the console shows nothing spent today, and the relay admits calls again.
    setClock(-5_000);
    await clockSettles();
    expect((await owner.GET("/api/keys")).data!.data.find((key) => key.id === id)!.spent).toBe(0);
    const after = await call(secret);
    expect(after.status).toBe(200);
    await after.arrayBuffer();
    const records = await env.ledger(name, admitted + 1);
    const spentToday = records[0].cost;
    // Still capped today: no more calls fit than yesterday.
    let todayAdmitted = 1;
    for (let i = 0; i < 40; i++) {
      const response = await call(secret);
      await response.arrayBuffer();
      if (response.status !== 200) break;
      todayAdmitted++;
    }
    expect(todayAdmitted).toBeLessThanOrEqual(admitted);
    const all = await env.ledger(name, admitted + todayAdmitted);
    const today = all.slice(0, todayAdmitted).reduce((sum, record) => sum + record.cost, 0);
    expect(today).toBeGreaterThanOrEqual(spentToday);
    expect(today).toBeLessThanOrEqual(6_000);
    for (let attempt = 0; attempt < 20; attempt++) {
      if ((await owner.GET("/api/keys")).data!.data.find((key) => key.id === id)!.spent === today) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await owner.GET("/api/keys")).data!.data.find((key) => key.id === id)!.spent).toBe(today);
  }, 60_000);
});
