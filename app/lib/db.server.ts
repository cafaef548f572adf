import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect } from "kysely";
import type { Database } from "../../db/schema";
import { migrationProvider } from "../../db/migrations/index";
import { databaseFilePath } from "./env.server";

export type DB = Kysely<Database>;

/** Opens a SQLite file with the settings every connection of this app uses. */
export function openDatabase(filePath: string): DB {
  mkdirSync(path.dirname(path.resolve(filePath)), { recursive: true });
  const sqlite = new SQLite(filePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // WAL makes NORMAL durable across application crashes and much faster than FULL.
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
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

/** The process-wide connection to DATABASE_URL. */
export function getDb(): DB {
  shared ??= openDatabase(databaseFilePath());
  return shared;
}

/** Closes the shared connection (graceful shutdown and tests). */
export async function closeDb(): Promise<void> {
  const db = shared;
  shared = undefined;
  await db?.destroy();
}

/** Current time as stored in the database: ISO-8601 UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}
