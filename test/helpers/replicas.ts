// Several Tollgate replicas — separate processes, each with its own workers — on one PostgreSQL
// database and one Redis server started for the suite, behind a round-robin "load balancer"
// (the test picks the next replica for each request).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { request } from "node:http";
import { type Socket, connect, createServer } from "node:net";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startAnthropicMock } from "../mock-upstreams/anthropic.ts";
import type { Mock } from "../mock-upstreams/server.ts";
import { type Console, type Tenant, createTenant, groupsByIdentifier, signInOperator } from "./fixtures.ts";
import { freshDatabase } from "./postgres.ts";
import { upstreamKeys } from "./relay-env.ts";
import { type Tollgate, freePort, startTollgate } from "./tollgate.ts";

/** What a suite that starts a Redis of its own lacks on this machine (null: nothing). */
export const redisPrerequisite = spawnSync("redis-server", ["--version"]).status !== 0 ? "needs redis-server on PATH (Debian's redis-server; .ci/run installs it)" : null;

export const replicaPrerequisites = (() => {
  if (!process.env.TEST_DATABASE_URL) return "needs TEST_DATABASE_URL (a PostgreSQL server; .ci/run starts one)";
  return redisPrerequisite;
})();

export type RedisServer = { url: string; port: number; stop: () => Promise<void>; restart: () => Promise<void> };

/** A Redis of the suite's own on a free loopback port, without persistence: a restart comes back empty. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
    for (let i = 0; i < 50; i++) {
      if (spawnSync("redis-cli", ["-p", String(port), "ping"]).stdout?.toString().includes("PONG")) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error("redis-server did not start");
  };
  const stop = async () => {
    // Killed already (a signal leaves exitCode null): its exit event has been and gone.
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: async () => (await stop(), await start()) };
}

/**
 * A Redis of the test file's own (started before its tests, stopped after them), a client on it,
 * and `stops`: what a test started, stopped after it, last first.
 */
export function privateRedis(): { readonly redis: RedisServer; readonly client: Redis; stops: (() => Promise<void>)[] } {
  let redis: RedisServer | undefined;
  let client: Redis | undefined;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url);
  });
  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });
  return {
    get redis() {
      return redis!;
    },
    get client() {
      return client!;
    },
    stops,
  };
}

export type RedisProxy = {
  url: string;
  /** Every connection through it is dropped, and new ones are refused, until `restore`. */
  cut: () => void;
  /** As `cut`, and nothing listens on its port either (a connection attempt fails at once, as to a host that is down). */
  down: () => Promise<void>;
  restore: () => void;
  /** What clients send still reaches Redis, but its answers are dropped (until `cut`): a command that runs and whose answer is lost. */
  deafen: () => void;
  close: () => Promise<void>;
};

/** A TCP proxy on a free loopback port in front of a Redis: a node connected through it can be cut off from Redis while Redis itself goes on. */
export async function redisProxy(redisPort: number): Promise<RedisProxy> {
  const sockets = new Set<Socket>();
  let state: "open" | "cut" | "deaf" = "open";
  const server = createServer((client) => {
    if (state === "cut") return void client.destroy();
    const upstream = connect(redisPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream);
    upstream.on("data", (chunk) => state === "open" && client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", () => listening()));
  const { port } = server.address() as { port: number };
  const cut = () => {
    state = "cut";
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    async down() {
      cut();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
    restore() {
      state = "open";
      if (!server.listening) server.listen(port, "127.0.0.1");
    },
    deafen: () => void (state = "deaf"),
    close: () =>
      new Promise<void>((closed) => {
        for (const socket of sockets) socket.destroy();
        if (server.listening) server.close(() => closed());
        else closed();
      }),
  };
}

export type Replicas = {
  nodes: Tollgate[];
  redis: RedisServer;
  anthropic: Mock;
  operator: Console;
  /** The operator signed in on each replica (sessions live in the shared database). */
  operators: Console[];
  tenant: Tenant;
  groups: Awaited<ReturnType<typeof groupsByIdentifier>>;
  /** The next replica's URL, round robin. */
  next: () => string;
  /** Resolves once every worker of every live replica knows this key (catalogs reload on a published change). */
  knowEverywhere: (key: string) => Promise<void>;
  databaseUrl: string;
  /** Starts replica `index` again (after a kill): a new process on the same database and Redis, signed in. */
  replace: (index: number) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startReplicas(count: number, options: { delayMs?: number; env?: Record<string, string> } = {}): Promise<Replicas> {
  const database = await freshDatabase(process.env.TEST_DATABASE_URL!, "tollgate_replicas");
  const databaseUrl = database.url;
  const redis = await startRedis();
  const anthropic = await startAnthropicMock({ apiKey: upstreamKeys.anthropic, delayMs: options.delayMs ?? 0 });
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    TOLLGATE_WORKERS: "2",
    TOLLGATE_SECRET_KEY: "replica-suite-shared-secret-key",
    TOLLGATE_ANTHROPIC_API_KEY: upstreamKeys.anthropic,
    TOLLGATE_ANTHROPIC_BASE_URL: anthropic.url,
    TOLLGATE_LEDGER_FLUSH_MS: "100",
    ...options.env,
  };
  // One at a time: the first migrates and seeds the shared database, the others find it ready.
  const nodes: Tollgate[] = [];
  for (let i = 0; i < count; i++) nodes.push(await startTollgate(env));
  const operators = await Promise.all(nodes.map((node) => signInOperator(node.url)));
  const operator = operators[0];
  const groups = await groupsByIdentifier(operator);
  const tenant = await createTenant(nodes[0].url, operator);
  let turn = 0;
  return {
    nodes,
    redis,
    anthropic,
    operator,
    operators,
    tenant,
    groups,
    databaseUrl,
    next: () => nodes[turn++ % nodes.length].url,
    async replace(index) {
      if (nodes[index].alive()) await nodes[index].stop();
      nodes[index] = await startTollgate(env);
      operators[index] = await signInOperator(nodes[index].url);
    },
    async knowEverywhere(key) {
      // Each probe opens a fresh connection, and the primary deals connections to its workers in turn,
      // so four answers in a row from one replica have come from both of its workers.
      for (const node of nodes.filter((candidate) => candidate.alive())) {
        const deadline = Date.now() + 20_000;
        for (let inARow = 0; inARow < 4; ) {
          if (Date.now() > deadline) throw new Error(`${node.url} still refuses the new key after 20 s`);
          inARow = (await modelsStatus(node.url, key)) === 200 ? inARow + 1 : (await new Promise((done) => setTimeout(done, 100)), 0);
        }
      }
    },
    async stop() {
      await Promise.all(nodes.map((node) => node.stop()));
      await anthropic.close();
      await redis.stop();
      await database.drop();
    },
  };
}

/** GET /v1/models with the key on a connection of its own (no keep-alive), for the answer's status. */
function modelsStatus(url: string, key: string) {
  return new Promise<number>((resolve, reject) => {
    const probe = request(`${url}/v1/models`, { agent: false, headers: { "x-api-key": key, "anthropic-version": "2023-06-01" } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    probe.on("error", reject).end();
  });
}

/** A short Messages call (the key and its replica given) answered in full: its status; 0 when it failed or hung past 30 s. */
export const messagesStatus = (url: string, key: string, body: object) =>
  fetch(`${url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  }).then(
    async (response) => (await response.arrayBuffer(), response.status),
    () => 0,
  );

/** Rows straight from the replicas' PostgreSQL database, on a connection of the query's own. */
export async function queryDatabase<T>(databaseUrl: string, sql: string, params: unknown[]): Promise<T[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}
