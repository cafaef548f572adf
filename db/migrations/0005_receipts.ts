import type { Kysely } from "kysely";
import { randomBytes } from "node:crypto";

/**
 * Receipts: every gift gets an unguessable token naming its printable receipt page
 * (/receipts/{token}). Gifts recorded before this migration get one too: 128 random bits,
 * URL-safe, made here rather than by the app's token helper so that this migration stays
 * as it ran, whatever the app later changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("donations").addColumn("receipt_token", "text").execute();
  const gifts = await db.selectFrom("donations").select("id").execute();
  for (const gift of gifts as { id: number }[]) {
    await db
      .updateTable("donations")
      .set({ receipt_token: randomBytes(16).toString("base64url") })
      .where("id", "=", gift.id)
      .execute();
  }
  await db.schema.createIndex("donations_receipt_token").on("donations").column("receipt_token").unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("donations_receipt_token").execute();
  await db.schema.alterTable("donations").dropColumn("receipt_token").execute();
}
