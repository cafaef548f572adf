import { sql, type Kysely } from "kysely";

/**
 * A yearly reminder that a donor's Zakat is due again, asked for after a calculation.
 *
 * - `calculated_on` is the day of the calculation ('YYYY-MM-DD' in the site's time zone),
 *   and `calculated_hijri` its Hijri date in words, as the donor saw it: every year's due
 *   day is counted from it (the same Hijri day and month).
 * - `due_on` is the next day Zakat is due, `remind_on` the day its reminder goes out (ten
 *   days before); once a reminder is sent both move on to the next Hijri year, and
 *   `reminded_for` keeps the due day that was last reminded (with `reminded_at`).
 * - `kept_figures` is the calculation's figures (JSON) only when the donor chose to keep
 *   them, else NULL.
 * - Tokens are kept as SHA-256 hashes only: to confirm (until confirmed), to stop, and to
 *   open the calculator with the kept figures (`figures_token_hash`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("zakat_reminders")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("calculated_on", "text", (c) => c.notNull())
    .addColumn("calculated_hijri", "text", (c) => c.notNull())
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("remind_on", "text", (c) => c.notNull())
    .addColumn("kept_figures", "text")
    .addColumn("confirm_token_hash", "text", (c) => c.unique())
    .addColumn("confirmed_at", "text")
    .addColumn("stop_token_hash", "text", (c) => c.unique())
    .addColumn("figures_token_hash", "text", (c) => c.unique())
    .addColumn("stopped_at", "text")
    .addColumn("reminded_for", "text")
    .addColumn("reminded_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .execute();
  // The sending round's question: confirmed, not stopped, reminder day reached.
  await sql`create index zakat_reminders_due on zakat_reminders (remind_on) where confirmed_at is not null and stopped_at is null`.execute(
    db,
  );
  await db.schema.createIndex("zakat_reminders_email").on("zakat_reminders").columns(["email", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("zakat_reminders").execute();
}
