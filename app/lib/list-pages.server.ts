import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
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
  total: number;
  /** The page shown: the one asked for, or the last there is. */
  page: number;
}

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
export async function countOf<DB, Table extends keyof DB & string>(query: SelectQueryBuilder<DB, Table, object>): Promise<number> {
  // The selection is generic over the table, so its row type is spelled out here.
  const row = (await query.select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow()) as { count: number };
  return Number(row.count);
}

interface ReadableQuery<Row> {
  limit(limit: number): ReadableQuery<Row>;
  offset(offset: number): ReadableQuery<Row>;
  execute(): Promise<Row[]>;
}

/**
 * A staff list read newest first (contact messages, volunteers, newsletter addresses):
 * given how to count the rows a filter matches and how to read them newest first (after
 * a position, for batches), the three ways every such list is read: a page of the
 * screen, the API's optionally paged list, and batches for exports and unpaged lists.
 */
export function newestFirstList<Filter, Row extends { id: number }, Item>(list: {
  count(filter: Filter): Promise<number>;
  newestFirst(filter: Filter, after?: Position): ReadableQuery<Row>;
  positionOf(row: Row): string;
  toItem(row: Row): Item;
}) {
  return {
    async page(filter: Filter, page: number, pageSize: number): Promise<ListPage<Item>> {
      const found = await pageOfRows(() => list.count(filter), (limit, offset) => list.newestFirst(filter).limit(limit).offset(offset).execute(), page, pageSize);
      return { ...found, rows: found.rows.map(list.toItem) };
    },
    async list(filter: Filter, page: { limit?: number; offset?: number } = {}): Promise<Item[]> {
      return (await paged(list.newestFirst(filter), page).execute()).map(list.toItem);
    },
    inBatches(filter: Filter, batchSize = 1000): AsyncGenerator<Item[]> {
      return inBatches((after, limit) => list.newestFirst(filter, after).limit(limit).execute(), list.positionOf, list.toItem, batchSize);
    },
  };
}
