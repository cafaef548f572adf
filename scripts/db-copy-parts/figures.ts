/**
 * What the copy is checked by: for every table, how many rows it holds and the sum of each
 * of its money columns (`*_cents`). Read from both databases, they must be equal: a gift,
 * a ledger line or a running total lost or changed on the way would show here.
 */
export interface TableFigures {
  table: string;
  rows: bigint;
  /** Sum of each `*_cents` column, by column name. */
  cents: Record<string, bigint>;
}

export const isMoneyColumn = (column: string) => column.endsWith("_cents");

/** The differences between the source's figures and the copy's, in words; none when the copy is whole. */
export function differences(source: TableFigures[], copy: TableFigures[]): string[] {
  const copied = new Map(copy.map((figures) => [figures.table, figures]));
  const found: string[] = [];
  for (const figures of source) {
    const other = copied.get(figures.table);
    if (!other) {
      found.push(`${figures.table}: missing from the copy`);
      continue;
    }
    if (other.rows !== figures.rows)
      found.push(`${figures.table}: ${figures.rows} rows in the source, ${other.rows} in the copy`);
    for (const [column, sum] of Object.entries(figures.cents)) {
      const copiedSum = other.cents[column];
      if (copiedSum !== sum)
        found.push(`${figures.table}.${column}: sums to ${sum} in the source, ${copiedSum ?? "nothing"} in the copy`);
    }
  }
  const known = new Set(source.map((figures) => figures.table));
  for (const figures of copy) if (!known.has(figures.table)) found.push(`${figures.table}: in the copy only`);
  return found;
}

const count = (value: bigint) => value.toLocaleString("en-US");
const rowsOf = (value: bigint) => `${count(value).padStart(9)} ${value === 1n ? "row " : "rows"}`;

/** Cents as dollars, exactly (no floating point on the way). */
export function dollars(cents: bigint): string {
  const sign = cents < 0n ? "-" : "";
  const whole = cents < 0n ? -cents : cents;
  return `${sign}$${count(whole / 100n)}.${String(whole % 100n).padStart(2, "0")}`;
}

/** A short report: one line per table holding rows (its rows and money), then the whole. */
export function report(figures: TableFigures[], seconds: number): string[] {
  const filled = figures.filter((table) => table.rows > 0n);
  const width = Math.max(0, ...filled.map((table) => table.table.length));
  const lines = filled.map((table) => {
    const money = Object.entries(table.cents)
      .filter(([, sum]) => sum !== 0n)
      .map(([column, sum]) => `${column} ${dollars(sum)}`);
    return `  ${table.table.padEnd(width)}  ${rowsOf(table.rows)}${money.length ? `  ${money.join(", ")}` : ""}`;
  });
  const rows = figures.reduce((total, table) => total + table.rows, 0n);
  const columns = figures.reduce((total, table) => total + Object.keys(table.cents).length, 0);
  lines.push(
    `Copied ${figures.length} tables, ${count(rows)} rows in ${seconds.toFixed(1)} s; ` +
      `every table's row count and the sum of each of its ${columns} money columns are the same in both databases.`,
  );
  return lines;
}
