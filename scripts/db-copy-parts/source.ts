import type { Engine } from "../../db/migrations/dialect";
import type { TableFigures } from "./figures";

/** A table of the site to copy: its columns in order, and the key its rows are read in. */
export interface SourceTable {
  name: string;
  columns: string[];
  /** The primary key's columns (rowid order when it has none): a ledger reversal comes after the entry it reverses. */
  orderBy: string[];
}

/**
 * The database a foundation is moving from, read and never written: everything is read in
 * one snapshot, so a site still running on it cannot make the figures disagree.
 */
export interface CopySource {
  engine: Engine;
  /** The migrations that have run on it, by name. */
  migrations(): Promise<string[]>;
  /** The site's tables: not the migrator's, not SQLite's own, not its search indexes (rebuilt from the rows). */
  tables(): Promise<SourceTable[]>;
  /** The table's rows in its key's order, in batches of at most `size`, each row its columns' values in order. */
  rows(table: SourceTable, size: number): AsyncIterable<unknown[][]>;
  figures(tables: SourceTable[]): Promise<TableFigures[]>;
  /** The highest id each table has ever given (SQLite never gives a deleted gift's id again). */
  idsGiven(): Promise<Map<string, bigint>>;
  close(): Promise<void>;
}

/** Tables the copy never takes: the migrator's own (the target keeps its own record). */
export const isMigratorTable = (name: string) => name.startsWith("kysely_migration");

/** Quotes a table or column name for SQL (both engines write identifiers alike). */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
