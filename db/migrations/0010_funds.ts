import { sql, type Kysely } from "kysely";

/**
 * Zakat kept apart: every gift belongs to exactly one fund, and what leaves a fund is
 * written in an append-only ledger of disbursements. The database itself keeps the
 * promises that matter most, whatever code writes to it:
 *
 * - a gift cannot be stored without its fund;
 * - each fund's money in (live gifts only; test payments never count) and money out
 *   are kept on the fund's row by triggers, with Zakat's receipts per day beside them
 *   for the within-a-lunar-year report;
 * - a ledger entry is never changed or deleted, a reversal must name a disbursement of
 *   the same fund and amount, each entry can be reversed once, and a disbursement larger
 *   than its fund's balance is refused inside the insert, so two staff recording at once
 *   can never take a fund below zero;
 * - the rates register keeps its history the same way.
 *
 * The funds, the first rates and the Zakat policy template are written here (not by the
 * demo seed) because every database needs them; the values are as they were when this
 * migration landed, so it stays as it ran.
 */

const FUNDS = [
  // slug, name, the donate form's word for it, kind, description
  ["sadaqa", "Sadaqa", "General Donation", "general", "Voluntary giving, used wherever the need is greatest."],
  [
    "zakat-al-mal",
    "Zakat al-Mal",
    "Zakat",
    "zakat",
    "Zakat on wealth, kept apart and given only to the eight categories of recipients.",
  ],
  [
    "zakat-al-fitr",
    "Zakat al-Fitr",
    "Zakat al-Fitr",
    "zakat",
    "The Zakat of breaking the fast, given for every person in the household and delivered to the poor before the Eid prayer.",
  ],
  [
    "fidya",
    "Fidya",
    "Fidya",
    "obligation",
    "Feeding one poor person for each day of Ramadan that cannot be fasted or made up.",
  ],
  [
    "kaffarah",
    "Kaffarah",
    "Kaffarah",
    "obligation",
    "Expiation for a deliberately broken fast or a broken oath, given as food for the poor.",
  ],
  [
    "emergency-relief",
    "Emergency Relief",
    "Emergency Relief",
    "restricted",
    "Food, shelter and medical care when disaster strikes.",
  ],
  [
    "orphan-care",
    "Orphan Care",
    "Orphan Care",
    "restricted",
    "Education, healthcare and a safe home for orphaned children.",
  ],
  [
    "food-water-aid",
    "Food & Water Aid",
    "Food & Water Aid",
    "restricted",
    "Food parcels, clean water and wells for families in need.",
  ],
  [
    "education",
    "Education",
    "Education",
    "restricted",
    "Schooling, books and teachers for children who would go without.",
  ],
  [
    "healthcare",
    "Healthcare",
    "Healthcare",
    "restricted",
    "Clinics, medicines and treatment for those who cannot pay.",
  ],
] as const;

const ZAKAT_CATEGORIES = [
  "fuqara",
  "masakin",
  "amilin",
  "muallafah",
  "riqab",
  "gharimin",
  "fi-sabilillah",
  "ibn-al-sabil",
];
const RATE_KEYS = ["fitr_per_person", "fidya_per_day", "kaffarah_per_person", "gold_per_gram", "silver_per_gram"];

const POLICY_TEMPLATE = `THIS IS A TEMPLATE. The foundation has not written its Zakat policy yet; staff replace this text in the admin area (Funds, then Zakat policy).

Who distributes: the foundation's programme staff, under the direction of its trustees.

To whom: Zakat is given only to the eight categories of recipients named in the Qur'an (9:60), and it is kept apart from every other fund.

Administration share: [say whether a share is taken for collecting and administering Zakat, and how much].

How fast: we aim to distribute all Zakat within one lunar year of receiving it, and Zakat al-Fitr before the Eid prayer.

Who reviews it: [name the scholar or board who reviews this policy and the distributions].`;

const CATEGORY_CHECK = sql.raw(
  `category is null or category in (${ZAKAT_CATEGORIES.map((key) => `'${key}'`).join(", ")})`,
);
const RATE_KEY_CHECK = sql.raw(`rate_key in (${RATE_KEYS.map((key) => `'${key}'`).join(", ")})`);

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  await createFunds(db, now);
  await assignGiftsToFunds(db);
  await createDailyReceipts(db);
  await keepFundTotals(db);
  await createLedger(db);
  await createRates(db, now);
  await createPolicy(db, now);
}

async function createFunds(db: Kysely<any>, now: string): Promise<void> {
  await db.schema
    .createTable("funds")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().modifyEnd(sql`collate nocase unique`))
    .addColumn("purpose", "text", (c) => c.notNull().modifyEnd(sql`collate nocase unique`))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('general', 'zakat', 'obligation', 'restricted')`))
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("archived_at", "text")
    .addColumn("received_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gift_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("disbursed_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("funds_fixed_stay_open", sql`archived_at is null or kind = 'restricted'`)
    .execute();
  await db
    .insertInto("funds")
    .values(
      FUNDS.map(([slug, name, purpose, kind, description], index) => ({
        slug,
        name,
        purpose,
        kind,
        description,
        sort_order: (index + 1) * 10,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  // Only restricted funds are added or archived by staff; the others are the foundation's fixed funds.
  await sql`
    create trigger funds_fixed_names before update of name, purpose, kind, slug on funds
    when old.name <> new.name or old.purpose <> new.purpose or old.kind <> new.kind or old.slug <> new.slug
    begin select raise(abort, 'A fund keeps its name, purpose and kind'); end
  `.execute(db);
}

/**
 * Every gift and recurring gift takes the fund of its purpose (the donate form's seven
 * purposes map one to one); anything else recorded in the past goes to general Sadaqa.
 */
async function assignGiftsToFunds(db: Kysely<any>): Promise<void> {
  for (const table of ["donations", "subscriptions"]) {
    await sql`alter table ${sql.table(table)} add column fund_id integer references funds (id)`.execute(db);
    await sql`
      update ${sql.table(table)} set fund_id = coalesce(
        (select id from funds where funds.purpose = ${sql.ref(`${table}.purpose`)} collate nocase),
        (select id from funds where slug = 'sadaqa'))
    `.execute(db);
    await db.schema.createIndex(`${table}_fund`).on(table).columns(["fund_id"]).execute();
  }
  // What the gift was for, in the donor's words: "Zakat al-Fitr for 5 people".
  await db.schema
    .alterTable("donations")
    .addColumn("designation", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  // A gift stored without its fund takes the fund of its purpose, so no gift is ever
  // without one, whichever code writes it (a change of purpose later does not move it).
  for (const table of ["donations", "subscriptions"]) {
    await sql`
      create trigger ${sql.raw(`${table}_take_a_fund`)} after insert on ${sql.table(table)}
      when new.fund_id is null
      begin
        update ${sql.table(table)} set fund_id = coalesce(
          (select id from funds where funds.purpose = new.purpose collate nocase),
          (select id from funds where slug = 'sadaqa'))
        where id = new.id;
      end
    `.execute(db);
    await sql`
      create trigger ${sql.raw(`${table}_keep_a_fund`)} before update of fund_id on ${sql.table(table)}
      when new.fund_id is null
      begin select raise(abort, 'Every gift belongs to a fund'); end
    `.execute(db);
  }
}

/** Live gifts per fund and day: the within-a-lunar-year report reads days, never every gift. */
async function createDailyReceipts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("fund_daily_receipts")
    .addColumn("fund_id", "integer", (c) => c.notNull().references("funds.id"))
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("received_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gift_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("fund_daily_receipts_pk", ["fund_id", "day"])
    .execute();
  await sql`
    insert into fund_daily_receipts (fund_id, day, received_cents, gift_count)
    select fund_id, substr(donated_at, 1, 10), sum(amount_cents), count(*)
    from donations where is_test = 0 group by fund_id, substr(donated_at, 1, 10)
  `.execute(db);
  await sql`
    update funds set
      received_cents = coalesce((select sum(received_cents) from fund_daily_receipts where fund_id = funds.id), 0),
      gift_count = coalesce((select sum(gift_count) from fund_daily_receipts where fund_id = funds.id), 0)
  `.execute(db);
}

/** Triggers keep each fund's money in (live gifts) on its row and in its days. */
async function keepFundTotals(db: Kysely<any>): Promise<void> {
  // No conflict clauses inside triggers: an outer INSERT OR REPLACE would override them.
  const addGift = sql`
    insert into fund_daily_receipts (fund_id, day)
      select new.fund_id, substr(new.donated_at, 1, 10)
      where new.is_test = 0 and new.fund_id is not null
        and not exists (select 1 from fund_daily_receipts where fund_id = new.fund_id and day = substr(new.donated_at, 1, 10));
    update fund_daily_receipts set received_cents = received_cents + new.amount_cents, gift_count = gift_count + 1
      where new.is_test = 0 and fund_id = new.fund_id and day = substr(new.donated_at, 1, 10);
    update funds set received_cents = received_cents + new.amount_cents, gift_count = gift_count + 1
      where new.is_test = 0 and id = new.fund_id;
  `;
  const removeGift = sql`
    update fund_daily_receipts set received_cents = received_cents - old.amount_cents, gift_count = gift_count - 1
      where old.is_test = 0 and fund_id = old.fund_id and day = substr(old.donated_at, 1, 10);
    delete from fund_daily_receipts
      where old.is_test = 0 and fund_id = old.fund_id and day = substr(old.donated_at, 1, 10) and gift_count <= 0;
    update funds set received_cents = received_cents - old.amount_cents, gift_count = gift_count - 1
      where old.is_test = 0 and id = old.fund_id;
  `;
  await sql`create trigger donations_funds_insert after insert on donations begin ${addGift} end`.execute(db);
  await sql`create trigger donations_funds_delete after delete on donations begin ${removeGift} end`.execute(db);
  await sql`
    create trigger donations_funds_update after update of amount_cents, is_test, fund_id, donated_at on donations
    begin ${removeGift} ${addGift} end
  `.execute(db);
}

async function createLedger(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("disbursements")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('disbursement', 'reversal')`))
    .addColumn("fund_id", "integer", (c) => c.notNull().references("funds.id"))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    /** The day the money went out (or the reversal was made), 'YYYY-MM-DD'. */
    .addColumn("disbursed_on", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.check(CATEGORY_CHECK))
    .addColumn("programme", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("region", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("proof_filename", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reverses_id", "integer", (c) => c.unique().references("disbursements.id"))
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addCheckConstraint("disbursements_reversal_names_entry", sql`(kind = 'reversal') = (reverses_id is not null)`)
    .execute();
  await db.schema.createIndex("disbursements_newest").on("disbursements").columns(["disbursed_on", "id"]).execute();
  await db.schema
    .createIndex("disbursements_fund")
    .on("disbursements")
    .columns(["fund_id", "disbursed_on", "id"])
    .execute();
  await db.schema
    .createIndex("disbursements_category")
    .on("disbursements")
    .columns(["category", "disbursed_on", "id"])
    .execute();

  // Searching the ledger by any part of what an entry was for or who recorded it; entries
  // are never changed or deleted, so inserting is the only step to keep in step.
  await sql`
    create virtual table disbursements_search using fts5(
      programme, region, description, recorded_by, content = 'disbursements', content_rowid = 'id', tokenize = 'trigram'
    )
  `.execute(db);
  await sql`
    create trigger disbursements_search_insert after insert on disbursements begin
      insert into disbursements_search (rowid, programme, region, description, recorded_by)
      values (new.id, new.programme, new.region, new.description, new.recorded_by);
    end
  `.execute(db);

  await sql`
    create trigger disbursements_never_change before update on disbursements
    begin select raise(abort, 'Ledger entries are never changed: record a reversal'); end
  `.execute(db);
  await sql`
    create trigger disbursements_never_deleted before delete on disbursements
    begin select raise(abort, 'Ledger entries are never deleted: record a reversal'); end
  `.execute(db);
  // Inside the insert, so no two writers can both pass the check on the same balance.
  await sql`
    create trigger disbursements_within_balance before insert on disbursements
    when new.kind = 'disbursement'
      and new.amount_cents > (select received_cents - disbursed_cents from funds where id = new.fund_id)
    begin select raise(abort, 'The fund balance is not enough for this disbursement'); end
  `.execute(db);
  await sql`
    create trigger disbursements_reversal_matches before insert on disbursements
    when new.kind = 'reversal' and not exists (
      select 1 from disbursements
      where id = new.reverses_id and kind = 'disbursement' and fund_id = new.fund_id and amount_cents = new.amount_cents)
    begin select raise(abort, 'A reversal names a disbursement of the same fund and amount'); end
  `.execute(db);
  await sql`
    create trigger disbursements_fund_totals after insert on disbursements
    begin
      update funds set disbursed_cents = disbursed_cents
        + case new.kind when 'disbursement' then new.amount_cents else -new.amount_cents end
      where id = new.fund_id;
    end
  `.execute(db);
}

/** The rates the foundation sets; a new rate is a new row, so the history stays. */
async function createRates(db: Kysely<any>, now: string): Promise<void> {
  await db.schema
    .createTable("rates")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("rate_key", "text", (c) => c.notNull().check(RATE_KEY_CHECK))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("effective_on", "text", (c) => c.notNull())
    .addColumn("authority", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    /** 1 for the starting figures a new database gets, until staff set their own. */
    .addColumn("to_confirm", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`to_confirm in (0, 1)`),
    )
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rates_current").on("rates").columns(["rate_key", "effective_on", "id"]).execute();
  await sql`
    create trigger rates_never_change before update on rates
    begin select raise(abort, 'Rates are never changed: record a new rate'); end
  `.execute(db);
  await sql`
    create trigger rates_never_deleted before delete on rates
    begin select raise(abort, 'Rates are never deleted: record a new rate'); end
  `.execute(db);
  const published = "Commonly published by US charities; to be confirmed by the foundation's staff";
  const starting = [
    ["gold_per_gram", 6500, "The site's starting gold price", "Starting figure; set today's price per gram"],
    ["silver_per_gram", 85, "The site's starting silver price", "Starting figure; set today's price per gram"],
    ["fitr_per_person", 1200, published, "One sa' of staple food, about 2.5-3 kg, per person"],
    ["fidya_per_day", 1200, published, "Feeding one poor person for one day"],
    ["kaffarah_per_person", 1200, published, "Feeding one poor person, usually the Fidya rate"],
  ] as const;
  await db
    .insertInto("rates")
    .values(
      starting.map(([rate_key, amount_cents, authority, note]) => ({
        rate_key,
        amount_cents,
        effective_on: now.slice(0, 10),
        authority,
        note,
        to_confirm: 1,
        recorded_by: "system",
        recorded_at: now,
      })),
    )
    .execute();
}

/** The Zakat policy page (one text, edited by staff) and the dates staff confirm by sighting. */
async function createPolicy(db: Kysely<any>, now: string): Promise<void> {
  await db.schema
    .createTable("zakat_policy")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("is_template", "integer", (c) => c.notNull().check(sql`is_template in (0, 1)`))
    /** 1: each broken fast needs its own Kaffarah; 0: one Kaffarah covers the fasts of one Ramadan. */
    .addColumn("kaffarah_per_fast", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`kaffarah_per_fast in (0, 1)`),
    )
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db
    .insertInto("zakat_policy")
    .values({
      id: 1,
      body: POLICY_TEMPLATE,
      is_template: 1,
      kaffarah_per_fast: 1,
      updated_by: "system",
      updated_at: now,
    })
    .execute();
  await db.schema
    .createTable("eid_dates")
    .addColumn("hijri_year", "integer", (c) => c.primaryKey())
    .addColumn("eid_al_fitr_on", "text", (c) => c.notNull())
    .addColumn("set_by", "text", (c) => c.notNull())
    .addColumn("set_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "eid_dates",
    "zakat_policy",
    "rates",
    "disbursements_search",
    "disbursements",
    "fund_daily_receipts",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  for (const trigger of ["donations_funds_insert", "donations_funds_delete", "donations_funds_update"]) {
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  }
  for (const table of ["donations", "subscriptions"]) {
    await sql`drop trigger ${sql.raw(`${table}_take_a_fund`)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_keep_a_fund`)}`.execute(db);
    await db.schema.dropIndex(`${table}_fund`).execute();
    await db.schema.alterTable(table).dropColumn("fund_id").execute();
  }
  await db.schema.alterTable("donations").dropColumn("designation").execute();
  await db.schema.dropTable("funds").execute();
}
