import type { Kysely } from "kysely";

/**
 * Sessions and tokens a person can see (issue 30): each staff session keeps the browser it was
 * started in (the User-Agent, trimmed to 300 characters; "Firefox on Linux" is worked out when
 * shown), the address it signed in from and when it was last used; each API token has a name,
 * a kind (`sign-in` for those /api/auth/login hands out, `personal` for those a person makes
 * on "Your sign-ins") and when it was last used. Last use is written at most once a minute per
 * session or token, so a busy screen costs no write per request. Both are listed by person (sessions already
 * have their index by person).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("admin_sessions").addColumn("last_used_at", "text").execute();
  await db.schema
    .alterTable("api_tokens")
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("api_tokens")
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("sign-in"))
    .execute();
  await db.schema.alterTable("api_tokens").addColumn("last_used_at", "text").execute();
  await db.schema.createIndex("api_tokens_admin_kind").on("api_tokens").columns(["admin_id", "kind"]).execute();
}
