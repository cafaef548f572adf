import { sql, type Kysely } from "kysely";

/**
 * One donor, one address: every donor email is kept trimmed and lower-cased (the form the
 * app writes from now on), so gifts, recurring gifts, sign-in links and My giving views
 * match with a plain comparison served by a plain index. Addresses stored before were
 * kept as typed and matched case-insensitively; they are brought to the same form here.
 */
const DONOR_EMAIL_TABLES = ["donations", "subscriptions", "donors", "giving_sign_in_links", "donor_sessions", "newsletter_subscribers"];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of DONOR_EMAIL_TABLES) {
    // "or ignore": an address that differed only by surrounding spaces from one already kept stays as it was.
    await sql`update or ignore ${sql.table(table)} set email = lower(trim(email)) where email <> lower(trim(email))`.execute(db);
  }
  await db.schema.dropIndex("donations_email_nocase").execute();
  await db.schema.dropIndex("subscriptions_email_nocase").execute();
  // donations_email, a plain index, has been there from the start.
  await db.schema.createIndex("subscriptions_email").on("subscriptions").column("email").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("subscriptions_email").execute();
  await sql`create index donations_email_nocase on donations (email collate nocase)`.execute(db);
  await sql`create index subscriptions_email_nocase on subscriptions (email collate nocase)`.execute(db);
}
