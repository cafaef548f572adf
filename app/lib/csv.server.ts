import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * A CSV download streamed from batches of rows: csv-stringify quotes every field that
 * needs it and neutralises cells a spreadsheet would run as a formula (= + - @ tab CR);
 * the rows are pulled a batch at a time as the client reads, so memory stays flat
 * whatever the size. A byte order mark makes spreadsheets read UTF-8 names correctly.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

export async function csvResponse<T>(
  filename: string,
  columns: CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
): Promise<Response> {
  // The first batch is read before answering, so a query that fails at once is an error
  // page rather than a download cut off after its header line.
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* records() {
    for (let next = first; !next.done; next = await iterator.next()) {
      for (const row of next.value) yield columns.map((column) => column.value(row));
    }
  }
  // Only staff download CSV, so the writer is loaded at the first export.
  const { stringify } = await import("csv-stringify");
  const stringifier = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    escape_formulas: true,
    bom: true,
  });
  pipeline(Readable.from(records()), stringifier).catch((error: unknown) => {
    // A download the client gave up on is not a failure worth reporting.
    const code = (error as { code?: string }).code;
    if (code !== "ERR_STREAM_PREMATURE_CLOSE" && code !== "ABORT_ERR")
      console.error(`CSV export ${filename} failed:`, error);
  });
  return new Response(Readable.toWeb(stringifier) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
