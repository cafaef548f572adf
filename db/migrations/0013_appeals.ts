import { sql, type Kysely } from "kysely";

/**
 * Appeals, and what a donor may add to a gift: which appeal it answers, whether their
 * name may be shown, a card fee they chose to cover, and a tribute (in memory or in
 * honour of someone).
 *
 * - `appeals`: a campaign page with its fund, optional goal and dates. Its address (slug)
 *   is kept in `appeal_slugs` for good: an address once given is never given to another
 *   appeal, even after a draft is deleted or renamed.
 * - `appeal_totals`: raised so far and the number of gifts, per appeal and test flag,
 *   kept by triggers in the transaction that records a gift (as the funds' totals are),
 *   so an appeal's progress never reads its gifts.
 * - gifts and recurring gifts carry the appeal, the anonymous flag, the fee cover and
 *   the tribute. The fee cover is counted in its own fund (`fee_fund_id`, the fund that
 *   bears the costs), never in the gift's fund or the appeal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createAppeals(db);
  await addGiftChoices(db, "donations");
  await addGiftChoices(db, "subscriptions");
  await db.schema
    .alterTable("donations")
    .addColumn("fee_fund_id", "integer", (c) => c.references("funds.id"))
    .execute();
  // An appeal's gifts, newest first, and the admin list filtered by appeal: only gifts with an appeal are indexed.
  await sql`create index donations_appeal_live on donations (appeal_id, is_test, donated_at) where appeal_id is not null`.execute(
    db,
  );
  await keepAppealTotals(db);
  await countFeeCoversInTheirFund(db);
}

async function createAppeals(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("appeals")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("story", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("story_format", "text", (c) =>
      c
        .notNull()
        .defaultTo("plain")
        .check(sql`story_format in ('plain', 'markdown')`),
    )
    .addColumn("image_filename", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("video_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fund_id", "integer", (c) => c.notNull().references("funds.id"))
    .addColumn("goal_cents", "integer", (c) => c.check(sql`goal_cents is null or goal_cents > 0`))
    /** Whole dollars, comma separated ("50,100,250"); '' for the donate form's own. */
    .addColumn("preset_amounts", "text", (c) => c.notNull().defaultTo(""))
    /** Days in the foundation's time zone, 'YYYY-MM-DD'. */
    .addColumn("starts_on", "text", (c) => c.notNull())
    .addColumn("ends_on", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'live', 'closed')`),
    )
    .addColumn("is_featured", "integer", (c) => c.notNull().defaultTo(0))
    /** When it first went live: from then on its address is fixed. */
    .addColumn("went_live_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`))
    .addCheckConstraint("appeals_ends_after_start", sql`ends_on is null or ends_on >= starts_on`)
    .execute();
  await db.schema
    .createIndex("appeals_listed")
    .on("appeals")
    .columns(["status", "is_featured", "starts_on", "id"])
    .execute();
  await db.schema.createIndex("appeals_newest").on("appeals").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("appeal_slugs")
    .addColumn("slug", "text", (c) => c.primaryKey())
    // Kept after a draft is deleted (null): the address is still never reused.
    .addColumn("appeal_id", "integer", (c) => c.references("appeals.id").onDelete("set null"))
    .execute();
  await sql`
    create trigger appeals_slug_kept after insert on appeals
    begin insert into appeal_slugs (slug, appeal_id) values (new.slug, new.id); end
  `.execute(db);
  await sql`
    create trigger appeals_slug_renamed after update of slug on appeals when new.slug <> old.slug
    begin
      insert into appeal_slugs (slug, appeal_id)
        select new.slug, new.id where not exists (select 1 from appeal_slugs where slug = new.slug and appeal_id = new.id);
    end
  `.execute(db);
  // Live once, fixed for good: the address has been shared.
  await sql`
    create trigger appeals_slug_fixed_once_live before update of slug on appeals
    when new.slug <> old.slug and old.went_live_at is not null
    begin select raise(abort, 'An appeal keeps its address once it has gone live'); end
  `.execute(db);

  await db.schema
    .createTable("appeal_totals")
    .addColumn("appeal_id", "integer", (c) => c.notNull().references("appeals.id").onDelete("cascade"))
    .addColumn("is_test", "integer", (c) => c.notNull())
    .addColumn("raised_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gift_count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("appeal_totals_pk", ["appeal_id", "is_test"])
    .execute();
  await sql`
    create trigger appeals_totals_opened after insert on appeals
    begin insert into appeal_totals (appeal_id, is_test) values (new.id, 0), (new.id, 1); end
  `.execute(db);
}

/** The donor's choices, kept on each gift and on a recurring gift for its later charges. */
async function addGiftChoices(db: Kysely<any>, table: "donations" | "subscriptions"): Promise<void> {
  const columns: Array<[string, (t: any) => any]> = [
    ["appeal_id", (t) => t.addColumn("appeal_id", "integer", (c: any) => c.references("appeals.id"))],
    ["anonymous", (t) => t.addColumn("anonymous", "integer", (c: any) => c.notNull().defaultTo(0))],
    [
      "fee_cover_cents",
      (t) =>
        t.addColumn("fee_cover_cents", "integer", (c: any) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`fee_cover_cents >= 0`),
        ),
    ],
    [
      "tribute_kind",
      (t) =>
        t.addColumn("tribute_kind", "text", (c: any) =>
          c
            .notNull()
            .defaultTo("")
            .check(sql`tribute_kind in ('', 'memory', 'honour')`),
        ),
    ],
    ["tribute_name", (t) => t.addColumn("tribute_name", "text", (c: any) => c.notNull().defaultTo(""))],
    ["tribute_email", (t) => t.addColumn("tribute_email", "text", (c: any) => c.notNull().defaultTo(""))],
  ];
  for (const [, add] of columns) await add(db.schema.alterTable(table)).execute();
}

/** Raised so far per appeal, in the gift's own transaction (never by reading the gifts). */
async function keepAppealTotals(db: Kysely<any>): Promise<void> {
  const add = sql`
    update appeal_totals set raised_cents = raised_cents + new.amount_cents, gift_count = gift_count + 1
      where appeal_id = new.appeal_id and is_test = new.is_test;
  `;
  const remove = sql`
    update appeal_totals set raised_cents = raised_cents - old.amount_cents, gift_count = gift_count - 1
      where appeal_id = old.appeal_id and is_test = old.is_test;
  `;
  await sql`create trigger donations_appeals_insert after insert on donations when new.appeal_id is not null begin ${add} end`.execute(
    db,
  );
  await sql`create trigger donations_appeals_delete after delete on donations when old.appeal_id is not null begin ${remove} end`.execute(
    db,
  );
  await sql`
    create trigger donations_appeals_update after update of amount_cents, is_test, appeal_id on donations
    begin ${remove} ${add} end
  `.execute(db);
}

/**
 * 0010's fund triggers again, with the fee cover: the gift counts in its fund, the fee
 * cover in the fund that bears the costs (a day row made only by fee covers has no gifts).
 */
async function countFeeCoversInTheirFund(db: Kysely<any>): Promise<void> {
  for (const name of ["donations_funds_insert", "donations_funds_delete", "donations_funds_update"]) {
    await sql`drop trigger ${sql.ref(name)}`.execute(db);
  }
  const addTo = (fund: string, cents: string, gifts: string, when: string) => sql`
    insert into fund_daily_receipts (fund_id, day)
      select new.${sql.raw(fund)}, substr(new.donated_at, 1, 10)
      where new.is_test = 0 and ${sql.raw(when)}
        and not exists (select 1 from fund_daily_receipts where fund_id = new.${sql.raw(fund)} and day = substr(new.donated_at, 1, 10));
    update fund_daily_receipts set received_cents = received_cents + new.${sql.raw(cents)}, gift_count = gift_count + ${sql.raw(gifts)}
      where new.is_test = 0 and ${sql.raw(when)} and fund_id = new.${sql.raw(fund)} and day = substr(new.donated_at, 1, 10);
    update funds set received_cents = received_cents + new.${sql.raw(cents)}, gift_count = gift_count + ${sql.raw(gifts)}
      where new.is_test = 0 and ${sql.raw(when)} and id = new.${sql.raw(fund)};
  `;
  const takeFrom = (fund: string, cents: string, gifts: string, when: string) => sql`
    update fund_daily_receipts set received_cents = received_cents - old.${sql.raw(cents)}, gift_count = gift_count - ${sql.raw(gifts)}
      where old.is_test = 0 and ${sql.raw(when)} and fund_id = old.${sql.raw(fund)} and day = substr(old.donated_at, 1, 10);
    delete from fund_daily_receipts
      where old.is_test = 0 and fund_id = old.${sql.raw(fund)} and day = substr(old.donated_at, 1, 10) and gift_count <= 0 and received_cents <= 0;
    update funds set received_cents = received_cents - old.${sql.raw(cents)}, gift_count = gift_count - ${sql.raw(gifts)}
      where old.is_test = 0 and ${sql.raw(when)} and id = old.${sql.raw(fund)};
  `;
  const addGift = sql`${addTo("fund_id", "amount_cents", "1", "new.fund_id is not null")} ${addTo("fee_fund_id", "fee_cover_cents", "0", "new.fee_cover_cents > 0 and new.fee_fund_id is not null")}`;
  const removeGift = sql`${takeFrom("fund_id", "amount_cents", "1", "old.fund_id is not null")} ${takeFrom("fee_fund_id", "fee_cover_cents", "0", "old.fee_cover_cents > 0 and old.fee_fund_id is not null")}`;
  await sql`create trigger donations_funds_insert after insert on donations begin ${addGift} end`.execute(db);
  await sql`create trigger donations_funds_delete after delete on donations begin ${removeGift} end`.execute(db);
  await sql`
    create trigger donations_funds_update after update of amount_cents, is_test, fund_id, donated_at, fee_cover_cents, fee_fund_id on donations
    begin ${removeGift} ${addGift} end
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0013_appeals is not reversible: restore the backup taken before upgrading");
}
