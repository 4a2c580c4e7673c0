import { type IncomingMessage, createServer } from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DeliveryOptions, deliver } from "./deliver.ts";
import { isInternalTarget } from "./webhook-targets.ts";

// These receivers listen on loopback, which only the operator's hook (or the allow setting) may reach.
const operatorHook: DeliveryOptions = { internalTargets: "allowed" };

// A receiver that refuses every delivery, so each attempt is logged.
const receiver = createServer((_req, res) => res.writeHead(500).end());
let origin = "";
beforeAll(async () => {
  await new Promise<void>((listening) => receiver.listen(0, "127.0.0.1", listening));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((closed) => receiver.close(closed)));

it("logs a failed delivery by the webhook's host only: its path and query are often its secret", async () => {
  const logs: Record<string, unknown>[] = [];
  const url = `${origin}/services/T000/B000/XXXXsecretpath?token=querysecret`;
  expect(await deliver(url, "signing-secret", { id: "alert-1" }, (_event, fields) => logs.push(fields), { ...operatorHook, attempts: 2, backoffMs: 1 })).toBe(false);
  expect(logs).toEqual([
    { url: origin, id: "alert-1", attempt: 1, status: 500 },
    { url: origin, id: "alert-1", attempt: 2, status: 500 },
    { url: origin, id: "alert-1", attempts: 2 },
  ]);
  expect(JSON.stringify(logs)).not.toMatch(/secretpath|querysecret|signing-secret/);
});

it("logs an error by its kind, never its message: undici's names the whole URL", async () => {
  const logs: Record<string, unknown>[] = [];
  const url = `https://hookuser:hooksecret@127.0.0.1:9/services/XXXXsecretpath?token=querysecret`;
  expect(await deliver(url, "signing-secret", { id: "alert-2" }, (_event, fields) => logs.push(fields), { ...operatorHook, attempts: 1, backoffMs: 1 })).toBe(false);
  expect(logs[0]).toMatchObject({ url: "https://127.0.0.1:9", attempt: 1, error: "TypeError" });
  expect(JSON.stringify(logs)).not.toMatch(/hooksecret|secretpath|querysecret/);
});

it("names the cause of a failed connection", async () => {
  const logs: Record<string, unknown>[] = [];
  const closed = createServer();
  await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", listening));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  await deliver(`http://127.0.0.1:${port}/hook`, "s", { id: "alert-3" }, (_event, fields) => logs.push(fields), { ...operatorHook, attempts: 1, backoffMs: 1 });
  expect(logs[0]).toMatchObject({ error: "TypeError: ECONNREFUSED" });
});

/** A loopback server that records what reached it and answers with `answer`. */
async function recordingServer(answer: (req: IncomingMessage) => [number, Record<string, string>?]) {
  const reached: { path: string; host: string }[] = [];
  const server = createServer((req, res) => {
    reached.push({ path: req.url!, host: req.headers.host! });
    req.resume().on("end", () => res.writeHead(...answer(req)).end());
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const port = (server.address() as AddressInfo).port;
  return { reached, port, origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((closed) => server.close(() => closed())) };
}

/** A resolver that knows some names (as a DNS server would answer them) and counts its lookups. */
function resolver(names: Record<string, string>) {
  const asked: string[] = [];
  const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    asked.push(hostname);
    const address = names[hostname];
    if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    const family = address.includes(":") ? 6 : 4;
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
  return { lookup, asked };
}

describe("redirects", () => {
  it("are never followed: a 3xx is a failed delivery, logged by host and status only", async () => {
    const elsewhere = await recordingServer(() => [200]);
    const hook = await recordingServer(() => [302, { location: `${elsewhere.origin}/internal-admin?token=redirectsecret` }]);
    const logs: [string, Record<string, unknown>][] = [];
    try {
      expect(await deliver(`${hook.origin}/hook`, "s", { id: "alert-4" }, (event, fields) => logs.push([event, fields]), { ...operatorHook, attempts: 2, backoffMs: 1 })).toBe(false);
      expect(hook.reached).toHaveLength(2);
      expect(elsewhere.reached).toEqual([]);
      expect(logs).toEqual([
        ["alerts.delivery_failed", { url: hook.origin, id: "alert-4", attempt: 1, status: 302 }],
        ["alerts.delivery_failed", { url: hook.origin, id: "alert-4", attempt: 2, status: 302 }],
        ["alerts.delivery_gave_up", { url: hook.origin, id: "alert-4", attempts: 2 }],
      ]);
      expect(JSON.stringify(logs)).not.toMatch(/internal-admin|redirectsecret/);
    } finally {
      await Promise.all([hook.close(), elsewhere.close()]);
    }
  });
});

describe("an organization's hook (internal targets refused)", () => {
  it.each(["127.0.0.1", "[::1]", "169.254.169.254", "10.0.0.8", "192.168.1.20", "172.20.0.1", "[fd00::1]", "[fe80::1]", "[::ffff:127.0.0.1]", "0.0.0.0", "[64:ff9b::7f00:1]", "[64:ff9b::169.254.169.254]", "[2002:a9fe:a9fe::1]", "[::10.0.0.8]"])(
    "is not sent to %s, and not tried again",
    async (host) => {
      const logs: [string, Record<string, unknown>][] = [];
      const lookup = resolver({});
      expect(await deliver(`http://${host}:9/hook?token=querysecret`, "s", { id: "alert-5" }, (event, fields) => logs.push([event, fields]), { attempts: 3, backoffMs: 1, lookup: lookup.lookup })).toBe(false);
      expect(logs).toEqual([["alerts.delivery_refused", { url: expect.any(String), id: "alert-5", reason: expect.stringContaining("TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL") }]]);
      expect(JSON.stringify(logs)).not.toContain("querysecret");
    },
  );

  it("reads the IPv4 address that NAT64, 6to4 and IPv4-compatible forms carry: a public one is not refused", () => {
    for (const host of ["[64:ff9b::808:808]", "[2002:808:808::1]", "[::8.8.8.8]", "[2606:4700::1111]", "8.8.8.8"]) expect(isInternalTarget(host), host).toBe(false);
    for (const host of ["[64:ff9b::a00:1]", "[2002:c0a8:0101::]", "[::127.0.0.1]", "[::ffff:a9fe:a9fe]"]) expect(isInternalTarget(host), host).toBe(true);
  });

  it("is not sent to a name that resolves to an internal address, which is looked up once per connection", async () => {
    const receiver = await recordingServer(() => [200]);
    const logs: [string, Record<string, unknown>][] = [];
    const lookup = resolver({ "hooks.example.test": "127.0.0.1" });
    try {
      const url = `http://hooks.example.test:${receiver.port}/hook`;
      expect(await deliver(url, "s", { id: "alert-6" }, (event, fields) => logs.push([event, fields]), { attempts: 3, backoffMs: 1, lookup: lookup.lookup })).toBe(false);
      expect(receiver.reached).toEqual([]);
      expect(lookup.asked).toEqual(["hooks.example.test"]);
      expect(logs).toEqual([["alerts.delivery_refused", { url: `http://hooks.example.test:${receiver.port}`, id: "alert-6", reason: expect.stringContaining("loopback, private or link-local") }]]);
    } finally {
      await receiver.close();
    }
  });

  it("reaches the address its name resolved to when internal targets are allowed (TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL)", async () => {
    const receiver = await recordingServer(() => [204]);
    const lookup = resolver({ "hooks.example.test": "127.0.0.1" });
    try {
      const url = `http://hooks.example.test:${receiver.port}/hook`;
      expect(await deliver(url, "s", { id: "alert-7" }, () => {}, { internalTargets: "allowed", attempts: 1, lookup: lookup.lookup })).toBe(true);
      expect(receiver.reached).toEqual([{ path: "/hook", host: `hooks.example.test:${receiver.port}` }]);
    } finally {
      await receiver.close();
    }
  });
});
