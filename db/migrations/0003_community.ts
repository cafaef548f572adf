import { sql, type Kysely } from "kysely";

/**
 * Community: staff search contact messages (name, email, message), volunteer signups
 * (name, email) and newsletter addresses by any part of the text. Each gets a trigram
 * index (3+ characters) kept in step with its table by triggers, as donations have, so
 * a search never scans every row; the subscriber list is read newest first by date.
 */
const SEARCHED = [
  { table: "contact_submissions", index: "contact_submissions_search", columns: ["name", "email", "message"] },
  { table: "volunteer_signups", index: "volunteer_signups_search", columns: ["name", "email"] },
  { table: "newsletter_subscribers", index: "newsletter_subscribers_search", columns: ["email"] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, index, columns } of SEARCHED) {
    const names = columns.join(", ");
    const newValues = columns.map((column) => `new.${column}`).join(", ");
    const oldValues = columns.map((column) => `old.${column}`).join(", ");
    await sql
      .raw(
        `create virtual table ${index} using fts5(${names}, content = '${table}', content_rowid = 'id', tokenize = 'trigram')`,
      )
      .execute(db);
    await sql.raw(`insert into ${index} (${index}) values ('rebuild')`).execute(db);
    await sql
      .raw(
        `create trigger ${index}_insert after insert on ${table} begin
      insert into ${index} (rowid, ${names}) values (new.id, ${newValues});
    end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${index}_delete after delete on ${table} begin
      insert into ${index} (${index}, rowid, ${names}) values ('delete', old.id, ${oldValues});
    end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${index}_update after update of ${names} on ${table} begin
      insert into ${index} (${index}, rowid, ${names}) values ('delete', old.id, ${oldValues});
      insert into ${index} (rowid, ${names}) values (new.id, ${newValues});
    end`,
      )
      .execute(db);
  }
  await db.schema
    .createIndex("newsletter_subscribers_subscribed_at")
    .on("newsletter_subscribers")
    .column("subscribed_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("newsletter_subscribers_subscribed_at").execute();
  for (const { index } of SEARCHED) {
    for (const change of ["insert", "delete", "update"])
      await sql.raw(`drop trigger if exists ${index}_${change}`).execute(db);
    await sql.raw(`drop table ${index}`).execute(db);
  }
}
