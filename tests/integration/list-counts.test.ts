import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import {
  countContacts,
  findContactPage,
  resolveContact,
  deleteContact,
} from "~/community/contacts/server/contacts.server";
import { countVolunteers, findVolunteerPage } from "~/community/volunteers/server/volunteers.server";
import { findSubscriberPage } from "~/community/newsletter/server/newsletter.server";
import { findDonationPage, recordOfflineGift } from "~/giving/gifts/server/donations.server";
import { getSubscriptionSummary } from "~/giving/recurring/server/subscriptions.server";
import { COUNTED_LISTS, countedFromRows } from "../../db/migrations/0022_list_counts";
import { clearGiving } from "../support/giving-records";
import { newRecurringGift } from "../support/builders";

// Every test starts from empty lists; the deletes are counted out like any other.
beforeEach(async () => {
  await clearGiving();
  for (const table of ["contact_submissions", "volunteer_signups", "newsletter_subscribers"] as const)
    await getDb().deleteFrom(table).execute();
});

/** Each list's counts as the triggers keep them, beside the same counts made from the rows. */
async function keptAndCounted() {
  const db = getDb();
  const kept = await db
    .selectFrom("list_counts")
    .select(["list", "value", "is_test", "n"])
    .where("n", "<>", 0)
    .execute();
  const counted = [];
  for (const list of COUNTED_LISTS) counted.push(...(await countedFromRows(list).execute(db)).rows);
  const key = (row: { list: string; value: string; is_test: number; n: number }) =>
    `${row.list}|${row.value}|${Number(row.is_test)}=${Number(row.n)}`;
  return { kept: kept.map(key).sort(), counted: counted.map(key).sort() };
}

async function addContact(name: string) {
  return getDb()
    .insertInto("contact_submissions")
    .values({
      name,
      email: `${name.toLowerCase()}@example.org`,
      message: "About Zakat on gold",
      submitted_at: new Date().toISOString(),
      resolved: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("the counts kept for the staff lists", () => {
  it("follow every insert, change and delete, on every list, live and test apart", async () => {
    const db = getDb();
    const first = await addContact("Amina");
    await addContact("Bilal");
    await addContact("Yusuf");
    await resolveContact(first.id);
    await deleteContact((await addContact("Maryam")).id);
    for (const [name, interest] of [
      ["Hana", "Fundraising"],
      ["Omar", "Fundraising"],
      ["Zaid", "Events"],
    ] as const) {
      await db
        .insertInto("volunteer_signups")
        .values({ name, email: `${name}@example.org`, interest, submitted_at: new Date().toISOString() })
        .execute();
    }
    await db.updateTable("volunteer_signups").set({ interest: "Events" }).where("name", "=", "Omar").execute();
    await db.deleteFrom("volunteer_signups").where("name", "=", "Zaid").execute();
    await recordOfflineGift({ name: "Aisha Khan", amount: "50", frequency: "Monthly", purpose: "Zakat" }, "staff");
    await recordOfflineGift({ name: "Aisha Khan", amount: "20", purpose: "General Donation" }, "staff");
    // A gift written without a fund takes its purpose's by a trigger: it is counted under that fund, not under none.
    await db
      .insertInto("donations")
      .values({
        name: "Test Donor",
        email: "t@example.org",
        amount_cents: 500,
        frequency: "Monthly",
        purpose: "Zakat",
        is_test: 1,
        receipt_token: "tok-list-counts",
      })
      .execute();
    await db
      .insertInto("subscriptions")
      .values({
        name: "S",
        email: "s@example.org",
        purpose: "Zakat",
        payment_day: 1,
        amount_cents: 1000,
        interval: "month",
        status: "active",
        stripe_subscription_id: "sub_counted",
        is_test: 1,
      })
      .execute();
    await db
      .updateTable("subscriptions")
      .set({ is_test: 0 })
      .where("stripe_subscription_id", "=", "sub_counted")
      .execute();
    await db
      .insertInto("newsletter_subscribers")
      .values({ email: "reader@example.org", status: "pending", subscribed_at: new Date().toISOString() })
      .execute();
    await db.updateTable("newsletter_subscribers").set({ status: "confirmed" }).execute();

    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(kept).toContain("contacts_by_status|1|0=1");
    expect(kept).toContain("contacts_by_status|0|0=2");
    expect(kept).toContain("volunteers_by_interest|Events|0=1");
    expect(kept).not.toContain("donations_by_fund||1=1");
  });

  it("are what the screens and the dashboard show", async () => {
    for (const name of ["Amina", "Bilal", "Yusuf"]) await addContact(name);
    const [first] = (await findContactPage({}, 1, 25)).contacts;
    await resolveContact(first!.id);
    expect(await countContacts()).toEqual({ total: 3, pending: 2, resolved: 1 });
    expect((await findContactPage({ status: "pending" }, 1, 1)).total).toBe(2);
    expect((await findContactPage({ status: "resolved" }, 1, 1)).total).toBe(1);
    // A search is counted through its matches, not from the kept counts.
    expect((await findContactPage({ search: "bilal" }, 1, 1)).total).toBe(1);

    expect((await countVolunteers()).total).toBe(0);
    expect((await findVolunteerPage({ interest: "Events" }, 1, 25)).total).toBe(0);
    expect((await findSubscriberPage({ status: "confirmed" }, 1, 25)).total).toBe(0);

    for (const frequency of ["Monthly", "Monthly", "One-Time"])
      await recordOfflineGift({ name: "Aisha Khan", amount: "10", frequency, purpose: "Zakat" }, "staff");
    const page = await findDonationPage({ frequency: "Monthly" }, 1, 1);
    expect(page.total).toBe(2);
    expect(page.donations).toHaveLength(1);
  });

  it("keep the Subscriptions summary: each status, interval and pause with its gifts and amounts", async () => {
    const db = getDb();
    const add = (
      id: string,
      values: { status: string; interval: "month" | "year"; amount_cents: number; is_test?: 0 | 1 },
    ) => newRecurringGift(id, { name: id, ...values });
    await add("sub_a", { status: "active", interval: "month", amount_cents: 5000 });
    await add("sub_b", { status: "active", interval: "year", amount_cents: 60000 });
    await add("sub_c", { status: "active", interval: "month", amount_cents: 2500 });
    await add("sub_d", { status: "past_due", interval: "month", amount_cents: 1000, is_test: 1 });
    await db
      .updateTable("subscriptions")
      .set({ resumes_at: "2027-02-01T00:00:00.000Z" })
      .where("stripe_subscription_id", "=", "sub_c")
      .execute();
    await db
      .updateTable("subscriptions")
      .set({ amount_cents: 7000 })
      .where("stripe_subscription_id", "=", "sub_a")
      .execute();
    await db
      .updateTable("subscriptions")
      .set({ status: "canceled" })
      .where("stripe_subscription_id", "=", "sub_b")
      .execute();
    await db.deleteFrom("subscriptions").where("stripe_subscription_id", "=", "sub_d").execute();

    const kept = await db
      .selectFrom("subscription_totals")
      .select(["status", "interval", "paused", "is_test", "gifts", "amount_cents as cents"])
      .where("gifts", "<>", 0)
      .orderBy("status")
      .orderBy("paused")
      .execute();
    const { rows: fromRows } = await sql<{
      status: string;
      interval: string;
      paused: number;
      is_test: number;
      gifts: number;
      cents: number;
    }>`
      select status, interval, case when resumes_at is null then 0 else 1 end as paused, is_test, count(*) as gifts, sum(amount_cents) as cents
      from subscriptions group by 1, 2, 3, 4 order by status, paused`.execute(db);
    const plain = (rows: typeof kept) => rows.map((row) => Object.values(row).map(String).join("|"));
    expect(plain(kept)).toEqual(plain(fromRows));
    expect(plain(kept)).toEqual(["active|month|0|0|1|7000", "active|month|1|0|1|2500", "canceled|year|0|0|1|60000"]);
    const summary = await getSubscriptionSummary();
    // The paused gift is counted apart from the active ones (still "active" at the provider).
    expect(summary).toMatchObject({
      total: 3,
      active: 1,
      monthlyRevenue: 70,
      paused: 1,
      byStatus: { active: 1, paused: 1, canceled: 1 },
    });
  });
});
