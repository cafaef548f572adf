import type { Kysely } from "kysely";
import { idColumn, nowText } from "./dialect";

/**
 * Two-factor sign-in with an authenticator app (issue 30, decision 151).
 *
 * - `admin_two_factor`: one row per person who has begun or finished setting it up. The TOTP
 *   secret is kept encrypted (AES-256-GCM, a key derived from SESSION_SECRET): `secret_encrypted`
 *   is `iv.tag.ciphertext` in base64url. `enabled_at` is null until a first code confirms it,
 *   then the moment it was turned on.
 * - `admin_recovery_codes`: ten single-use codes per person, kept only as SHA-256 hashes;
 *   `used_at` marks one used (a used code never works again).
 * - `admin_totp_steps`: the 30-second time-steps a person's codes have been accepted for;
 *   the primary key refuses the same step twice, so a code cannot be replayed.
 * - `admin_pending_sign_ins`: a correct password awaiting its code (a few minutes): the
 *   browser holds a random token in a cookie, kept here only as its hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admin_two_factor")
    .addColumn("admin_id", "integer", (c) => c.primaryKey().references("admins.id").onDelete("cascade"))
    .addColumn("secret_encrypted", "text", (c) => c.notNull())
    .addColumn("enabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();

  await db.schema
    .createTable("admin_recovery_codes")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema
    .createIndex("admin_recovery_codes_admin")
    .on("admin_recovery_codes")
    .columns(["admin_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("admin_totp_steps")
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("time_step", "integer", (c) => c.notNull())
    .addColumn("used_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .addPrimaryKeyConstraint("admin_totp_steps_pk", ["admin_id", "time_step"])
    .execute();

  await db.schema
    .createTable("admin_pending_sign_ins")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  await db.schema.createIndex("admin_pending_sign_ins_admin").on("admin_pending_sign_ins").column("admin_id").execute();
}
