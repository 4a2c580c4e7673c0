// Numbered schema migrations, portable between SQLite and PostgreSQL. Append; never edit a
// migration that has shipped. Money columns are integer micros; times are epoch milliseconds.
import type { Db } from "./db.ts";

/** A migration's statements: one list for both dialects, or one each where they part (SQLite cannot alter a constraint). */
export type Migration = { version: number; name: string; sql: string[] | Record<"sqlite" | "postgres", string[]> };

export const statementsOf = (migration: Migration, dialect: "sqlite" | "postgres"): string[] => (Array.isArray(migration.sql) ? migration.sql : migration.sql[dialect]);

const channelKinds = `'anthropic', 'openai', 'gemini', 'openai-compatible', 'bedrock', 'vertex', 'azure-openai'`;

export const migrations: Migration[] = [
  {
    version: 1,
    name: "tenancy, groups, keys, sessions",
    sql: [
      `CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
      `CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        balance BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
        group_routing INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL)`,
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        organization_id TEXT REFERENCES organizations(id),
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('operator', 'owner', 'sub-user', 'developer')),
        password_hash TEXT NOT NULL,
        spend_cap BIGINT,
        spent BIGINT NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL)`,
      `CREATE UNIQUE INDEX users_email ON users (lower(email))`,
      `CREATE TABLE model_groups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        identifier TEXT NOT NULL UNIQUE,
        family TEXT NOT NULL,
        multiplier_milli INTEGER NOT NULL CHECK (multiplier_milli > 0),
        visibility TEXT NOT NULL CHECK (visibility IN ('public', 'exclusive')),
        created_at BIGINT NOT NULL)`,
      `CREATE TABLE group_models (
        group_id TEXT NOT NULL REFERENCES model_groups(id) ON DELETE CASCADE,
        model_id TEXT NOT NULL,
        display_name TEXT NOT NULL,
        position INTEGER NOT NULL,
        price_input BIGINT NOT NULL,
        price_output BIGINT NOT NULL,
        price_cache_read BIGINT NOT NULL,
        price_cache_write BIGINT NOT NULL,
        PRIMARY KEY (group_id, model_id))`,
      `CREATE TABLE organization_groups (
        organization_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        group_id TEXT NOT NULL REFERENCES model_groups(id) ON DELETE CASCADE,
        PRIMARY KEY (organization_id, group_id))`,
      `CREATE TABLE member_groups (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        group_id TEXT NOT NULL REFERENCES model_groups(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, group_id))`,
      `CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        name TEXT NOT NULL,
        secret_hash TEXT NOT NULL UNIQUE,
        display TEXT NOT NULL,
        group_id TEXT REFERENCES model_groups(id),
        created_at BIGINT NOT NULL,
        expires_at BIGINT,
        revoked_at BIGINT,
        last_used_at BIGINT,
        spend_cap BIGINT,
        spent BIGINT NOT NULL DEFAULT 0)`,
      `CREATE INDEX api_keys_user ON api_keys (user_id)`,
      `CREATE INDEX api_keys_organization ON api_keys (organization_id)`,
      `CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL)`,
      `INSERT INTO meta (key, value) VALUES ('revision', '0')`,
    ],
  },
  {
    version: 2,
    name: "channels, quota reservations, usage ledger",
    sql: [
      `CREATE TABLE channels (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('anthropic', 'openai', 'gemini', 'openai-compatible')),
        preset TEXT,
        base_url TEXT NOT NULL,
        credentials_sealed TEXT NOT NULL,
        credential_hints TEXT NOT NULL,
        models TEXT NOT NULL,
        model_mapping TEXT NOT NULL,
        priority INTEGER NOT NULL DEFAULT 0,
        weight INTEGER NOT NULL DEFAULT 1 CHECK (weight >= 1),
        timeout_ms INTEGER NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        source TEXT NOT NULL DEFAULT 'console',
        created_at BIGINT NOT NULL)`,
      `CREATE TABLE channel_groups (
        channel_id TEXT NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
        group_id TEXT NOT NULL REFERENCES model_groups(id) ON DELETE CASCADE,
        PRIMARY KEY (channel_id, group_id))`,
      // Money held for calls in flight. The balance is debited at reservation; settling refunds
      // the unused part. Caps track what is reserved beside what is spent.
      `ALTER TABLE api_keys ADD COLUMN reserved BIGINT NOT NULL DEFAULT 0`,
      `ALTER TABLE users ADD COLUMN reserved BIGINT NOT NULL DEFAULT 0`,
      `CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        key_id TEXT NOT NULL,
        amount BIGINT NOT NULL CHECK (amount >= 0),
        created_at BIGINT NOT NULL)`,
      `CREATE INDEX reservations_created ON reservations (created_at)`,
      `CREATE TABLE usage_records (
        id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        organization_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        key_id TEXT NOT NULL,
        group_id TEXT NOT NULL,
        model_id TEXT NOT NULL,
        call_name TEXT NOT NULL,
        channel_id TEXT,
        interface TEXT NOT NULL,
        stream INTEGER NOT NULL,
        status TEXT NOT NULL,
        http_status INTEGER NOT NULL,
        input_tokens BIGINT NOT NULL,
        output_tokens BIGINT NOT NULL,
        cache_read_tokens BIGINT NOT NULL,
        cache_write_tokens BIGINT NOT NULL,
        reasoning_tokens BIGINT NOT NULL,
        multiplier_milli INTEGER NOT NULL,
        cost BIGINT NOT NULL,
        latency_ms INTEGER NOT NULL,
        ttfb_ms INTEGER)`,
      `CREATE INDEX usage_records_org_time ON usage_records (organization_id, created_at)`,
      `CREATE INDEX usage_records_user_time ON usage_records (user_id, created_at)`,
    ],
  },
  {
    version: 3,
    name: "console automation tokens",
    sql: [
      // Bearer tokens for the console API; only the SHA-256 of the secret is kept.
      `CREATE TABLE console_tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        display TEXT NOT NULL,
        role TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        revoked_at BIGINT,
        last_used_at BIGINT)`,
      `CREATE INDEX console_tokens_user ON console_tokens (user_id)`,
    ],
  },
  {
    version: 4,
    name: "rate limits on keys, organizations and groups",
    // NULL = unlimited. Requests and tokens per minute, and calls in flight at once.
    sql: ["api_keys", "organizations", "model_groups"].flatMap((table) => [
      `ALTER TABLE ${table} ADD COLUMN rpm_limit INTEGER`,
      `ALTER TABLE ${table} ADD COLUMN tpm_limit BIGINT`,
      `ALTER TABLE ${table} ADD COLUMN concurrency_limit INTEGER`,
    ]),
  },
  {
    version: 5,
    name: "holds leave the database",
    // Holds live in the call-state owner's memory now (server/call-state/): the reservation rows and
    // the reserved columns of members and keys are no longer written or read.
    sql: [`DROP TABLE reservations`, `ALTER TABLE users DROP COLUMN reserved`, `ALTER TABLE api_keys DROP COLUMN reserved`],
  },
  {
    version: 6,
    name: "sign-in attempt counters",
    sql: [
      // scope: `account:<email>` or `address:<client address>`; one fixed window per row.
      `CREATE TABLE sign_in_attempts (
        scope TEXT PRIMARY KEY,
        attempts INTEGER NOT NULL,
        window_start BIGINT NOT NULL)`,
      `CREATE INDEX sign_in_attempts_window ON sign_in_attempts (window_start)`,
    ],
  },
  {
    version: 7,
    name: "groups accept translated interfaces",
    // A comma-separated list of relay interfaces (messages, chat, responses, generate-content); empty by default: the seed's rule.
    sql: [`ALTER TABLE model_groups ADD COLUMN translated_interfaces TEXT NOT NULL DEFAULT ''`],
  },
  {
    version: 8,
    name: "why each call stopped",
    // The upstream's own stop reason (end_turn, stop, tool_calls, STOP, …), or null where none came.
    sql: [`ALTER TABLE usage_records ADD COLUMN finish_reason TEXT`],
  },
  {
    version: 9,
    name: "archived channels and groups; the audit log; request log indexes",
    sql: [
      // Archived, not deleted: the ledger's rows name them, and history must keep rendering.
      `ALTER TABLE channels ADD COLUMN archived_at BIGINT`,
      `ALTER TABLE model_groups ADD COLUMN archived_at BIGINT`,
      `ALTER TABLE users ADD COLUMN archived_at BIGINT`,
      `ALTER TABLE organizations ADD COLUMN archived_at BIGINT`,
      // Append-only: the store has no UPDATE or DELETE for it. before/after are JSON (NULL for a creation or an archive).
      `CREATE TABLE audit_log (
        id TEXT PRIMARY KEY,
        created_at BIGINT NOT NULL,
        actor_id TEXT NOT NULL,
        actor_email TEXT NOT NULL,
        organization_id TEXT,
        action TEXT NOT NULL,
        target_type TEXT NOT NULL,
        target_id TEXT NOT NULL,
        target_name TEXT,
        before_json TEXT,
        after_json TEXT)`,
      `CREATE INDEX audit_log_time ON audit_log (created_at, id)`,
      `CREATE INDEX audit_log_org_time ON audit_log (organization_id, created_at, id)`,
      // The request log's keyset pages: newest first over everything, by key, by group; a request id finds its call.
      `CREATE INDEX usage_records_time ON usage_records (created_at, id)`,
      `CREATE INDEX usage_records_key_time ON usage_records (key_id, created_at)`,
      `CREATE INDEX usage_records_group_time ON usage_records (group_id, created_at)`,
      `CREATE INDEX usage_records_request ON usage_records (request_id)`,
    ],
  },
  {
    version: 10,
    name: "spend caps that reset; budget alerts",
    sql: [
      // cap_period: daily, weekly or monthly (UTC), NULL never resets; spent_since: the start (epoch ms) of the period `spent` counts.
      `ALTER TABLE users ADD COLUMN cap_period TEXT`,
      `ALTER TABLE users ADD COLUMN spent_since BIGINT`,
      `ALTER TABLE api_keys ADD COLUMN cap_period TEXT`,
      `ALTER TABLE api_keys ADD COLUMN spent_since BIGINT`,
      // One webhook per organization (its owner's) and one for the operator (organization_id NULL: every organization).
      `CREATE TABLE alert_hooks (
        id TEXT PRIMARY KEY,
        organization_id TEXT,
        url TEXT NOT NULL,
        secret_box TEXT NOT NULL,
        cap_percents TEXT NOT NULL,
        balance_below BIGINT,
        day_cover INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL)`,
      `CREATE UNIQUE INDEX alert_hooks_scope ON alert_hooks (organization_id)`,
      // Each crossing is sent once per period: (hook, subject, kind and threshold, period start).
      `CREATE TABLE alerts_sent (
        hook_id TEXT NOT NULL,
        subject TEXT NOT NULL,
        kind TEXT NOT NULL,
        period_start BIGINT NOT NULL,
        sent_at BIGINT NOT NULL,
        PRIMARY KEY (hook_id, subject, kind, period_start))`,
    ],
  },
  {
    version: 11,
    name: "the channels a call failed over from",
    // JSON: [{"channelId","reason"}, …] in the order tried, before the channel that answered; null when the first one did.
    sql: [`ALTER TABLE usage_records ADD COLUMN failovers TEXT`],
  },
  {
    version: 12,
    name: "1-hour cache writes priced and counted apart",
    sql: [
      // NULL: the model has no 1-hour price, and its 1-hour writes cost price_cache_write.
      `ALTER TABLE group_models ADD COLUMN price_cache_write_1h BIGINT`,
      // The part of cache_write_tokens written to a 1-hour cache; calls recorded before were billed as 5-minute writes.
      `ALTER TABLE usage_records ADD COLUMN cache_write_1h_tokens BIGINT NOT NULL DEFAULT 0`,
    ],
  },
  {
    version: 13,
    name: "the operator's changes to a model's capabilities",
    // JSON of domain/model-capabilities.ts CapabilityOverrides; NULL: the catalog's alone.
    sql: [`ALTER TABLE group_models ADD COLUMN capabilities TEXT`],
  },
  {
    version: 14,
    name: "the gateway's own refusals in the request log",
    // What the caller was told: the error's kind (invalid_request, model_not_found, quota_exhausted, …)
    // and its message, on a row of a call the gateway refused itself (cost 0); NULL on the others.
    sql: [`ALTER TABLE usage_records ADD COLUMN error_code TEXT`, `ALTER TABLE usage_records ADD COLUMN error_message TEXT`],
  },
  {
    version: 15,
    name: "each account's charges counted",
    // Bumped by every ledger batch that charges the row (budgets.ts recordSettled): a read of the row
    // holds exactly the charges up to its count, so Redis tells a charge that a read already has from
    // one it lacks without comparing clocks (replica mode).
    sql: ["organizations", "users", "api_keys"].map((table) => `ALTER TABLE ${table} ADD COLUMN charge_seq BIGINT NOT NULL DEFAULT 0`),
  },
  {
    version: 16,
    name: "a channel's own User-Agent",
    // What its upstream requests carry in place of Tollgate's own `Tollgate/<version>`; NULL: Tollgate's.
    sql: [`ALTER TABLE channels ADD COLUMN user_agent TEXT`],
  },
  {
    version: 17,
    name: "a cloud channel's region, project and API version",
    // Bedrock's AWS region, Vertex AI's location (region) and project, Azure OpenAI's api-version; NULL for the other kinds.
    sql: ["region", "project", "api_version"].map((column) => `ALTER TABLE channels ADD COLUMN ${column} TEXT`),
  },
  {
    version: 18,
    name: "the cloud channel kinds",
    // Migration 2's CHECK on channels.kind knew four kinds; bedrock, vertex and azure-openai join them.
    // SQLite alters no constraint, so the table is rebuilt: its channel_groups rows, which the drop
    // cascades away, are kept aside and put back (foreign keys stay on; the rename leaves their reference pointing at the new table).
    sql: {
      postgres: [`ALTER TABLE channels DROP CONSTRAINT channels_kind_check`, `ALTER TABLE channels ADD CONSTRAINT channels_kind_check CHECK (kind IN (${channelKinds}))`],
      sqlite: [
        `CREATE TABLE channels_rebuilt (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN (${channelKinds})),
          preset TEXT,
          base_url TEXT NOT NULL,
          credentials_sealed TEXT NOT NULL,
          credential_hints TEXT NOT NULL,
          models TEXT NOT NULL,
          model_mapping TEXT NOT NULL,
          priority INTEGER NOT NULL DEFAULT 0,
          weight INTEGER NOT NULL DEFAULT 1 CHECK (weight >= 1),
          timeout_ms INTEGER NOT NULL,
          enabled INTEGER NOT NULL DEFAULT 1,
          source TEXT NOT NULL DEFAULT 'console',
          created_at BIGINT NOT NULL,
          archived_at BIGINT,
          user_agent TEXT,
          region TEXT,
          project TEXT,
          api_version TEXT)`,
        `INSERT INTO channels_rebuilt (id, name, kind, preset, base_url, credentials_sealed, credential_hints, models, model_mapping, priority, weight, timeout_ms, enabled, source, created_at, archived_at, user_agent, region, project, api_version)
          SELECT id, name, kind, preset, base_url, credentials_sealed, credential_hints, models, model_mapping, priority, weight, timeout_ms, enabled, source, created_at, archived_at, user_agent, region, project, api_version FROM channels`,
        `CREATE TEMPORARY TABLE channel_groups_kept AS SELECT channel_id, group_id FROM channel_groups`,
        `DROP TABLE channels`,
        `ALTER TABLE channels_rebuilt RENAME TO channels`,
        `INSERT INTO channel_groups (channel_id, group_id) SELECT channel_id, group_id FROM channel_groups_kept`,
        `DROP TABLE channel_groups_kept`,
      ],
    },
  },
  {
    version: 19,
    name: "one-time tokens that mails carry",
    // A mailed link's token, stored only as its SHA-256 (mail-tokens.ts). `purpose` is checked in
    // code, not by a CHECK, so a later purpose (address verification) needs no table rebuild on SQLite.
    // A spent token's row stays until it is a week past its expiry, so its link can say why it no
    // longer works: spent_reason is used, superseded (a newer link was sent) or password_changed.
    sql: [
      `CREATE TABLE mail_tokens (
        token_hash TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        spent_at BIGINT,
        spent_reason TEXT)`,
      `CREATE INDEX mail_tokens_user ON mail_tokens (user_id, purpose)`,
      `CREATE INDEX mail_tokens_expiry ON mail_tokens (expires_at)`,
    ],
  },
  {
    version: 20,
    name: "single sign-on: identity providers, links, SSO-required organizations",
    // An OpenID provider the operator registered (identity-providers.ts): its client secret sealed
    // like channel credentials; domains and claim rules as JSON. A link ties a provider's subject to
    // one account, once. A sign-in in progress (state, nonce, PKCE verifier) waits in sso_transactions
    // by the SHA-256 of its state, so any worker or replica can finish it, and only once.
    sql: [
      `CREATE TABLE identity_providers (
        id TEXT PRIMARY KEY,
        label TEXT NOT NULL,
        issuer TEXT NOT NULL,
        client_id TEXT NOT NULL,
        client_secret_sealed TEXT NOT NULL,
        client_secret_hint TEXT NOT NULL,
        email_domains TEXT NOT NULL,
        claim_rules TEXT NOT NULL,
        rules_apply TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL)`,
      `CREATE TABLE identity_links (
        provider_id TEXT NOT NULL REFERENCES identity_providers(id) ON DELETE CASCADE,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (provider_id, subject))`,
      `CREATE INDEX identity_links_user ON identity_links (user_id)`,
      `CREATE TABLE sso_transactions (
        state_hash TEXT PRIMARY KEY,
        provider_id TEXT NOT NULL,
        nonce TEXT NOT NULL,
        code_verifier TEXT NOT NULL,
        return_to TEXT NOT NULL,
        expires_at BIGINT NOT NULL)`,
      `ALTER TABLE organizations ADD COLUMN sso_required INTEGER NOT NULL DEFAULT 0`,
      // How a session began (password, sso:<provider id>, reset link), for the operator's list of sessions.
      `ALTER TABLE sessions ADD COLUMN method TEXT`,
    ],
  },
  {
    version: 21,
    name: "invitations, pending self sign-ups, budget alerts by e-mail",
    // Both keep a one-time token only as its SHA-256 (invitations.ts, sign-ups.ts). An invitation's
    // row stays once accepted or revoked, so its link can say why it no longer works and the member
    // list can show who invited whom. `group_ids` is a JSON list: the groups a sub-user's or
    // developer's keys may use, checked against the organization's when the invitation is made and
    // again when it is accepted. A sign-up has no account until its address is verified: the row
    // holds what the account and its organization will be made from; the password is chosen when the
    // link is followed, so whoever asked cannot set the password of another person's address.
    sql: [
      `CREATE TABLE invitations (
        id TEXT PRIMARY KEY,
        organization_id TEXT NOT NULL REFERENCES organizations(id),
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('owner', 'sub-user', 'developer')),
        group_ids TEXT NOT NULL DEFAULT '[]',
        token_hash TEXT NOT NULL UNIQUE,
        invited_by TEXT NOT NULL REFERENCES users(id),
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        accepted_at BIGINT,
        accepted_user_id TEXT REFERENCES users(id),
        revoked_at BIGINT)`,
      `CREATE INDEX invitations_organization ON invitations (organization_id, created_at)`,
      `CREATE TABLE sign_ups (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        name TEXT NOT NULL,
        organization_name TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        verified_at BIGINT,
        user_id TEXT REFERENCES users(id))`,
      `CREATE INDEX sign_ups_email ON sign_ups (lower(email))`,
      `CREATE INDEX sign_ups_expiry ON sign_ups (expires_at)`,
      // A budget alert may also be mailed: to the organization's owners, and to a JSON list of addresses.
      `ALTER TABLE alert_hooks ADD COLUMN email_owners INTEGER NOT NULL DEFAULT 0`,
      `ALTER TABLE alert_hooks ADD COLUMN email_addresses TEXT NOT NULL DEFAULT '[]'`,
    ],
  },
];

/** The newest schema this build knows. */
export const latestVersion = Math.max(...migrations.map((migration) => migration.version));

/**
 * Any fixed 64-bit number that other applications on the same PostgreSQL server are unlikely to
 * use: the advisory lock that makes replicas starting together migrate one after another.
 * https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS
 */
const migrationLock = 7_146_531_905_331;

export type SchemaStatus = { applied: number[]; pending: number[]; latest: number };

/** A database migrated by a newer build: this one would misread or corrupt what it does not know. */
export class SchemaTooNewError extends Error {
  constructor(applied: number[]) {
    const unknown = applied.filter((version) => version > latestVersion);
    super(
      `the database was migrated by a newer Tollgate (schema version ${Math.max(...unknown)}; this build knows up to ${latestVersion}). ` +
        `Run the newer build, or restore the backup taken before the upgrade.`,
    );
  }
}

async function readApplied(db: Db): Promise<number[]> {
  await db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`);
  return (await db.all<{ version: number }>(`SELECT version FROM schema_migrations ORDER BY version`)).map((row) => Number(row.version));
}

function statusOf(applied: number[]): SchemaStatus {
  if (applied.some((version) => version > latestVersion)) throw new SchemaTooNewError(applied);
  const done = new Set(applied);
  return { applied, pending: migrations.map((migration) => migration.version).filter((version) => !done.has(version)), latest: latestVersion };
}

/** Which migrations the database has and which it lacks; throws SchemaTooNewError for a newer database. Writes nothing but the (empty) bookkeeping table. */
export async function schemaStatus(db: Db): Promise<SchemaStatus> {
  return statusOf(await readApplied(db));
}

/**
 * Applies pending migrations, all in one transaction, and returns their versions; safe to call from
 * every start. On PostgreSQL the transaction first takes an advisory lock, so of several replicas
 * starting together one migrates and the others wait, then find nothing to do. On SQLite the
 * transaction (BEGIN IMMEDIATE) is the lock. Refuses a database migrated by a newer build.
 */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (tx.dialect === "postgres") await tx.get(`SELECT pg_advisory_xact_lock(?)`, [migrationLock]);
    const { pending } = statusOf(await readApplied(tx));
    for (const migration of migrations) {
      if (!pending.includes(migration.version)) continue;
      for (const statement of statementsOf(migration, tx.dialect)) await tx.run(statement);
      await tx.run(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, [migration.version, migration.name, Date.now()]);
    }
    return pending;
  });
}
