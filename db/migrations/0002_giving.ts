import { sql, type Kysely } from "kysely";

/**
 * Giving: how a gift was paid (card through the provider, or handed to staff), whether
 * it was a test (the sandbox, or Stripe test keys), the provider's clock for
 * subscription states, running totals kept by triggers so the public statistics and
 * the dashboard never scan every gift, a search index, and the sandbox's own records.
 */

/** One person across their gifts: their email, or their name for an offline gift without one. */
const donorKey = (row: string) =>
  sql.raw(
    `case when trim(${row}.email) = '' then 'name:' || lower(trim(${row}.name)) else lower(trim(${row}.email)) end`,
  );

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("donations")
    .addColumn("payment_method", "text", (c) =>
      c
        .notNull()
        .defaultTo("card")
        .check(sql`payment_method in ('card', 'cash', 'cheque', 'bank_transfer', 'other')`),
    )
    .execute();
  // The signed-in admin who recorded an offline gift; empty for gifts from the provider.
  await db.schema
    .alterTable("donations")
    .addColumn("recorded_by", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // Test payments (the sandbox, Stripe test keys) are kept apart from real money.
  for (const table of ["donations", "subscriptions"]) {
    await db.schema
      .alterTable(table)
      .addColumn("is_test", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`is_test in (0, 1)`),
      )
      .execute();
  }
  // A live site lists real gifts only, newest first, with or without a frequency.
  await db.schema.createIndex("donations_live").on("donations").columns(["is_test", "donated_at"]).execute();
  await db.schema
    .createIndex("donations_frequency_live")
    .on("donations")
    .columns(["frequency", "is_test", "donated_at"])
    .execute();

  // The provider's timestamp (seconds) of the newest state applied, so older news never wins.
  await db.schema
    .alterTable("subscriptions")
    .addColumn("provider_state_at", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("subscriptions").addColumn("canceled_at", "text").execute();

  // Running figures per donor and overall, one set for real gifts and one for tests.
  await db.schema
    .createTable("donors")
    .addColumn("is_test", "integer", (c) => c.notNull())
    .addColumn("donor_key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gift_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("donors_primary_key", ["is_test", "donor_key"])
    .modifyEnd(sql`without rowid`)
    .execute();
  await db.schema.createIndex("donors_total_cents").on("donors").columns(["is_test", "total_cents"]).execute();

  await db.schema
    .createTable("donation_totals")
    .addColumn("is_test", "integer", (c) => c.primaryKey().check(sql`is_test in (0, 1)`))
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("gift_count", "integer", (c) => c.notNull())
    .addColumn("donor_count", "integer", (c) => c.notNull())
    .execute();

  // Existing gifts first, then the triggers keep both tables exact on every change.
  await sql`
    insert into donors (is_test, donor_key, name, email, total_cents, gift_count)
    select is_test, key, max(name), max(email), sum(amount_cents), count(*)
    from (select is_test, ${donorKey("gift")} as key, name, email, amount_cents from donations as gift)
    group by is_test, key
  `.execute(db);
  for (const isTest of [0, 1]) {
    await sql`
      insert into donation_totals (is_test, total_cents, gift_count, donor_count)
      values (
        ${isTest},
        (select coalesce(sum(amount_cents), 0) from donations where is_test = ${isTest}),
        (select count(*) from donations where is_test = ${isTest}),
        (select count(*) from donors where is_test = ${isTest})
      )
    `.execute(db);
  }

  // No conflict clauses inside triggers: an outer INSERT OR REPLACE would override them.
  const addGift = (row: "NEW") => {
    const gift = sql.raw(row);
    const isThisDonor = sql`is_test = ${gift}.is_test and donor_key = ${donorKey(row)}`;
    return sql`
      insert into donors (is_test, donor_key, name, email)
        select ${gift}.is_test, ${donorKey(row)}, ${gift}.name, ${gift}.email
        where not exists (select 1 from donors where ${isThisDonor});
      update donors
        set total_cents = total_cents + ${gift}.amount_cents, gift_count = gift_count + 1,
            name = ${gift}.name, email = ${gift}.email
        where ${isThisDonor};
      update donation_totals
        set total_cents = total_cents + ${gift}.amount_cents, gift_count = gift_count + 1
        where is_test = ${gift}.is_test;
    `;
  };
  const removeGift = (row: "OLD") => {
    const gift = sql.raw(row);
    const isThisDonor = sql`is_test = ${gift}.is_test and donor_key = ${donorKey(row)}`;
    return sql`
      update donors
        set total_cents = total_cents - ${gift}.amount_cents, gift_count = gift_count - 1
        where ${isThisDonor};
      delete from donors where ${isThisDonor} and gift_count <= 0;
      update donation_totals
        set total_cents = total_cents - ${gift}.amount_cents, gift_count = gift_count - 1
        where is_test = ${gift}.is_test;
    `;
  };

  await sql`create trigger donations_totals_insert after insert on donations begin ${addGift("NEW")} end`.execute(db);
  await sql`create trigger donations_totals_delete after delete on donations begin ${removeGift("OLD")} end`.execute(
    db,
  );
  await sql`
    create trigger donations_totals_update after update of amount_cents, email, name, is_test on donations
    begin ${removeGift("OLD")} ${addGift("NEW")} end
  `.execute(db);
  await sql`
    create trigger donors_count_insert after insert on donors
    begin update donation_totals set donor_count = donor_count + 1 where is_test = new.is_test; end
  `.execute(db);
  await sql`
    create trigger donors_count_delete after delete on donors
    begin update donation_totals set donor_count = donor_count - 1 where is_test = old.is_test; end
  `.execute(db);

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
  await db.schema.alterTable("subscriptions").dropColumn("is_test").execute();
  await db.schema.alterTable("donations").dropColumn("is_test").execute();
  await db.schema.alterTable("subscriptions").dropColumn("provider_state_at").execute();
  await db.schema.alterTable("donations").dropColumn("recorded_by").execute();
  await db.schema.alterTable("donations").dropColumn("payment_method").execute();
}
