import { sql, type Kysely } from "kysely";

/**
 * When a recurring gift's charge fails: the provider's next try, and each failed charge
 * followed until it is put right or the provider gives up.
 *
 * - `subscriptions.next_retry_at`: when the provider tries a past-due charge again (an ISO
 *   moment); null when it is not past due, or when the provider has stopped trying.
 * - `recurring_payment_troubles`: one row per failed charge (the provider's invoice, UNIQUE,
 *   so a repeated or re-ordered event never starts a second), with the highest attempt seen,
 *   when it failed, and when it was recovered (paid later) or lost (the gift ended unpaid).
 *   The donor's link to put the card right is kept only as a hash.
 *
 * Staff look at the last 30 days by each row's latest news (lost, else recovered, else
 * failed): one expression index answers that in one query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriptions").addColumn("next_retry_at", "text").execute();
  await db.schema
    .createTable("recurring_payment_troubles")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("subscriptions.id").onDelete("cascade"))
    .addColumn("stripe_invoice_id", "text", (c) => c.notNull().unique())
    .addColumn("amount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("failed_at", "text", (c) => c.notNull())
    .addColumn("recovered_at", "text")
    .addColumn("lost_at", "text")
    .addColumn("card_link_hash", "text", (c) => c.unique())
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index recurring_payment_troubles_latest on recurring_payment_troubles (coalesce(lost_at, recovered_at, failed_at))`.execute(
    db,
  );
  await db.schema
    .createIndex("recurring_payment_troubles_gift")
    .on("recurring_payment_troubles")
    .columns(["subscription_id"])
    .execute();
}
