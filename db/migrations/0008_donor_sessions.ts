import { sql, type Kysely } from "kysely";

/**
 * A donor's My giving view lives in the database, like the admin's: the cookie holds only
 * a signed random id, so 'Sign out' ends the view on the server, even for a copied cookie.
 * And the Outbox finds one recipient's mail, newest first, in any letter case.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("donor_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("donor_sessions_expires_at").on("donor_sessions").column("expires_at").execute();
  await sql`create index outbound_mail_to_nocase on outbound_mail (to_address collate nocase, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index outbound_mail_to_nocase`.execute(db);
  await db.schema.dropTable("donor_sessions").execute();
}
