// Nothing lost on a graceful stop: usage records still queued in a worker reach the database
// when the server is stopped.
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
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
    const balance = db.prepare("SELECT balance FROM organizations WHERE id = ?").get(env.tenant.organizationId) as { balance: number };
    expect(Number(balance.balance)).toBe(before);
  } finally {
    db.close();
  }
});

it("a stop lets calls finish for the drain time, refuses new connections at once, and ends the rest with the format's error event, settled and recorded", async () => {
  // Stream events 700 ms apart: a whole stream takes about 5.6 s, far past the 1.5 s drain.
  const drainEnv = await startRelayEnv({ delayMs: 700, env: { TOLLGATE_DRAIN_MS: "1500" } });
  try {
    const key = await drainEnv.key("claude-smart", "drain-key");
    const response = await fetch(`${drainEnv.tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64, stream: true, messages: [{ role: "user", content: "a long answer" }] }),
    });
    const requestId = response.headers.get("request-id")!;
    const reader = response.body!.getReader();
    await reader.read(); // message_start
    const before = await drainEnv.balance();
    const stopped = drainEnv.tollgate.stop();
    await new Promise((done) => setTimeout(done, 300));
    // New connections are refused while the call under way drains.
    await expect(fetch(`${drainEnv.tollgate.url}/v1/models`, { headers: { "x-api-key": key } })).rejects.toThrow();
    let text = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += new TextDecoder().decode(chunk.value);
    expect(text).toContain("event: error");
    expect(text).toContain("restarting");
    expect(text).not.toContain("message_stop");
    await stopped;

    const db = new DatabaseSync(join(drainEnv.tollgate.dataDir, "tollgate.db"), { readOnly: true });
    try {
      const row = db.prepare("SELECT status, cost, input_tokens FROM usage_records WHERE request_id = ?").get(requestId) as { status: string; cost: number; input_tokens: number };
      expect(row).toMatchObject({ status: "interrupted" });
      expect(Number(row.cost)).toBeGreaterThan(0);
      const balance = db.prepare("SELECT balance FROM organizations WHERE id = ?").get(drainEnv.tenant.organizationId) as { balance: number };
      expect(Number(balance.balance)).toBe(before - Number(row.cost));
    } finally {
      db.close();
    }
  } finally {
    await drainEnv.stop();
  }
}, 30_000);

it("a call whose upstream has not answered when the drain time ends gets a 503 it can retry, in its own format, and is not charged", async () => {
  const drainEnv = await startRelayEnv({ env: { TOLLGATE_DRAIN_MS: "1000" } });
  try {
    const key = await drainEnv.key("claude-smart", "hang-key");
    drainEnv.mocks.anthropic.next("hang"); // the upstream takes the request and never answers
    const before = await drainEnv.balance();
    const received = drainEnv.mocks.anthropic.requests.length;
    const answer = fetch(`${drainEnv.tollgate.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 64, messages: [{ role: "user", content: "never answered" }] }),
    });
    // The stop comes once the call waits on the upstream, not before it is sent.
    await vi.waitFor(() => expect(drainEnv.mocks.anthropic.requests.length).toBe(received + 1), { timeout: 5000 });
    const stopped = drainEnv.tollgate.stop();
    const response = await answer;
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    const body = (await response.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe("error");
    expect(body.error.message).toContain("restarting");
    await stopped;

    const db = new DatabaseSync(join(drainEnv.tollgate.dataDir, "tollgate.db"), { readOnly: true });
    try {
      const balance = db.prepare("SELECT balance FROM organizations WHERE id = ?").get(drainEnv.tenant.organizationId) as { balance: number };
      expect(Number(balance.balance)).toBe(before);
    } finally {
      db.close();
    }
  } finally {
    await drainEnv.stop();
  }
}, 30_000);

it("a stop closes the Responses WebSockets: an idle one at once, a busy one once its response is complete, each with 1001 so the client reconnects elsewhere", async () => {
  // Stream events 300 ms apart: the busy socket's response is under way when the stop comes.
  const drainEnv = await startRelayEnv({ delayMs: 300, env: { TOLLGATE_DRAIN_MS: "20000" } });
  try {
    const key = await drainEnv.key("gpt-trial", "ws-stop-key");
    const open = async () => {
      const socket = new WebSocket(`${drainEnv.tollgate.url.replace(/^http/, "ws")}/v1/responses`, { headers: { authorization: `Bearer ${key}` } });
      await new Promise((done, fail) => socket.once("open", done).once("error", fail));
      const events: Record<string, unknown>[] = [];
      socket.on("message", (data) => events.push(JSON.parse(String(data))));
      const closed = new Promise<number>((done) => socket.once("close", (code) => done(code)));
      return { socket, events, closed };
    };
    const idle = await open();
    const busy = await open();
    busy.socket.send(JSON.stringify({ type: "response.create", model: "gpt-4o-mini", input: "a slow answer" }));
    await vi.waitFor(() => expect(busy.events.map((event) => event.type)).toContain("response.created"), { timeout: 5000 });
    // Waiting its turn when the stop comes: not begun, and the client hears so, by its stream_id.
    busy.socket.send(JSON.stringify({ type: "response.create", model: "gpt-4o-mini", input: "the next one", stream_id: "next" }));
    const started = Date.now();
    const stopped = drainEnv.tollgate.stop();
    expect(await idle.closed).toBe(1001);
    expect(await busy.closed).toBe(1001);
    expect(busy.events.at(-2)?.type).toBe("response.completed");
    expect(busy.events.at(-1)).toMatchObject({ type: "error", status: 503, stream_id: "next", error: { message: expect.stringContaining("did not begin this response") } });
    await stopped;
    // Well within the drain time: the sockets did not hold the stop.
    expect(Date.now() - started).toBeLessThan(10_000);
  } finally {
    await drainEnv.stop();
  }
}, 40_000);

it("a compaction whose body arrives once a stop began (its loopback call finds the server closed) is a 503 to retry, in OpenAI's shape", async () => {
  const drainEnv = await startRelayEnv({ env: { TOLLGATE_DRAIN_MS: "5000" } });
  try {
    const key = await drainEnv.key("gpt-trial", "compact-stop-key");
    const body = JSON.stringify({ model: "gpt-4o-mini", input: "compact me" });
    const answered = new Promise<{ status: number; retryAfter: string | undefined; text: string }>((done, fail) => {
      const req = httpRequest(`${drainEnv.tollgate.url}/v1/responses/compact`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}`, "content-length": Buffer.byteLength(body) },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk)).on("end", () => done({ status: res.statusCode!, retryAfter: res.headers["retry-after"] as string | undefined, text }));
      });
      req.on("error", fail);
      // Half the body now: the connection is busy, not idle, when the stop begins.
      req.write(body.slice(0, 10));
      setTimeout(() => {
        const stopped = drainEnv.tollgate.stop();
        setTimeout(() => req.end(body.slice(10)), 300);
        void stopped;
      }, 300);
    });
    const { status, retryAfter, text } = await answered;
    expect(status).toBe(503);
    expect(retryAfter).toBe("1");
    expect(JSON.parse(text).error.message).toContain("restarting");
  } finally {
    await drainEnv.stop();
  }
}, 30_000);
