// Budget alerts (issue 22): who configures them, the refusals, and a webhook receiver started here
// that checks every signature and counts exactly one alert per crossing.
import { createHmac, timingSafeEqual } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth } from "../../client/index.ts";
import { type Console, createTenant, signIn, unique } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

type Received = { path: string; body: Record<string, unknown>; valid: boolean };

/** A receiver that verifies `X-Tollgate-Signature` with the secret registered for its path. */
function startReceiver() {
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      const header = String(req.headers["x-tollgate-signature"] ?? "");
      const t = /t=(\d+)/.exec(header)?.[1] ?? "";
      const v1 = /v1=([0-9a-f]{64})/.exec(header)?.[1] ?? "";
      const expected = createHmac("sha256", secrets.get(req.url!) ?? "").update(`${t}.${text}`).digest("hex");
      const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
      const valid = v1.length === 64 && fresh && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
      received.push({ path: req.url!, body: JSON.parse(text), valid });
      res.writeHead(valid ? 200 : 400).end();
    });
  });
  return new Promise<{ url: string; secrets: typeof secrets; received: Received[]; close: () => Promise<void> }>((done) =>
    server.listen(0, "127.0.0.1", () =>
      done({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, secrets, received, close: () => new Promise((closed) => server.close(() => closed())) }),
    ),
  );
}

let env: RelayEnv;
let owner: Console;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const password = "member-password-1";
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addMember(role: "sub-user" | "developer") {
  const email = `${unique(role)}@example.test`;
  const { error } = await owner.POST("/api/members", { body: { email, name: role, password, role, group_ids: [env.groups.get("claude-smart")!.id] } });
  if (error) throw new Error(JSON.stringify(error));
  return signIn(env.tollgate.url, email, password);
}

beforeAll(async () => {
  receiver = await startReceiver();
  // The receiver listens on loopback, which an organization's hook reaches only with this setting.
  env = await startRelayEnv({ env: { TOLLGATE_ALERT_INTERVAL_MS: "250", TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL: "true" } });
  owner = env.tenant.owner;
}, 60_000);

afterAll(async () => {
  await env?.stop();
  await receiver?.close();
});

describe("alert settings", () => {
  it("the owner creates the hook (the secret shown once), changes it, rotates the secret; the audit log has it", async () => {
    const created = await owner.PUT("/api/alerts", { body: { url: `${receiver.url}/settings`, cap_percents: [100, 80], balance_below: 5_000_000, day_cover: true } });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ scope: "organization", organization_id: env.tenant.organizationId, cap_percents: [80, 100], balance_below: 5_000_000, day_cover: true });
    expect(created.data!.secret).toMatch(/^whsec_/);
    const read = await owner.GET("/api/alerts");
    expect(read.data).not.toHaveProperty("secret");
    const changed = await owner.PUT("/api/alerts", { body: { url: `${receiver.url}/settings`, cap_percents: [90], balance_below: null } });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ cap_percents: [90], balance_below: null });
    expect(changed.data!.secret).toBeUndefined();
    const rotated = await owner.PUT("/api/alerts", { body: { url: `${receiver.url}/settings`, rotate_secret: true } });
    expect(rotated.data!.secret).toMatch(/^whsec_/);
    expect(rotated.data!.secret).not.toBe(created.data!.secret);
    const audit = (await owner.GET("/api/audit", { params: { query: { limit: 50 } } })).data!.data;
    expect(audit.filter((entry) => entry.action.startsWith("organization.alerts_")).map((entry) => entry.action)).toContain("organization.alerts_created");
    expect(JSON.stringify(audit)).not.toContain(created.data!.secret!);
    expect((await owner.DELETE("/api/alerts")).data).toEqual({ deleted: true });
    expect((await owner.GET("/api/alerts")).response.status).toBe(404);
  });

  it("refuses a bad URL or percent; sub-users and developers cannot at all; an owner sees only their organization's", async () => {
    const badUrl = await owner.PUT("/api/alerts", { body: { url: "not a url" } });
    expect(badUrl.response.status).toBe(400);
    expect(badUrl.error!.error.field).toBe("url");
    // Credentials in the URL would be a secret carried (and logged) as an address.
    const withCredentials = await owner.PUT("/api/alerts", { body: { url: receiver.url.replace("http://", "http://hookuser:hooksecret@") } });
    expect(withCredentials.response.status).toBe(400);
    expect(withCredentials.error!.error).toMatchObject({ field: "url", message: expect.stringContaining("user name or password") });
    const badPercent = await owner.PUT("/api/alerts", { body: { url: receiver.url, cap_percents: [0] } });
    expect(badPercent.response.status).toBe(400);
    expect(badPercent.error!.error.field).toContain("cap_percents");
    for (const client of [await addMember("sub-user"), await addMember("developer")]) {
      expect((await client.GET("/api/alerts")).response.status).toBe(403);
      expect((await client.PUT("/api/alerts", { body: { url: receiver.url } })).response.status).toBe(403);
      expect((await client.DELETE("/api/alerts")).response.status).toBe(403);
    }
    // Another organization's owner configures (and sees) only their own organization's hook.
    await owner.PUT("/api/alerts", { body: { url: `${receiver.url}/mine` } });
    const other = await createTenant(env.tollgate.url, env.operator);
    expect((await other.owner.GET("/api/alerts")).response.status).toBe(404);
    const theirs = await other.owner.PUT("/api/alerts", { body: { url: `${receiver.url}/theirs` } });
    expect(theirs.data!.organization_id).toBe(other.organizationId);
    expect((await owner.GET("/api/alerts")).data!.url).toBe(`${receiver.url}/mine`);
    await other.owner.DELETE("/api/alerts");
    await owner.DELETE("/api/alerts");
  });
});

describe("alert delivery", () => {
  it("a key crossing a cap percent and a balance below the threshold each arrive once, signed; the operator hears of every organization", async () => {
    const mine = await owner.PUT("/api/alerts", { body: { url: `${receiver.url}/owner`, cap_percents: [50], balance_below: 2_000_000_000, day_cover: false } });
    receiver.secrets.set("/owner", mine.data!.secret!);
    const operatorHook = await env.operator.PUT("/api/alerts", { body: { url: `${receiver.url}/operator`, cap_percents: [], balance_below: 2_000_000_000, day_cover: false } });
    expect(operatorHook.data).toMatchObject({ scope: "all_organizations", organization_id: null });
    receiver.secrets.set("/operator", operatorHook.data!.secret!);

    const created = await owner.POST("/api/keys", { body: { name: unique("alerted"), group_id: env.groups.get("claude-smart")!.id, spend_cap: 6_000 } });
    await wait(1200); // the relay's catalog reloads within a second
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${env.tollgate.url}/v1/messages`, {
        method: "POST",
        headers: { ...auth.familyA(created.data!.secret), "content-type": "application/json" },
        body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user", content: "hi" }] }),
      });
      await response.arrayBuffer();
      if (response.status !== 200) break;
    }
    const capAlerts = () => receiver.received.filter((r) => r.path === "/owner" && r.body.type === "cap.threshold" && (r.body.subject as { id: string }).id === created.data!.id);
    for (let i = 0; i < 50 && capAlerts().length === 0; i++) await wait(100);
    // Several more evaluations: still one per crossing.
    await wait(1500);
    expect(capAlerts()).toHaveLength(1);
    expect(capAlerts()[0]).toMatchObject({ valid: true, body: { threshold_percent: 50, spend_cap: 6_000, organization: { id: env.tenant.organizationId } } });
    expect((capAlerts()[0].body.spent as number) * 2).toBeGreaterThanOrEqual(6_000);

    const balanceAlerts = (path: string) => receiver.received.filter((r) => r.path === path && r.body.type === "balance.below" && (r.body.organization as { id: string }).id === env.tenant.organizationId);
    expect(balanceAlerts("/owner")).toHaveLength(1);
    expect(balanceAlerts("/operator")).toHaveLength(1);
    expect(balanceAlerts("/operator")[0]).toMatchObject({ valid: true, body: { balance_below: 2_000_000_000 } });
    expect(receiver.received.every((r) => r.valid)).toBe(true);
  }, 60_000);
});

describe("alert delivery by default (TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL unset)", () => {
  it("an organization's hook naming an internal address is refused; one whose name resolves to it is not sent; the operator's is", async () => {
    const fresh = await startRelayEnv({ env: { TOLLGATE_ALERT_INTERVAL_MS: "250" } });
    try {
      for (const url of ["http://169.254.169.254/latest/meta-data", `${receiver.url}/default-owner`, "http://[::1]:8080/hook", "https://10.0.0.7/hook"]) {
        const refused = await fresh.tenant.owner.PUT("/api/alerts", { body: { url } });
        expect(refused.response.status).toBe(400);
        expect(refused.error).toEqual({ error: { code: "invalid_request", field: "url", message: expect.stringContaining("loopback, private or link-local") } });
      }
      // localhost is a name: its addresses are checked as the delivery connects.
      const byName = `http://localhost:${new URL(receiver.url).port}/default-owner`;
      const mine = await fresh.tenant.owner.PUT("/api/alerts", { body: { url: byName, cap_percents: [], balance_below: 2_000_000_000, day_cover: false } });
      expect(mine.response.status).toBe(201);
      receiver.secrets.set("/default-owner", mine.data!.secret!);
      const operatorHook = await fresh.operator.PUT("/api/alerts", { body: { url: `${receiver.url}/default-operator`, cap_percents: [], balance_below: 2_000_000_000, day_cover: false } });
      receiver.secrets.set("/default-operator", operatorHook.data!.secret!);
      const arrived = (path: string) => receiver.received.filter((r) => r.path === path && (r.body.organization as { id: string }).id === fresh.tenant.organizationId);
      for (let i = 0; i < 50 && arrived("/default-operator").length === 0; i++) await wait(100);
      expect(arrived("/default-operator")).toHaveLength(1);
      await wait(1000);
      expect(arrived("/default-owner")).toEqual([]);
    } finally {
      await fresh.stop();
    }
  }, 60_000);
});

describe("alerts by e-mail without e-mail", () => {
  it("asking for alert mails on a server without SMTP is refused, saying why", async () => {
    const refused = await owner.PUT("/api/alerts", { body: { url: `${receiver.url}/mailless`, email_owners: true } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: { code: "invalid_request", field: "email_owners", message: expect.stringContaining("has not configured it") } });
  });
});
