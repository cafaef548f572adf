import { sql, type Kysely } from "kysely";
import { engineOf } from "./dialect";

/**
 * The staff lists and exports read newest first a batch at a time, each batch starting
 * after the last row of the one before, by (date, id). SQLite's indexes end in the row's id
 * already (its rowid), so they serve that order and that start at once. PostgreSQL's do not:
 * without the id, a batch deep in a million gifts re-read everything before it (0.7 s a
 * batch, half an hour for the whole export). On PostgreSQL these indexes are made again,
 * same names, with the id at the end; on SQLite nothing changes.
 */
export const INDEXES_ENDING_IN_ID: { name: string; table: string; columns: string[]; where?: string }[] = [
  { name: "donations_live", table: "donations", columns: ["is_test", "donated_at"] },
  { name: "donations_donated_at", table: "donations", columns: ["donated_at"] },
  { name: "donations_frequency", table: "donations", columns: ["frequency", "donated_at"] },
  { name: "donations_frequency_live", table: "donations", columns: ["frequency", "is_test", "donated_at"] },
  { name: "donations_fund_live", table: "donations", columns: ["fund_id", "is_test", "donated_at"] },
  {
    name: "donations_appeal_live",
    table: "donations",
    columns: ["appeal_id", "is_test", "donated_at"],
    where: "appeal_id is not null",
  },
  { name: "contact_submissions_status", table: "contact_submissions", columns: ["resolved", "submitted_at"] },
  { name: "contact_submissions_submitted_at", table: "contact_submissions", columns: ["submitted_at"] },
  { name: "newsletter_subscribers_status", table: "newsletter_subscribers", columns: ["status", "subscribed_at"] },
  { name: "newsletter_subscribers_subscribed_at", table: "newsletter_subscribers", columns: ["subscribed_at"] },
  { name: "volunteer_signups_interest", table: "volunteer_signups", columns: ["interest", "submitted_at"] },
  { name: "volunteer_signups_submitted_at", table: "volunteer_signups", columns: ["submitted_at"] },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  for (const index of INDEXES_ENDING_IN_ID) {
    await sql`drop index ${sql.id(index.name)}`.execute(db);
    const columns = sql.join([...index.columns, "id"].map((column) => sql.id(column)));
    const where = index.where ? sql` where ${sql.raw(index.where)}` : sql``;
    await sql`create index ${sql.id(index.name)} on ${sql.id(index.table)} (${columns})${where}`.execute(db);
  }
}
