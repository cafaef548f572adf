import { sql, type Kysely } from "kysely";

/**
 * Giving on the nights of Ramadan: a donor saves a card once, and the site charges it on
 * each night they chose, at the hour staff set.
 *
 * - `ramadan_schedules`: the donor, the plan (the last ten nights or all thirty), the amount
 *   for a night and whether the odd nights of the last ten are doubled, the fund, and the
 *   saved card at the provider (its customer and payment method). It waits for the card
 *   ('awaiting_card') until the provider reports the card saved (by the setup checkout's
 *   id, unique, so a repeated report activates it once), then is active, stopped or finished.
 * - `ramadan_nights`: one row per night of a schedule (unique by number), written when the
 *   card is saved, dated from the first night staff confirmed (or the calculation's proposal,
 *   re-dated when staff confirm). A night is claimed for a while (`claimed_until`) while it
 *   is being charged, so two rounds never charge it at once and a round cut short leaves it
 *   to the next once the claim lapses; each attempt sends its own idempotency key, so the
 *   provider answers a re-sent attempt with the same charge; its payment is recorded once
 *   (the donation's unique provider payment id and the night's donation_id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ramadan_schedules")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('last-ten', 'all-thirty')`))
    .addColumn("per_night_cents", "integer", (c) => c.notNull().check(sql`per_night_cents > 0`))
    .addColumn("double_odd_nights", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("fund_id", "integer", (c) => c.notNull().references("funds.id"))
    .addColumn("anonymous", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("awaiting_card")
        .check(sql`status in ('awaiting_card', 'active', 'stopped', 'finished')`),
    )
    .addColumn("provider_customer_id", "text")
    .addColumn("payment_method_id", "text")
    .addColumn("setup_session_id", "text", (c) => c.unique())
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hijri_year", "integer", (c) => c.notNull())
    .addColumn("first_night", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .addColumn("activated_at", "text")
    .addColumn("stopped_at", "text")
    .addColumn("stopped_by", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("ramadan_schedules_email").on("ramadan_schedules").column("email").execute();
  // The staff's list, a page at a time, newest first within a status.
  await db.schema.createIndex("ramadan_schedules_status").on("ramadan_schedules").columns(["status", "id"]).execute();

  await db.schema
    .createTable("ramadan_nights")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("schedule_id", "integer", (c) => c.notNull().references("ramadan_schedules.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull().check(sql`number between 1 and 30`))
    .addColumn("evening", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'charging', 'charged', 'failed', 'retrying', 'missed', 'stopped')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("claimed_until", "text")
    .addColumn("next_attempt_at", "text")
    .addColumn("idempotency_key", "text")
    .addColumn("payment_intent_id", "text")
    .addColumn("donation_id", "integer", (c) => c.references("donations.id").onDelete("set null"))
    .addColumn("charged_at", "text")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("failure_mailed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unanswered_sends", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index ramadan_nights_number on ramadan_nights (schedule_id, number)`.execute(db);
  // The round's question: which nights still to give are on or before tonight.
  await db.schema.createIndex("ramadan_nights_due").on("ramadan_nights").columns(["status", "evening"]).execute();
}
