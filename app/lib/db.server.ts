import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import type { Database } from "../../db/schema";
import { migrationProvider } from "../../db/migrations/index";
import { databaseFilePath } from "./env.server";
import { siteWritesPlugin, watchingCommits, watchOtherWriters } from "./page-cache/site-writes.server";

export type DB = Kysely<Database>;

/** Opens a SQLite file with the settings every connection of this app uses. */
function openSqliteFile(filePath: string): SQLite.Database {
  mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  const sqlite = new SQLite(filePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL makes NORMAL durable across application crashes and much faster than FULL.
  sqlite.pragma("synchronous = NORMAL");
  return sqlite;
}

function kyselyOver(sqlite: SQLite.Database): DB {
  // Writes to what visitors see are announced, so the page cache forgets its pages at once.
  return new Kysely<Database>({ dialect: watchingCommits(new SqliteDialect({ database: sqlite })), plugins: [siteWritesPlugin] });
}

export function openDatabase(filePath: string): DB {
  return kyselyOver(openSqliteFile(filePath));
}

/** Brings the schema up to the newest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}

let shared: DB | undefined;
let stopWatchingOthers: (() => void) | undefined;

/** The process-wide connection to DATABASE_URL (watched for other writers, see watchOtherWriters). */
export function getDb(): DB {
  if (!shared) {
    const sqlite = openSqliteFile(databaseFilePath());
    stopWatchingOthers = watchOtherWriters(sqlite);
    shared = kyselyOver(sqlite);
  }
  return shared;
}

/** Closes the shared connection (graceful shutdown and tests). */
export async function closeDb(): Promise<void> {
  const db = shared;
  shared = undefined;
  stopWatchingOthers?.();
  stopWatchingOthers = undefined;
  await db?.destroy();
}

/** Current time as stored in the database: ISO-8601 UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
