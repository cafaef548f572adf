import { migrationProviderFor } from "../db/migrations";
import { oneProcessAtATime } from "~/lib/db.server";
import { differences, report, type TableFigures } from "./db-copy-parts/figures";
import {
  connectTarget,
  buildIndexes,
  continueIds,
  insertRows,
  migrateTarget,
  parentsFirst,
  prepareForCopy,
  restoreTriggers,
  setIndexesAside,
  rowsPerInsert,
  tablesIn,
  targetColumns,
  targetFigures,
  type PostgresTarget,
} from "./db-copy-parts/postgres-target";
import type { CopySource, SourceTable } from "./db-copy-parts/source";
import { notASqliteFile, openSqliteSource } from "./db-copy-parts/sqlite-source";

/**
 * Moving a foundation across: every table of a site's SQLite database copied into an
 * empty PostgreSQL database (ids, cents, dates, receipt tokens exactly as they were), then
 * checked table by table. The source is only ever read. See decision 126.
 */
export interface CopyOptions {
  /** `file:./data/charity.sqlite` (or a plain path to a SQLite file). */
  from: string;
  /** `postgres://user:pass@host:5432/db`, an empty database. */
  to: string;
  log?: (line: string) => void;
  /** Rows per insert (fewer when a table's columns would pass PostgreSQL's parameter limit). */
  batchRows?: number;
}

export interface CopyReport {
  figures: TableFigures[];
  seconds: number;
}

/** The copy was not started: neither database was changed. */
export class CopyRefused extends Error {}

/** The copy's figures differed from the source's: it was rolled back, the target left empty. */
export class CopyDiffers extends Error {
  constructor(readonly differences: string[]) {
    super(`The copy does not match the source, so nothing was kept on the target:\n  ${differences.join("\n  ")}`);
  }
}

const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/** A URL fit to print: its password hidden. */
export function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/** The SQLite file `--from` names, or a refusal saying what it takes. */
function sourceFile(from: string): string {
  if (isPostgresUrl(from))
    throw new CopyRefused(
      "Copying from PostgreSQL is not supported: --from takes the site's SQLite file (file:./data/charity.sqlite).",
    );
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(from) && !/^file:/i.test(from)) {
    throw new CopyRefused(
      `--from ${from} is neither a SQLite file (file:./data/charity.sqlite) nor a postgres:// URL.`,
    );
  }
  const rest = from.replace(/^file:/i, "");
  const file = rest.startsWith("///") ? rest.slice(2) : rest;
  const problem = notASqliteFile(file);
  if (problem) throw new CopyRefused(`${problem}: --from takes the site's SQLite file (file:./data/charity.sqlite).`);
  return file;
}

function targetUrl(to: string): string {
  if (!isPostgresUrl(to))
    throw new CopyRefused(`--to ${to} is not a postgres:// URL: the copy goes into an empty PostgreSQL database.`);
  return to;
}

/** The source must be at this version's newest migration: its tables are then the target's. */
async function checkUpToDate(source: CopySource): Promise<void> {
  const expected = Object.keys(await migrationProviderFor(source.engine).getMigrations());
  const applied = new Set(await source.migrations());
  if (applied.size === 0)
    throw new CopyRefused("The source holds no site (it has never been migrated): nothing to copy.");
  const unknown = [...applied].filter((name) => !expected.includes(name));
  if (unknown.length) {
    throw new CopyRefused(
      `The source was made by a newer version of the site (migrations ${unknown.join(", ")}): copy it with that version.`,
    );
  }
  const missing = expected.filter((name) => !applied.has(name));
  if (missing.length) {
    throw new CopyRefused(
      `The source is not up to date (migrations ${missing.join(", ")} have not run on it): start the site once on it to bring it up to date, then copy it.`,
    );
  }
}

/** The source's tables must be the target's, column for column, or a value would have nowhere to go. */
function matchTables(sourceTables: SourceTable[], target: Map<string, string[]>): void {
  const problems: string[] = [];
  for (const table of sourceTables) {
    const columns = target.get(table.name);
    if (!columns) problems.push(`${table.name} is not in the PostgreSQL schema`);
    else if ([...columns].sort().join() !== [...table.columns].sort().join()) {
      problems.push(
        `${table.name} has columns ${table.columns.join(", ")} in the source, ${columns.join(", ")} on PostgreSQL`,
      );
    }
  }
  const names = new Set(sourceTables.map((table) => table.name));
  for (const name of target.keys()) if (!names.has(name)) problems.push(`${name} is in the PostgreSQL schema only`);
  if (problems.length)
    throw new CopyRefused(`The two schemas differ, so nothing was copied:\n  ${problems.join("\n  ")}`);
}

async function refuseUnlessEmpty(target: PostgresTarget, url: string): Promise<void> {
  const found = await tablesIn(target.client);
  if (found.length === 0) return;
  const named = found.length > 8 ? `${found.slice(0, 8).join(", ")} and ${found.length - 8} more` : found.join(", ");
  throw new CopyRefused(
    `${shown(url)} is not empty (it holds the tables ${named}): the copy goes only into an empty database. Nothing was changed.`,
  );
}

async function copyTable(
  source: CopySource,
  target: PostgresTarget,
  table: SourceTable,
  batchRows: number,
  log: (line: string) => void,
) {
  const started = Date.now();
  let copied = 0;
  for await (const rows of source.rows(table, rowsPerInsert(table.columns.length, batchRows))) {
    await insertRows(target.client, table.name, table.columns, rows);
    copied += rows.length;
  }
  if (copied)
    log(
      `  ${table.name}: ${copied.toLocaleString("en-US")} ${copied === 1 ? "row" : "rows"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
}

/**
 * Every table's rows into the target's (freshly migrated) schema, inside the caller's
 * transaction: parents first, user triggers off and the derived totals taken as they are,
 * indexes built once at the end, ids continued, triggers on again; then every table's rows
 * and sums of money compared (CopyDiffers when they differ). Shared with the bench's filler.
 */
export async function copyRows(
  source: CopySource,
  target: PostgresTarget,
  options: { batchRows: number; log: (line: string) => void },
): Promise<TableFigures[]> {
  const { client } = target;
  const sourceTables = await source.tables();
  const columns = await targetColumns(client);
  matchTables(sourceTables, columns);
  const order = await parentsFirst(client, [...columns.keys()]);
  const byName = new Map(sourceTables.map((table) => [table.name, table]));
  await prepareForCopy(client, order);
  const indexes = await setIndexesAside(client);
  for (const name of order) await copyTable(source, target, byName.get(name)!, options.batchRows, options.log);
  const indexing = Date.now();
  await buildIndexes(client, indexes);
  options.log(`  ${indexes.length} indexes built again in ${((Date.now() - indexing) / 1000).toFixed(1)} s`);
  await continueIds(client, await source.idsGiven());
  await restoreTriggers(client, order);
  const [expected, copied] = [await source.figures(sourceTables), await targetFigures(client, columns)];
  const found = differences(expected, copied);
  if (found.length) throw new CopyDiffers(found);
  return expected;
}

/** Schema, rows and sequences, then the check; commits only when the figures agree. */
async function copyInto(
  source: CopySource,
  target: PostgresTarget,
  options: Required<Omit<CopyOptions, "from">>,
): Promise<TableFigures[]> {
  const { client } = target;
  await client.query("begin");
  try {
    // Building the trigram indexes once at the end goes faster with room to sort in (this transaction only).
    await client.query("set local maintenance_work_mem = '256MB'");
    await refuseUnlessEmpty(target, options.to);
    options.log(`Creating the site's tables on ${shown(options.to)}`);
    await migrateTarget(target);
    const expected = await copyRows(source, target, options);
    await client.query("commit");
    return expected;
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
}

/**
 * Copies the site's SQLite database into an empty PostgreSQL database. Throws CopyRefused
 * (nothing changed) when either end is not what it should be, CopyDiffers (rolled back)
 * when the check finds a difference.
 */
export async function copyDatabase({
  from,
  to,
  log = console.log,
  batchRows = 2_000,
}: CopyOptions): Promise<CopyReport> {
  const started = Date.now();
  const file = sourceFile(from);
  const url = targetUrl(to);
  const source = openSqliteSource(file);
  try {
    await checkUpToDate(source);
    log(`Copying ${file} to ${shown(url)}`);
    const target = await connectTarget(url);
    try {
      // A site starting on the target meanwhile waits, then finds the copy whole.
      const figures = await oneProcessAtATime(target.db, "start-up", () =>
        copyInto(source, target, { to: url, log, batchRows }),
      );
      const seconds = (Date.now() - started) / 1000;
      for (const line of report(figures, seconds)) log(line);
      return { figures, seconds };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
