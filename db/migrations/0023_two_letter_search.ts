import { sql, type Kysely } from "kysely";
import { engineOf } from "./dialect";

/**
 * Two-letter searches on PostgreSQL. A trigram index cannot find "zq" (it holds no
 * trigram of two letters), so such a search read every gift: two seconds over a million
 * of them. Each searched column gets a second index, of the distinct two-letter pairs of
 * its lower-cased text; a two-letter term is found there, then confirmed by comparing lower()
 * with lower(), as ILIKE does (app/lib/text-search.server.ts).
 *
 * SQLite has nothing to add: its two-letter searches compare every row, as before.
 * Building these indexes on a large site holds writes to the tables meanwhile (about
 * 20 s per million names); a gift reported by the payment provider then is retried.
 */
export const PAIRED_COLUMNS: { table: string; column: string }[] = [
  ["donations", "name"],
  ["donations", "email"],
  ["contact_submissions", "name"],
  ["contact_submissions", "email"],
  ["contact_submissions", "message"],
  ["volunteer_signups", "name"],
  ["volunteer_signups", "email"],
  ["newsletter_subscribers", "email"],
  ["disbursements", "programme"],
  ["disbursements", "region"],
  ["disbursements", "description"],
  ["disbursements", "recorded_by"],
].map(([table, column]) => ({ table: table!, column: column! }));

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  await sql`
    create function search_pairs(value text) returns text[] language sql immutable strict parallel safe as $$
      select coalesce(array_agg(distinct substr(lowered, i, 2)), '{}')
      from (select lower(value) as lowered) as text, generate_series(1, char_length(lowered) - 1) as i
    $$`.execute(db);
  // A GIN index builds several times faster with room to sort its entries in memory.
  await sql`set local maintenance_work_mem = '256MB'`.execute(db);
  for (const { table, column } of PAIRED_COLUMNS) {
    await sql`create index ${sql.id(`${table}_${column}_pairs`)} on ${sql.id(table)} using gin (search_pairs(${sql.id(column)}))`.execute(
      db,
    );
  }
  // The planner judges a pair common or rare from the statistics of the indexed pairs,
  // which only ANALYZE gathers: without them a common pair would be looked up row by row.
  for (const table of new Set(PAIRED_COLUMNS.map(({ table }) => table)))
    await sql`analyze ${sql.id(table)}`.execute(db);
}
