import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import SQLite from "better-sqlite3";
import { isMoneyColumn, type TableFigures } from "./figures";
import { isMigratorTable, quoted, type CopySource, type SourceTable } from "./source";

/** Every SQLite database file begins with these 16 bytes. */
const SQLITE_HEADER = "SQLite format 3\0";

function startsLikeSqlite(file: string): boolean {
  const handle = openSync(file, "r");
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(handle, header, 0, header.length, 0);
    return read === header.length && header.toString("latin1") === SQLITE_HEADER;
  } finally {
    closeSync(handle);
  }
}

/** Why this path cannot be the source, or undefined when it is a SQLite file. */
export function notASqliteFile(file: string): string | undefined {
  if (!existsSync(file)) return `${file} does not exist`;
  if (!statSync(file).isFile()) return `${file} is not a file`;
  if (!startsLikeSqlite(file)) return `${file} is not a SQLite database`;
  return undefined;
}

/**
 * A SQLite file opened read-only: nothing the copy does can write to it. Integers are read
 * as bigint, so an id or a sum of cents comes across exactly whatever its size.
 */
export function openSqliteSource(file: string): CopySource {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.defaultSafeIntegers(true);
  // One snapshot for the table list, the rows and the figures, even while the site writes.
  sqlite.exec("begin");
  const all = <T>(query: string, ...params: unknown[]) => sqlite.prepare(query).all(...params) as T[];

  return {
    engine: "sqlite",
    async migrations() {
      const hasRecord =
        all(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).length > 0;
      return hasRecord
        ? all<{ name: string }>(`select name from kysely_migration order by name`).map((row) => row.name)
        : [];
    },
    async tables() {
      const tables = all<{ name: string; sql: string }>(
        `select name, sql from sqlite_master where type = 'table' order by name`,
      );
      // A search index is a virtual table with shadow tables named after it: rebuilt, never copied.
      const searchIndexes = tables
        .filter((table) => /^create virtual table/i.test(table.sql))
        .map((table) => table.name);
      const isSearchIndex = (name: string) =>
        searchIndexes.some((index) => name === index || name.startsWith(`${index}_`));
      return tables
        .map((table) => table.name)
        .filter((name) => !name.startsWith("sqlite_") && !isMigratorTable(name) && !isSearchIndex(name))
        .map((name) => {
          const columns = all<{ name: string; pk: bigint }>(
            `select name, pk from pragma_table_info(?) order by cid`,
            name,
          );
          const key = columns.filter((column) => column.pk > 0n).sort((a, b) => Number(a.pk - b.pk));
          return {
            name,
            columns: columns.map((column) => column.name),
            orderBy: key.length ? key.map((column) => column.name) : ["rowid"],
          };
        });
    },
    async *rows(table: SourceTable, size: number) {
      const query = `select ${table.columns.map(quoted).join(", ")} from ${quoted(table.name)} order by ${table.orderBy.map(quoted).join(", ")}`;
      let batch: unknown[][] = [];
      for (const row of sqlite.prepare(query).raw(true).iterate() as IterableIterator<unknown[]>) {
        batch.push(row);
        if (batch.length === size) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
    async figures(tables: SourceTable[]) {
      return tables.map((table): TableFigures => {
        const money = table.columns.filter(isMoneyColumn);
        const sums = money.map((column) => `coalesce(sum(${quoted(column)}), 0)`);
        const row = sqlite
          .prepare(`select ${["count(*)", ...sums].join(", ")} from ${quoted(table.name)}`)
          .raw(true)
          .get() as unknown[];
        const [rows, ...totals] = row.map((value) => BigInt(value as bigint));
        return {
          table: table.name,
          rows: rows ?? 0n,
          cents: Object.fromEntries(money.map((column, index) => [column, totals[index] ?? 0n])),
        };
      });
    },
    async idsGiven() {
      const hasSequence = all(`select 1 from sqlite_master where name = 'sqlite_sequence'`).length > 0;
      const given = hasSequence ? all<{ name: string; seq: bigint }>(`select name, seq from sqlite_sequence`) : [];
      return new Map(given.map((row) => [row.name, BigInt(row.seq)]));
    },
    async close() {
      sqlite.exec("rollback");
      sqlite.close();
    },
  };
}
