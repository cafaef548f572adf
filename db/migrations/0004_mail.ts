import { sql, type Kysely } from "kysely";

/**
 * Outgoing mail, kept durably: a message is written in the same transaction as the
 * event that causes it, then delivered by the server's background loop, retried with
 * growing waits, and shown to staff in the Outbox. `dedupe_key` names the cause (one
 * receipt per gift, say), so a cause repeated never queues a second message.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  await db.schema
    .createTable("outbound_mail")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    // Extra headers as a JSON object (List-Unsubscribe, say).
    .addColumn("headers", "text", (c) => c.notNull().defaultTo("{}"))
    // pending -> sending -> sent | failed; kept: written while no SMTP server was configured.
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sending', 'sent', 'failed', 'kept')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // When a pending message is next due, or when a claim on a sending one lapses.
    .addColumn("next_attempt_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    // A stable Message-ID, so a message sent twice after a crash reads as one to mail clients.
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("outbound_mail_due").on("outbound_mail").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbound_mail_created_at").on("outbound_mail").column("created_at").execute();
  await db.schema
    .createIndex("outbound_mail_status_created_at")
    .on("outbound_mail")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbound_mail").execute();
}
