import type { Kysely } from "kysely";

/**
 * The card a recurring gift is charged to, as the provider names it (`pm_...`), so that a
 * new card (put in through the provider's billing page, or by staff at the provider) is
 * noticed once and kept in the gift's history as "card updated". Null until the provider
 * first reports one; learning it then is not a change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriptions").addColumn("default_payment_method", "text").execute();
}
