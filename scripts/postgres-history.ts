// A large history on PostgreSQL, for the bench, `npm run db:fill-giving` and the end-to-end
// tests. It is written first into a throw-away SQLite file by the very fillers SQLite uses
// (same generators, same rows, same ids), then carried across with db:copy's own steps: the
// running totals come as SQLite's triggers kept them (PostgreSQL's would add every gift
// again), the search indexes are built once at the end, the ids continue past the copied
// ones, and every table's rows and sums of money are checked before the one commit.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { copyRows } from "./database-copy";
import { connectTarget, migrateTarget, tablesIn } from "./db-copy-parts/postgres-target";
import { openSqliteSource } from "./db-copy-parts/sqlite-source";
import type { LargeAppeal } from "./appeal-history";
import { fillGivingHistory } from "./giving-history";
import { fillLargeHistory, timer, type HistorySize } from "./large-history";

/** Rows per insert: large batches, fewer for wide tables (PostgreSQL's parameter limit). */
const BATCH_ROWS = 5_000;
/** Tables a site fills as it is used: a database with rows in any of them is someone's, never refilled. */
const RECORDED = [
  "donations",
  "subscriptions",
  "disbursements",
  "appeals",
  "contact_submissions",
  "volunteer_signups",
  "newsletter_subscribers",
  "admins",
];

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/** Why the database cannot take a history (it holds tables), or undefined when it has none. */
export async function postgresNotEmpty(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await tablesIn(client);
    return tables.length
      ? `it holds ${tables.length} tables (${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", ..." : ""})`
      : undefined;
  } finally {
    await client.end();
  }
}

/** The whole large history (scripts/large-history.ts) in a PostgreSQL database without tables. */
export async function fillPostgresHistory(
  url: string,
  size: HistorySize,
  log: (line: string) => void = () => {},
): Promise<LargeAppeal> {
  return viaSqlite(url, log, (file) => fillLargeHistory(file, size, log));
}

/**
 * The giving history alone (scripts/giving-history.ts) in a PostgreSQL database that has no
 * tables yet or only the site's freshly migrated schema.
 */
export async function fillPostgresGivingHistory(
  url: string,
  size: { donations: number; subscriptions: number },
): Promise<void> {
  await viaSqlite(
    url,
    () => {},
    (file) => fillGivingHistory(file, size),
  );
}

async function viaSqlite<T>(url: string, log: (line: string) => void, fill: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "charity-history-"));
  try {
    const file = path.join(folder, "history.sqlite");
    const filled = await fill(file);
    await copyHistory(file, url, log);
    return filled;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** db:copy's steps, on a target that may already hold the fresh schema, in one transaction; then VACUUM ANALYZE. */
async function copyHistory(file: string, url: string, log: (line: string) => void): Promise<void> {
  const lap = timer(log);
  const source = openSqliteSource(file);
  const target = await connectTarget(url);
  try {
    await target.client.query("begin");
    try {
      await target.client.query("set local maintenance_work_mem = '256MB'");
      await refuseRecorded(target.client);
      await migrateTarget(target);
      await copyRows(source, target, { batchRows: BATCH_ROWS, log: () => {} });
      await target.client.query("commit");
    } catch (error) {
      await target.client.query("rollback");
      throw error;
    }
    lap("copied to PostgreSQL and checked (rows and sums of money of every table)");
    // As autovacuum would have left a long-running site: planner statistics, and pages marked all-visible for
    // index-only scans.
    await target.client.query("vacuum analyze");
    lap("VACUUM ANALYZE");
  } finally {
    await target.close();
    await source.close();
  }
}

async function refuseRecorded(client: pg.Client): Promise<void> {
  const tables = new Set(await tablesIn(client));
  for (const table of RECORDED.filter((name) => tables.has(name))) {
    const { rows } = await client.query(`select 1 from "${table}" limit 1`);
    if (rows.length)
      throw new Error(
        `The database already holds ${table}: a history is only ever written into a new, throw-away database`,
      );
  }
}
