import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { deliver } from "./deliver.ts";

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
  expect(await deliver(url, "signing-secret", { id: "alert-1" }, (_event, fields) => logs.push(fields), { attempts: 2, backoffMs: 1 })).toBe(false);
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
  expect(await deliver(url, "signing-secret", { id: "alert-2" }, (_event, fields) => logs.push(fields), { attempts: 1, backoffMs: 1 })).toBe(false);
  expect(logs[0]).toMatchObject({ url: "https://127.0.0.1:9", attempt: 1, error: "TypeError" });
  expect(JSON.stringify(logs)).not.toMatch(/hooksecret|secretpath|querysecret/);
});

it("names the cause of a failed connection", async () => {
  const logs: Record<string, unknown>[] = [];
  const closed = createServer();
  await new Promise<void>((listening) => closed.listen(0, "127.0.0.1", listening));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  await deliver(`http://127.0.0.1:${port}/hook`, "s", { id: "alert-3" }, (_event, fields) => logs.push(fields), { attempts: 1, backoffMs: 1 });
  expect(logs[0]).toMatchObject({ error: "TypeError: ECONNREFUSED" });
});
