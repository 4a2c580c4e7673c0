// The operator's command line: `npm run admin -- <command>`, on the machine (or in the container)
// where the server runs, with the same environment (TOLLGATE_DATA_DIR, DATABASE_URL, …). It works
// while the server runs: SQLite serializes writers, and a backup is taken with VACUUM INTO, which
// reads one consistent snapshot of a live database (https://sqlite.org/lang_vacuum.html#vacuuminto).
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, copyFileSync, existsSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { loadConfig } from "./config.ts";
import { hashPassword } from "./console/passwords.ts";
import { SchemaTooNewError } from "./store/migrations.ts";
import { type Store, openStore } from "./store/store.ts";

const usage = `Usage: npm run admin -- <command>

  reset-password <email> [--password-stdin] set a new password (generated and printed when not given); ends the user's sessions
  create-operator <email> [--name <n>] [--password-stdin]
                                            a further operator account (generated password printed when not given)
  backup <file> [--with-secret-key]         online copy of the SQLite database; --with-secret-key also copies
                                            secret.key to <file>.secret.key (0600)
  migrations                                list applied and pending schema migrations (exit 3 when some are pending)
  migrate                                   apply pending migrations (the server also does this when it starts)

--password-stdin reads the password to set from standard input (one line), e.g.
  printf '%s\\n' "$NEW_PASSWORD" | npm run admin -- reset-password ops@example.com --password-stdin
(--password <p> works too, but puts the password in npm's echo of the command, the shell's history and ps.)

Reads the same environment as the server (TOLLGATE_DATA_DIR, DATABASE_URL, TOLLGATE_SECRET_KEY).`;

class UsageError extends Error {}

function generated(): string {
  return randomBytes(12).toString("base64url");
}

function checkedPassword(password: string | undefined): string {
  if (password !== undefined && password.length < 8) throw new UsageError("A password needs at least 8 characters.");
  return password ?? generated();
}

/**
 * The password piped in: unlike `--password`, it shows in no command line (npm's echo, the shell's
 * history, ps). One line; its line break is not part of it.
 */
async function passwordFromStdin(alsoGiven: string | undefined): Promise<string> {
  if (alsoGiven !== undefined) throw new UsageError("Give the password either with --password or on standard input with --password-stdin, not both.");
  if (process.stdin.isTTY) throw new UsageError(`--password-stdin reads the password from a pipe or a file, not a terminal, e.g. printf '%s\\n' "$NEW_PASSWORD" | npm run admin -- … --password-stdin`);
  let text = "";
  for await (const chunk of process.stdin.setEncoding("utf8")) text += chunk;
  const password = text.replace(/\r?\n$/, "");
  if (password === "") throw new UsageError("--password-stdin read no password: standard input was empty.");
  if (/[\r\n]/.test(password)) throw new UsageError("--password-stdin reads one line; standard input had more.");
  return password;
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { password: { type: "string" }, "password-stdin": { type: "boolean" }, name: { type: "string" }, "with-secret-key": { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  const [command, argument, ...extra] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    return command || values.help ? 0 : 2;
  }
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(" ")}.`);
  const config = loadConfig();

  if (command === "backup") {
    if (!argument) throw new UsageError("backup needs the file to write, e.g. npm run admin -- backup /backups/tollgate-$(date +%F).db");
    if (config.databaseUrl) {
      throw new UsageError("backup copies the SQLite database; with DATABASE_URL use PostgreSQL's own tools (pg_dump -Fc, or the provider's snapshots), and keep TOLLGATE_SECRET_KEY with them.");
    }
    return backup(join(config.dataDir, "tollgate.db"), resolve(argument), config, values["with-secret-key"] === true);
  }

  const store = openStore(config);
  try {
    switch (command) {
      case "migrations": {
        const status = await store.schemaStatus();
        process.stdout.write(`Schema: applied ${status.applied.join(", ") || "none"}; pending ${status.pending.join(", ") || "none"} (this build knows up to ${status.latest}).\n`);
        return status.pending.length > 0 ? 3 : 0;
      }
      case "migrate": {
        const ran = await store.migrate();
        process.stdout.write(ran.length ? `Applied migrations ${ran.join(", ")}.\n` : "Nothing to apply: the schema is current.\n");
        return 0;
      }
      case "reset-password":
      case "create-operator": {
        // Accounts are written only into a schema this build knows completely.
        const status = await store.schemaStatus();
        if (status.pending.length > 0) throw new UsageError(`The database lacks migrations ${status.pending.join(", ")}; run npm run admin -- migrate (or start the server) first.`);
        const given = values["password-stdin"] ? await passwordFromStdin(values.password) : values.password;
        return await (command === "reset-password" ? resetPassword(store, argument, given) : createOperator(store, argument, values.name, given));
      }
      default:
        throw new UsageError(`Unknown command "${command}".\n${usage}`);
    }
  } finally {
    await store.close();
  }
}

async function resetPassword(store: Store, email: string | undefined, given: string | undefined): Promise<number> {
  if (!email) throw new UsageError("reset-password needs the account's email.");
  const user = await store.users.byEmail(email);
  if (!user) throw new UsageError(`No account has the email ${email}.`);
  const password = checkedPassword(given);
  await store.users.setPassword(user.id, await hashPassword(password));
  process.stdout.write(`Password of ${user.email} (${user.role}) reset; its sessions are ended.${given ? "" : ` New password (shown once): ${password}`}\n`);
  return 0;
}

async function createOperator(store: Store, email: string | undefined, name: string | undefined, given: string | undefined): Promise<number> {
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new UsageError("create-operator needs an email address.");
  if (await store.users.byEmail(email)) throw new UsageError(`An account with the email ${email} exists already; use reset-password.`);
  const password = checkedPassword(given);
  await store.users.create({ organizationId: null, email, name: name ?? "Operator", role: "operator", passwordHash: await hashPassword(password) });
  process.stdout.write(`Operator ${email} created.${given ? "" : ` Password (shown once): ${password}`}\n`);
  return 0;
}

function backup(database: string, target: string, config: ReturnType<typeof loadConfig>, withSecretKey: boolean): number {
  if (!existsSync(database)) throw new UsageError(`There is no database at ${database}; check TOLLGATE_DATA_DIR.`);
  if (existsSync(target)) throw new UsageError(`${target} exists already; a backup never overwrites a file.`);
  // Made empty with 0600 first: VACUUM INTO writes into an empty file and keeps its permissions.
  closeSync(openSync(target, "wx", 0o600));
  const db = new DatabaseSync(database, { readOnly: true });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  process.stdout.write(`Backup written: ${target}\n`);
  const keyFile = join(config.dataDir, "secret.key");
  if (config.secretKey) {
    process.stdout.write("Upstream credentials in it are encrypted with TOLLGATE_SECRET_KEY: keep that value with the backup, or they cannot be read after a restore.\n");
  } else if (withSecretKey) {
    copyFileSync(keyFile, `${target}.secret.key`);
    chmodSync(`${target}.secret.key`, 0o600);
    process.stdout.write(`Key copied: ${target}.secret.key (restore it as secret.key beside tollgate.db). Store both safely: together they reveal the upstream credentials.\n`);
  } else {
    process.stdout.write(`Remember ${keyFile}: upstream credentials in the backup are encrypted with it, and are lost without it (add --with-secret-key to copy it).\n`);
  }
  return 0;
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  // Node's own argument errors (an unknown option, an option without its value) are usage errors too.
  const code = (error as NodeJS.ErrnoException)?.code;
  const known = error instanceof UsageError || error instanceof SchemaTooNewError || code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" || code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE";
  process.stderr.write(`tollgate admin: ${(error as Error).message}\n`);
  process.exitCode = known ? 2 : 1;
}
