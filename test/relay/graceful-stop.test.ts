// Nothing lost on a graceful stop: usage records still queued in a worker reach the database
// when the server is stopped, and no reservation is left held.
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, expect, it } from "vitest";
import { type RelayEnv, startRelayEnv } from "../helpers/relay-env.ts";

let env: RelayEnv;

afterAll(async () => {
  await env?.stop();
});

it("queued ledger records are written when the server stops", async () => {
  // A flush interval far longer than the test: only the stop can write the records.
  env = await startRelayEnv({ env: { TOLLGATE_LEDGER_FLUSH_MS: "600000" } });
  const client = new Anthropic({ apiKey: await env.key("claude-smart", "stop-key"), baseURL: env.tollgate.url, maxRetries: 0 });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const message = await client.messages.create({ model: "claude-sonnet-4-6", max_tokens: 32, messages: [{ role: "user", content: `call ${i}` }] });
    ids.push(message._request_id!);
  }
  const before = await env.balance();
  await env.tollgate.stop();

  const db = new DatabaseSync(join(env.tollgate.dataDir, "tollgate.db"), { readOnly: true });
  try {
    const rows = db.prepare("SELECT request_id, cost FROM usage_records WHERE request_id IN (?, ?, ?)").all(...ids) as { request_id: string; cost: number }[];
    expect(rows.map((row) => row.request_id).sort()).toEqual([...ids].sort());
    expect(rows.every((row) => Number(row.cost) > 0)).toBe(true);
    expect(Number((db.prepare("SELECT COUNT(*) AS n FROM reservations").get() as { n: number }).n)).toBe(0);
    const balance = db.prepare("SELECT balance FROM organizations WHERE id = ?").get(env.tenant.organizationId) as { balance: number };
    expect(Number(balance.balance)).toBe(before);
  } finally {
    db.close();
  }
});
