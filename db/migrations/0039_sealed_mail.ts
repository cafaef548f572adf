import type { Kysely } from "kysely";

/**
 * Mail to or about an applicant (issue 31) is kept sealed with the site's data key: `sealed` = 1
 * says its `to_address`, `text_body` and `html_body` each hold a value sealed to the message
 * (`outbound-mail:<message_id>:<field>`, app/mail/queue), opened only to send it or to show it
 * in the Outbox. Its subject stays plain: no subject may carry a name, an amount or the
 * family's circumstances, and the Outbox lists messages by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("outbound_mail")
    .addColumn("sealed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
