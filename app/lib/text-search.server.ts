import { withoutControlCharacters } from "~/shared/text";
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
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
  return containedInAny(
    target.columns.map((column) => sql.ref(`${target.table}.${column}`)),
    search,
  );
}

type Column = Expression<unknown> | RawBuilder<unknown>;

/**
 * One of `columns` holds `search` (cleaned) anywhere, in any letter case. A term of three
 * characters or more is compared with LIKE (ILIKE on PostgreSQL, served by the trigram
 * indexes: see trigramMatch). A shorter one has no trigram: on PostgreSQL it is compared as
 * lower() against lower(), which no trigram index claims (a trigram index would be read whole for it), and a
 * two-letter one is first found among the columns' letter pairs (migration 0023). The pairs
 * come first in the SQL but are only computed for rows that hold the term: the planner
 * evaluates the cheaper comparison first.
 */
export function containedInAny(columns: Column[], search: string): RawBuilder<SqlBool> {
  const length = [...search].length;
  if (currentEngine() !== "postgres")
    return anyOf(columns.map((column) => likeIgnoringCase(column, `%${escapeLike(search)}%`)));
  if (length >= 3) return anyOf(columns.map((column) => trigramMatch(column, search)));
  const term = sql`lower(cast(${search} as text))`;
  const holds = anyOf(columns.map((column) => sql<SqlBool>`strpos(lower(${column}), ${term}) > 0`));
  if (length !== 2) return holds;
  const paired = anyOf(columns.map((column) => sql<SqlBool>`search_pairs(${column}) @> array[${term}]`));
  return sql<SqlBool>`(${paired} and ${holds})`;
}

/**
 * On PostgreSQL, `column` holds `search`, found through the column's trigram index. The
 * index reads one list of rows per trigram of the term, so a whole address would read the
 * long lists of its domain's trigrams ("@ex", "org": nearly every donor's). When the part
 * before the @ has trigrams of its own, only that part is asked of the index, and the whole
 * term is confirmed on the few rows it finds, as lower() against lower().
 */
function trigramMatch(column: Column, search: string): RawBuilder<SqlBool> {
  const localPart = addressLocalPart(search);
  if (!localPart) return likeIgnoringCase(column, `%${escapeLike(search)}%`);
  return sql<SqlBool>`(${likeIgnoringCase(column, `%${escapeLike(localPart)}%`)} and strpos(lower(${column}), lower(cast(${search} as text))) > 0)`;
}

/** The part of an address-like term before its @, when it is long enough to be looked up by itself. */
function addressLocalPart(search: string): string | null {
  const at = search.indexOf("@");
  if (at < 0 || at === search.length - 1) return null;
  const localPart = search.slice(0, at);
  // pg_trgm takes its trigrams from letters and digits: "___@" would give the index nothing to look up.
  return [...localPart].length >= 3 && /[\p{L}\p{N}]/u.test(localPart) ? localPart : null;
}

const anyOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
