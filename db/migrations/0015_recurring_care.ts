import { sql, type Kysely } from "kysely";

/**
 * Caring for a recurring gift rather than only ending it: a donor or staff may change its
 * amount or pause it for a few charges, and each such change is kept as the gift's history.
 *
 * - `subscriptions.resumes_at`: when the provider resumes collecting a paused gift (an ISO
 *   moment); null while it is not paused.
 * - `subscription_changes`: created, amount changed (from -> to), paused (until), resumed,
 *   card updated, canceled; by the donor, by staff or at the provider. A change reported by
 *   the provider carries its event's id, so a repeated event records nothing twice.
 *
 * A gift's "created" line is written by the database when the gift is stored, so no way of
 * recording one (checkout, invoice, subscription event, sync) can leave it out; gifts kept
 * from before have theirs dated when they were created, as reported by the provider.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("subscriptions").addColumn("resumes_at", "text").execute();
  await db.schema
    .createTable("subscription_changes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subscription_id", "integer", (c) => c.notNull().references("subscriptions.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('created', 'amount_changed', 'paused', 'resumed', 'card_updated', 'canceled')`),
    )
    .addColumn("from_cents", "integer")
    .addColumn("to_cents", "integer")
    .addColumn("resumes_at", "text")
    .addColumn("actor", "text", (c) => c.notNull().check(sql`actor in ('donor', 'staff', 'provider')`))
    .addColumn("actor_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("happened_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .addColumn("provider_event_id", "text")
    .execute();
  // One provider event may change the amount and the pause at once: each kind once per event.
  await sql`create unique index subscription_changes_event on subscription_changes (provider_event_id, kind) where provider_event_id is not null`.execute(
    db,
  );
  await db.schema
    .createIndex("subscription_changes_history")
    .on("subscription_changes")
    .columns(["subscription_id", "happened_at"])
    .execute();

  await sql`
    insert into subscription_changes (subscription_id, kind, from_cents, to_cents, actor, happened_at)
      select id, 'created', null, amount_cents, 'provider', created_at from subscriptions
  `.execute(db);
  await sql`
    create trigger subscriptions_history_created after insert on subscriptions
    begin
      insert into subscription_changes (subscription_id, kind, from_cents, to_cents, actor, happened_at)
        values (new.id, 'created', null, new.amount_cents, 'donor', new.created_at);
    end
  `.execute(db);
}
