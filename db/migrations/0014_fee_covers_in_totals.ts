import { sql, type Kysely } from "kysely";

/**
 * The site's totals (Donations, the dashboard, /api/donations/stats) and each donor's
 * count what donors gave: the gift and the card fee they chose to cover, as their receipt's
 * "Total given" and their yearly statement do, and as the funds do between them (the gift
 * in its fund, the fee cover in general Sadaqa). 0002's triggers counted the gift alone.
 */
const donorKey = (row: string) =>
  sql.raw(
    `case when trim(${row}.email) = '' then 'name:' || lower(trim(${row}.name)) else lower(trim(${row}.email)) end`,
  );

function given(row: "NEW" | "OLD") {
  return sql.raw(`(${row}.amount_cents + ${row}.fee_cover_cents)`);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of ["donations_totals_insert", "donations_totals_delete", "donations_totals_update"]) {
    await sql`drop trigger ${sql.ref(name)}`.execute(db);
  }
  const addGift = (row: "NEW") => {
    const gift = sql.raw(row);
    const isThisDonor = sql`is_test = ${gift}.is_test and donor_key = ${donorKey(row)}`;
    return sql`
      insert into donors (is_test, donor_key, name, email)
        select ${gift}.is_test, ${donorKey(row)}, ${gift}.name, ${gift}.email
        where not exists (select 1 from donors where ${isThisDonor});
      update donors
        set total_cents = total_cents + ${given(row)}, gift_count = gift_count + 1,
            name = ${gift}.name, email = ${gift}.email
        where ${isThisDonor};
      update donation_totals
        set total_cents = total_cents + ${given(row)}, gift_count = gift_count + 1
        where is_test = ${gift}.is_test;
    `;
  };
  const removeGift = (row: "OLD") => {
    const gift = sql.raw(row);
    const isThisDonor = sql`is_test = ${gift}.is_test and donor_key = ${donorKey(row)}`;
    return sql`
      update donors
        set total_cents = total_cents - ${given(row)}, gift_count = gift_count - 1
        where ${isThisDonor};
      delete from donors where ${isThisDonor} and gift_count <= 0;
      update donation_totals
        set total_cents = total_cents - ${given(row)}, gift_count = gift_count - 1
        where is_test = ${gift}.is_test;
    `;
  };
  await sql`create trigger donations_totals_insert after insert on donations begin ${addGift("NEW")} end`.execute(db);
  await sql`create trigger donations_totals_delete after delete on donations begin ${removeGift("OLD")} end`.execute(
    db,
  );
  await sql`
    create trigger donations_totals_update after update of amount_cents, fee_cover_cents, email, name, is_test on donations
    begin ${removeGift("OLD")} ${addGift("NEW")} end
  `.execute(db);

  // Fee covers recorded since 0013, counted now.
  await sql`
    update donation_totals set total_cents = (
      select coalesce(sum(amount_cents + fee_cover_cents), 0) from donations where donations.is_test = donation_totals.is_test)
  `.execute(db);
  await sql`
    update donors set total_cents = (
      select coalesce(sum(amount_cents + fee_cover_cents), 0) from donations as gift
      where gift.is_test = donors.is_test and ${donorKey("gift")} = donors.donor_key)
    where exists (select 1 from donations where fee_cover_cents > 0)
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0014_fee_covers_in_totals is not reversible: restore the backup taken before upgrading");
}
