import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "../../db/schema";
import { databaseEngine, getEnv, type DatabaseEngine } from "./env.server";

/**
 * The few places where SQLite and PostgreSQL need different SQL for the same meaning,
 * written once here so that services never branch on the engine themselves. The engine is
 * the one DATABASE_URL names: every service works on getDb().
 */
export function currentEngine(): DatabaseEngine {
  return databaseEngine(getEnv());
}

const onPostgres = () => currentEngine() === "postgres";

/**
 * `column` contains the LIKE `pattern` (escaped with \), ignoring letter case as staff
 * expect of a search box: SQLite's LIKE already ignores ASCII case; PostgreSQL's ILIKE
 * (served by the trigram indexes) ignores all case.
 */
export function likeIgnoringCase(
  column: Expression<unknown> | RawBuilder<unknown>,
  pattern: string,
): RawBuilder<SqlBool> {
  return onPostgres()
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}

/**
 * `column` equals `value` ignoring letter case (user names, fund names, mail addresses):
 * SQLite compares under NOCASE (the columns' indexes are NOCASE); PostgreSQL compares
 * lower() with lower() (the columns' indexes are on lower()).
 */
export function equalsIgnoringCase(
  column: Expression<unknown> | RawBuilder<unknown>,
  value: string,
): RawBuilder<SqlBool> {
  return onPostgres()
    ? sql<SqlBool>`lower(${column}) = lower(${value})`
    : sql<SqlBool>`${column} = ${value} collate nocase`;
}

/**
 * A column as the planner should not use its index for: where a scan beats walking a
 * hardly selective index (the live-gifts flag, when every gift's name is compared anyway).
 * SQLite's unary plus; on PostgreSQL an expression no index is on, which also hides the
 * column's statistics from the planner, so use it there only where they do not matter.
 */
export function withoutIndexHint(column: string): RawBuilder<unknown> {
  return onPostgres() ? sql`coalesce(${sql.ref(column)}, ${sql.ref(column)})` : sql`+${sql.ref(column)}`;
}

/** The ISO date `days` after the ISO date in `date` (both text), inside SQL. */
export function isoDatePlusDays(date: string, days: RawBuilder<number> | Expression<number>): RawBuilder<string> {
  return onPostgres()
    ? sql<string>`to_char(${date}::date + (${days})::integer, 'YYYY-MM-DD')`
    : sql<string>`date(${date}, '+' || (${days}) || ' days')`;
}

/** Whole seconds from one ISO timestamp column to another, inside SQL (whole, so both engines count it exactly). */
export function isoSecondsBetween(from: string, to: string): RawBuilder<number> {
  return onPostgres()
    ? sql<number>`cast(round(extract(epoch from (cast(${sql.ref(to)} as timestamptz) - cast(${sql.ref(from)} as timestamptz)))) as bigint)`
    : sql<number>`cast(round((julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400) as integer)`;
}

/** A unique constraint refused the write: SQLite says so in the message, PostgreSQL with code 23505. */
export function uniqueViolation(error: unknown): { constraint: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code === "23505") return { constraint: String((error as { constraint?: unknown }).constraint ?? "") };
  const sqlite = /UNIQUE constraint failed: (.+)$/.exec(error.message);
  return sqlite ? { constraint: sqlite[1]! } : undefined;
}

/**
 * A row read in order to decide a write (a fund's balance before money goes out): on
 * PostgreSQL, where writers run side by side, it is locked until the transaction ends, so
 * a second writer waits and then decides on what the first did. SQLite runs one writer at
 * a time and has no FOR UPDATE.
 */
export function lockedForTheWrite<Query extends { forUpdate(): Query }>(query: Query): Query {
  return onPostgres() ? query.forUpdate() : query;
}

/**
 * Rows a process claims from a queue (mail to send): on PostgreSQL, rows another process
 * is claiming at this moment are passed over rather than claimed twice. SQLite runs one
 * writer at a time, so its claim is whole already.
 */
export function claimableOnly<Query extends { forUpdate(): Query; skipLocked(): Query }>(query: Query): Query {
  return onPostgres() ? query.forUpdate().skipLocked() : query;
}

/**
 * Runs a check-then-insert once more when a unique constraint refused its insert: another
 * process inserted the same thing between the check and the insert (PostgreSQL runs
 * writers side by side), and the second run finds it.
 */
export async function onceMoreIfTakenMeanwhile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!uniqueViolation(error)) throw error;
    return work();
  }
}

/**
 * Inside a transaction that counts before it writes (three confirmations an hour for one
 * address): on PostgreSQL, a lock on `key` until the transaction ends, so two requests for
 * the same key count one after the other. SQLite's transactions already do.
 */
export async function oneAtATimeFor(trx: Kysely<Database>, key: string): Promise<void> {
  if (onPostgres()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
