import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from "kysely";

/**
 * What differs between the two databases the site runs on, for migrations: every
 * migration from 0020 on runs on both through these helpers, so that a difference between
 * SQLite and PostgreSQL is written once, here, and never in a service.
 */
export type Engine = "sqlite" | "postgres";

// Kysely<any>: migrations are written against the database as it was, not today's types.
type AnyDb = Kysely<any>;

export function engineOf(db: AnyDb): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

/** The current time as the site stores it (ISO-8601 UTC text with milliseconds), as a column default. */
export function nowText(db: AnyDb): RawBuilder<string> {
  return engineOf(db) === "postgres"
    ? sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/**
 * A table's own numbered id: SQLite's autoincrement (never reused, even after a delete),
 * PostgreSQL's identity (a sequence, also never reused).
 */
export function idColumn(db: AnyDb) {
  return (column: ColumnDefinitionBuilder) =>
    engineOf(db) === "postgres"
      ? column.primaryKey().generatedByDefaultAsIdentity()
      : column.primaryKey().autoIncrement();
}

/** The type of a column of cents or of a running total of them: past $21 million PostgreSQL's integer overflows. */
export function centsType(db: AnyDb): "integer" | "bigint" {
  return engineOf(db) === "postgres" ? "bigint" : "integer";
}
