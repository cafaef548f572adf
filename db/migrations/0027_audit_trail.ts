import { sql, type Kysely } from "kysely";
import { engineOf, idColumn, nowText } from "./dialect";

/**
 * The audit trail (issue 30): one row per staff write, sign-in and export of personal data,
 * appended and never changed or deleted, guarded here as the ledger is (0010). `actor_id` is
 * the person (null for a failed sign-in by an unknown name, or the site itself); `actor_name`
 * is who they were called at the time, so the trail reads the same after a rename. `changes` is
 * JSON, `{"field": [before, after]}`, never holding a password, secret, token or card.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_entries")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("actor_id", "integer", (c) => c.references("admins.id"))
    .addColumn("actor_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("changes", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Newest first by (at, id), filtered by person, action, kind of record (and one record of it)
  // or a range of days: each filter's index starts with it and goes on with (at, id), so a page
  // is read from the index in order and a range of days beside a filter is a range of the same
  // index. At a million entries no filter sorts, or walks past rows it does not show.
  await db.schema.createIndex("audit_entries_at").on("audit_entries").columns(["at", "id"]).execute();
  await db.schema.createIndex("audit_entries_actor_at").on("audit_entries").columns(["actor_id", "at", "id"]).execute();
  await db.schema.createIndex("audit_entries_action_at").on("audit_entries").columns(["action", "at", "id"]).execute();
  await db.schema.createIndex("audit_entries_entity_at").on("audit_entries").columns(["entity", "at", "id"]).execute();
  await db.schema
    .createIndex("audit_entries_record_at")
    .on("audit_entries")
    .columns(["entity", "entity_id", "at", "id"])
    .execute();

  const refusals = [
    ["audit_entries_never_change", "before update", "The audit trail is never changed"],
    ["audit_entries_never_deleted", "before delete", "The audit trail is never deleted from"],
  ] as const;
  for (const [name, moment, message] of refusals) {
    if (engineOf(db) === "postgres") {
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$;
           create trigger ${name} ${moment} on audit_entries for each row execute function ${name}();`,
        )
        .execute(db);
    } else {
      await sql
        .raw(`create trigger ${name} ${moment} on audit_entries begin select raise(abort, '${message}'); end`)
        .execute(db);
    }
  }
}
