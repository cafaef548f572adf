import { sql, type Kysely } from "kysely";

/**
 * Every entity of the product in one set: content, community, giving, admin access and
 * provider bookkeeping. Landed migrations are never edited; later changes add new files.
 */

// ISO-8601 UTC with milliseconds, the format the services write too.
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("admins")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", "text", (c) =>
      c
        .notNull()
        .unique()
        .modifyFront(sql`collate nocase`),
    )
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("admin_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_sessions_expires_at").on("admin_sessions").column("expires_at").execute();
  await db.schema.createIndex("admin_sessions_admin_id").on("admin_sessions").column("admin_id").execute();

  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("admin_id", "integer", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("api_tokens_expires_at").on("api_tokens").column("expires_at").execute();

  await db.schema
    .createTable("settings")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("value", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("stories")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`is_active in (0, 1)`),
    )
    .addColumn("is_featured", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_featured in (0, 1)`),
    )
    .addColumn("video_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_filename", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("stories_listing")
    .on("stories")
    .columns(["is_active", "is_featured", "created_at"])
    .execute();
  await db.schema.createIndex("stories_created_at").on("stories").column("created_at").execute();

  await db.schema
    .createTable("events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("events_date").on("events").column("date").execute();

  await db.schema
    .createTable("contact_submissions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("resolved", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`resolved in (0, 1)`),
    )
    .execute();
  await db.schema
    .createIndex("contact_submissions_status")
    .on("contact_submissions")
    .columns(["resolved", "submitted_at"])
    .execute();
  await db.schema
    .createIndex("contact_submissions_submitted_at")
    .on("contact_submissions")
    .column("submitted_at")
    .execute();

  await db.schema
    .createTable("volunteer_signups")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("interest", "text", (c) => c.notNull())
    .addColumn("submitted_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("volunteer_signups_interest")
    .on("volunteer_signups")
    .columns(["interest", "submitted_at"])
    .execute();
  await db.schema
    .createIndex("volunteer_signups_submitted_at")
    .on("volunteer_signups")
    .column("submitted_at")
    .execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("purpose", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("interval", "text", (c) => c.notNull().check(sql`interval in ('month', 'year')`))
    .addColumn("payment_day", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`payment_day between 1 and 31`),
    )
    .addColumn("payment_month", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`payment_month between 1 and 12`),
    )
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("next_payment_date", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("stripe_subscription_id", "text", (c) => c.unique())
    .addColumn("stripe_customer_id", "text")
    .addColumn("stripe_checkout_session_id", "text", (c) => c.unique())
    .execute();
  await db.schema.createIndex("subscriptions_status").on("subscriptions").column("status").execute();
  await db.schema.createIndex("subscriptions_created_at").on("subscriptions").column("created_at").execute();

  await db.schema
    .createTable("donations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("frequency", "text", (c) =>
      c.notNull().check(sql`frequency in ('One-Time', 'Monthly', 'Annually', 'Ramadan')`),
    )
    .addColumn("purpose", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("donated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("subscription_id", "integer", (c) => c.references("subscriptions.id").onDelete("set null"))
    .addColumn("stripe_checkout_session_id", "text", (c) => c.unique())
    .addColumn("stripe_payment_intent_id", "text", (c) => c.unique())
    .addColumn("stripe_invoice_id", "text", (c) => c.unique())
    .execute();
  await db.schema.createIndex("donations_donated_at").on("donations").column("donated_at").execute();
  await db.schema.createIndex("donations_frequency").on("donations").columns(["frequency", "donated_at"]).execute();
  await db.schema.createIndex("donations_email").on("donations").column("email").execute();
  await db.schema.createIndex("donations_subscription_id").on("donations").column("subscription_id").execute();

  await db.schema
    .createTable("testimonials")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`rating between 1 and 5`),
    )
    .addColumn("video_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("category", "text", (c) =>
      c
        .notNull()
        .defaultTo("donor")
        .check(sql`category in ('donor', 'recipient', 'volunteer', 'other')`),
    )
    .addColumn("is_approved", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_approved in (0, 1)`),
    )
    .addColumn("image_filename", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("testimonials_approval")
    .on("testimonials")
    .columns(["is_approved", "created_at"])
    .execute();

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", "text", (c) =>
      c
        .notNull()
        .unique()
        .modifyFront(sql`collate nocase`),
    )
    .addColumn("subscribed_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("processed_provider_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("processed_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "processed_provider_events",
    "newsletter_subscribers",
    "testimonials",
    "donations",
    "subscriptions",
    "volunteer_signups",
    "contact_submissions",
    "events",
    "stories",
    "settings",
    "api_tokens",
    "admin_sessions",
    "admins",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
