import type { AddressInfo } from "node:net";
import express from "express";
import { expect, it } from "vitest";
import type { WorkerMetrics } from "./cluster.ts";
import { operationsRouter } from "./routes.ts";

/** /readyz of a node whose catalog is `ageMs` old and polls every `pollMs`. */
async function readyz(ageMs: number, pollMs: number) {
  const metrics = { workers: () => ({ up: 1, expected: 1 }), scrape: async () => "" } as unknown as WorkerMetrics;
  const app = express().use(operationsRouter({ metrics, readiness: { pingDatabase: async () => 1, catalogAgeMs: () => ageMs, catalogPollMs: pollMs } }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((listening) => server.once("listening", listening));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
    return { status: response.status, catalog: ((await response.json()) as { checks: { catalog: unknown } }).checks.catalog };
  } finally {
    server.close();
  }
}

it("a catalog is stale after several missed polls: a replica polling every 5 s is ready just before its next poll", async () => {
  // Replica mode: 5.1 s is one poll's interval and the query's time, on a healthy node.
  expect(await readyz(5_100, 5_000)).toEqual({ status: 200, catalog: { ok: true, age_seconds: 5.1 } });
  expect(await readyz(15_100, 5_000)).toMatchObject({ status: 503, catalog: { ok: false } });
  // Alone (a poll every 250 ms), 5 s without one is already stale.
  expect(await readyz(5_100, 250)).toMatchObject({ status: 503, catalog: { ok: false } });
  expect(await readyz(900, 250)).toMatchObject({ status: 200 });
});
