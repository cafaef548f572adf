import type { Kysely } from "kysely";

/**
 * Staff list a fund's gifts (Donations, filtered by fund; its CSV; the API), newest first.
 * On a live site that reads only real money, so the index leads with the fund and the
 * test flag, then the date, like the frequency filter's: a deep page of one fund's gifts
 * is found without walking every gift. It replaces 0010's plain index on the fund.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("donations_fund_live")
    .on("donations")
    .columns(["fund_id", "is_test", "donated_at"])
    .execute();
  await db.schema.dropIndex("donations_fund").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("donations_fund").on("donations").columns(["fund_id"]).execute();
  await db.schema.dropIndex("donations_fund_live").execute();
}
