import { sql, type Kysely } from "kysely";

/**
 * Giving: how a gift was paid (card through the provider, or handed to staff), the
 * provider's clock for subscription states, running totals kept by triggers so the
 * public statistics and the dashboard never scan every gift, and the sandbox's own
 * provider records.
 */

/** One person across their gifts: their email, or their name for an offline gift without one. */
const donorKey = (row: string) =>
  sql.raw(`case when trim(${row}.email) = '' then 'name:' || lower(trim(${row}.name)) else lower(trim(${row}.email)) end`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("donations")
    .addColumn("payment_method", "text", (c) =>
      c.notNull().defaultTo("card").check(sql`payment_method in ('card', 'cash', 'cheque', 'bank_transfer', 'other')`),
    )
    .execute();
  // The signed-in admin who recorded an offline gift; empty for gifts from the provider.
  await db.schema.alterTable("donations").addColumn("recorded_by", "text", (c) => c.notNull().defaultTo("")).execute();

  // The provider's timestamp (seconds) of the newest state applied, so older news never wins.
  await db.schema
    .alterTable("subscriptions")
    .addColumn("provider_state_at", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("subscriptions").addColumn("canceled_at", "text").execute();

  await db.schema
    .createTable("donors")
    .addColumn("donor_key", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gift_count", "integer", (c) => c.notNull().defaultTo(0))
    .modifyEnd(sql`without rowid`)
    .execute();
  await db.schema.createIndex("donors_total_cents").on("donors").column("total_cents").execute();

  await db.schema
    .createTable("donation_totals")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("gift_count", "integer", (c) => c.notNull())
    .addColumn("donor_count", "integer", (c) => c.notNull())
    .execute();

  // Existing gifts first, then the triggers keep both tables exact on every change.
  await sql`
    insert into donors (donor_key, name, email, total_cents, gift_count)
    select key, max(name), max(email), sum(amount_cents), count(*)
    from (select ${donorKey("gift")} as key, name, email, amount_cents from donations as gift)
    group by key
  `.execute(db);
  await sql`
    insert into donation_totals (id, total_cents, gift_count, donor_count)
    values (1, (select coalesce(sum(amount_cents), 0) from donations), (select count(*) from donations), (select count(*) from donors))
  `.execute(db);

  // No conflict clauses inside triggers: an outer INSERT OR REPLACE would override them.
  const addGift = (row: "NEW") => sql`
    insert into donors (donor_key, name, email)
      select ${donorKey(row)}, ${sql.raw(row)}.name, ${sql.raw(row)}.email
      where not exists (select 1 from donors where donor_key = ${donorKey(row)});
    update donors
      set total_cents = total_cents + ${sql.raw(row)}.amount_cents, gift_count = gift_count + 1,
          name = ${sql.raw(row)}.name, email = ${sql.raw(row)}.email
      where donor_key = ${donorKey(row)};
    update donation_totals
      set total_cents = total_cents + ${sql.raw(row)}.amount_cents, gift_count = gift_count + 1
      where id = 1;
  `;
  const removeGift = (row: "OLD") => sql`
    update donors
      set total_cents = total_cents - ${sql.raw(row)}.amount_cents, gift_count = gift_count - 1
      where donor_key = ${donorKey(row)};
    delete from donors where donor_key = ${donorKey(row)} and gift_count <= 0;
    update donation_totals
      set total_cents = total_cents - ${sql.raw(row)}.amount_cents, gift_count = gift_count - 1
      where id = 1;
  `;

  await sql`create trigger donations_totals_insert after insert on donations begin ${addGift("NEW")} end`.execute(db);
  await sql`create trigger donations_totals_delete after delete on donations begin ${removeGift("OLD")} end`.execute(db);
  await sql`
    create trigger donations_totals_update after update of amount_cents, email, name on donations
    begin ${removeGift("OLD")} ${addGift("NEW")} end
  `.execute(db);
  await sql`create trigger donors_count_insert after insert on donors begin update donation_totals set donor_count = donor_count + 1 where id = 1; end`.execute(db);
  await sql`create trigger donors_count_delete after delete on donors begin update donation_totals set donor_count = donor_count - 1 where id = 1; end`.execute(db);

  // Searching gifts by any part of a name or email: a trigram index (3+ characters) kept
  // in step with the donations by triggers, so staff searches never scan every gift.
  await sql`
    create virtual table donations_search using fts5(
      name, email, content = 'donations', content_rowid = 'id', tokenize = 'trigram'
    )
  `.execute(db);
  await sql`insert into donations_search (donations_search) values ('rebuild')`.execute(db);
  await sql`
    create trigger donations_search_insert after insert on donations begin
      insert into donations_search (rowid, name, email) values (new.id, new.name, new.email);
    end
  `.execute(db);
  await sql`
    create trigger donations_search_delete after delete on donations begin
      insert into donations_search (donations_search, rowid, name, email) values ('delete', old.id, old.name, old.email);
    end
  `.execute(db);
  await sql`
    create trigger donations_search_update after update of name, email on donations begin
      insert into donations_search (donations_search, rowid, name, email) values ('delete', old.id, old.name, old.email);
      insert into donations_search (rowid, name, email) values (new.id, new.name, new.email);
    end
  `.execute(db);

  // The sandbox's simulated provider: Stripe-shaped checkout sessions, subscriptions and invoices.
  await db.schema
    .createTable("sandbox_objects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sandbox_objects_type").on("sandbox_objects").columns(["type", "created"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of [
    "donations_search_insert",
    "donations_search_delete",
    "donations_search_update",
    "donations_totals_insert",
    "donations_totals_delete",
    "donations_totals_update",
    "donors_count_insert",
    "donors_count_delete",
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await db.schema.dropTable("sandbox_objects").execute();
  await sql`drop table donations_search`.execute(db);
  await db.schema.dropTable("donation_totals").execute();
  await db.schema.dropTable("donors").execute();
  await db.schema.alterTable("subscriptions").dropColumn("canceled_at").execute();
  await db.schema.alterTable("subscriptions").dropColumn("provider_state_at").execute();
  await db.schema.alterTable("donations").dropColumn("recorded_by").execute();
  await db.schema.alterTable("donations").dropColumn("payment_method").execute();
}
