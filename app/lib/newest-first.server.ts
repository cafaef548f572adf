import { sql, type RawBuilder, type SqlBool } from "kysely";

/**
 * Reading a long staff list whole (a CSV export, an unpaged API list) a batch at a time,
 * newest first, by keyset: each batch starts after the last row of the one before, so
 * memory stays flat and no batch re-reads what came before.
 */
export interface Position {
  at: string;
  id: number;
}

/** Rows strictly after `position` in newest-first order of (`column`, id). */
export function olderThan(table: string, column: string, position: Position): RawBuilder<SqlBool> {
  const at = sql.ref(`${table}.${column}`);
  const id = sql.ref(`${table}.id`);
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
