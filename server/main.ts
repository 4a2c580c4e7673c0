// Process entry: config → store (migrate, seed) → one worker per core, each serving the app.
// The primary prepares the database once, then forks; workers share the listening socket.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";

const [major] = process.versions.node.split(".").map(Number);
if (major < 22) {
  console.error(`Tollgate needs Node.js 22 or newer (this is ${process.version}). Run it through npm (npm start), which uses the project's pinned Node 24.`);
  process.exit(1);
}

const { loadConfig } = await import("./config.ts");
const { createLog } = await import("./log.ts");
const { openStore } = await import("./store/store.ts");

const config = loadConfig();
const { log, flush } = createLog();

async function prepareDatabase(): Promise<void> {
  const { seedGroupsIfEmpty, seedOperatorIfMissing } = await import("./store/seed.ts");
  const { hashPassword } = await import("./console/passwords.ts");
  const store = openStore(config);
  try {
    const migrated = await store.migrate();
    if (migrated.length) log("store.migrated", { versions: migrated, database: config.databaseUrl ? "postgres" : "sqlite" });
    const seeded = await seedGroupsIfEmpty(store);
    if (seeded) log("store.seeded_groups", { count: seeded });
    const { syncEnvChannels } = await import("./env-channels.ts");
    const channels = await syncEnvChannels(store, config.env);
    if (channels.length) log("store.env_channels", { channels });
    const password = config.adminPassword ?? randomBytes(12).toString("base64url");
    if (await seedOperatorIfMissing(store, config.adminEmail, () => hashPassword(password))) {
      // Printed once, on the terminal only, and only when the password was generated here.
      if (!config.adminPassword) {
        process.stdout.write(`\nOperator account created (shown once): email ${config.adminEmail}  password ${password}\n\n`);
      } else {
        log("store.operator_created", { email: config.adminEmail });
      }
    }
  } finally {
    await store.close();
  }
}

async function runWorker(): Promise<void> {
  const { createWorker } = await import("./app.ts");
  const store = openStore(config);
  const worker = await createWorker(config, store, log);
  const server: Server = worker.app.listen(config.port, config.host);
  server.keepAliveTimeout = 65_000;
  const stop = async () => {
    server.close();
    server.closeIdleConnections();
    await worker.stop();
    await store.close();
    flush();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
}

if (cluster.isPrimary) {
  try {
    await prepareDatabase();
  } catch (error) {
    console.error(`Tollgate could not prepare its database: ${(error as Error).message}`);
    process.exit(1);
  }
  let listening = 0;
  let stopping = false;
  const fork = () => cluster.fork();
  cluster.on("listening", (_worker, address) => {
    if (++listening === config.workers) {
      log("server.listening", { url: `http://${config.host}:${address.port}`, workers: config.workers });
      process.stdout.write(`Tollgate listening on http://${config.host}:${address.port} (${config.workers} workers)\n`);
    }
  });
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    log("worker.exited", { pid: worker.process.pid, code });
    fork();
  });
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.disconnect();
    const deadline = setTimeout(() => process.exit(0), 10_000);
    deadline.unref();
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        flush();
        process.exit(0);
      }
    });
  };
  process.on("SIGTERM", stopAll);
  process.on("SIGINT", stopAll);
  for (let i = 0; i < config.workers; i++) fork();
} else {
  await runWorker();
}
