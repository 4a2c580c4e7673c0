// The request log over a large ledger: fills a fresh database with ROWS usage records (default
// 1,000,000; 47 organizations, 500 keys, 120 members, 11 groups, 7 models, 1 in 37 failed), then times pages of the
// console's query (store/request-log.ts) with each filter, first page and deep pages by cursor.
// SQLite by default; DATABASE_URL=postgres://… runs the same against PostgreSQL.
//   node bench/request-log/run.ts            ROWS=200000 node bench/request-log/run.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { insertUsageRecords, type UsageRecord } from "../../server/store/ledger.ts";
import { openStore } from "../../server/store/store.ts";

const rows = Number(process.env.ROWS ?? 1_000_000);
const dataDir = mkdtempSync(join(tmpdir(), "tollgate-bench-log-"));
const store = openStore({ dataDir, databaseUrl: process.env.DATABASE_URL, secretKey: "0".repeat(64) });
await store.migrate();
if (process.env.DATABASE_URL) await store.db.run(`DELETE FROM usage_records`);

const pick = <T>(list: T[], i: number) => list[i % list.length];
const orgs = Array.from({ length: 47 }, (_, i) => `org_${i}`);
const keys = Array.from({ length: 500 }, (_, i) => `key_${i}`);
const groups = Array.from({ length: 11 }, (_, i) => `grp_${i}`);
const models = ["gpt-5", "gpt-5-mini", "claude-sonnet-4-6", "claude-haiku-4-5", "gemini-2.5-pro", "qwen3-max", "deepseek-chat"];
const start = Date.now() - 90 * 86_400_000;
const step = (90 * 86_400_000) / rows;

let filled = performance.now();
for (let from = 0; from < rows; from += 10_000) {
  const batch: UsageRecord[] = [];
  for (let i = from; i < Math.min(rows, from + 10_000); i++) {
    const key = (i * 7919) % keys.length;
    batch.push({
      id: `use_${i.toString(36).padStart(8, "0")}`,
      requestId: `req_${i.toString(16).padStart(24, "0")}`,
      createdAt: Math.round(start + i * step),
      organizationId: orgs[key % orgs.length],
      userId: `usr_${key % 120}`,
      keyId: keys[key],
      groupId: pick(groups, i * 31),
      modelId: pick(models, i * 13),
      callName: pick(models, i * 13),
      channelId: `chn_${i % 6}`,
      interface: "chat",
      stream: i % 2 === 0,
      status: i % 37 === 0 ? "failed" : "ok",
      httpStatus: i % 37 === 0 ? 503 : 200,
      inputTokens: 100 + (i % 900),
      outputTokens: 50 + (i % 400),
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      cacheWrite1hTokens: 0,
      reasoningTokens: 0,
      multiplierMilli: 1000,
      cost: 1000 + (i % 5000),
      latencyMs: 200 + (i % 3000),
      ttfbMs: 80,
      finishReason: "stop",
      failovers: null,
      errorCode: null,
      errorMessage: null,
    });
  }
  await store.db.transaction((tx) => insertUsageRecords(tx, batch));
}
filled = performance.now() - filled;
if (process.env.DATABASE_URL) await store.db.run(`ANALYZE usage_records`);

type Case = { name: string; scope: Parameters<typeof store.requestLog.page>[0]; filters: Parameters<typeof store.requestLog.page>[1] };
const week = 7 * 86_400_000;
const cases: Case[] = [
  { name: "operator, no filter", scope: {}, filters: {} },
  { name: "owner (one organization)", scope: { organizationId: "org_7" }, filters: {} },
  { name: "owner + group + status failed", scope: { organizationId: "org_7" }, filters: { groupId: "grp_3", status: "failed" } },
  { name: "owner + model + last week", scope: { organizationId: "org_7" }, filters: { modelId: "gpt-5", from: Date.now() - week, to: Date.now() } },
  { name: "owner + key", scope: { organizationId: "org_7" }, filters: { keyId: "key_54" } },
  { name: "sub-user (one member)", scope: { organizationId: "org_7", userId: "usr_54" }, filters: {} },
  { name: "operator + group", scope: {}, filters: { groupId: "grp_5" } },
  { name: "request id", scope: {}, filters: { requestId: `req_${(rows >> 1).toString(16).padStart(24, "0")}` } },
];

const ms = (t: number) => `${t.toFixed(1)} ms`;
console.log(`${rows.toLocaleString("en-US")} rows on ${store.db.dialect}, filled in ${(filled / 1000).toFixed(1)} s. Pages of 50, newest first.\n`);
console.log("| Query | first page | 20th page (by cursor) | rows on first / 20th page |");
console.log("|---|---|---|---|");
for (const { name, scope, filters } of cases) {
  await store.requestLog.page(scope, filters, 50); // warm
  let t = performance.now();
  let page = await store.requestLog.page(scope, filters, 50);
  const first = performance.now() - t;
  const firstRows = page.length;
  let deep = 0;
  for (let i = 1; i < 20 && page.length === 50; i++) {
    const last = page[page.length - 1];
    t = performance.now();
    page = await store.requestLog.page(scope, filters, 50, { createdAt: last.createdAt, id: last.id });
    deep = performance.now() - t;
  }
  console.log(`| ${name} | ${ms(first)} | ${deep ? ms(deep) : "—"} | ${firstRows} / ${deep ? page.length : "—"} |`);
}
await store.close();
rmSync(dataDir, { recursive: true, force: true });
