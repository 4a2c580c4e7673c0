// The replica scenario of `npm run bench`: Tollgate in replica mode (PostgreSQL + Redis), one
// replica and then three, each with one worker, loaded with the same non-stream chat call. Reports
// the throughput ratio of 3 to 1 replicas and the CPU per request in replica mode. On a 2-core
// machine three replicas (plus the load generator and the upstream) compete for the same cores, so
// the ratio is bounded by the cores, not by anything the replicas share.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import { type Started, type Target, cpuMs, load, startProcess, stopProcess } from "./harness.ts";
import { benchPassword } from "./tenant.ts";

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

export const replicaPrerequisites = (): string | null => {
  if (!process.env.BENCH_DATABASE_URL) return "set BENCH_DATABASE_URL (a PostgreSQL server whose role may create databases) to run it";
  if (spawnSync("redis-server", ["--version"]).status !== 0) return "needs redis-server on PATH";
  return null;
};

export type ReplicaFigures = { one: { rps: number; cpu: number }; three: { rps: number; cpu: number } };

export async function replicaScenario(options: {
  upstreamUrl: string;
  body: string;
  seconds: number;
  connections: number;
  setup: (url: string) => Promise<string>;
}): Promise<ReplicaFigures> {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  const name = `tollgate_bench_${randomBytes(5).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.BENCH_DATABASE_URL!);
  url.pathname = `/${name}`;
  const redisPort = await freePort();
  const redis: ChildProcess = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const replicas: Started[] = [];
  try {
    const startReplica = async () => {
      const port = await freePort();
      const replica = await startProcess(
        resolve(import.meta.dirname, "../../server/main.ts"),
        {
          PORT: String(port),
          TOLLGATE_WORKERS: "1",
          TOLLGATE_DATA_DIR: mkdtempSync(join(tmpdir(), "tollgate-bench-replica-")),
          TOLLGATE_ADMIN_PASSWORD: benchPassword,
          TOLLGATE_SECRET_KEY: "bench-shared-secret-key-1234",
          DATABASE_URL: url.toString(),
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          TOLLGATE_OPENAI_API_KEY: "sk-bench",
          TOLLGATE_OPENAI_BASE_URL: `${options.upstreamUrl}/v1`,
        },
        /Tollgate listening on (http:\/\/[^ ]+)/,
      );
      replicas.push(replica);
      return replica;
    };
    const first = await startReplica();
    const key = await options.setup(first.match[1]);
    const targetOf = (replica: Started): Target => ({ url: `${replica.match[1]}/v1/chat/completions`, headers: { authorization: `Bearer ${key}` } });
    const measure = async (group: Started[]) => {
      await Promise.all(group.map((replica) => load(targetOf(replica), options.body, 2, Math.ceil(options.connections / group.length)))); // warm-up
      const before = group.map((replica) => cpuMs(replica.child.pid!));
      const results = await Promise.all(group.map((replica) => load(targetOf(replica), options.body, options.seconds, Math.ceil(options.connections / group.length))));
      const cpu = group.reduce((sum, replica, i) => sum + cpuMs(replica.child.pid!) - before[i], 0);
      const requests = results.reduce((sum, result) => sum + result.requests, 0);
      return { rps: results.reduce((sum, result) => sum + result.requestsPerSecond, 0), cpu: cpu / Math.max(1, requests) };
    };
    const one = await measure([first]);
    await startReplica();
    await startReplica();
    await new Promise((done) => setTimeout(done, 1_000)); // the new replicas' catalogs and heartbeats
    const three = await measure(replicas);
    return { one, three };
  } finally {
    await Promise.all(replicas.map(stopProcess));
    redis.kill("SIGKILL");
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}
