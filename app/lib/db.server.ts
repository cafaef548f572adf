import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Dialect } from "kysely";
import pg from "pg";
import type { Database } from "../../db/schema";
import { migrationProviderFor } from "../../db/migrations";
import { engineOf, type Engine } from "../../db/migrations/dialect";
import { databaseEngine, databaseFilePath, getEnv } from "./env.server";
import { siteWritesPlugin, watchingCommits, watchOtherWriters } from "~/lib/page-cache/site-writes.server";
import { hearOtherProcesses } from "~/lib/page-cache/postgres-changes.server";
import { withoutNulCharacters } from "./postgres-text.server";
import { immediateTransactions } from "./sqlite-transactions.server";

export type DB = Kysely<Database>;
export { engineOf, type Engine };

/** Opens a SQLite file with the settings every connection of this app uses. */
function openSqliteFile(filePath: string): SQLite.Database {
  mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  const sqlite = new SQLite(filePath);
  sqlite.pragma("busy_timeout = 5000");
  inWriteAheadLog(sqlite);
  sqlite.pragma("foreign_keys = ON");
  // WAL makes NORMAL durable across application crashes and much faster than FULL.
  sqlite.pragma("synchronous = NORMAL");
  // Freed pages are zeroed, so a deleted or erased row (an applicant's, a sign-in link's) leaves
  // nothing readable in the file or its write-ahead log (issue 31).
  sqlite.pragma("secure_delete = ON");
  return sqlite;
}

/**
 * Switches a file to write-ahead logging (kept in the file once set). Two processes opening a
 * new file at the same moment both ask for it, and the loser is told SQLITE_BUSY at once (the
 * switch takes an exclusive lock, which SQLite's busy timeout does not wait for): it tries
 * again for up to five seconds, by which time the winner has switched the file.
 */
function inWriteAheadLog(sqlite: SQLite.Database): void {
  const giveUpAt = Date.now() + 5_000;
  for (;;) {
    try {
      sqlite.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > giveUpAt) throw error;
      // At start-up only, before the server listens: a short synchronous wait is harmless.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

/**
 * Whole numbers: PostgreSQL's bigint (money totals, counts) and numeric (sums of bigints)
 * arrive from `pg` as strings, so that nothing past 2^53 is rounded. Cents stay far below
 * that (2^53 cents is 90 trillion dollars), so they are read as numbers, as SQLite gives
 * them; a value that could not be is refused rather than rounded.
 */
function wholeNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value))
    throw new RangeError(`The database returned ${text}, which is not a whole number this site can count exactly`);
  return value;
}

const BIGINT = 20;
const NUMERIC = 1700;
const postgresTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === BIGINT || oid === NUMERIC) return wholeNumber;
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * This process's name on its PostgreSQL connections: the site-change notifications carry
 * the writer's name, so that a process passes over its own (it heard them as it wrote).
 */
export const POSTGRES_APPLICATION_NAME = `charity-${process.pid}-${randomBytes(4).toString("hex")}`;

/** A pool of connections to a PostgreSQL database; `size` per process (DATABASE_POOL_SIZE). */
export function postgresPool(url: string, size: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    types: postgresTypes,
    application_name: POSTGRES_APPLICATION_NAME,
  });
  // An idle connection the server closed (a restart, a failover) must not stop the process.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}

function postgresDialect(url: string, poolSize: number): Dialect {
  return withoutNulCharacters(new PostgresDialect({ pool: postgresPool(url, poolSize) }));
}

function kyselyOver(dialect: Dialect): DB {
  // Writes to what visitors see are announced, so the page cache forgets its pages at once.
  return new Kysely<Database>({ dialect: watchingCommits(dialect), plugins: [siteWritesPlugin] });
}

const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/** Opens a database: a SQLite file path, or a postgres:// URL. Scripts and tests own what they open. */
export function openDatabase(target: string, poolSize = 4): DB {
  if (isPostgresUrl(target)) return kyselyOver(postgresDialect(target, poolSize));
  return kyselyOver(immediateTransactions(new SqliteDialect({ database: openSqliteFile(target) })));
}

/** Brings the schema up to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProviderFor(engineOf(db)) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}

/** Whether a table exists (a new database has none). */
export async function tableExists(db: DB, name: string): Promise<boolean> {
  const { rows } =
    engineOf(db) === "postgres"
      ? await sql<{
          found: number;
        }>`select 1 as found from pg_tables where schemaname = current_schema() and tablename = ${name}`.execute(db)
      : await sql<{
          found: number;
        }>`select 1 as found from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return rows.length > 0;
}

/**
 * Runs `work` while no other process of the site runs work under the same lock: two
 * processes starting at once on a new database (replicas, or a restart beside a running
 * one) must not both migrate, seed and create the first admin. The first does; the others
 * wait and find it done. PostgreSQL has advisory locks; for a SQLite file, an exclusive
 * transaction on a small lock file beside it (released by the system if the process dies).
 */
export async function oneProcessAtATime<T>(db: DB, lock: "start-up", work: () => Promise<T>): Promise<T> {
  if (engineOf(db) !== "postgres") return withSqliteLockFile(`${databaseFilePath(getEnv())}.${lock}-lock`, work);
  const key = LOCKS[lock];
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

async function withSqliteLockFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const lock = new SQLite(file);
  try {
    // Waits (the whole process: it is starting, with nothing else to do) for another start to finish.
    lock.pragma("busy_timeout = 120000");
    lock.exec("begin exclusive");
    try {
      return await work();
    } finally {
      lock.exec("commit");
    }
  } finally {
    lock.close();
  }
}

/** Advisory lock numbers, one per kind of work only one process may do at a time. */
const LOCKS = { "start-up": 7_301_900_001 } as const;

let shared: DB | undefined;
let stopWatchingOthers: (() => Promise<void> | void) | undefined;

/**
 * The process-wide connection to DATABASE_URL. Changes made by other writers (another
 * process, the admin password tool) reach this process's page cache: through SQLite's
 * data_version, or PostgreSQL's notifications.
 */
export function getDb(): DB {
  if (!shared) {
    const env = getEnv();
    if (databaseEngine(env) === "postgres") {
      shared = kyselyOver(postgresDialect(env.DATABASE_URL, env.DATABASE_POOL_SIZE));
      stopWatchingOthers = hearOtherProcesses(env.DATABASE_URL, POSTGRES_APPLICATION_NAME);
    } else {
      const sqlite = openSqliteFile(databaseFilePath(env));
      stopWatchingOthers = watchOtherWriters(sqlite);
      shared = kyselyOver(immediateTransactions(new SqliteDialect({ database: sqlite })));
    }
  }
  return shared;
}

/** Closes the shared connection (graceful shutdown and tests). */
export async function closeDb(): Promise<void> {
  const db = shared;
  shared = undefined;
  const stop = stopWatchingOthers;
  stopWatchingOthers = undefined;
  await stop?.();
  await db?.destroy();
}

/** Current time as stored in the database: ISO-8601 UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
