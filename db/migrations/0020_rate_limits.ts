import type { Kysely } from "kysely";

/**
 * Rate limits kept in the database, so that every app process counts against the same
 * allowance (sign-in attempts, public form posts, checkout starts): with several
 * processes, limits kept in each process's memory would multiply the allowance by their
 * number. One row per limited key (what is limited and who, e.g. `sign-in:address|…`), its
 * count in the current fixed window and when that window ends (ISO-8601 UTC). Rows whose
 * window has ended are deleted now and then (index on resets_at).
 *
 * The first migration written for both engines: it uses nothing either lacks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("resets_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_resets_at").on("rate_limits").column("resets_at").execute();
}
