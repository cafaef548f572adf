import { Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";
import { migrationProviderFor } from "../../db/migrations";
import type { Database } from "../../db/schema";
import { isMoneyColumn, type TableFigures } from "./figures";
import { isMigratorTable, quoted } from "./source";
import { withoutNul } from "../../app/lib/postgres-text.server";

/** PostgreSQL binds at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 65_535;

/**
 * The PostgreSQL database a foundation moves to, written through ONE connection inside
 * ONE transaction: the schema, the rows and the sequences land together at commit, or,
 * on any failure or difference, not at all (the database is left as empty as it was).
 */
export interface PostgresTarget {
  client: pg.Client;
  /** A Kysely over that same connection (and so inside the same transaction), for the migrator. */
  db: Kysely<Database>;
  close(): Promise<void>;
}

export async function connectTarget(url: string): Promise<PostgresTarget> {
  const client = new pg.Client({ connectionString: url, application_name: "charity db:copy" });
  await client.connect();
  // Every query Kysely makes goes to this one connection: a pool that always lends it.
  const lent = { query: client.query.bind(client), release: () => {} };
  const pool = { connect: async () => lent, end: async () => {} };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return {
    client,
    db,
    async close() {
      await db.destroy();
      await client.end();
    },
  };
}

/** The tables already in the target's schema (it must have none). */
export async function tablesIn(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = current_schema() order by tablename`,
  );
  return rows.map((row) => row.name);
}

/** Creates the site's schema with the site's own migrations, inside the copy's transaction. */
export async function migrateTarget(target: PostgresTarget): Promise<void> {
  const migrator = new Migrator({
    db: target.db,
    provider: migrationProviderFor("postgres"),
    disableTransactions: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "";
    throw new Error(
      `Creating the schema on the target failed (migration ${failed}): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * The site's tables on the target and their columns in order (the migrator's own left out, and
 * columns the database computes, such as applications.is_open: nothing is copied into those).
 */
export async function targetColumns(client: pg.Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
     where table_schema = current_schema() and is_generated = 'NEVER' order by table_name, ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (isMigratorTable(row.table)) continue;
    tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  }
  return tables;
}

/** The tables in an order where every table comes after the tables its foreign keys name. */
export async function parentsFirst(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
     from pg_constraint c
     join pg_class child on child.oid = c.conrelid
     join pg_class parent on parent.oid = c.confrelid
     where c.contype = 'f' and child.relnamespace = current_schema()::regnamespace`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  // A table naming itself (a reversal names its entry) is copied in id order instead.
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...(parents.get(table) ?? [])].every((parent) => placed.has(parent)),
    );
    if (ready.length === 0)
      throw new Error(`These tables name one another in a circle: ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/**
 * Empties the target's tables of the rows the migrations wrote (funds, rates, the Zakat
 * policy, the totals' starting rows) and switches the user triggers off for the copy: the
 * running totals are copied as the source holds them, and a gift's trigger adding it to
 * them again would count every gift twice. Foreign keys stay checked.
 */
export async function prepareForCopy(client: pg.Client, tables: string[]): Promise<void> {
  for (const table of tables) await client.query(`alter table ${quoted(table)} disable trigger user`);
  await client.query(`truncate table ${tables.map(quoted).join(", ")}`);
}

/**
 * The indexes that only speed up searching and listing (not a key's): set aside for the copy
 * and built again once after it, many times faster than keeping the trigram indexes up to
 * date row by row. Unique ones, built again, check the copied rows once more.
 */
export async function setIndexesAside(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class c on c.oid = i.indrelid
     where c.relnamespace = current_schema()::regnamespace and not i.indisprimary
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const { name } of rows) await client.query(`drop index ${name}`);
  return rows.map((row) => row.definition);
}

export async function buildIndexes(client: pg.Client, definitions: string[]): Promise<void> {
  for (const definition of definitions) await client.query(definition);
}

/** The triggers on again before commit: the first gift after the move counts as any other. */
export async function restoreTriggers(client: pg.Client, tables: string[]): Promise<void> {
  for (const table of tables) await client.query(`alter table ${quoted(table)} enable trigger user`);
}

/** How many rows one insert may carry with this many columns. */
export function rowsPerInsert(columns: number, wanted: number): number {
  return Math.max(1, Math.min(wanted, Math.floor(MAX_PARAMETERS / columns)));
}

/** Inserts rows (values in `columns` order) in one statement; bigint values go as their exact digits. */
export async function insertRows(
  client: pg.Client,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    const places = row.map((value) => {
      // A NUL that SQLite kept (a pasted message) cannot be PostgreSQL text: it becomes U+FFFD, as the site writes it
      // there.
      values.push(typeof value === "bigint" ? value.toString() : withoutNul(value));
      return `$${values.length}`;
    });
    return `(${places.join(", ")})`;
  });
  await client.query(
    `insert into ${quoted(table)} (${columns.map(quoted).join(", ")}) values ${tuples.join(", ")}`,
    values,
  );
}

/**
 * Every identity sequence set past the highest id copied (or ever given on the source), so
 * the first gift recorded on PostgreSQL takes the next number rather than a copied one's.
 */
export async function continueIds(client: pg.Client, idsGiven: Map<string, bigint>): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; sequence: string }>(
    `select c.relname as table, a.attname as column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
     from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = current_schema()::regnamespace and a.attidentity <> '' and not a.attisdropped`,
  );
  for (const { table, column, sequence } of rows) {
    const given = (idsGiven.get(table) ?? 0n).toString();
    await client.query(
      `select setval($1, greatest((select coalesce(max(${quoted(column)}), 0) from ${quoted(table)}), $2::bigint) + 1, false)`,
      [sequence, given],
    );
  }
}

/** Row counts and money sums of the copy, read inside the copy's transaction. */
export async function targetFigures(client: pg.Client, tables: Map<string, string[]>): Promise<TableFigures[]> {
  const figures: TableFigures[] = [];
  for (const [table, columns] of tables) {
    const money = columns.filter(isMoneyColumn);
    const sums = money.map((column) => `coalesce(sum(${quoted(column)}), 0)::text`);
    const { rows } = await client.query({
      text: `select ${["count(*)::text", ...sums].join(", ")} from ${quoted(table)}`,
      rowMode: "array",
    });
    const [count, ...totals] = (rows[0] as string[]).map((value) => BigInt(value));
    figures.push({
      table,
      rows: count ?? 0n,
      cents: Object.fromEntries(money.map((column, index) => [column, totals[index] ?? 0n])),
    });
  }
  return figures;
}
