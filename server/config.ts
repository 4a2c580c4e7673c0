// Configuration from the environment, parsed strictly: a malformed value stops the start with a
// message naming the variable. See the README's table.
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { type SignInPolicy, defaultSignInPolicy } from "./domain/sign-in-throttle.ts";
import { type CircuitOptions, defaultMaxRestMs } from "./call-state/circuit.ts";

/**
 * Which peers' `X-Forwarded-For`/`-Proto`/`-Host` to believe, in Express's `trust proxy` terms:
 * `false` none, a number of hops, or addresses/CIDRs/named ranges (`loopback`, `linklocal`, `uniquelocal`).
 * https://expressjs.com/en/guide/behind-proxies.html
 */
export type TrustProxy = false | number | string[];

/** Origins whose browser apps may call the relay: `*` for any. */
export type CorsOrigins = "*" | ReadonlySet<string>;

export type Config = {
  host: string;
  port: number;
  workers: number;
  dataDir: string;
  databaseUrl?: string;
  /** Replica mode: the Redis every node shares (leases, circuits, catalog changes). */
  redisUrl?: string;
  publicUrl?: string;
  adminEmail: string;
  adminPassword?: string;
  maxBodyBytes: number;
  /** Relay bodies nested deeper than this (arrays and objects) get 400. */
  maxJsonDepth: number;
  /** Hashed into the key that encrypts upstream credentials; else a key file in the data directory. */
  secretKey?: string;
  /** How often workers write queued ledger records (they also write on a graceful stop). */
  ledgerFlushMs: number;
  /** Replica mode: how often one replica compares every account Redis holds with PostgreSQL and mends a difference (0: never). */
  reconcileMs: number;
  circuit: CircuitOptions;
  /** How long a graceful stop lets calls under way finish before ending them. */
  drainMs: number;
  /** A worker gives back a budget lease it has not used for this long. */
  leaseIdleMs: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Sign-in attempts allowed per account and per client address in one window. */
  signIn: SignInPolicy;
  /** Used for the client address (the per-address sign-in limit) and for `Secure` session cookies (X-Forwarded-Proto). */
  trustProxy: TrustProxy;
  /** CORS on the relay (`/v1…`, `/v1beta…`); off when undefined. */
  corsOrigins?: CorsOrigins;
  /**
   * Organizations' alert webhooks may reach loopback, private and link-local addresses (the
   * operator's own hook always may). Off by default: an owner chooses the URL and the server sends it.
   */
  alertWebhooksAllowInternal: boolean;
  /** Outgoing e-mail (password reset links now; invitations and verification later); undefined: no e-mail, and what needs it is off. */
  smtp?: SmtpConfig;
  /** How long a mailed password reset link works (TOLLGATE_PASSWORD_RESET_TTL_MINUTES). */
  passwordResetTtlMs: number;
  /** Self sign-up (TOLLGATE_SIGNUP_*): off by default; needs e-mail, since every address is verified. */
  signUp: SignUpConfig;
  /** Upstream credentials from the environment: one channel per provider (see env-channels.ts). */
  env: NodeJS.ProcessEnv;
};

/**
 * How the connection to the SMTP server is protected: `implicit` TLS from the first byte (port 465),
 * `starttls` (a plain connection that must upgrade before anything is sent; port 587), or `none`
 * (plain text: for a relay on this machine, or a test server).
 */
/**
 * What a self-signed-up organization starts with: `balance` in micros (0 by default) and the
 * exclusive groups it is authorized for, by identifier (none by default: public groups are every
 * organization's anyway). Identifiers unknown when a sign-up is verified are skipped and logged.
 */
export type SignUpConfig = { open: boolean; startingBalance: number; groupIdentifiers: string[] };

export type SmtpTls = "implicit" | "starttls" | "none";

export type SmtpConfig = {
  host: string;
  port: number;
  tls: SmtpTls;
  /** Both or neither; the password is never logged. */
  auth?: { user: string; password: string };
  /** The From header, e.g. `Tollgate <no-reply@example.com>`. */
  from: string;
  /** The console's address that links in mails point to (TOLLGATE_PUBLIC_URL, without a trailing slash). */
  publicUrl: string;
};

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}".`);
  return value;
}

/** `true` or `false` (unset or empty: `fallback`). */
function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true" || raw === "false") return raw === "true";
  throw new Error(`${name} must be true or false, got "${raw}".`);
}

function percent(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback, 1);
  if (value > 100) throw new Error(`${name} must be a percentage from 1 to 100, got "${env[name]}".`);
  return value;
}

/**
 * `TOLLGATE_CORS_ORIGINS` as written: comma-separated origins (`https://app.example.com`) or `*`
 * alone; empty means off. Throws naming the variable and the remedy.
 */
function corsOrigins(raw: string | undefined): CorsOrigins | undefined {
  const entries = (raw ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (entries.length === 0) return undefined;
  if (entries.includes("*")) {
    if (entries.length > 1) throw new Error(`TOLLGATE_CORS_ORIGINS: "*" allows every origin and must stand alone, got "${raw}".`);
    return "*";
  }
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || origin === "null" || !/^https?:/.test(origin)) {
      throw new Error(`TOLLGATE_CORS_ORIGINS: "${entry}" is not an origin. Give scheme, host and port only, e.g. https://app.example.com or http://localhost:5173.`);
    }
    if (origin !== entry) throw new Error(`TOLLGATE_CORS_ORIGINS: "${entry}" is not written as browsers send it; use "${origin}" (scheme, lowercase host, port; no path or trailing slash).`);
  }
  return new Set(entries);
}

const namedRanges = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * `TOLLGATE_TRUST_PROXY` as written: unset means `loopback` (a proxy on this machine); `none`
 * trusts no one; a whole number trusts that many hops in front of the server; otherwise
 * comma-separated addresses, CIDRs and named ranges.
 */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "") return ["loopback"];
  if (value === "none") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 32) throw new Error(`TOLLGATE_TRUST_PROXY: a hop count must be from 1 to 32, got "${raw}" (use none to trust no proxy).`);
    return hops;
  }
  const entries = value.split(",").map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (namedRanges.has(entry)) continue;
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(`TOLLGATE_TRUST_PROXY: "${entry}" is not an address, a CIDR (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; or give a hop count, or none.`);
    }
  }
  return entries;
}

const smtpTlsModes: SmtpTls[] = ["implicit", "starttls", "none"];
const defaultSmtpPort: Record<SmtpTls, number> = { implicit: 465, starttls: 587, none: 25 };
const loopbackHost = (host: string) => host === "localhost" || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1" || host === "[::1]";

/**
 * TOLLGATE_SMTP_*: e-mail is on when TOLLGATE_SMTP_HOST is set. Links in mails are built from
 * TOLLGATE_PUBLIC_URL, never from a request's Host header, which the caller chooses (a reset link
 * sent to someone else's host would hand it the token), so e-mail needs it.
 */
function smtp(env: NodeJS.ProcessEnv, publicUrl: string | undefined): SmtpConfig | undefined {
  const host = env.TOLLGATE_SMTP_HOST?.trim();
  const given = { TOLLGATE_SMTP_PORT: env.TOLLGATE_SMTP_PORT, TOLLGATE_SMTP_TLS: env.TOLLGATE_SMTP_TLS, TOLLGATE_SMTP_USER: env.TOLLGATE_SMTP_USER, TOLLGATE_SMTP_PASSWORD: env.TOLLGATE_SMTP_PASSWORD, TOLLGATE_MAIL_FROM: env.TOLLGATE_MAIL_FROM };
  const others = Object.entries(given).filter(([, value]) => value).map(([name]) => name);
  if (!host) {
    if (others.length) throw new Error(`${others.join(", ")} ${others.length > 1 ? "are" : "is"} set but TOLLGATE_SMTP_HOST is not: set it to the SMTP server's host name to send e-mail, or unset the others.`);
    return undefined;
  }
  const tlsRaw = env.TOLLGATE_SMTP_TLS || "starttls";
  if (!smtpTlsModes.includes(tlsRaw as SmtpTls)) throw new Error(`TOLLGATE_SMTP_TLS must be implicit (TLS from the start, usually port 465), starttls (usually port 587) or none (plain text, for a relay on this machine), got "${tlsRaw}".`);
  const tls = tlsRaw as SmtpTls;
  const port = integer(env, "TOLLGATE_SMTP_PORT", defaultSmtpPort[tls], 1);
  if (port > 65535) throw new Error(`TOLLGATE_SMTP_PORT must be a port from 1 to 65535, got "${env.TOLLGATE_SMTP_PORT}".`);
  const user = env.TOLLGATE_SMTP_USER || undefined;
  const password = env.TOLLGATE_SMTP_PASSWORD || undefined;
  if ((user === undefined) !== (password === undefined)) throw new Error(`TOLLGATE_SMTP_USER and TOLLGATE_SMTP_PASSWORD go together: set both to sign in to the SMTP server, or neither.`);
  if (user && tls === "none" && !loopbackHost(host)) {
    throw new Error(`TOLLGATE_SMTP_TLS=none would send the SMTP password in plain text to ${host}. Use starttls or implicit, or none only for a server on this machine (localhost, 127.0.0.1).`);
  }
  const from = env.TOLLGATE_MAIL_FROM?.trim();
  if (!from) throw new Error(`TOLLGATE_MAIL_FROM is needed with TOLLGATE_SMTP_HOST: the sender of Tollgate's mails, e.g. "Tollgate <no-reply@example.com>".`);
  if (!/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/.test(from)) {
    throw new Error(`TOLLGATE_MAIL_FROM must be an address (no-reply@example.com) or a name and an address ("Tollgate <no-reply@example.com>"), got "${from}".`);
  }
  if (!publicUrl) throw new Error("TOLLGATE_SMTP_HOST needs TOLLGATE_PUBLIC_URL: links in mails (password resets) are built from it, never from a request's Host header. Set it to the console's address, e.g. https://tollgate.example.com.");
  return { host, port, tls, auth: user && password ? { user, password } : undefined, from, publicUrl: publicUrl.replace(/\/+$/, "") };
}

/** TOLLGATE_SIGNUP and its settings; sign-up on without SMTP is refused, since it mails every new address a link. */
function signUp(env: NodeJS.ProcessEnv): SignUpConfig {
  const open = flag(env, "TOLLGATE_SIGNUP", false);
  if (open && !env.TOLLGATE_SMTP_HOST?.trim()) {
    throw new Error("TOLLGATE_SIGNUP=true needs e-mail: each new address is verified by a mailed link. Set TOLLGATE_SMTP_HOST and the rest of docs/email.md, or leave sign-up off.");
  }
  const groupIdentifiers = (env.TOLLGATE_SIGNUP_GROUPS ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  return { open, startingBalance: integer(env, "TOLLGATE_SIGNUP_STARTING_BALANCE", 0, 0), groupIdentifiers };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const publicUrl = env.TOLLGATE_PUBLIC_URL || undefined;
  if (publicUrl && !/^https?:\/\//.test(publicUrl)) throw new Error(`TOLLGATE_PUBLIC_URL must start with http:// or https://, got "${publicUrl}".`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error("DATABASE_URL must be a postgres:// or postgresql:// URL.");
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new Error("REDIS_URL must be a redis:// or rediss:// URL.");
  if (redisUrl && !databaseUrl) throw new Error("REDIS_URL (replica mode) needs DATABASE_URL: replicas share one PostgreSQL database.");
  const adminPassword = env.TOLLGATE_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) throw new Error("TOLLGATE_ADMIN_PASSWORD must have at least 8 characters.");
  if (env.TOLLGATE_SECRET_KEY && env.TOLLGATE_SECRET_KEY.length < 16) throw new Error("TOLLGATE_SECRET_KEY must have at least 16 characters.");
  return {
    host: env.HOST || "127.0.0.1",
    port: integer(env, "PORT", 8080, 0),
    workers: integer(env, "TOLLGATE_WORKERS", availableParallelism(), 1),
    dataDir: resolve(env.TOLLGATE_DATA_DIR || "data"),
    databaseUrl,
    redisUrl,
    publicUrl,
    adminEmail: env.TOLLGATE_ADMIN_EMAIL || "admin@tollgate.local",
    adminPassword,
    maxBodyBytes: integer(env, "TOLLGATE_MAX_BODY_BYTES", 32 * 1024 * 1024, 1024),
    maxJsonDepth: integer(env, "TOLLGATE_MAX_JSON_DEPTH", 128, 16),
    secretKey: env.TOLLGATE_SECRET_KEY || undefined,
    ledgerFlushMs: integer(env, "TOLLGATE_LEDGER_FLUSH_MS", 500, 10),
    reconcileMs: integer(env, "TOLLGATE_RECONCILE_MS", 30_000, 0),
    circuit: {
      minCalls: integer(env, "TOLLGATE_CIRCUIT_MIN_CALLS", 10, 1),
      failureRate: percent(env, "TOLLGATE_CIRCUIT_FAILURE_PERCENT", 50) / 100,
      windowMs: integer(env, "TOLLGATE_CIRCUIT_WINDOW_MS", 30_000, 100),
      cooldownMs: integer(env, "TOLLGATE_CIRCUIT_COOLDOWN_MS", 30_000, 0),
      probeDeadlineMs: integer(env, "TOLLGATE_CIRCUIT_PROBE_DEADLINE_MS", 130_000, 100),
      maxRestMs: integer(env, "TOLLGATE_CIRCUIT_MAX_REST_MS", defaultMaxRestMs, 0),
    },
    drainMs: integer(env, "TOLLGATE_DRAIN_MS", 600_000, 0),
    leaseIdleMs: integer(env, "TOLLGATE_LEASE_IDLE_MS", 2_000, 10),
    metricsToken: env.TOLLGATE_METRICS_TOKEN || undefined,
    alertWebhooksAllowInternal: flag(env, "TOLLGATE_ALERT_WEBHOOKS_ALLOW_INTERNAL", false),
    corsOrigins: corsOrigins(env.TOLLGATE_CORS_ORIGINS),
    trustProxy: trustProxy(env.TOLLGATE_TRUST_PROXY),
    signIn: {
      windowMs: integer(env, "TOLLGATE_SIGNIN_WINDOW_SECONDS", defaultSignInPolicy.windowMs / 1000, 1) * 1000,
      perAccount: integer(env, "TOLLGATE_SIGNIN_MAX_PER_ACCOUNT", defaultSignInPolicy.perAccount, 1),
      perAddress: integer(env, "TOLLGATE_SIGNIN_MAX_PER_ADDRESS", defaultSignInPolicy.perAddress, 1),
    },
    smtp: smtp(env, publicUrl),
    passwordResetTtlMs: integer(env, "TOLLGATE_PASSWORD_RESET_TTL_MINUTES", 30, 1) * 60_000,
    signUp: signUp(env),
    env,
  };
}
