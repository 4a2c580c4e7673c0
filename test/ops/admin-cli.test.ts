// The operator's command line (`npm run admin -- …`), run the way an operator runs it, beside a
// running server: an online backup that restores to a working gateway with the same balances,
// password resets that end sessions, a further operator, and the migration check.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../helpers/fixtures.ts";
import { type RelayEnv, startRelayEnv, upstreamKeys } from "../helpers/relay-env.ts";
import { adminEmail, adminPassword, type Tollgate, startTollgate } from "../helpers/tollgate.ts";

const root = resolve(import.meta.dirname, "../..");

function admin(dataDir: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return adminWith({}, dataDir, ...args);
}

/** `input`: what is piped into standard input; `echo`: let npm print the command line it runs, as it does unless -s. */
function adminWith({ input, echo = false }: { input?: string; echo?: boolean }, dataDir: string, ...args: string[]) {
  const result = spawnSync("npm", ["run", ...(echo ? [] : ["-s"]), "admin", "--", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TOLLGATE_DATA_DIR: dataDir },
    encoding: "utf8",
    input,
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function anthropicCall(url: string, key: string): Promise<Response> {
  return fetch(`${url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model: "claude-sonnet-4-6", max_tokens: 16, messages: [{ role: "user", content: "hello" }] }),
  });
}

let env: RelayEnv;
let restored: Tollgate | undefined;
beforeAll(async () => {
  env = await startRelayEnv();
});
afterAll(async () => {
  await restored?.stop();
  await env?.stop();
});

describe("npm run admin", () => {

  it("reset-password: the old password and its sessions stop working, the printed one signs in", async () => {
    const before = await signIn(env.tollgate.url, adminEmail, adminPassword);
    expect((await before.GET("/api/me")).response.status).toBe(200);

    const result = admin(env.tollgate.dataDir, "reset-password", adminEmail);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const password = /New password \(shown once\): (\S+)/.exec(result.stdout)![1];

    expect((await before.GET("/api/me")).response.status).toBe(401);
    await expect(signIn(env.tollgate.url, adminEmail, adminPassword)).rejects.toThrow();
    await signIn(env.tollgate.url, adminEmail, password);
    // Back to the password the other tests use.
    expect(admin(env.tollgate.dataDir, "reset-password", adminEmail, "--password", adminPassword).status).toBe(0);
    await signIn(env.tollgate.url, adminEmail, adminPassword);
  });

  it("reset-password --password-stdin: the piped password signs in and shows in no output, npm's echo of the command included", async () => {
    const chosen = "piped-password-7f3a";
    const result = adminWith({ input: `${chosen}\n`, echo: true }, env.tollgate.dataDir, "reset-password", adminEmail, "--password-stdin");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("--password-stdin");
    expect(result.stdout).not.toContain(chosen);
    await signIn(env.tollgate.url, adminEmail, chosen);
    expect(adminWith({ input: adminPassword }, env.tollgate.dataDir, "reset-password", adminEmail, "--password-stdin").status).toBe(0);
    await signIn(env.tollgate.url, adminEmail, adminPassword);

    const empty = adminWith({ input: "" }, env.tollgate.dataDir, "reset-password", adminEmail, "--password-stdin");
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/standard input was empty/);
  });

  it("a usage error exits 2: an option without its value, or a password given both ways", () => {
    const missing = admin(env.tollgate.dataDir, "reset-password", adminEmail, "--password");
    expect(missing.stderr).toMatch(/^tollgate admin: Option '--password <value>' argument missing/);
    expect(missing.status).toBe(2);
    const both = adminWith({ input: "another-password-1\n" }, env.tollgate.dataDir, "reset-password", adminEmail, "--password", "another-password-2", "--password-stdin");
    expect(both.stderr).toMatch(/either with --password or on standard input with --password-stdin, not both/);
    expect(both.status).toBe(2);
  });

  it("create-operator: a second operator who can sign in; an existing email or a short password is refused", async () => {
    const created = admin(env.tollgate.dataDir, "create-operator", "second-operator@test.local", "--name", "Second");
    expect(created.status).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(created.stdout)![1];
    const second = await signIn(env.tollgate.url, "second-operator@test.local", password);
    expect((await second.GET("/api/me")).data).toMatchObject({ role: "operator" });

    const again = admin(env.tollgate.dataDir, "create-operator", "second-operator@test.local");
    expect(again.status).toBe(2);
    expect(again.stderr.trim()).toBe("tollgate admin: An account with the email second-operator@test.local exists already; use reset-password.");
    expect(admin(env.tollgate.dataDir, "create-operator", "third@test.local", "--password", "short").stderr).toMatch(/at least 8 characters/);
  });

  it("migrations and migrate: pending on an empty data directory, applied after, current on the running one", () => {
    const empty = mkdtempSync(join(tmpdir(), "tollgate-admin-"));
    const pending = admin(empty, "migrations");
    expect(pending.status).toBe(3);
    expect(pending.stdout).toMatch(/^Schema: applied none; pending 1, 2, 3/);
    expect(admin(empty, "migrate").stdout).toMatch(/^Applied migrations 1, 2, 3/);
    expect(admin(empty, "migrations").status).toBe(0);
    expect(admin(empty, "migrate").stdout).toBe("Nothing to apply: the schema is current.\n");
    expect(admin(env.tollgate.dataDir, "migrations").stdout).toMatch(/pending none/);
  });


  // Last, as it stops the gateway. (The reset above ended the session env.balance() and env.ledger() use: a fresh one here.)
  it("backup (online) restores to a working gateway with the same balances, keys and credentials", async () => {
    const key = await env.key("claude-smart", "backup-key");
    for (let i = 0; i < 3; i++) expect((await anthropicCall(env.tollgate.url, key)).status).toBe(200);
    const operatorBefore = await signIn(env.tollgate.url, adminEmail, adminPassword);
    const balanceNow = async () => (await operatorBefore.GET("/api/admin/organizations")).data!.data.find((org) => org.id === env.tenant.organizationId)!.balance;
    let balance = await balanceNow();
    // The ledger is written in batches: wait until all three calls are charged.
    for (let i = 0; i < 50 && (await operatorBefore.GET("/api/usage/calls", { params: { query: { limit: 500 } } })).data!.data.filter((call) => call.key_name === "backup-key").length < 3; i++) {
      await new Promise((done) => setTimeout(done, 100));
    }
    balance = await balanceNow();
    expect(balance).toBeLessThan(1_000_000_000);

    const folder = mkdtempSync(join(tmpdir(), "tollgate-backup-"));
    const file = join(folder, "tollgate-backup.db");
    const reminder = admin(env.tollgate.dataDir, "backup", join(folder, "no-key.db"));
    expect(reminder.status).toBe(0);
    expect(reminder.stdout).toMatch(/Remember .*secret\.key: upstream credentials in the backup are encrypted with it/);
    const taken = admin(env.tollgate.dataDir, "backup", file, "--with-secret-key");
    expect(taken.stderr).toBe("");
    expect(taken.status).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.secret.key`).mode & 0o777).toBe(0o600);
    expect(admin(env.tollgate.dataDir, "backup", file).stderr).toMatch(/exists already; a backup never overwrites a file/);
    await env.tollgate.stop();

    // Restore: the two files into an empty data directory; only the Family A channel comes from the environment.
    const dataDir = mkdtempSync(join(tmpdir(), "tollgate-restored-"));
    copyFileSync(file, join(dataDir, "tollgate.db"));
    copyFileSync(`${file}.secret.key`, join(dataDir, "secret.key"));
    restored = await startTollgate({ TOLLGATE_ANTHROPIC_API_KEY: upstreamKeys.anthropic, TOLLGATE_ANTHROPIC_BASE_URL: env.mocks.anthropic.url }, { dataDir });
    const operator = await signIn(restored.url, adminEmail, adminPassword);
    const organizations = (await operator.GET("/api/admin/organizations")).data!.data;
    expect(organizations.find((org) => org.id === env.tenant.organizationId)!.balance).toBe(balance);
    // The OpenAI channel (not in this environment) kept the credential sealed with the old key: the
    // restored key file opens it, and the upstream (which checks it) accepts it.
    const channels = (await operator.GET("/api/admin/channels")).data!.data;
    const openai = channels.find((channel) => channel.name === "env:openai")!;
    const probe = await operator.POST("/api/admin/channels/{id}/test", { params: { path: { id: openai.id } } });
    expect(probe.data).toMatchObject({ ok: true, status: 200 });
    // The old API key still works, and is charged from the restored balance.
    expect((await anthropicCall(restored.url, key)).status).toBe(200);
  });
});
