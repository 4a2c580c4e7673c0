// Spend caps and what each role sees (issue 8, defect 9): only the owner sets or clears caps, on
// keys and on members; a member's cap set here is the one the relay enforces; sub-users and
// developers see their own spend and cap, not the organization's balance.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "../../client/index.ts";
import { type Console, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;
let owner: Console;
const password = "member-password-1";

async function addMember(role: "sub-user" | "developer", spendCap?: number | null) {
  const email = `${unique(role)}@example.test`;
  const { data, error } = await owner.POST("/api/members", {
    body: { email, name: role, password, role, group_ids: [env.groups.get("claude-smart")!.id], ...(spendCap !== undefined ? { spend_cap: spendCap } : {}) },
  });
  if (error) throw new Error(JSON.stringify(error));
  return { member: data, client: await signIn(env.tollgate.url, email, password) };
}

beforeAll(async () => {
  env = await startRelayEnv();
  owner = env.tenant.owner;
}, 60_000);

afterAll(async () => {
  await env?.stop();
});

describe("key spend caps", () => {
  it("a developer cannot set or clear the cap of its own key, but creates and renames keys as before", async () => {
    const { client: developer } = await addMember("developer");
    const groupId = env.groups.get("claude-smart")!.id;

    const capped = await developer.POST("/api/keys", { body: { name: unique("dev"), group_id: groupId, spend_cap: 1_000_000 } });
    expect(capped.response.status).toBe(403);
    expect(capped.error!.error).toMatchObject({ code: "forbidden", field: "spend_cap" });

    const created = await developer.POST("/api/keys", { body: { name: unique("dev"), group_id: groupId, spend_cap: null } });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;

    // The owner caps it…
    const ownerCap = await owner.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { spend_cap: 5_000 } });
    expect(ownerCap.data?.spend_cap).toBe(5_000);
    // …and the developer can neither clear nor raise that cap…
    for (const spend_cap of [null, 10_000_000]) {
      const lifted = await developer.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { spend_cap } });
      expect(lifted.response.status).toBe(403);
      expect(lifted.error!.error.field).toBe("spend_cap");
    }
    // …but still renames the key, which keeps its cap.
    const renamed = await developer.PATCH("/api/keys/{id}", { params: { path: { id } }, body: { name: "renamed" } });
    expect(renamed.data).toMatchObject({ name: "renamed", spend_cap: 5_000 });
  });

  it("a sub-user cannot set key caps either", async () => {
    const { client: subUser } = await addMember("sub-user");
    const capped = await subUser.POST("/api/keys", { body: { name: unique("sub"), spend_cap: 1 } });
    expect(capped.response.status).toBe(403);
  });
});

describe("member spend caps", () => {
  it("the owner sets, changes and removes a member's cap, and the relay enforces it", async () => {
    const { member, client: developer } = await addMember("developer", 2_000_000);
    expect(member).toMatchObject({ spend_cap: 2_000_000, spent: 0 });

    const lowered = await owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: 1 } });
    expect(lowered.data).toMatchObject({ id: member.id, spend_cap: 1 });
    expect((await owner.GET("/api/members")).data!.data.find((m) => m.id === member.id)?.spend_cap).toBe(1);

    // One micro cannot cover any call's hold: the member's cap refuses it.
    const key = (await developer.POST("/api/keys", { body: { name: unique("capped"), group_id: env.groups.get("claude-smart")!.id } })).data!.secret;
    const call = () =>
      fetch(`${env.tollgate.url}/v1/messages`, {
        method: "POST",
        headers: { ...auth.familyA(key), "content-type": "application/json" },
        body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user", content: "hi" }] }),
      });
    // The relay's catalog reloads within a second of the change.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-should-retry")).toBe("false");

    const removed = await owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: null } });
    expect(removed.data?.spend_cap).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await call()).status).toBe(200);
  });

  it("only the owner manages member caps, and a negative cap is a 400 naming the field", async () => {
    const { member, client: subUser } = await addMember("sub-user");
    const bySubUser = await subUser.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: null } });
    expect(bySubUser.response.status).toBe(403);
    const negative = await owner.PATCH("/api/members/{id}", { params: { path: { id: member.id } }, body: { spend_cap: -1 } });
    expect(negative.response.status).toBe(400);
    expect(negative.error!.error.field).toBe("spend_cap");
    const missing = await owner.PATCH("/api/members/{id}", { params: { path: { id: "usr_nobody" } }, body: { spend_cap: 1 } });
    expect(missing.response.status).toBe(404);
  });
});

describe("roles an owner can give", () => {
  it("never operator: not through the contract, nor past it by a path spelled in other letter cases", async () => {
    const body = { email: `${unique("escalate")}@example.test`, name: "x", password, role: "operator" } as never;
    const direct = await owner.POST("/api/members", { body });
    expect(direct.response.status).toBe(400);
    // Routes match case-sensitively, as the validator's path check does: these reach no handler.
    for (const path of ["/API/members", "/Api/Members"]) {
      const { response } = await owner.POST(path as "/api/members", { body });
      expect(response.status, path).toBe(404);
    }
    const { data } = await owner.GET("/api/members");
    expect(data!.data.some((member) => member.role === ("operator" as never))).toBe(false);
  });
});

describe("balance visibility by role", () => {
  it("the owner sees the organization's balance; a sub-user sees its own spend and cap instead", async () => {
    const ownerSummary = await owner.GET("/api/usage/summary");
    expect(ownerSummary.data!.balance).toBeGreaterThan(0);

    const { client: subUser } = await addMember("sub-user", 3_000_000);
    const subSummary = await subUser.GET("/api/usage/summary");
    expect(subSummary.response.status).toBe(200);
    expect(subSummary.data!.balance).toBeNull();
    expect((await subUser.GET("/api/me")).data).toMatchObject({ role: "sub-user", spend_cap: 3_000_000, spent: 0 });

    const { client: developer } = await addMember("developer");
    expect((await developer.GET("/api/usage/summary")).response.status).toBe(403);
    expect((await developer.GET("/api/me")).data).toMatchObject({ role: "developer", spend_cap: null, spent: 0 });
  });
});
