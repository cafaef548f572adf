import { sql, type Kysely } from "kysely";

/**
 * My giving: single-use sign-in links (stored as hashes) that open a donor's own page,
 * and indexes to find a donor's gifts and recurring gifts by email, in any letter case.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("giving_sign_in_links")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  // At most five links per address an hour: counted by address and time.
  await db.schema
    .createIndex("giving_sign_in_links_email")
    .on("giving_sign_in_links")
    .columns(["email", "created_at"])
    .execute();
  await sql`create index donations_email_nocase on donations (email collate nocase)`.execute(db);
  await sql`create index subscriptions_email_nocase on subscriptions (email collate nocase)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index subscriptions_email_nocase`.execute(db);
  await sql`drop index donations_email_nocase`.execute(db);
  await db.schema.dropTable("giving_sign_in_links").execute();
}
