import type { Kysely } from "kysely";

/**
 * The Audit screen reads newest first by (at, id), filtered by person, action, kind of record
 * (and one record of it) or a range of days. Each filter gets an index that starts with it and
 * goes on with (at, id), so a page is read from the index in order and a range of days beside a
 * filter is a range of the same index: at a million entries no filter sorts or walks past rows
 * it does not show. They replace 0027's indexes ending in id alone.
 */
const REPLACED = ["audit_entries_actor", "audit_entries_action", "audit_entries_entity"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of REPLACED) await db.schema.dropIndex(name).execute();
  await db.schema.createIndex("audit_entries_actor_at").on("audit_entries").columns(["actor_id", "at", "id"]).execute();
  await db.schema.createIndex("audit_entries_action_at").on("audit_entries").columns(["action", "at", "id"]).execute();
  await db.schema.createIndex("audit_entries_entity_at").on("audit_entries").columns(["entity", "at", "id"]).execute();
  await db.schema
    .createIndex("audit_entries_record_at")
    .on("audit_entries")
    .columns(["entity", "entity_id", "at", "id"])
    .execute();
}
