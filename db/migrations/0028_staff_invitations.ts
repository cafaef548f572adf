import type { Kysely } from "kysely";
import { idColumn, nowText } from "./dialect";

/**
 * A person per account (issue 30): an owner invites someone by name, email and roles, and a
 * forgotten password is reset by mail. Both are links mailed once, single use, kept here only
 * as the hash of their token (decision 149): an invitation is good for 72 hours, a reset for
 * one hour. An invitation's email is stored in lower case, so re-inviting the same address in
 * any letter case finds (and replaces) the unused one; `admin_id` is the account its
 * acceptance made.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("roles", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "integer", (c) => c.references("admins.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("admin_id", "integer", (c) => c.references("admins.id"))
    .execute();
  await db.schema.createIndex("staff_invitations_email").on("staff_invitations").columns(["email", "id"]).execute();

  await db.schema
    .createTable("staff_password_resets")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("staff_password_resets_admin")
    .on("staff_password_resets")
    .columns(["admin_id", "id"])
    .execute();
}
