// A minimal async SQL surface shared by the embedded SQLite store (node:sqlite) and PostgreSQL.
// Repositories write portable SQL with `?` placeholders; the PostgreSQL side numbers them.
// Integers that may exceed 32 bits are BIGINT; booleans are stored as 0/1 in both.
import { DatabaseSync } from "node:sqlite";
import pg from "pg";

export type Params = (string | number | null)[];
export type Row = Record<string, unknown>;

export interface Db {
  readonly dialect: "sqlite" | "postgres";
  all<T = Row>(sql: string, params?: Params): Promise<T[]>;
  get<T = Row>(sql: string, params?: Params): Promise<T | undefined>;
  run(sql: string, params?: Params): Promise<{ changes: number }>;
  /** Runs `fn` atomically: every statement on `tx` commits together or not at all. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Integers are exact in JavaScript only up to 2^53 − 1; money stays far below (10^15 micros at
 * most), so a larger integer is refused on its way in, and one found in the database (written by
 * hand or by an old version) gives an error naming its column instead of breaking every read.
 */
const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

function safeInteger(value: bigint, column?: string): number {
  if (value > maxSafe || value < -maxSafe) {
    throw new RangeError(`${column ? `Column "${column}"` : "A BIGINT column"} holds ${value}, beyond the integers Tollgate computes exactly (±${Number.MAX_SAFE_INTEGER}); money is bounded at 10^15 micros. Correct that row in the database.`);
  }
  return Number(value);
}

function checkParams(params: Params): Params {
  for (const [index, value] of params.entries()) {
    if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value)) {
      throw new RangeError(`Parameter ${index + 1} (${value}) is beyond the integers Tollgate computes exactly (±${Number.MAX_SAFE_INTEGER}); it is not stored.`);
    }
  }
  return params;
}

/** node:sqlite reads integers as BigInt (so none can throw); each becomes a number here, or a clear error. */
function numbersOf<T>(row: Row): T {
  for (const column in row) {
    const value = row[column];
    if (typeof value === "bigint") row[column] = safeInteger(value, column);
  }
  return row as T;
}

export function openSqlite(path: string): Db {
  const db = new DatabaseSync(path, { readBigInts: true });
  // WAL lets every worker process read while one writes; busy_timeout makes writers queue.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  // node:sqlite is synchronous and has one connection, so an open transaction must not interleave
  // with other statements: transactions queue behind each other, and a plain statement waits while
  // one is open. The check and the statement run in the same synchronous step, so nothing slips in.
  let queue: Promise<unknown> = Promise.resolve();
  let open: Promise<void> | null = null;
  const direct = {
    all: <T>(sql: string, params: Params = []) => (prepare(sql).all(...checkParams(params)) as Row[]).map((row) => numbersOf<T>(row)),
    get: <T>(sql: string, params: Params = []) => {
      const row = prepare(sql).get(...checkParams(params)) as Row | undefined;
      return row && numbersOf<T>(row);
    },
    run: (sql: string, params: Params = []) => ({ changes: Number(prepare(sql).run(...checkParams(params)).changes) }),
  };
  const outsideTransactions = async <T>(statement: () => T): Promise<T> => {
    while (open) await open;
    return statement();
  };
  const txView: Db = {
    dialect: "sqlite",
    all: async (sql, params) => direct.all(sql, params),
    get: async (sql, params) => direct.get(sql, params),
    run: async (sql, params) => direct.run(sql, params),
    transaction: (fn) => fn(txView),
    close: async () => {},
  };
  return {
    dialect: "sqlite",
    all: (sql, params) => outsideTransactions(() => direct.all(sql, params)),
    get: (sql, params) => outsideTransactions(() => direct.get(sql, params)),
    run: (sql, params) => outsideTransactions(() => direct.run(sql, params)),
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const work = queue.then(async () => {
        while (open) await open;
        let finished!: () => void;
        open = new Promise<void>((resolve) => (finished = resolve));
        try {
          // Busy past busy_timeout, BEGIN IMMEDIATE itself throws: nothing to roll back, and the
          // store must go on (the finally below lets the next statement in).
          db.exec("BEGIN IMMEDIATE");
          try {
            const result = await fn(txView);
            db.exec("COMMIT");
            return result;
          } catch (error) {
            db.exec("ROLLBACK");
            throw error;
          }
        } finally {
          open = null;
          finished();
        }
      });
      queue = work.catch(() => {});
      return work;
    },
    async close() {
      await queue;
      db.close();
    },
  };
}

// BIGINT (20) arrives as a string from pg: a number when exact, else the same clear error as SQLite's.
pg.types.setTypeParser(20, (value) => safeInteger(BigInt(value)));

const numbered = new Map<string, string>();
function numberPlaceholders(sql: string): string {
  let text = numbered.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, text);
  }
  return text;
}

type Queryable = { query: (text: string, values?: unknown[]) => Promise<pg.QueryResult> };

function postgresView(client: Queryable, transaction: Db["transaction"], close: Db["close"]): Db {
  return {
    dialect: "postgres",
    all: async <T>(sql: string, params: Params = []) => (await client.query(numberPlaceholders(sql), checkParams(params))).rows as T[],
    get: async <T>(sql: string, params: Params = []) => (await client.query(numberPlaceholders(sql), checkParams(params))).rows[0] as T | undefined,
    run: async (sql, params = []) => ({ changes: (await client.query(numberPlaceholders(sql), checkParams(params))).rowCount ?? 0 }),
    transaction,
    close,
  };
}

export function openPostgres(connectionString: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection that the server drops (restart, failover) must not crash the process; the
  // next query opens a fresh one or fails on its own (and /readyz reports it).
  pool.on("error", () => {});
  const transaction: Db["transaction"] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const tx = postgresView(client, (inner) => inner(tx), async () => {});
      const result = await fn(tx);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  return postgresView(pool, transaction, () => pool.end());
}

/**
 * A transaction the database aborted because of another running at the same time (PostgreSQL's
 * deadlock_detected and serialization_failure, SQLite's busy past its timeout): the same work, run
 * again, may well pass.
 */
export function isConflict(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: string; errcode?: number };
  // node:sqlite's errcode is the extended one (SQLITE_BUSY_SNAPSHOT is 517): its low byte is the primary code.
  const primary = typeof errcode === "number" ? errcode & 0xff : undefined;
  return code === "40P01" || code === "40001" || (code === "ERR_SQLITE_ERROR" && (primary === 5 || primary === 6));
}

/**
 * Runs `work` (one transaction that touches nothing but the database) again after a conflict, up to
 * `attempts` times, waiting 10 ms, 20 ms, 40 ms, … (±50 %, so two replicas that collided do not
 * collide again in step). Any other error, or the last conflict, is thrown.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isConflict(error)) throw error;
      await new Promise((done) => setTimeout(done, 10 * 2 ** (attempt - 1) * (0.5 + Math.random())));
    }
  }
}
