import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

/**
 * Double opt-in for the newsletter: an address is pending until its owner confirms it,
 * and every newsletter carries a link to leave. Addresses given before this change
 * (under the earlier single opt-in) stay subscribed as confirmed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("newsletter_subscribers")
    // New rows are pending unless said otherwise: nobody is subscribed without confirming.
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .execute();
  for (const column of ["confirm_token", "unsubscribe_token", "confirmed_at", "unsubscribed_at"]) {
    await db.schema.alterTable("newsletter_subscribers").addColumn(column, "text").execute();
  }
  const rows = (await db.selectFrom("newsletter_subscribers").select(["id", "subscribed_at"]).execute()) as {
    id: number;
    subscribed_at: string;
  }[];
  for (const row of rows) {
    await db
      .updateTable("newsletter_subscribers")
      .set({
        status: "confirmed",
        unsubscribe_token: randomBytes(24).toString("base64url"),
        confirmed_at: row.subscribed_at,
      })
      .where("id", "=", row.id)
      .execute();
  }
  await db.schema
    .createIndex("newsletter_subscribers_confirm_token")
    .on("newsletter_subscribers")
    .column("confirm_token")
    .unique()
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_unsubscribe_token")
    .on("newsletter_subscribers")
    .column("unsubscribe_token")
    .unique()
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_status")
    .on("newsletter_subscribers")
    .columns(["status", "subscribed_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "newsletter_subscribers_status",
    "newsletter_subscribers_unsubscribe_token",
    "newsletter_subscribers_confirm_token",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ["unsubscribed_at", "confirmed_at", "unsubscribe_token", "confirm_token", "status"]) {
    await db.schema.alterTable("newsletter_subscribers").dropColumn(column).execute();
  }
}
