import { sql, type Kysely } from "kysely";

/**
 * A person per account (issue 30): each admin gets a name, an email to receive invitations
 * and password resets at, the roles they hold, and whether the account is active. Roles are
 * one text column of role names separated by spaces ("finance editor"): a person holds few,
 * they are read with the person on every request, and never searched by. Every admin the site
 * had before this was all-powerful, so each becomes an owner.
 *
 * An email, once given, belongs to one person in any letter case (a partial unique index:
 * the admins made before this have none yet).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("admins")
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("admins")
    .addColumn("roles", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("admins")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.updateTable("admins").set({ roles: "owner" }).execute();
  await sql`create unique index admins_email_lower on admins (lower(email)) where email <> ''`.execute(db);
}
