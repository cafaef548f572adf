import type { Kysely } from "kysely";
import { idColumn, nowText } from "./dialect";

/**
 * Passkeys (issue 30): a member of staff's WebAuthn credentials, to sign in without a password
 * or as a second factor. `credential_id` is the authenticator's id in base64url (unique: a
 * sign-in finds its person by it), `public_key` the COSE key in base64url, `counter` the last
 * signature count seen, `transports` the authenticator's ways of being reached, space
 * separated, and `name` what the person called it ("Work laptop").
 *
 * `passkey_challenges` holds each ceremony's random challenge for five minutes, server side:
 * a response is accepted only against a challenge found (and deleted) here, so a challenge
 * serves once. `admin_id` is null for a passwordless sign-in (nobody is known yet).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_passkeys")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id"))
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("admin_passkeys_admin").on("admin_passkeys").columns(["admin_id", "id"]).execute();

  await db.schema
    .createTable("passkey_challenges")
    .addColumn("challenge", "text", (c) => c.primaryKey())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("admin_id", "integer", (c) => c.references("admins.id"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("passkey_challenges_expiry").on("passkey_challenges").column("expires_at").execute();
}
