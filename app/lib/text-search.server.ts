import { withoutControlCharacters } from "~/domain/shared/text";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { currentEngine, likeIgnoringCase } from "./sql-dialect.server";

/**
 * "Find this text anywhere in these columns" for the staff lists. A term of 3 characters
 * or more goes through the table's trigram index (see db/migrations), so it never scans
 * every row; shorter terms cannot use a trigram index and fall back to LIKE.
 */
export interface SearchIndex {
  table: string;
  /** The FTS5 trigram table kept in step with `table` by triggers. */
  index: string;
  columns: readonly string[];
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A search as typed, without control characters (no name or address holds one, and a
 * NUL would end an FTS5 string early) or surrounding spaces.
 */
export function cleanSearchTerm(term: string): string {
  return withoutControlCharacters(term).trim();
}

/** The term as one quoted FTS5 string: matched as typed, quotes doubled, never read as syntax. */
export function ftsPhrase(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

export function matchesText(target: SearchIndex, term: string): RawBuilder<SqlBool> {
  const search = cleanSearchTerm(term);
  // On PostgreSQL each searched column has its own trigram index, which ILIKE uses directly.
  if (currentEngine() !== "postgres" && [...search].length >= 3) {
    return sql<SqlBool>`${sql.ref(`${target.table}.id`)} in (select rowid from ${sql.table(target.index)} where ${sql.table(target.index)} match ${ftsPhrase(search)})`;
  }
  const pattern = `%${escapeLike(search)}%`;
  const comparisons = target.columns.map((column) => likeIgnoringCase(sql.ref(`${target.table}.${column}`), pattern));
  return sql<SqlBool>`(${sql.join(comparisons, sql` or `)})`;
}
