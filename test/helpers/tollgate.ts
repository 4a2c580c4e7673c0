// Starts the real Tollgate server (server/main.ts, real cluster, real database) on a free loopback
// port with a fresh data directory, and captures everything it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const adminEmail = "operator@test.local";
export const adminPassword = "operator-password-1";

export type Tollgate = {
  url: string;
  /** The primary process; its workers are its children. */
  pid: number;
  dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Graceful stop (SIGTERM); the data directory stays until `dispose`. */
  stop: () => Promise<void>;
  /** SIGKILL of the primary and its workers: no chance to clean up. */
  kill: () => void;
  alive: () => boolean;
};

const dataDirs: string[] = [];
process.on("exit", () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** `command`: how the server is started, by default `node server/main.ts`; e.g. `npm start` to test what npm does with signals. `dataDir`: an existing one (e.g. a restored backup). */
export async function startTollgate(env: Record<string, string> = {}, options: { command?: string[]; dataDir?: string; cwd?: string } = {}): Promise<Tollgate> {
  // A free port can be taken between freePort closing it and the server binding it (test files run
  // side by side, and their outgoing connections draw from the same ports): then another is tried,
  // with a fresh data directory unless the test gave one (a restored backup is started again as it is).
  for (let attempt = 1; ; attempt++) {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "tollgate-test-"));
    dataDirs.push(dataDir);
    try {
      return await spawnTollgate(env, options, dataDir, env.PORT === undefined ? await freePort() : Number(env.PORT));
    } catch (error) {
      if (!(error instanceof PortTaken) || env.PORT !== undefined || attempt === 3) throw error;
    }
  }
}

class PortTaken extends Error {}

async function spawnTollgate(env: Record<string, string>, options: { command?: string[]; cwd?: string }, dataDir: string, port: number): Promise<Tollgate> {
  let output = "";
  const [command, ...args] = options.command ?? [process.execPath, resolve(import.meta.dirname, "../../server/main.ts")];
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd ?? resolve(import.meta.dirname, "../.."),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      TOLLGATE_WORKERS: "1",
      TOLLGATE_DATA_DIR: dataDir,
      TOLLGATE_ADMIN_EMAIL: adminEmail,
      TOLLGATE_ADMIN_PASSWORD: adminPassword,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`Tollgate did not start in 30 s:\n${output}`)), 30_000);
    const check = () => {
      if (output.includes("Tollgate listening on")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const Failure = output.includes(`port ${port} on `) && output.includes("is already in use") ? PortTaken : Error;
      fail(new Failure(`Tollgate exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    dataDir,
    output: () => output,
    kill() {
      for (const pid of childrenOf(child.pid!)) process.kill(pid, "SIGKILL");
      child.kill("SIGKILL");
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** The processes whose parent is `parent` (a Tollgate primary's workers). */
export function childrenOf(parent: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}
