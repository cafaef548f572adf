import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { SEARCH_COUNT_CAP } from "~/lib/list-pages.server";
import { donationsForExport, findDonationPage } from "~/giving/gifts/server/donations.server";
import { clearGiving } from "../../../../tests/support/giving-records";

/**
 * The Donations screen's search, on enough gifts that every plan is used: the trigram
 * index for selective terms, a date-order walk for terms matching most gifts, and a
 * scan for terms too short for the index. Each must find exactly what a plain
 * case-insensitive substring match finds, newest first.
 */
const PEOPLE = [
  ["Aisha Khan", "aisha.khan@example.org"],
  ["Khalid Rahman", "k.rahman@mail.example.net"],
  ["Maryam O'Brien", "maryam@obrien.example.com"],
  ["Yusuf 100% Ali", "yusuf_ali@example.org"],
  ["Zainab Bello", "zainab@bello.example.co.uk"],
  ["Hamza Said", "HAMZA.SAID@EXAMPLE.ORG"],
] as const;
const BULK = SEARCH_COUNT_CAP + 150;

beforeAll(async () => {
  await clearGiving();
  const rows = Array.from({ length: BULK }, (_, index) => {
    const [name, email] = PEOPLE[index % PEOPLE.length]!;
    return {
      name: index % 2 === 0 ? name : `${name} ${index}`,
      email: index % 3 === 0 ? email : `donor${index}@bulk.example`,
      amount_cents: 100 + index,
      frequency: (["One-Time", "Monthly", "Annually", "Ramadan"] as const)[index % 4]!,
      donated_at: new Date(Date.UTC(2024, 0, 1) + ((index * 7919) % BULK) * 60_000).toISOString(),
      payment_method: "card" as const,
      is_test: (index % 10 === 7 ? 1 : 0) as 0 | 1,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await getDb()
      .insertInto("donations")
      .values(rows.slice(start, start + 500))
      .execute();
  }
}, 60_000);

async function allRows() {
  return getDb().selectFrom("donations").selectAll().execute();
}

let liveMode = false;

/**
 * What a plain, case-insensitive (ASCII, like SQLite's LIKE) substring match finds,
 * newest first; a live site leaves test payments out.
 */
async function expected(term: string, frequency?: string) {
  const needle = term.toLowerCase();
  return (await allRows())
    .filter((row) => row.name.toLowerCase().includes(needle) || row.email.toLowerCase().includes(needle))
    .filter((row) => !frequency || row.frequency === frequency)
    .filter((row) => !liveMode || row.is_test === 0)
    .sort((a, b) => (a.donated_at === b.donated_at ? b.id - a.id : a.donated_at < b.donated_at ? 1 : -1))
    .map((row) => row.id);
}

async function exported(term: string, frequency?: "Monthly") {
  const ids: number[] = [];
  for await (const batch of donationsForExport({ search: term, frequency }, 700))
    ids.push(...batch.map((gift) => gift.id));
  return ids;
}

describe.each([
  ["in a test mode", false],
  ["on a live site", true],
])("searching donations %s", (_mode, live) => {
  beforeAll(() => {
    liveMode = live;
    Object.assign(
      process.env,
      live
        ? { STRIPE_SECRET_KEY: "sk_live_search", STRIPE_WEBHOOK_SECRET: "whsec_search" }
        : { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" },
    );
    resetEnvCache();
  });
  afterAll(() => {
    Object.assign(process.env, { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
    resetEnvCache();
  });

  it.each([
    ["a selective term, through the trigram index", "khan"],
    ["an email, whatever its case", "Hamza.Said@example.org"],
    ["characters that mean something to LIKE", "100%"],
    ["an apostrophe", "o'brien"],
    ["a term matching every other gift, walked in date order", "example"],
    ["a two-letter term, too short for the index", "za"],
    ["a single character", "%"],
    ["nothing at all", "no-such-donor-anywhere"],
  ])("%s (%j) finds exactly the matching gifts, newest first", async (_case, term) => {
    const want = await expected(term);
    const page = await findDonationPage({ search: term }, 1, 25);
    expect(page.donations.map((gift) => gift.id)).toEqual(want.slice(0, 25));
    expect(page.total).toBe(Math.min(want.length, SEARCH_COUNT_CAP));
    expect(page.capped).toBe(want.length > SEARCH_COUNT_CAP);
    const later = await findDonationPage({ search: term }, 5, 25);
    expect(later.donations.map((gift) => gift.id)).toEqual(want.slice(100, 125));
    expect(await exported(term)).toEqual(want);
  });

  it("combines a search with a frequency", async () => {
    for (const term of ["khan", "example", "za"]) {
      const want = await expected(term, "Monthly");
      const page = await findDonationPage({ search: term, frequency: "Monthly" }, 2, 25);
      expect(
        page.donations.map((gift) => gift.id),
        term,
      ).toEqual(want.slice(25, 50));
      expect(page.total, term).toBe(Math.min(want.length, SEARCH_COUNT_CAP));
      expect(await exported(term, "Monthly"), term).toEqual(want);
    }
  });
});

describe("the search index", () => {
  it("keeps in step when gifts change or go", async () => {
    const [gift] = await getDb()
      .selectFrom("donations")
      .select("id")
      .where("name", "=", "Aisha Khan")
      .limit(1)
      .execute();
    await getDb().updateTable("donations").set({ name: "Aisha Qureshi" }).where("id", "=", gift!.id).execute();
    expect((await findDonationPage({ search: "qureshi" }, 1, 25)).donations.map((row) => row.id)).toEqual([gift!.id]);
    await getDb().deleteFrom("donations").where("id", "=", gift!.id).execute();
    expect((await findDonationPage({ search: "qureshi" }, 1, 25)).total).toBe(0);
  });
});
