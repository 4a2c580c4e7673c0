// /readyz answers 503 while the database is unreachable and 200 again once it is back; /healthz stays
// 200 throughout. The database is made unreachable by refusing new connections to it and ending the
// open ones (ALTER DATABASE … ALLOW_CONNECTIONS false), which leaves the shared server running.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tollgate, startTollgate } from "../helpers/tollgate.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const name = `tollgate_ready_${randomBytes(6).toString("hex")}`;
let tollgate: Tollgate;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function readyz(): Promise<{ status: number; body: any }> {
  const response = await fetch(`${tollgate.url}/readyz`);
  return { status: response.status, body: await response.json() };
}

async function waitFor(status: number): Promise<{ status: number; body: any }> {
  let last = await readyz();
  for (let attempt = 0; attempt < 50 && last.status !== status; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await readyz();
  }
  return last;
}

describe.skipIf(!adminUrl)(`/readyz with PostgreSQL${adminUrl ? "" : " (skipped: needs TEST_DATABASE_URL)"}`, () => {
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    tollgate = await startTollgate({ DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await tollgate?.stop();
    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it("is 503 while the database is unreachable, and ready again after", async () => {
    expect((await readyz()).status).toBe(200);

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
    const down = await waitFor(503);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: "not_ready", checks: { database: { ok: false } } });
    expect((await fetch(`${tollgate.url}/healthz`)).status).toBe(200);

    await admin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    const up = await waitFor(200);
    expect(up.body).toMatchObject({ status: "ready", checks: { database: { ok: true }, catalog: { ok: true } } });
  });
});
