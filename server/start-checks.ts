// What a start needs from the machine, checked before anything is written or printed: the port is
// free, the data directory is writable, the database and Redis answer. Each failure becomes one
// line on stderr and exit code 1 (`failStart`), never a stack trace, a hang or a re-fork loop.
import { accessSync, constants, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import pg from "pg";

/** Says why the start stopped, on one line, and exits non-zero. */
export function failStart(reason: string): never {
  process.stderr.write(`Tollgate cannot start: ${reason.replace(/\s*\n\s*/g, " ")}\n`);
  process.exit(1);
}

/** host:port of a URL, without the user name or password it may carry. */
export function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "(default port)"}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
  } catch {
    return "(unparsable URL)";
  }
}

function reasonOf(error: unknown): string {
  const err = error as NodeJS.ErrnoException & { errors?: Error[] };
  // Node's connect errors to a host with several addresses are an AggregateError with an empty message.
  const message = err?.message || err?.errors?.map((inner) => inner.message).join("; ") || err?.code || String(error);
  return message;
}

/** The port is free on this host (skipped for port 0). Probing first means a busy port fails before the operator password is printed. */
export async function checkPort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((done, fail) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => fail(new Error(listenFailure(host, port, error))));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done()));
  });
}

/** The message for a listen error, from the probe or from a worker's own listen. */
export function listenFailure(host: string, port: number, error: NodeJS.ErrnoException): string {
  if (error.code === "EADDRINUSE") return `port ${port} on ${host} is already in use; stop the other process or set PORT to a free port.`;
  if (error.code === "EACCES") return `port ${port} on ${host} needs privileges this user does not have; use a port ≥ 1024 (PORT) behind a reverse proxy.`;
  if (error.code === "EADDRNOTAVAIL") return `${host} is not an address of this machine; set HOST to one of its addresses (0.0.0.0 for all).`;
  return `cannot listen on ${host}:${port} (${reasonOf(error)}).`;
}

/** The data directory exists (or can be made) and this user can write in it. */
export function checkDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new Error(`the data directory ${dataDir} is not writable (${reasonOf(error)}); set TOLLGATE_DATA_DIR to a directory this user can write.`);
  }
}

/** One connection to PostgreSQL, bounded in time: a host that drops packets must not hold the start for minutes. */
export async function checkDatabase(url: string, timeoutMs = 5_000): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    throw new Error(`the database at ${where(url)} cannot be used (${reasonOf(error)}); check DATABASE_URL and that the server is up.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** One PING to Redis, bounded in time, without the reconnect loop the running server relies on. */
export async function checkRedis(url: string, timeoutMs = 5_000): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis at ${where(url)} cannot be used (${reasonOf(error)}); check REDIS_URL and that Redis is up.`);
  } finally {
    redis.disconnect();
  }
}
