// The bench's plain-text tables, shared by its parts.

/** A plain-text table: the first and last columns (text) left-aligned, the figures right-aligned. */
export function printAligned(header: string[], body: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const last = header.length - 1;
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === last ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  console.log();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const cells of body) console.log(format(cells));
}
