import { sql, type CompiledQuery, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { getDb } from "./db.server";
import { currentEngine } from "./sql-dialect.server";

/**
 * Reading lists a page at a time. A long staff list read whole (a CSV export, an unpaged
 * API list) goes a batch at a time, newest first, by keyset: each batch starts after the
 * last row of the one before, so memory stays flat and no batch re-reads what came before.
 */
export interface Position {
  at: string;
  id: number;
}

/** Rows strictly after `position` in newest-first order of (`column`, id). */
export function olderThan(table: string, column: string, position: Position): RawBuilder<SqlBool> {
  const at = sql.ref(`${table}.${column}`);
  const id = sql.ref(`${table}.id`);
  // PostgreSQL starts a batch in an index on (…, column, id) only from a row comparison
  // (migration 0021); SQLite's planner reads the spelled-out form best.
  if (currentEngine() === "postgres") return sql<SqlBool>`(${at}, ${id}) < (${position.at}, ${position.id})`;
  return sql<SqlBool>`(${at} < ${position.at} or (${at} = ${position.at} and ${id} < ${position.id}))`;
}

export async function* inBatches<Row extends { id: number }, Item>(
  readBatch: (after: Position | undefined, limit: number) => Promise<Row[]>,
  positionOf: (row: Row) => string,
  toItem: (row: Row) => Item,
  batchSize = 1000,
): AsyncGenerator<Item[]> {
  let after: Position | undefined;
  for (;;) {
    const rows = await readBatch(after, batchSize);
    if (rows.length) yield rows.map(toItem);
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { at: positionOf(last), id: last.id };
  }
}

/**
 * One page of a staff list: how many rows match, and the rows of page `page`, or of the
 * last page there is when the address asks past the end (the last row just deleted).
 */
export interface ListPage<Row> {
  rows: Row[];
  /** How many rows match; a search's count stops at SEARCH_COUNT_CAP and sets `capped`. */
  total: number;
  /** The page shown: the one asked for, or the last there is. */
  page: number;
  /** More than SEARCH_COUNT_CAP rows match: the screen says "1,000+" and pages on. */
  capped?: boolean;
}

/**
 * A search's matches are counted up to here. Counting every match of a broad search
 * ("khan" among a million gifts) would read most of the list; nobody pages through more.
 */
export const SEARCH_COUNT_CAP = 1_000;

export async function pageOfRows<Row>(
  countMatching: () => Promise<number>,
  readRows: (limit: number, offset: number) => Promise<Row[]>,
  page: number,
  pageSize: number,
): Promise<ListPage<Row>> {
  const total = await countMatching();
  const shown = Math.max(1, Math.min(page, Math.ceil(total / pageSize)));
  return { rows: await readRows(pageSize, (shown - 1) * pageSize), total, page: shown };
}

/** Newest first by (`column`, id): the order every staff list is read in, walked in its index. */
export function newestOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  column: string,
) {
  return query.orderBy(sql.ref(`${table}.${column}`), "desc").orderBy(sql.ref(`${table}.id`), "desc");
}

/**
 * A search's matches, gathered as their places in the list (`matchesUpToCap`): no more than
 * one past SEARCH_COUNT_CAP of them, newest first or in whatever order the database found
 * cheapest.
 */
export interface GatheredMatches {
  places: Position[];
  newestFirst: boolean;
}

/**
 * One page of a search's matches. They are gathered first: they count the matches ("1,000+"
 * past the cap), and when they are all of them, or the newest of them, they are the page's
 * rows too, so only the page's rows are then read, by id. A capped gathering in no order
 * says nothing of which matches are the newest: its page is found by walking the list
 * newest first, as is any page deeper than the cap. Past the end of an exact count the last
 * page shows; past a capped one the page asked for shows as it is (empty, with Previous).
 */
export async function searchPageOfRows<Row extends { id: number }>(
  findMatches: () => Promise<GatheredMatches>,
  walkRows: (limit: number, offset: number) => Promise<Row[]>,
  rowsWithIds: (ids: number[]) => Promise<Row[]>,
  page: number,
  pageSize: number,
): Promise<ListPage<Row>> {
  const { places, newestFirst } = await findMatches();
  const capped = places.length > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : places.length;
  const shown = capped ? Math.max(1, page) : Math.max(1, Math.min(page, Math.ceil(total / pageSize)));
  const from = (shown - 1) * pageSize;
  if (capped && (!newestFirst || from + pageSize > SEARCH_COUNT_CAP))
    return { rows: await walkRows(pageSize, from), total, page: shown, capped };
  const ordered = newestFirst ? places : [...places].sort(newestFirstPositions);
  const ids = ordered.slice(from, from + pageSize).map((match) => match.id);
  const byId = new Map((ids.length ? await rowsWithIds(ids) : []).map((row) => [row.id, row]));
  // A match deleted since it was gathered is left out, not shown as a gap.
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, page: shown, capped };
}

/**
 * Newest first: the later position first, and of two at the same moment the higher id. The
 * positions are compared as text, as the database orders them: every list's date column holds
 * one fixed ISO 8601 form (timestamps to the millisecond in UTC, or days), so text order is
 * time order on both engines and in every collation.
 */
function newestFirstPositions(a: Position, b: Position): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return b.id - a.id;
}

/**
 * The places of a list query's matches (the ids and `column` of its table), no more than one
 * past SEARCH_COUNT_CAP of them. How they are gathered depends on whether the search is
 * narrowed by another filter (a status, a fund, a frequency):
 * - narrowed, on PostgreSQL: newest first, in the query's own order. The planner weighs
 *   walking the filter's newest-first index against sorting the few rows both conditions
 *   match, and the places are the page's rows. It gets ORDERED_GATHER_BUDGET_MS for it: it
 *   misjudges how many rows a text search matches, and behind a broad filter (a fund holding
 *   four gifts in ten) it may walk tens of thousands of rows that do not match;
 * - not narrowed, past that budget, or on SQLite: in any order. A common term is then counted from its
 *   trigram index or the first rows read, where gathering its 1,001 newest would walk the
 *   list's date index past every row that does not match (25,000 gifts for "khan"); its page
 *   is walked to after.
 */
export async function matchesUpToCap<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  column: string,
  narrowed: boolean,
): Promise<GatheredMatches> {
  const places = (ordered: boolean) =>
    (ordered ? query : query.clearOrderBy())
      .clearSelect()
      .select([sql<number>`${sql.ref(`${table}.id`)}`.as("id"), sql<string>`${sql.ref(`${table}.${column}`)}`.as("at")])
      .limit(SEARCH_COUNT_CAP + 1)
      .compile();
  const inOrder = narrowed ? await withinBudget(places(true)) : null;
  const rows = inOrder ?? (await getDb().executeQuery(places(false))).rows;
  return {
    places: (rows as { id: number | string; at: string }[]).map((row) => ({ id: Number(row.id), at: row.at })),
    newestFirst: inOrder !== null,
  };
}

/** How long PostgreSQL may take to gather a narrowed search's matches newest first (see matchesUpToCap). */
export const ORDERED_GATHER_BUDGET_MS = 30;

/** PostgreSQL's code for a statement it cancelled, here at its statement_timeout. */
const QUERY_CANCELED = "57014";

/** The query's rows, or null when PostgreSQL could not answer it within ORDERED_GATHER_BUDGET_MS, and on SQLite. */
async function withinBudget(query: CompiledQuery): Promise<unknown[] | null> {
  // SQLite compares a search's rows one by one (or reads its FTS5 table whole): walking a
  // filter's index newest first only reads more of them than gathering in any order.
  if (currentEngine() !== "postgres") return null;
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        // Local to this transaction: the connection goes back to the pool without it.
        await sql`select set_config('statement_timeout', ${String(ORDERED_GATHER_BUDGET_MS)}, true)`.execute(trx);
        return (await trx.executeQuery(query)).rows;
      });
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) return null;
    throw error;
  }
}

/** The rows of a list query whose ids are given, in no particular order. */
export function rowsWithIds<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  table: string,
  ids: number[],
): Promise<Row[]> {
  return query
    .clearOrderBy()
    .where(sql.ref(`${table}.id`), "in", ids)
    .execute();
}

/** From this many rows in, a page is found by its ids first (see rowsOfPage). */
const DEEP_FROM = 1000;

/**
 * The rows of one page of a list query (newest first, filtered). Deep in a long list the
 * skipped rows are walked in the index alone, ids only, and just the page's rows are read
 * whole: page 3,000 of a million gifts then reads 25 rows, not 75,000.
 */
export function rowsOfPage<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  table: string,
  limit: number,
  offset: number,
): Promise<Row[]> {
  if (offset < DEEP_FROM) return query.limit(limit).offset(offset).execute();
  const id = sql.ref(`${table}.id`);
  const ids = query.clearSelect().select(id.as("id")).limit(limit).offset(offset);
  return query.where(id, "in", ids).limit(limit).execute();
}

interface Pageable<Query> {
  limit(limit: number): Query;
  offset(offset: number): Query;
}

/** The API's optional `limit`/`offset` on a list query (an offset alone skips that many). */
export function paged<Query extends Pageable<Query>>(query: Query, page: { limit?: number; offset?: number }): Query {
  if (page.limit !== undefined) return query.limit(page.limit).offset(page.offset ?? 0);
  // An offset needs a limit on SQLite; "as many as there are" is spelled the same on both engines.
  if (page.offset) return query.limit(Number.MAX_SAFE_INTEGER).offset(page.offset);
  return query;
}

/** How many rows a query matches. */
export async function countOf<DB, Table extends keyof DB & string>(
  query: SelectQueryBuilder<DB, Table, object>,
): Promise<number> {
  // The selection is generic over the table, so its row type is spelled out here.
  const row = (await query.select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow()) as { count: number };
  return Number(row.count);
}

/**
 * A staff list read newest first (contact messages, volunteers, newsletter addresses):
 * given how to count the rows a filter matches and how to read them newest first (after
 * a position, for batches), the three ways every such list is read: a page of the
 * screen, the API's optionally paged list, and batches for exports and unpaged lists.
 */
export function newestFirstList<Filter, Row extends { id: number }, Item, DB, TB extends keyof DB>(list: {
  /** The table listed, whose ids find a deep page (rowsOfPage). */
  table: string;
  /** How many rows match a filter that does not search (a search's matches are gathered: searchPageOfRows). */
  count(filter: Filter): Promise<number>;
  /** Whether the filter searches, and so is counted up to the cap only. */
  searches(filter: Filter): boolean;
  /** Whether the filter holds a condition besides the search (see matchesUpToCap). */
  narrows?(filter: Filter): boolean;
  /** Matching rows newest first (`newestOrder`), after a position for batches. */
  newestFirst(filter: Filter, after?: Position): SelectQueryBuilder<DB, TB, Row>;
  /** The column the list is newest first by, beside the id. */
  positionColumn: string;
  positionOf(row: Row): string;
  toItem(row: Row): Item;
}) {
  return {
    async page(filter: Filter, page: number, pageSize: number): Promise<ListPage<Item>> {
      const readRows = (limit: number, offset: number) =>
        rowsOfPage(list.newestFirst(filter), list.table, limit, offset);
      const found = list.searches(filter)
        ? await searchPageOfRows(
            () =>
              matchesUpToCap(
                list.newestFirst(filter),
                list.table,
                list.positionColumn,
                list.narrows?.(filter) ?? false,
              ),
            readRows,
            (ids) => rowsWithIds(list.newestFirst(filter), list.table, ids),
            page,
            pageSize,
          )
        : await pageOfRows(() => list.count(filter), readRows, page, pageSize);
      return { ...found, rows: found.rows.map(list.toItem) };
    },
    async list(filter: Filter, page: { limit?: number; offset?: number } = {}): Promise<Item[]> {
      return (await paged(list.newestFirst(filter), page).execute()).map(list.toItem);
    },
    inBatches(filter: Filter, batchSize = 1000): AsyncGenerator<Item[]> {
      return inBatches(
        (after, limit) => list.newestFirst(filter, after).limit(limit).execute(),
        list.positionOf,
        list.toItem,
        batchSize,
      );
    },
  };
}
