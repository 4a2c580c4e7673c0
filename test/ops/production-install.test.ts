// The production install, run the way the Dockerfile runs it: scripts/build.sh into an empty
// directory, then `node server/main.ts` there (and server/healthcheck.ts for HEALTHCHECK). The
// Docker image itself cannot be built on these machines; this test is what stands for it, and it
// checks that the Dockerfile and compose.yaml still call exactly these steps.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Tollgate, adminEmail, adminPassword, startTollgate } from "../helpers/tollgate.ts";
import { signIn } from "../helpers/fixtures.ts";

const root = resolve(import.meta.dirname, "../..");
const folder = mkdtempSync(join(tmpdir(), "tollgate-production-"));
const app = join(folder, "app");
let build: ReturnType<typeof spawnSync>;
let tollgate: Tollgate | undefined;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" });
}

beforeAll(() => {
  build = spawnSync("bash", [join(root, "scripts/build.sh"), app], { cwd: folder, encoding: "utf8", timeout: 240_000, env: { ...process.env } });
}, 240_000);
afterAll(async () => {
  await tollgate?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("production install (scripts/build.sh)", () => {
  it("builds the console ahead of time and installs only the run-time dependencies, without engine warnings", () => {
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(`${build.stdout}${build.stderr}`).not.toContain("EBADENGINE");
    expect(existsSync(join(app, "web/dist/index.html"))).toBe(true);
    expect(existsSync(join(app, "generated/relay.openapi.3.1.yaml"))).toBe(true);
    expect(filesUnder(join(app, "server")).filter((file) => file.endsWith(".test.ts"))).toEqual([]);
    // Dev dependencies (the console's build tools, the pinned Node, the test runner) are absent.
    for (const dev of ["vite", "vitest", "typescript", "node", "@typespec/compiler", "playwright-core"]) expect(existsSync(join(app, "node_modules", dev)), dev).toBe(false);
    for (const runtime of ["express", "pg", "ioredis", "undici"]) expect(existsSync(join(app, "node_modules", runtime)), runtime).toBe(true);
  });

  it("npm start's prestart finds the console current there (no Vite needed)", () => {
    const prestart = spawnSync(process.execPath, ["web/build-if-stale.ts"], { cwd: app, encoding: "utf8" });
    expect(prestart.status, prestart.stderr).toBe(0);
    expect(prestart.stdout).toBe("");
  });

  it("refuses a target that is not empty", () => {
    const again = spawnSync("bash", [join(root, "scripts/build.sh"), app], { encoding: "utf8", timeout: 60_000 });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("is not empty");
  });

  it("starts there with `node server/main.ts`: console, docs, readiness, health check, sign-in; SIGTERM ends it", async () => {
    tollgate = await startTollgate({}, { command: [process.execPath, "server/main.ts"], cwd: app });
    const index = await fetch(`${tollgate.url}/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="app">');
    expect((await fetch(`${tollgate.url}/docs`)).status).toBe(200);
    expect((await fetch(`${tollgate.url}/readyz`)).status).toBe(200);
    await signIn(tollgate.url, adminEmail, adminPassword);

    const port = new URL(tollgate.url).port;
    const healthy = spawnSync(process.execPath, ["server/healthcheck.ts"], { cwd: app, env: { PATH: process.env.PATH, PORT: port }, encoding: "utf8" });
    expect(healthy.status, healthy.stderr).toBe(0);
    await tollgate.stop();
    const down = spawnSync(process.execPath, ["server/healthcheck.ts"], { cwd: app, env: { PATH: process.env.PATH, PORT: port }, encoding: "utf8" });
    expect(down.status).toBe(1);
    expect(down.stderr).toContain("/readyz could not be reached");
  });
});

describe("the Dockerfile and compose.yaml call those same steps", () => {
  const dockerfile = readFileSync(join(root, "Dockerfile"), "utf8");
  const instructions = dockerfile.split("\n").filter((line) => line.trim() && !line.startsWith("#"));

  it("Dockerfile: two stages on Node 24; the build stage runs scripts/build.sh; the runtime is non-root with /data as a volume, the server as PID 1 and a HEALTHCHECK on /readyz", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[-.\w]*$/m);
    expect(instructions.filter((line) => line.startsWith("FROM "))).toEqual(["FROM ${NODE_IMAGE} AS build", "FROM ${NODE_IMAGE}"]);
    expect(instructions).toContain("RUN scripts/build.sh /app");
    expect(instructions).toContain("COPY --from=build /app /app");
    expect(instructions).toContain("USER node");
    expect(instructions).toContain('VOLUME ["/data"]');
    expect(dockerfile).toMatch(/TOLLGATE_DATA_DIR=\/data/);
    expect(instructions).toContain('CMD ["node", "server/main.ts"]');
    expect(instructions.find((line) => line.startsWith("HEALTHCHECK"))).toMatch(/CMD \["node", "server\/healthcheck.ts"\]$/);
    expect(readFileSync(join(root, "server/healthcheck.ts"), "utf8")).toContain("/readyz");
    // Nothing but these scripts runs in the image.
    expect(instructions.filter((line) => line.startsWith("RUN "))).toEqual([
      "RUN npm ci --ignore-scripts --no-audit --no-fund",
      "RUN scripts/build.sh /app",
      "RUN mkdir -p /data && chown node:node /data && chmod 700 /data",
    ]);
  });

  it("compose.yaml: two replicas of the image on PostgreSQL and Redis, sharing the secret key", () => {
    // Compose applies YAML merge keys (`<<: *tollgate`).
    const compose = parse(readFileSync(join(root, "compose.yaml"), "utf8"), { merge: true });
    const replicas = Object.entries<any>(compose.services).filter(([name]) => name.startsWith("tollgate"));
    expect(replicas).toHaveLength(2);
    for (const [, service] of replicas) {
      expect(service.build).toBe(".");
      expect(service.environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service.environment.REDIS_URL).toBe("redis://redis:6379");
      expect(service.environment.TOLLGATE_SECRET_KEY).toMatch(/^\$\{TOLLGATE_SECRET_KEY:\?/);
      expect(Object.keys(service.depends_on)).toEqual(["postgres", "redis"]);
      // Longer than the drain, so a stop drains instead of being killed.
      expect(Number.parseInt(service.stop_grace_period) * 1000).toBeGreaterThan(Number(service.environment.TOLLGATE_DRAIN_MS));
    }
    expect(compose.services.postgres.image).toMatch(/^postgres:/);
    expect(compose.services.redis.image).toMatch(/^redis:/);
  });
});

describe("npm ci on the Node the README names", () => {
  it("prints no engine warning for the project's packages (npm ci --dry-run over the whole lock file)", () => {
    expect(process.versions.node.split(".")[0]).toBe("24");
    const dir = mkdtempSync(join(tmpdir(), "tollgate-engines-"));
    spawnSync("bash", ["-c", `cp package.json package-lock.json ${dir}/ && mkdir ${dir}/client && cp client/package.json ${dir}/client/`], { cwd: root });
    const dry = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: dir, encoding: "utf8", timeout: 120_000 });
    rmSync(dir, { recursive: true, force: true });
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stderr).not.toContain("EBADENGINE");
  });
});
